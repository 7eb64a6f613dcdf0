// extremum.hpp's array_min and array_max with the propagator harness: bounds(Z) consistency; then at the
// edges of the value range.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "constraints/builtin_draws.hpp"
#include "constraints/edge_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/extremum.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace extremum_specs {

using namespace builtin_draws;

// ---- array min / max -----------------------------------------------------------------------------

TEST_CASE("array_min and array_max are bounds(Z) consistent", "[bruteforce][harness][extremum]") {
  auto domains = [](Rng& r) {
    Doms d;
    for (int n = r.between(1, 4); n > 0; --n) d.push_back(window(r, -4, 2, 4));
    d.push_back(window(r, -5, 3, 5));  // m
    return d;
  };
  const Promise bounds_z{Promise::Kind::bounds_z, "bounds(Z)"};
  const Spec min = fixed_spec(
      1001, "m = min(xs)", bounds_z, 3000, domains,
      [](const std::vector<Var>& x) { return csp::array_min({x.begin(), x.end() - 1}, x.back()); },
      [](const Tuple& t) { return *std::min_element(t.begin(), t.end() - 1) == t.back(); });
  const Spec max = fixed_spec(
      1002, "m = max(xs)", bounds_z, 3000, domains,
      [](const std::vector<Var>& x) { return csp::array_max({x.begin(), x.end() - 1}, x.back()); },
      [](const Tuple& t) { return *std::max_element(t.begin(), t.end() - 1) == t.back(); });
  for (const Spec& spec : {min, max}) {
    CAPTURE(spec.name);
    check_spec(spec, 10);
    check_interval_form(spec);
  }
}

}  // namespace extremum_specs

namespace extremum_edges {

using namespace edge_draws;

TEST_CASE("array_min and array_max at the edges are bounds(Z) consistent", "[bruteforce][harness][edges][extremum]") {
  std::uint64_t seed = 3121;
  for (const bool is_min : {true, false}) {
    Spec s = base_spec(is_min ? "m = min(xs) at the edges" : "m = max(xs) at the edges",
                       {Promise::Kind::bounds_z, "bounds(Z)"}, seed++);
    s.instances = kEdgeInstances;
    s.domains = [](Rng& r) {
      Doms d;
      for (int n = r.between(1, 3); n > 0; --n) d.push_back(edge_domain(r));
      d.push_back(r.chance(70) ? near(r, pick(r, d[static_cast<std::size_t>(r.between(0, static_cast<int>(d.size()) - 1))]))
                               : edge_domain(r));
      return d;
    };
    s.draw = [is_min](Rng&, const Doms&) {
      Constraint c;
      c.text = is_min ? "array_min" : "array_max";
      c.post = [is_min](csp::Model& m, const std::vector<Var>& x) {
        const std::vector<Var> xs(x.begin(), x.end() - 1);
        m.post(is_min ? csp::array_min(xs, x.back()) : csp::array_max(xs, x.back()));
      };
      c.meaning = [is_min](const Tuple& t) {
        return t.back() == (is_min ? *std::min_element(t.begin(), t.end() - 1) : *std::max_element(t.begin(), t.end() - 1));
      };
      return c;
    };
    check_both(s, 3);
  }
}

}  // namespace extremum_edges
