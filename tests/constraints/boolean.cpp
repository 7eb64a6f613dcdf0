// boolean.hpp's clause, and_all, or_all, parity (FlatZinc's Boolean builtins) with the propagator
// harness: domain consistency; then bool2int at the edges of the value range.
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
#include "csp/constraints/boolean.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace boolean_specs {

using namespace builtin_draws;

// ---- Booleans ------------------------------------------------------------------------------------

Doms booleans(Rng& r, int lo, int hi) {
  Doms d;
  for (int n = r.between(lo, hi); n > 0; --n) d.push_back(boolean_domain(r));
  return d;
}
bool all01(const Tuple& t) { return std::all_of(t.begin(), t.end(), is01); }

TEST_CASE("Boolean builtins are domain consistent", "[bruteforce][harness][boolean]") {
  Spec clause = base_spec("clause(positives, negatives)", kDomain, 801);
  clause.instances = 2000;
  clause.domains = [](Rng& r) { return booleans(r, 1, 5); };
  clause.draw = [](Rng& r, const Doms& d) {
    const std::size_t p = static_cast<std::size_t>(r.between(0, static_cast<int>(d.size())));
    Constraint c;
    c.text = "clause with the first " + std::to_string(p) + " positive";
    c.post = [p](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::clause({x.begin(), x.begin() + static_cast<long>(p)}, {x.begin() + static_cast<long>(p), x.end()}));
    };
    c.meaning = [p](const Tuple& t) {
      bool any = false;
      for (std::size_t i = 0; i < t.size(); ++i) any = any || t[i] == (i < p ? 1 : 0);
      return all01(t) && any;
    };
    return c;
  };
  auto last_is = [](std::function<bool(const Tuple&)> of_rest) {  // b (last) = of_rest(the others)
    return [of_rest](const Tuple& t) { return all01(t) && (t.back() == 1) == of_rest(Tuple(t.begin(), t.end() - 1)); };
  };
  const Spec and_all = fixed_spec(
      802, "b <-> and(xs)", kDomain, 2000, [](Rng& r) { return booleans(r, 1, 5); },
      [](const std::vector<Var>& x) { return csp::and_all({x.begin(), x.end() - 1}, x.back()); },
      last_is([](const Tuple& xs) { return std::all_of(xs.begin(), xs.end(), [](Value v) { return v == 1; }); }));
  const Spec or_all = fixed_spec(
      803, "b <-> or(xs)", kDomain, 2000, [](Rng& r) { return booleans(r, 1, 5); },
      [](const std::vector<Var>& x) { return csp::or_all({x.begin(), x.end() - 1}, x.back()); },
      last_is([](const Tuple& xs) { return std::any_of(xs.begin(), xs.end(), [](Value v) { return v == 1; }); }));
  Spec parity = base_spec("parity(xs, odd)", kDomain, 804);
  parity.instances = 2000;
  parity.domains = [](Rng& r) { return booleans(r, 1, 5); };
  parity.draw = [](Rng& r, const Doms&) {
    const bool odd = r.chance(50);
    Constraint c;
    c.text = odd ? "an odd number of ones" : "an even number of ones";
    c.post = [odd](csp::Model& m, const std::vector<Var>& x) { m.post(csp::parity(x, odd)); };
    c.meaning = [odd](const Tuple& t) { return all01(t) && (std::count(t.begin(), t.end(), 1) % 2 == 1) == odd; };
    return c;
  };
  for (const Spec& spec : {clause, and_all, or_all, parity}) {
    CAPTURE(spec.name);
    CHECK(check_spec(spec, 5).subsumed > 0);
    check_interval_form(spec, 500);
  }
  // Domains reaching outside {0, 1}: each propagator first cuts them, a path 0..1 bools never take.
  for (Spec spec : {clause, and_all, or_all, parity}) {
    CAPTURE(spec.name);
    spec.seed += 100;
    spec.domains = [](Rng& r) {
      Doms d;
      for (int n = r.between(1, 4); n > 0; --n) d.push_back(harness::random_domain(r, -1, 2, 20));
      return d;
    };
    check_spec(spec, 5);
  }
}

}  // namespace boolean_specs

namespace boolean_edges {

using namespace edge_draws;

TEST_CASE("bool2int (parity of two) with an integer at the edges is domain consistent",
          "[bruteforce][harness][edges][boolean]") {
  Spec s = base_spec("b = i (bool2int) at the edges", kDomain, 3131);
  s.instances = kEdgeInstances;
  s.domains = [](Rng& r) {
    return Doms{zone_values(r, Zone::boolean, 30), r.chance(50) ? zone_values(r, Zone::mid) : edge_domain(r)};
  };
  s.draw = [](Rng&, const Doms&) {
    Constraint c;
    c.text = "parity({b, i}, even)";
    c.post = [](csp::Model& m, const std::vector<Var>& x) { m.post(csp::parity(x, false)); };
    c.meaning = [](const Tuple& t) { return (t[0] == 0 || t[0] == 1) && t[0] == t[1]; };
    return c;
  };
  check_both(s, 3);
}

}  // namespace boolean_edges
