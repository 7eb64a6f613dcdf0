// all_different_domain.hpp (all_different at the domain strength: Régin's matching) with the propagator
// harness: generalised arc consistency against enumeration, with offsets, across several words, from
// unrelated states and along search paths that backtrack, and at both ends of the value range. The spec
// is all_different.cpp's (specs.hpp), at the domain strength.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "constraints/specs.hpp"
#include "csp/constraints/all_different.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace all_different_domain_specs {

using csp::Value;
using csp::Var;
using namespace harness;
using namespace all_different_specs;

TEST_CASE("all-different(domain) is generalised arc consistent", "[bruteforce][harness][all-different]") {
  Spec spec = all_different_spec(404, csp::AllDifferentStrength::domain);
  spec.instances = 3 * kInstances;
  check_spec(spec);
  // Over interval forms it falls back to all-different(value): soundness, no promise of GAC.
  Spec wide = harness::interval_form(spec, 1000);
  wide.promise = {harness::Promise::Kind::sound, "soundness (value fallback)"};
  const harness::Report r = harness::run(wide);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.failed > 0);
}

TEST_CASE("all-different(domain) with offsets is GAC over shifted ranges more than 64 values apart",
          "[bruteforce][harness][all-different]") {
  // Offsets in -32..32 (multiples of 4, as the values) on one-word variables within 0..40 spread
  // the shifted candidates over up to 105 values, beyond one window of 64: the general (index
  // space) path, and the one-word path once narrowed.
  Spec spec = all_different_spec(440, csp::AllDifferentStrength::domain, Posting::stateless, Offsets::drawn);
  spec.name += " over -32..72";
  spec.domains = [](Rng& r) {
    const int n = r.between(2, 6);
    Doms d;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> x;
      for (Value v = 0; v <= 40; v += 4)
        if (r.chance(30)) x.push_back(v);
      if (x.empty()) x.push_back(4 * r.between(0, 10));
      d.push_back(x);
    }
    return d;
  };
  const auto draw = spec.draw;
  spec.draw = [draw](Rng& r, const Doms& d) {
    Constraint c = draw(r, d);  // its offsets -3..3 (ignored below): the draw sequence stays put
    std::vector<Value> off;
    for (std::size_t i = 0; i < d.size(); ++i) off.push_back(4 * r.between(-8, 8));
    c.text = "all-different(domain) offsets";
    for (Value o : off) c.text.append(" ").append(std::to_string(o));
    c.post = [off](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::all_different(x, off, csp::AllDifferentStrength::domain));
    };
    c.meaning = [off](const Tuple& t) {
      for (std::size_t i = 0; i < t.size(); ++i)
        for (std::size_t j = i + 1; j < t.size(); ++j)
          if (t[i] + off[i] == t[j] + off[j]) return false;
      return true;
    };
    c.partial = nullptr;
    return c;
  };
  check_spec(spec, 10);
}

TEST_CASE("all-different(domain) is GAC on one-word variables that span more than 64 values together",
          "[bruteforce][harness][all-different]") {
  // Each variable keeps to one word (its values among 30k..30k+61, two in every 30), but together
  // they reach from 0 to 91: the propagator then takes its general path, and its one-word path once
  // search has narrowed the candidates to 64 consecutive values; each keeps its own matching.
  Spec spec = all_different_spec(406, csp::AllDifferentStrength::domain);
  spec.name += " over 0..91";
  spec.domains = [](Rng& r) {
    const int n = r.between(2, 6);
    Doms d;
    for (int i = 0; i < n; ++i) {
      const Value from = 30 * r.between(0, 1);
      std::vector<Value> x;
      for (Value v = from; v <= from + 63; ++v)
        if (v % 30 < 2 && r.chance(50)) x.push_back(v);
      if (x.empty()) x.push_back(from + 30);
      d.push_back(x);
    }
    return d;
  };
  check_spec(spec);
}

TEST_CASE("all-different(domain) stays GAC when one model is propagated from unrelated states",
          "[bruteforce][harness][all-different]") {
  // The propagator keeps its last matching between calls. Here one model is propagated from many
  // random narrowings of its initial domains, in no particular order, as search does when it
  // restores older states; each result must still be exactly GAC. Values are spread far apart so
  // that some variables need several words, and the ranges of different variables only partly
  // overlap, which exercises the mapping of values to one index space.
  Rng r(405);
  int failed = 0, pruned = 0;
  for (int m = 0; m < 400; ++m) {
    const int n = r.between(2, 7);
    const int slots = r.between(n - 1, n + 2);
    std::vector<Value> slot_value;  // slot k stands for a value, with gaps of up to 70
    Value x = r.between(-100, 0);
    for (int k = 0; k < slots; ++k) {
      slot_value.push_back(x);
      x += r.between(1, 70);
    }
    csp::Model model;
    Doms initial;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> values;
      for (int k = 0; k < slots; ++k)
        if (r.chance(70)) values.push_back(slot_value[static_cast<std::size_t>(k)]);
      if (values.empty()) values.push_back(slot_value[static_cast<std::size_t>(r.between(0, slots - 1))]);
      initial.push_back(values);
    }
    std::vector<Var> vars;
    for (const auto& values : initial) vars.push_back(model.add_var(values));
    model.post(csp::all_different(vars, csp::AllDifferentStrength::domain));
    for (int s = 0; s < 20; ++s) {
      // A random narrowing: each value of each variable stays with probability 75%.
      csp::Domains start = model.initial_domains();
      for (std::size_t i = 0; i < initial.size(); ++i)
        for (Value v : initial[i])
          if (r.chance(25) && start.size(vars[i]) > 1) start.remove(vars[i], v);
      const Doms before = harness::read(start, vars);
      INFO("model " << m << " state " << s << ": " << harness::show(before));
      const std::optional<Doms> want = harness::supported_values(before, distinct);
      const harness::Outcome got = harness::propagate(model, start);
      REQUIRE(got.ok == want.has_value());
      if (got.ok) {
        REQUIRE(harness::read(got.domains, vars) == *want);
        pruned += *want != before;
      } else {
        ++failed;
      }
    }
  }
  CHECK(failed >= 30);
  CHECK(pruned >= 30);
}

TEST_CASE("all-different(domain) on one-word variables stays GAC along search paths that backtrack",
          "[bruteforce][harness][all-different]") {
  // The one-word path keeps its matching between calls as a hint and repairs only what a call
  // finds broken. Here each model is propagated along a random search path: decisions (fix or
  // remove a value) on the last state, and now and then a jump back to an earlier state of the
  // path, as depth-first search restores them; each result must be exactly GAC. The variables'
  // ranges start at different offsets (their words move into one window by different shifts);
  // in a third of the models they reach past 64 values above the least one, so the window must
  // be found afresh while the candidates are wide and may be the setup one again once narrowed.
  Rng r(407);
  int failed = 0, pruned = 0, jumps = 0;
  for (int m = 0; m < 600; ++m) {
    const int n = r.between(2, 6);  // about 5 values each: the brute force stays small
    const bool wide = r.chance(33);
    const int reach = wide ? 90 : 11;
    csp::Model model;
    std::vector<Var> vars;
    for (int i = 0; i < n; ++i) {
      const Value from = r.between(0, wide ? 40 : 4);
      std::vector<Value> values;
      for (Value v = from; v <= std::min<Value>(from + (wide ? 63 : 7), reach); ++v)
        if (r.chance(wide ? 8 : 60)) values.push_back(v);
      if (values.size() < 2) values = {from, from + 1};
      vars.push_back(model.add_var(values));
    }
    model.post(csp::all_different(vars, csp::AllDifferentStrength::domain));
    const harness::Outcome root = harness::propagate(model, model.initial_domains());
    if (!root.ok) continue;
    std::vector<csp::Domains> path{root.domains};
    for (int step = 0; step < 30; ++step) {
      if (path.size() > 1 && r.chance(30)) {
        path.resize(static_cast<std::size_t>(r.between(1, static_cast<int>(path.size()) - 1)));
        ++jumps;
      }
      // One to three decisions before propagating: a GAC state survives any single one, but not
      // always several (and the propagator then sees several changes at once, as after a jump).
      csp::Domains next = path.back();
      for (int decisions = r.between(1, 3); decisions > 0; --decisions) {
        std::vector<std::size_t> open;
        for (std::size_t i = 0; i < vars.size(); ++i)
          if (next.size(vars[i]) > 1) open.push_back(i);
        if (open.empty()) break;
        const Var x = vars[open[static_cast<std::size_t>(r.between(0, static_cast<int>(open.size()) - 1))]];
        const std::vector<Value> candidates = next.values(x);
        const Value v = candidates[static_cast<std::size_t>(r.between(0, static_cast<int>(candidates.size()) - 1))];
        if (r.chance(50)) {
          next.assign(x, v);
        } else {
          next.remove(x, v);
        }
      }
      const Doms before = harness::read(next, vars);
      INFO("model " << m << " step " << step << ": " << harness::show(before));
      const std::optional<Doms> want = harness::supported_values(before, distinct);
      const harness::Outcome got = harness::propagate(model, next);
      REQUIRE(got.ok == want.has_value());
      if (!got.ok) {
        ++failed;
        continue;
      }
      REQUIRE(harness::read(got.domains, vars) == *want);
      pruned += *want != before;
      path.push_back(got.domains);
    }
  }
  CHECK(failed >= 100);
  CHECK(pruned >= 1000);
  CHECK(jumps >= 1000);
}

TEST_CASE("all-different(domain) works with values at both ends of the supported range",
          "[bruteforce][harness][all-different]") {
  // The propagator maps values to indices through the variables' layouts, merging overlaps, so
  // two narrow domains far apart cost two ranges, not the distance between them.
  csp::Model model;
  Var x = model.add_var(std::vector<Value>{csp::kMinValue, csp::kMinValue + 1});
  Var y = model.add_var(std::vector<Value>{csp::kMinValue});
  Var z = model.add_var(std::vector<Value>{csp::kMaxValue - 1, csp::kMaxValue});
  Var w = model.add_var(std::vector<Value>{csp::kMaxValue});
  model.post(csp::all_different({x, y, z, w}, csp::AllDifferentStrength::domain));
  const harness::Outcome got = harness::propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{csp::kMinValue + 1});
  CHECK(got.domains.values(z) == std::vector<Value>{csp::kMaxValue - 1});
}

}  // namespace all_different_domain_specs
