// disjunctive.hpp with the propagator harness, and each rule's textbook case.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "constraints/global_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/disjunctive.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace disjunctive_specs {

using namespace global_draws;

// ---- disjunctive ---------------------------------------------------------------------------------

Spec disjunctive_spec() {
  Spec s = base_spec("disjunctive(s, d)",
                     {Promise::Kind::sound, "soundness (edge finding, precedences, not-first/last)"}, 1867);
  s.instances = 4000;
  // 1-4 tasks: starts in [0, 6], durations in [-1, 3] (negatives must go, 0 may be anywhere).
  s.domains = [](Rng& r) {
    const int n = r.between(1, 4);
    Doms d = draw_vars(r, n, 0, 6, 30);
    for (auto& x : draw_vars(r, n, -1, 3, 50)) d.push_back(x);
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const std::size_t n = d.size() / 2;
    Constraint c;
    c.text = "disjunctive of " + std::to_string(n) + " tasks";
    c.post = [n](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::disjunctive(std::vector<Var>(x.begin(), x.begin() + static_cast<long>(n)),
                              std::vector<Var>(x.begin() + static_cast<long>(n), x.end())));
    };
    // At every time of the horizon at most one task runs; every duration non-negative.
    c.meaning = [n](const Tuple& t) {
      for (std::size_t i = 0; i < n; ++i)
        if (t[n + i] < 0) return false;
      for (long time = -2; time <= 12; ++time) {
        int running = 0;
        for (std::size_t i = 0; i < n; ++i) running += t[i] <= time && time < t[i] + t[n + i];
        if (running > 1) return false;
      }
      return true;
    };
    return c;
  };
  return s;
}

TEST_CASE("disjunctive is sound, idempotent and exact on complete assignments",
          "[bruteforce][harness][globals][disjunctive]") {
  check_spec(disjunctive_spec(), 10);
}

// The root fixpoint of a disjunctive over tasks (start range, duration); the starts' bounds.
std::vector<std::pair<Value, Value>> disjunctive_root(const std::vector<std::array<Value, 3>>& tasks) {
  csp::Model m;
  std::vector<Var> s, d;
  for (const auto& [lo, hi, p] : tasks) s.push_back(m.add_var(lo, hi)), d.push_back(m.add_var(p, p));
  m.post(csp::disjunctive(s, d));
  csp::Domains dom = m.initial_domains();
  csp::Engine engine(m);
  csp::Stats stats;
  stats.counters.assign(m.counter_names().size(), 0);
  std::vector<std::pair<Value, Value>> out;
  if (!engine.propagate_all(dom, stats)) return out;
  for (const Var x : s) out.emplace_back(dom.min(x), dom.max(x));
  return out;
}

TEST_CASE("disjunctive: each rule's textbook case", "[globals][disjunctive]") {
  using B = std::vector<std::pair<Value, Value>>;
  // Edge finding: B and C fill [0, 5) between them (B first or C first), and A beside them would
  // not end by 5, so A follows both; time-tabling sees only B's compulsory part [2, 3) and moves
  // nothing, and no precedence between B and C is detectable.
  CHECK(disjunctive_root({{0, 10, 2}, {0, 2, 3}, {0, 3, 2}}) == B{{5, 10}, {0, 2}, {0, 3}});
  // Detectable precedence: A cannot end before B's latest start (0 + 4 > 3), so it follows B,
  // whose earliest completion is 2 + 2.
  CHECK(disjunctive_root({{0, 6, 4}, {2, 3, 2}}) == B{{4, 6}, {2, 3}});
  // A cannot go first (B must end by 3, C by 6): every solution starts A at 1 or later, and 1
  // (B at 0, C at 4) is one.
  CHECK(disjunctive_root({{0, 9, 3}, {0, 2, 1}, {0, 4, 2}}).at(0).first == 1);
  // Overload: three tasks of 2 within [0, 5).
  CHECK(disjunctive_root({{0, 3, 2}, {0, 3, 2}, {0, 3, 2}}).empty());
}

// Up to 64 lasting tasks the precedence rules read ECT(Θ) by scans, above from the Θ-tree
// (disjunctive.cpp, kScanTasks). Tasks far from the others in time change no rule's bounds on them,
// so a few random tasks alone (scans) and with 65 fixed tasks far before and after them (tree)
// must reach the same bounds, or both fail.
TEST_CASE("disjunctive: the scans and the Θ-tree give the same bounds", "[globals][disjunctive]") {
  Rng r(1913);
  int compared = 0, failed = 0;
  for (int instance = 0; instance < 3000; ++instance) {
    std::vector<std::array<Value, 3>> near;
    const int n = r.between(2, 9);
    for (int i = 0; i < n; ++i) {
      const Value lo = r.between(0, 20), p = r.between(1, 6);
      near.push_back({lo, static_cast<Value>(lo + r.between(0, 12)), p});
    }
    std::vector<std::array<Value, 3>> all = near;
    for (Value k = 0; k < 65; ++k) {
      const Value at = k % 2 == 0 ? 1000 + 10 * k : -1000 - 10 * k;  // fixed, 5 long, apart
      all.push_back({at, at, 5});
    }
    const auto alone = disjunctive_root(near);
    auto with_far = disjunctive_root(all);
    if (!with_far.empty()) with_far.resize(near.size());
    CAPTURE(instance);
    REQUIRE(alone == with_far);
    ++compared;
    failed += alone.empty();
  }
  CHECK(failed > 100);             // overloads and empty windows are met,
  CHECK(compared - failed > 1000); // and so are fixpoints
}

}  // namespace disjunctive_specs
