// Domains: one-word and multi-word variables behave like sets of integers; every layout (one word,
// many words with their head word, value sets with holes, the interval form) matches a std::set on
// long random sequences of writes, and so do the events each Context write reports.
#include <catch2/catch.hpp>

#include <array>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "csp/csp.hpp"
#include "kernel/probe_propagators.hpp"

TEST_CASE("domain operations match a std::set on random operations", "[domains]") {
  std::mt19937_64 rng(42);
  for (int round = 0; round < 200; ++round) {
    csp::Model m;
    const int lo = static_cast<int>(rng() % 200) - 100;
    const int width = 1 + static_cast<int>(rng() % 300);  // up to 5 words
    csp::Var v = m.add_var(lo, lo + width - 1);
    csp::Var other = m.add_var(0, 5);  // a neighbour whose bits must never change
    csp::Domains d = m.initial_domains();
    std::set<int> ref;
    for (int x = lo; x < lo + width; ++x) ref.insert(x);
    for (int step = 0; step < 40 && !ref.empty(); ++step) {
      int x = lo - 3 + static_cast<int>(rng() % static_cast<unsigned>(width + 6));
      switch (rng() % 4) {
        case 0: d.remove(v, x); ref.erase(x); break;
        case 1: d.remove_below(v, x); ref.erase(ref.begin(), ref.lower_bound(x)); break;
        case 2: d.remove_above(v, x); ref.erase(ref.upper_bound(x), ref.end()); break;
        case 3:
          if (rng() % 8 == 0) {
            bool had = ref.count(x) > 0;
            REQUIRE(d.assign(v, x) == had);
            ref.clear();
            if (had) ref.insert(x);
          }
          break;
      }
      REQUIRE(d.size(v) == static_cast<int>(ref.size()));
      REQUIRE(d.empty(v) == ref.empty());
      REQUIRE(d.values(v) == std::vector<int>(ref.begin(), ref.end()));
      if (!ref.empty()) {
        REQUIRE(d.min(v) == *ref.begin());
        REQUIRE(d.max(v) == *ref.rbegin());
        REQUIRE(d.fixed(v) == (ref.size() == 1));
        int probe = lo - 2 + static_cast<int>(rng() % static_cast<unsigned>(width + 4));
        auto it = ref.upper_bound(probe);
        REQUIRE(d.next(v, probe) == (it == ref.end() ? csp::Domains::none : *it));
        REQUIRE(d.contains(v, probe) == (ref.count(probe) > 0));
      }
      REQUIRE(d.size(other) == 6);
    }
  }
}

TEST_CASE("a variable from a value set holds exactly that set", "[domains]") {
  csp::Model m;
  csp::Var v = m.add_var(std::vector<int>{-70, 3, 5, 64, 1000});
  REQUIRE(m.initial_domains().values(v) == std::vector<int>{-70, 3, 5, 64, 1000});
  REQUIRE(m.name(v) == "x0");
  csp::Var w = m.add_var(1, 9, "cell");
  REQUIRE(m.find("cell") == w);
  REQUIRE_THROWS(m.add_var(5, 4, "bad"));
}

// The interval form keeps [min, max] only: the reference is a pair of bounds, and removing a value
// strictly inside is a no-op.
TEST_CASE("the interval form matches a pair of bounds on random operations", "[domains][interval]") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 300; ++round) {
    csp::Model m;
    const int lo = static_cast<int>(rng() % 20000) - 10000;
    const int width = round % 2 == 0 ? 1 + static_cast<int>(rng() % 40) : 4097 + static_cast<int>(rng() % 100000);
    csp::Var before = m.add_var(0, 5);  // neighbours whose bits must never change
    m.set_interval_threshold(round % 2 == 0 ? 0 : csp::kIntervalThreshold);  // small ones: forced
    csp::Var v = m.add_var(lo, lo + width - 1);
    m.set_interval_threshold(csp::kIntervalThreshold);
    csp::Var after = m.add_var(-3, 60);
    csp::Domains d = m.initial_domains();
    REQUIRE(d.interval(v));
    REQUIRE(!d.interval(before));
    REQUIRE(!d.single_word(v));
    long rlo = lo, rhi = lo + width - 1;  // the reference; empty when rlo > rhi
    for (int step = 0; step < 60 && rlo <= rhi; ++step) {
      const int x = lo - 3 + static_cast<int>(rng() % static_cast<unsigned>(width + 6));
      const int op = static_cast<int>(rng() % 6);
      bool alive = true;
      switch (op) {
        case 0: alive = d.remove(v, x); if (x == rlo) ++rlo; else if (x == rhi) --rhi; break;
        case 1: alive = d.remove(v, static_cast<int>(rlo)); ++rlo; break;  // a bound: it goes
        case 2: alive = d.remove(v, static_cast<int>(rhi)); --rhi; break;
        case 3: alive = d.remove_below(v, x); rlo = std::max<long>(rlo, x); break;
        case 4: alive = d.remove_above(v, x); rhi = std::min<long>(rhi, x); break;
        case 5:
          if (rng() % 6 == 0) {
            const bool had = x >= rlo && x <= rhi;
            REQUIRE(d.assign(v, x) == had);
            alive = had;
            if (had) rlo = rhi = x;
            else rlo = 1, rhi = 0;
          }
          break;
      }
      REQUIRE(alive == (rlo <= rhi));
      REQUIRE(d.empty(v) == (rlo > rhi));
      REQUIRE(d.size(v) == (rlo > rhi ? 0 : static_cast<int>(rhi - rlo + 1)));
      if (rlo <= rhi) {
        REQUIRE(d.min(v) == rlo);
        REQUIRE(d.max(v) == rhi);
        REQUIRE(d.fixed(v) == (rlo == rhi));
        if (rlo == rhi) REQUIRE(d.value(v) == rlo);
        const int probe = lo - 2 + static_cast<int>(rng() % static_cast<unsigned>(width + 4));
        REQUIRE(d.contains(v, probe) == (probe >= rlo && probe <= rhi));
        const long next = std::max<long>(probe + 1L, rlo);
        REQUIRE(d.next(v, probe) == (next <= rhi ? static_cast<int>(next) : csp::Domains::none));
        if (rhi - rlo < 50) {
          std::vector<int> want;
          for (long k = rlo; k <= rhi; ++k) want.push_back(static_cast<int>(k));
          REQUIRE(d.values(v) == want);
        }
        long count = 0, last = rlo - 1;
        bool ascending = true;
        d.for_each(v, [&](int y) {
          ascending = ascending && y == last + 1;
          last = y;
          ++count;
        });
        REQUIRE(ascending);
        REQUIRE(count == rhi - rlo + 1);
      }
      REQUIRE(d.size(before) == 6);
      REQUIRE(d.size(after) == 64);
    }
  }
}

TEST_CASE("a wide range takes the interval form and stays cheap to copy", "[domains][interval]") {
  csp::Model m;
  csp::Var small = m.add_var(0, csp::kIntervalThreshold - 1);
  csp::Var wide = m.add_var(0, 1000000, "wide");
  REQUIRE(!m.initial_domains().interval(small));
  REQUIRE(m.initial_domains().interval(wide));
  // 64 words and the head word for `small`, two for `wide`.
  REQUIRE(m.initial_domains().words().size() == csp::kIntervalThreshold / 64 + 1 + 2);
  REQUIRE(m.initial_domains().size(wide) == 1000001);
  // The whole supported range: its size still fits an int.
  csp::Var all = m.add_var(csp::kMinValue, csp::kMaxValue);
  REQUIRE(m.initial_domains().size(all) == std::numeric_limits<int>::max());
  REQUIRE(m.initial_domains().min(all) == csp::kMinValue);
  REQUIRE(m.initial_domains().max(all) == csp::kMaxValue);
  REQUIRE_THROWS_AS(m.add_var(0, csp::kMaxValue + 1), std::invalid_argument);
  REQUIRE_THROWS_AS(m.add_var(std::vector<int>{csp::kMinValue - 1, 0}), std::invalid_argument);
}

TEST_CASE("a wide value set keeps its holes through a membership propagator", "[domains][interval]") {
  csp::Model spread;
  REQUIRE(spread.initial_domains().interval(spread.add_var(std::vector<int>{-5000, 3, 7, 100000})));
  csp::Model m;  // the same, narrower, so that search can list the interval
  m.set_interval_threshold(40);
  csp::Var v = m.add_var(std::vector<int>{-50, 3, 7, 60});
  const csp::Domains& init = m.initial_domains();
  REQUIRE(init.interval(v));
  REQUIRE(init.min(v) == -50);
  REQUIRE(init.max(v) == 60);
  REQUIRE(m.propagator_count() == 1);
  csp::Engine engine(m);
  csp::Stats stats;
  stats.counters.resize(m.counter_names().size());
  csp::Domains d = init;
  REQUIRE(d.remove_below(v, -49));
  REQUIRE(d.remove_above(v, 59));
  REQUIRE(engine.propagate_all(d, stats));  // the bounds move onto the members 3 and 7
  REQUIRE(d.min(v) == 3);
  REQUIRE(d.max(v) == 7);
  csp::Domains hole = init;
  hole.assign(v, 5);  // inside the interval, but not a member
  REQUIRE(!engine.propagate_all(hole, stats));
  REQUIRE(!m.satisfied_by(std::vector<int>{5}));
  REQUIRE(m.satisfied_by(std::vector<int>{7}));
  // Searching finds exactly the four members.
  csp::Solver solver(m, csp::SearchOptions{});
  REQUIRE(solver.count(init).stats.solutions == 4);
}

namespace {

using kernel_tests::Counter;
using kernel_tests::Writer;

// Which of (any, bounds, fixed) watchers one write wakes, on a variable [0, 100] in either form.
std::array<int, 3> woken_by(bool interval, const std::function<bool(csp::Context&)>& write, csp::Var x) {
  csp::Model m;
  if (interval) m.set_interval_threshold(0);
  m.add_var(0, 100);
  std::array<int, 3> runs{};
  m.post(std::make_unique<Counter>(x, csp::Trigger::any, &runs[0]));
  m.post(std::make_unique<Counter>(x, csp::Trigger::bounds, &runs[1]));
  m.post(std::make_unique<Counter>(x, csp::Trigger::fixed, &runs[2]));
  m.post(std::make_unique<Writer>(x, write));  // last: the counters have run once when it writes
  REQUIRE(m.initial_domains().interval(x) == interval);
  csp::Engine engine(m);
  csp::Stats stats;
  csp::Domains d = m.initial_domains();
  REQUIRE(engine.propagate_all(d, stats));
  for (int& r : runs) --r;  // the first run of every propagator
  return runs;
}

}  // namespace

TEST_CASE("Context reports any, bounds and fixed events on the interval form", "[domains][interval]") {
  const csp::Var x{0};
  using W = std::function<bool(csp::Context&)>;
  const W interior = [x](csp::Context& c) { return c.remove(x, 50); };
  const W low = [x](csp::Context& c) { return c.remove(x, 0); };
  const W below = [x](csp::Context& c) { return c.remove_below(x, 10); };
  const W above = [x](csp::Context& c) { return c.remove_above(x, 90); };
  const W nothing = [x](csp::Context& c) { return c.remove_above(x, 1000) && c.remove_below(x, -4); };
  const W fix = [x](csp::Context& c) { return c.assign(x, 42); };
  const W squeeze = [x](csp::Context& c) { return c.remove_below(x, 100); };
  // Bit form: an interior removal is an `any` event; the interval form cannot make it.
  CHECK(woken_by(false, interior, x) == std::array<int, 3>{1, 0, 0});
  CHECK(woken_by(true, interior, x) == std::array<int, 3>{0, 0, 0});
  for (bool interval : {false, true}) {
    CHECK(woken_by(interval, low, x) == std::array<int, 3>{1, 1, 0});
    CHECK(woken_by(interval, below, x) == std::array<int, 3>{1, 1, 0});
    CHECK(woken_by(interval, above, x) == std::array<int, 3>{1, 1, 0});
    CHECK(woken_by(interval, nothing, x) == std::array<int, 3>{0, 0, 0});
    CHECK(woken_by(interval, fix, x) == std::array<int, 3>{1, 1, 1});
    CHECK(woken_by(interval, squeeze, x) == std::array<int, 3>{1, 1, 1});
  }
}

namespace {

// ---- every layout against a std::set, at random ----

// The reference: a set of values, and whether it stands for the interval form (no holes: removing
// a value strictly inside is a no-op).
struct Reference {
  std::set<int> values;
  bool interval = false;

  bool remove(int x) {
    if (interval && !values.empty() && x != *values.begin() && x != *values.rbegin()) return true;
    values.erase(x);
    return !values.empty();
  }
  bool remove_below(int x) {
    values.erase(values.begin(), values.lower_bound(x));
    return !values.empty();
  }
  bool remove_above(int x) {
    values.erase(values.upper_bound(x), values.end());
    return !values.empty();
  }
  bool assign(int x) {
    const bool had = values.count(x) > 0;
    values.clear();
    if (had) values.insert(x);
    return had;
  }
};

// A random domain layout: width up to 4096 values (a quarter one-word, most multi-word, some
// interval), and for bitsets sometimes a value set with holes.
struct DomainsLayout {
  int lo = 0, width = 1;
  bool interval = false;
  std::vector<int> holes_kept;  // non-empty: the variable is built from these values
};

DomainsLayout random_layout(std::mt19937_64& rng) {
  DomainsLayout l;
  l.lo = static_cast<int>(rng() % 400) - 200;
  switch (rng() % 4) {
    case 0: l.width = 1 + static_cast<int>(rng() % 64); break;
    case 1: l.width = 65 + static_cast<int>(rng() % 300); break;
    case 2: l.width = 1 + static_cast<int>(rng() % static_cast<unsigned>(csp::kIntervalThreshold)); break;
    default: l.width = 1 + static_cast<int>(rng() % 3000); l.interval = true; break;
  }
  if (!l.interval && rng() % 3 == 0) {
    const unsigned keep = 1 + static_cast<unsigned>(rng() % 8);  // keeps about keep/8 of the values
    for (int x = l.lo; x < l.lo + l.width; ++x)
      if (rng() % 8 < keep || x == l.lo || x == l.lo + l.width - 1) l.holes_kept.push_back(x);
  }
  return l;
}

csp::Var add(csp::Model& m, const DomainsLayout& l) {
  m.set_interval_threshold(l.interval ? 0 : csp::kIntervalThreshold);
  csp::Var v = l.holes_kept.empty() ? m.add_var(l.lo, l.lo + l.width - 1) : m.add_var(l.holes_kept);
  m.set_interval_threshold(csp::kIntervalThreshold);
  return v;
}

Reference reference_of(const DomainsLayout& l) {
  Reference r;
  r.interval = l.interval;
  if (l.holes_kept.empty())
    for (int x = l.lo; x < l.lo + l.width; ++x) r.values.insert(x);
  else
    r.values.insert(l.holes_kept.begin(), l.holes_kept.end());
  return r;
}

// A value to write or probe: mostly inside the range, sometimes just outside, often a bound.
int pick(std::mt19937_64& rng, const DomainsLayout& l, const Reference& r) {
  if (!r.values.empty() && rng() % 4 == 0) return rng() % 2 == 0 ? *r.values.begin() : *r.values.rbegin();
  return l.lo - 3 + static_cast<int>(rng() % static_cast<unsigned>(l.width + 6));
}

// Every read of v against the reference.
void check_reads(const csp::Domains& d, csp::Var v, const Reference& r, const DomainsLayout& l, std::mt19937_64& rng) {
  REQUIRE(d.size(v) == static_cast<int>(r.values.size()));
  REQUIRE(d.empty(v) == r.values.empty());
  if (r.values.empty()) return;
  REQUIRE(d.min(v) == *r.values.begin());
  REQUIRE(d.max(v) == *r.values.rbegin());
  REQUIRE(d.fixed(v) == (r.values.size() == 1));
  REQUIRE(d.values(v) == std::vector<int>(r.values.begin(), r.values.end()));
  for (int probe = 0; probe < 4; ++probe) {
    const int x = pick(rng, l, r) + static_cast<int>(rng() % 3) - 1;
    const auto it = r.values.upper_bound(x);
    REQUIRE(d.next(v, x) == (it == r.values.end() ? csp::Domains::none : *it));
    REQUIRE(d.contains(v, x) == (r.values.count(x) > 0));
  }
}

}  // namespace

TEST_CASE("every Domains operation matches a std::set on every layout", "[domains][random]") {
  std::mt19937_64 rng(2026);
  for (int round = 0; round < 400; ++round) {
    csp::Model m;
    const DomainsLayout before_l{0, 6, false, {}}, after_l{-3, 200, false, {}};
    const csp::Var before = add(m, before_l);  // neighbours whose words must never change
    const DomainsLayout l = random_layout(rng);
    const csp::Var v = add(m, l);
    const csp::Var after = add(m, after_l);
    REQUIRE(m.initial_domains().interval(v) == l.interval);
    csp::Domains d = m.initial_domains(), saved = m.initial_domains();
    Reference r = reference_of(l), saved_r = r;
    check_reads(d, v, r, l, rng);
    for (int step = 0; step < 300 && !r.values.empty(); ++step) {
      const int x = pick(rng, l, r);
      bool alive = true, want = true;
      switch (rng() % 10) {
        case 0: case 1: case 2: alive = d.remove(v, x); want = r.remove(x); break;
        case 3: case 4: alive = d.remove_below(v, x); want = r.remove_below(x); break;
        case 5: case 6: alive = d.remove_above(v, x); want = r.remove_above(x); break;
        case 7:
          if (rng() % 6 == 0) {
            alive = d.assign(v, x);
            want = r.assign(x);
          }
          break;
        case 8:  // search saves a node and comes back to it by copying words
          saved.copy_from(d);
          saved_r = r;
          break;
        default:
          if (rng() % 3 == 0) {
            d.copy_from(saved);
            r = saved_r;
          }
          break;
      }
      REQUIRE(alive == want);
      check_reads(d, v, r, l, rng);
      REQUIRE(d.size(before) == 6);
      REQUIRE(d.size(after) == 200);
      REQUIRE(d.max(after) == 196);
    }
  }
}


// A write wakes `any` watchers when it removes a value, `bounds` ones when the least or greatest
// value moves (or the variable gets fixed), `fixed` ones when one value is left: the reference
// works that out from the sets before and after, on a domain first narrowed at random.
TEST_CASE("Context writes wake the watchers a std::set predicts on every layout", "[domains][random]") {
  std::mt19937_64 rng(99);
  for (int round = 0; round < 600; ++round) {
    const DomainsLayout l = random_layout(rng);
    Reference r = reference_of(l);
    csp::Model m;
    const csp::Var v = add(m, l);
    // Narrow the starting domain at random (on the reference first: the domains are taken once every
    // propagator is posted, since posting reserves state words).
    for (int k = static_cast<int>(rng() % 6); k-- > 0;) {
      const int x = pick(rng, l, r);
      Reference next = r;
      if (rng() % 2 == 0 ? !next.remove(x) : (rng() % 2 == 0 ? !next.remove_below(x) : !next.remove_above(x))) continue;
      r = next;
    }
    const int x = pick(rng, l, r);
    const int op = static_cast<int>(rng() % 4);
    Reference after = r;
    bool want = true;
    switch (op) {
      case 0: want = after.remove(x); break;
      case 1: want = after.remove_below(x); break;
      case 2: want = after.remove_above(x); break;
      default: want = after.assign(x); break;
    }
    std::array<int, 3> runs{};
    m.post(std::make_unique<Counter>(v, csp::Trigger::any, &runs[0]));
    m.post(std::make_unique<Counter>(v, csp::Trigger::bounds, &runs[1]));
    m.post(std::make_unique<Counter>(v, csp::Trigger::fixed, &runs[2]));
    m.post(std::make_unique<Writer>(v, [&](csp::Context& c) {
      switch (op) {
        case 0: return c.remove(v, x);
        case 1: return c.remove_below(v, x);
        case 2: return c.remove_above(v, x);
        default: return c.assign(v, x);
      }
    }));
    csp::Domains start = m.initial_domains();
    // Re-apply the surviving reference onto the domain: remove what the reference lost.
    for (int y = l.lo; y < l.lo + l.width; ++y)
      if (r.values.count(y) == 0) {
        if (l.interval) {
          if (y < *r.values.begin()) start.remove_below(v, *r.values.begin());
          else start.remove_above(v, *r.values.rbegin());
        } else {
          start.remove(v, y);
        }
      }
    REQUIRE(start.values(v) == std::vector<int>(r.values.begin(), r.values.end()));
    csp::Engine engine(m);
    csp::Stats stats;
    csp::Domains d = start;
    const bool ok = engine.propagate_all(d, stats);
    REQUIRE(ok == want);
    REQUIRE(stats.removals == r.values.size() - after.values.size());
    if (!ok) continue;  // a wipe-out stops the queue: nothing more to compare
    REQUIRE(d.values(v) == std::vector<int>(after.values.begin(), after.values.end()));
    const bool changed = after.values.size() != r.values.size();
    const bool bounds = changed && (after.values.size() == 1 || *after.values.begin() != *r.values.begin() ||
                                    *after.values.rbegin() != *r.values.rbegin());
    const bool fixed = changed && after.values.size() == 1;
    // Each counter ran once at the start; a second run is the write's event.
    CHECK(runs == std::array<int, 3>{1 + changed, 1 + bounds, 1 + fixed});
  }
}
