// cumulative_edge_finding.hpp (cumulative's edge finding and use limits) with the propagator harness on
// task sets where they act, every schedule kept, and their textbook cases. The draw is cumulative.cpp's.
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
#include "csp/constraints/cumulative.hpp"
#include "csp/constraints/cumulative_edge_finding.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace cumulative_edge_finding_specs {

using namespace global_draws;
using namespace cumulative_specs;

// Four or five tasks where edge finding and the use limits act: fixed durations 1-3 with starts in
// [0, 5], uses fixed 1-2 or variable within [0, 2] (as mspsp's bool2int of a skill choice), a fixed
// capacity 1-3.
Spec cumulative_edge_spec() {
  Spec s = base_spec("cumulative(s, d, r, b), edge finding", {Promise::Kind::sound, "soundness (edge finding)"}, 1863);
  s.instances = 1500;
  s.domains = [](Rng& r) {
    const int n = r.between(3, 4);
    Doms d = draw_vars(r, n, 0, 5, 10);
    for (int i = 0; i < n; ++i) d.push_back({r.between(1, 3)});
    for (int i = 0; i < n; ++i) d.push_back(r.chance(50) ? std::vector<Value>{r.between(1, 2)} : random_domain(r, 0, 2, 0));
    d.push_back({r.between(1, 3)});
    return d;
  };
  s.draw = cumulative_spec().draw;
  return s;
}

TEST_CASE("cumulative with edge finding and use limits is sound on wider task sets",
          "[bruteforce][harness][globals][cumulative]") {
  check_spec(cumulative_edge_spec(), 10);
}

// Edge finding alone against every schedule of random task sets (2-5 tasks, windows within
// [0, 10), capacity 1-4): each new bound is kept by some schedule's start or completion, and a
// reported overload means no schedule exists; and the rules must fire on many of the sets.
TEST_CASE("cumulative edge finding keeps every schedule", "[bruteforce][globals][cumulative]") {
  Rng r(1879);
  int pruned = 0, failed = 0;
  for (int instance = 0; instance < 20000; ++instance) {
    const std::size_t n = static_cast<std::size_t>(r.between(2, 5));
    const long cap = r.between(1, 4);
    std::vector<long> est(n), lct(n), p(n), c(n);
    for (std::size_t i = 0; i < n; ++i) {
      p[i] = r.between(1, 3), c[i] = r.between(1, static_cast<int>(cap)), est[i] = r.between(0, 4);
      lct[i] = est[i] + p[i] + r.between(0, 3);
    }
    // Every schedule: the earliest start and the latest completion each task takes in one.
    std::vector<long> first(n, 100), last(n, -100), s(n);
    long schedules = 1;
    for (std::size_t i = 0; i < n; ++i) schedules *= lct[i] - p[i] - est[i] + 1;
    bool any = false;
    for (long code = 0; code < schedules; ++code) {
      long rest = code;
      for (std::size_t i = 0; i < n; ++i) {
        const long span = lct[i] - p[i] - est[i] + 1;
        s[i] = est[i] + rest % span, rest /= span;
      }
      bool fits = true;
      for (long t = 0; t < 12 && fits; ++t) {
        long load = 0;
        for (std::size_t i = 0; i < n; ++i) load += s[i] <= t && t < s[i] + p[i] ? c[i] : 0;
        fits = load <= cap;
      }
      if (!fits) continue;
      any = true;
      for (std::size_t i = 0; i < n; ++i) first[i] = std::min(first[i], s[i]), last[i] = std::max(last[i], s[i] + p[i]);
    }
    csp::CumulativeEdgeFinder edges(n);
    for (std::size_t i = 0; i < n; ++i) edges.add(est[i], lct[i], p[i], c[i]);
    const bool fits = edges.filter(cap);
    INFO("instance " << instance);
    if (!fits) {
      REQUIRE_FALSE(any);
      ++failed;
      continue;
    }
    bool moved = false;
    for (std::size_t i = 0; i < n; ++i) {
      moved = moved || edges.est(i) > est[i] || edges.lct(i) < lct[i];
      if (!any) continue;
      REQUIRE(edges.est(i) <= first[i]);
      REQUIRE(edges.lct(i) >= last[i]);
    }
    pruned += moved;
  }
  CHECK(pruned >= 2000);
  CHECK(failed >= 2000);
}

// The root fixpoint of a cumulative of capacity cap over tasks (start range, duration, use range);
// each start's and use's bounds, or nothing when it fails.
std::vector<std::array<Value, 4>> cumulative_root(const std::vector<std::array<Value, 5>>& tasks, Value cap) {
  csp::Model m;
  std::vector<Var> s, d, u;
  for (const auto& [lo, hi, p, use_lo, use_hi] : tasks)
    s.push_back(m.add_var(lo, hi)), d.push_back(m.add_var(p, p)), u.push_back(m.add_var(use_lo, use_hi));
  m.post(csp::cumulative(s, d, u, m.add_var(cap, cap)));
  csp::Domains dom = m.initial_domains();
  csp::Engine engine(m);
  csp::Stats stats;
  stats.counters.assign(m.counter_names().size(), 0);
  std::vector<std::array<Value, 4>> out;
  if (!engine.propagate_all(dom, stats)) return out;
  for (std::size_t i = 0; i < s.size(); ++i) out.push_back({dom.min(s[i]), dom.max(s[i]), dom.min(u[i]), dom.max(u[i])});
  return out;
}

TEST_CASE("cumulative: edge finding's and the use limit's textbook cases", "[globals][cumulative]") {
  using B = std::vector<std::array<Value, 4>>;
  // Capacity 2: B and C (use 2, length 2, starts in [0, 2]) fill [0, 4) between them, so A (use 1)
  // cannot run beside either and starts at 4; no task has a compulsory part, so time-tabling alone
  // moves nothing.
  CHECK(cumulative_root({{0, 10, 2, 1, 1}, {0, 2, 2, 2, 2}, {0, 2, 2, 2, 2}}, 2) ==
        B{{{4, 10, 1, 1}, {0, 2, 2, 2}, {0, 2, 2, 2}}});
  // Capacity 3: B and C (use 3, lengths 2 and 1, starts in [1, 3]) hold energy 9 within [1, 5),
  // and A (use 2, length 3) joining them would need 15 > 3 · (5 - 1): A ends after both, and
  // beside A the others have 1 of capacity over [1, 5) for energy 9, so rest = 9 - (3 - 2) · 4 = 5
  // units of them run before A starts: A starts at 1 + ceil(5 / 2) = 4 (B at 1, C at 3, A at 4 is
  // a schedule). No task has a compulsory part; time-tabling alone moves nothing.
  CHECK(cumulative_root({{2, 7, 3, 2, 2}, {1, 3, 2, 3, 3}, {1, 3, 1, 3, 3}}, 3) ==
        B{{{4, 7, 2, 2}, {1, 3, 3, 3}, {1, 3, 3, 3}}});
  // Overload: energy 2 · 3 · 2 = 12 within [0, 5) of capacity 2.
  CHECK(cumulative_root({{0, 2, 3, 2, 2}, {0, 2, 3, 2, 2}}, 2).empty());
  // The use limit: A (use 2) surely runs over [0, 3); B surely runs at 2 (start 1 or 2, length 2),
  // so its use is at most 3 - 2; and a task that surely runs where the profile is full gets use 0
  // (the mspsp case: a worker busy elsewhere is not chosen).
  CHECK(cumulative_root({{0, 0, 3, 2, 2}, {1, 2, 2, 0, 3}}, 3) == B{{{0, 0, 2, 2}, {1, 2, 0, 1}}});
  CHECK(cumulative_root({{0, 0, 3, 1, 1}, {1, 2, 2, 0, 1}}, 1) == B{{{0, 0, 1, 1}, {1, 2, 0, 0}}});
}

}  // namespace cumulative_edge_finding_specs
