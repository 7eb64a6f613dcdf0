// Finer subscriptions (Watch in propagator.hpp): a removal watch wakes its propagator exactly when
// its value leaves the variable, a guarded watch only while its guard keeps its value; and models
// built from propagators that use them (reified equalities, element over variables) reach, from
// a decision, the same fixpoint as propagating everything from scratch.
#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "csp/constraints/element.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/csp.hpp"
#include "kernel/probe_propagators.hpp"

namespace {

using kernel_tests::Counter;
using kernel_tests::Writer;

enum class DomainForm { word, wide, interval };

// How often a removal watch on value 50 of x in [0, hi] runs after `write` (its first run not
// counted).
int removal_wakes(DomainForm form, const std::function<bool(csp::Context&)>& write) {
  csp::Model m;
  if (form == DomainForm::interval) m.set_interval_threshold(0);
  const csp::Var x = m.add_var(0, form == DomainForm::word ? 60 : 100);
  int runs = 0;
  m.post(std::make_unique<Counter>(std::vector<csp::Var>{x}, std::vector<csp::Watch>{csp::Watch::removal(x, 50)},
                                   &runs));
  m.post(std::make_unique<Writer>(std::vector<csp::Var>{x}, write));
  const csp::VarLayout& l = m.initial_domains().layout(x);
  REQUIRE(l.interval == (form == DomainForm::interval));
  REQUIRE((l.words == 1) == (form == DomainForm::word));
  csp::Engine engine(m);
  csp::Stats stats;
  csp::Domains d = m.initial_domains();
  REQUIRE(engine.propagate_all(d, stats));
  return runs - 1;
}

}  // namespace

TEST_CASE("A removal watch wakes when its value goes, by any write, in every form", "[watches]") {
  const csp::Var x{0};
  using W = std::function<bool(csp::Context&)>;
  const W other = [x](csp::Context& c) { return c.remove(x, 49) && c.remove(x, 51); };
  const W it = [x](csp::Context& c) { return c.remove(x, 50); };
  const W below_short = [x](csp::Context& c) { return c.remove_below(x, 50); };
  const W below_past = [x](csp::Context& c) { return c.remove_below(x, 51); };
  const W above_short = [x](csp::Context& c) { return c.remove_above(x, 50); };
  const W above_past = [x](csp::Context& c) { return c.remove_above(x, 49); };
  const W fix_on = [x](csp::Context& c) { return c.assign(x, 50); };
  const W fix_off = [x](csp::Context& c) { return c.assign(x, 7); };
  const W bits_off = [x](csp::Context& c) { return c.keep_bits(x, ~(std::uint64_t{1} << 50)); };
  const W bits_other = [x](csp::Context& c) { return c.keep_bits(x, ~(std::uint64_t{1} << 3)); };
  for (DomainForm f : {DomainForm::word, DomainForm::wide, DomainForm::interval}) {
    INFO("form " << static_cast<int>(f));
    CHECK(removal_wakes(f, other) == 0);
    CHECK(removal_wakes(f, it) == (f == DomainForm::interval ? 0 : 1));  // an interval keeps interior values
    // an interval can lose 50 only as a bound: a bound moved onto 50 wakes the watch there
    const int onto = f == DomainForm::interval ? 1 : 0;
    CHECK(removal_wakes(f, below_short) == onto);
    CHECK(removal_wakes(f, below_past) == 1);
    CHECK(removal_wakes(f, above_short) == onto);
    CHECK(removal_wakes(f, above_past) == 1);
    CHECK(removal_wakes(f, fix_on) == onto);
    CHECK(removal_wakes(f, fix_off) == 1);
  }
  CHECK(removal_wakes(DomainForm::word, bits_off) == 1);
  CHECK(removal_wakes(DomainForm::word, bits_other) == 0);
}

TEST_CASE("A guarded watch wakes only while its guard keeps its value", "[watches]") {
  for (bool keep : {true, false}) {
    csp::Model m;
    const csp::Var g = m.add_var(1, 5), a = m.add_var(0, 9);
    int runs = 0;
    m.post(std::make_unique<Counter>(std::vector<csp::Var>{g, a},
                                     std::vector<csp::Watch>{csp::Watch::guarded(a, csp::Trigger::bounds, g, 3)},
                                     &runs));
    m.post(std::make_unique<Writer>(std::vector<csp::Var>{g, a}, [&](csp::Context& c) {
      if (!keep && !c.remove(g, 3)) return false;
      return c.remove(a, 5) && c.remove_below(a, 2);  // an interior removal, then a bound
    }));
    csp::Engine engine(m);
    csp::Stats stats;
    csp::Domains d = m.initial_domains();
    REQUIRE(engine.propagate_all(d, stats));
    CHECK(runs - 1 == (keep ? 1 : 0));  // woken by the bound only, and only while g keeps 3
  }
}

TEST_CASE("A watch outside the scope is refused", "[watches]") {
  csp::Model m;
  const csp::Var x = m.add_var(0, 3), y = m.add_var(0, 3);
  int runs = 0;
  CHECK_THROWS(m.post(std::make_unique<Counter>(std::vector<csp::Var>{x},
                                                std::vector<csp::Watch>{csp::Watch::removal(y, 1)}, &runs)));
  CHECK_THROWS(m.post(std::make_unique<Counter>(
      std::vector<csp::Var>{x}, std::vector<csp::Watch>{csp::Watch::guarded(x, csp::Trigger::any, y, 1)}, &runs)));
  CHECK(m.propagator_count() == 0);
}

// The two wakes the first random test below missed, each at its smallest: x = 5 <-> b with b = 0
// already, then x's lower bound raised to 5 by another propagator. On an interval x, 5 can only go
// as a bound, so the bound landing on 5 must wake the watch on 5's removal.
TEST_CASE("A removal watch on an interval wakes when a bound moves onto its value", "[watches]") {
  for (DomainForm f : {DomainForm::word, DomainForm::wide, DomainForm::interval}) {
    INFO("form " << static_cast<int>(f));
    csp::Model m;
    if (f == DomainForm::interval) m.set_interval_threshold(0);
    const csp::Var x = m.add_var(0, f == DomainForm::word ? 10 : 100);
    const csp::Var b = m.add_var(0, 0), low = m.add_var(0, 1);
    m.post(csp::compare_reified(x, csp::Comparison::equal, 5, b, csp::Reify::equivalent));
    m.post(csp::compare_reified(x, csp::Comparison::less, 5, low, csp::Reify::equivalent));  // low <-> x < 5
    REQUIRE(m.initial_domains().interval(x) == (f == DomainForm::interval));
    csp::Engine engine(m);
    csp::Stats stats;
    csp::Domains d = m.initial_domains();
    REQUIRE(engine.propagate_all(d, stats));
    d.assign(low, 0);  // x >= 5, then x != 5 through the watch on 5
    REQUIRE(engine.propagate_from(low, d, stats));
    CHECK(d.min(x) == 6);
  }
}

// A keep_words write (x = y over a multi-word domain, one write for all its removals) takes values
// from inside the bounds: those under a removal watch must wake it.
TEST_CASE("A removal watch wakes when a multi-word write drops its value inside the bounds", "[watches]") {
  csp::Model m;
  const csp::Var x = m.add_var(0, 100), y = m.add_var(0, 100);
  const csp::Var b = m.add_var(0, 1), same = m.add_var(1, 1);
  m.post(csp::compare_reified(x, csp::Comparison::equal, 50, b, csp::Reify::equivalent));
  m.post(csp::compare_reified(x, csp::Comparison::equal, y, 0, same, csp::Reify::equivalent));
  REQUIRE(m.initial_domains().layout(x).words > 1);
  csp::Engine engine(m);
  csp::Stats stats;
  csp::Domains d = m.initial_domains();
  REQUIRE(engine.propagate_all(d, stats));
  d.remove(y, 50);
  d.remove(y, 51);  // two values: x loses them in one keep_words, not in a remove
  REQUIRE(engine.propagate_from(y, d, stats));
  CHECK(!d.contains(x, 50));
  CHECK(d.fixed(b));
  CHECK(d.value(b) == 0);
}

// Random models of x = c <-> b, x != c <-> b, x <= c <-> b and z = a[i] over variables: along random
// dives, propagating from each decision (what search does, and where the watches decide who runs)
// must give the fixpoint that running every propagator from the same domains gives.
TEST_CASE("Watched propagators reach the full fixpoint from each decision", "[watches]") {
  std::mt19937 rng(20261124);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int trial = 0; trial < 300; ++trial) {
    INFO("trial " << trial);
    csp::Model m;
    if (trial % 3 == 2) m.set_interval_threshold(0);  // the interval form too
    const int hi = trial % 3 == 1 ? 70 : 6;           // one word, or a wide bitset
    std::vector<csp::Var> xs, bs;
    for (int k = 0; k < 5; ++k) xs.push_back(m.add_var(0, hi));
    for (int k = 0; k < 8; ++k) {
      const csp::Var b = m.add_var(0, 1);
      bs.push_back(b);
      const csp::Comparison rel[] = {csp::Comparison::equal, csp::Comparison::not_equal, csp::Comparison::less_equal};
      m.post(csp::compare_reified(xs[static_cast<std::size_t>(pick(5))], rel[pick(3)], pick(hi + 1), b,
                                  pick(4) == 0 ? csp::Reify::implies : csp::Reify::equivalent));
    }
    for (int k = 0; k < 2; ++k) {  // x = y <-> b between variables: a multi-word x narrows in one write
      const csp::Var b = m.add_var(0, 1);
      bs.push_back(b);
      m.post(csp::compare_reified(xs[static_cast<std::size_t>(pick(5))], csp::Comparison::equal,
                                  xs[static_cast<std::size_t>(pick(5))], 0, b, csp::Reify::equivalent));
    }
    for (int k = 0; k < 2; ++k) {
      const csp::Var i = m.add_var(1, 4);
      const int z = pick(5);  // z apart from the array, where element is domain consistent
      std::vector<csp::Var> a;
      for (int j = 0; j < 4; ++j) a.push_back(xs[static_cast<std::size_t>((z + 1 + pick(4)) % 5)]);
      m.post(csp::element(i, a, xs[static_cast<std::size_t>(z)]));
      bs.push_back(i);
    }
    std::vector<csp::Var> all = xs;
    all.insert(all.end(), bs.begin(), bs.end());
    csp::Engine engine(m);
    csp::Stats stats;
    csp::Domains d = m.initial_domains();
    if (!engine.propagate_all(d, stats)) continue;
    for (int step = 0; step < 12; ++step) {
      const csp::Var v = all[static_cast<std::size_t>(pick(static_cast<int>(all.size())))];
      if (d.fixed(v)) continue;
      csp::Domains next = d;
      const csp::Value c = d.min(v) + pick(d.max(v) - d.min(v) + 1);
      switch (pick(3)) {  // a decision or a refutation, as search makes them
        case 0: next.assign(v, c); break;
        case 1: next.remove(v, c); break;
        default: next.remove_below(v, c); break;
      }
      if (next.empty(v)) continue;
      csp::Domains full = next;
      const bool from = engine.propagate_from(v, next, stats);
      csp::Engine fresh(m);
      const bool everything = fresh.propagate_all(full, stats);
      REQUIRE(from == everything);
      if (!from) break;
      for (csp::Var u : all) {
        INFO("var " << u.id << " step " << step << " decided " << v.id);
        REQUIRE(next.values(u) == full.values(u));
      }
      d = next;
    }
  }
}
