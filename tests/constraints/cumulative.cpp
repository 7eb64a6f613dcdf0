// cumulative.hpp with the propagator harness: sound and exact on complete assignments (time-tabling).
// Edge finding and the use limits (cumulative_edge_finding.hpp): cumulative_edge_finding.cpp.
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
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace cumulative_specs {

using namespace global_draws;

// ---- cumulative ----------------------------------------------------------------------------------

Spec cumulative_spec() {
  Spec s = base_spec("cumulative(s, d, r, b)", {Promise::Kind::sound, "soundness (time-tabling)"}, 1861);
  s.instances = 3000;
  // 1-3 tasks: starts in [0, 4], durations and uses in [-1, 3] (negatives must go), b in [-1, 4].
  s.domains = [](Rng& r) {
    const int n = r.between(1, 3);
    Doms d = draw_vars(r, n, 0, 4, 30);
    for (auto& x : draw_vars(r, n, -1, 3, 50)) d.push_back(x);
    for (auto& x : draw_vars(r, n, -1, 3, 50)) d.push_back(x);
    d.push_back(random_domain(r, -1, 4, 40));
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const std::size_t n = (d.size() - 1) / 3;
    Constraint c;
    c.text = "cumulative of " + std::to_string(n) + " tasks";
    c.post = [n](csp::Model& m, const std::vector<Var>& x) {
      auto part = [&](std::size_t k) {
        return std::vector<Var>(x.begin() + static_cast<long>(k * n), x.begin() + static_cast<long>((k + 1) * n));
      };
      m.post(csp::cumulative(part(0), part(1), part(2), x.back()));
    };
    // At every time t of the horizon, the running tasks' uses sum to at most b; all non-negative.
    c.meaning = [n](const Tuple& t) {
      const long b = t.back();
      if (b < 0) return false;
      for (std::size_t i = 0; i < n; ++i)
        if (t[n + i] < 0 || t[2 * n + i] < 0) return false;
      for (long time = -2; time <= 10; ++time) {
        long load = 0;
        for (std::size_t i = 0; i < n; ++i)
          if (t[i] <= time && time < t[i] + t[n + i]) load += t[2 * n + i];
        if (load > b) return false;
      }
      return true;
    };
    return c;
  };
  return s;
}

TEST_CASE("cumulative is sound and exact on complete assignments", "[bruteforce][harness][globals][cumulative]") {
  check_spec(cumulative_spec(), 10);
}

}  // namespace cumulative_specs
