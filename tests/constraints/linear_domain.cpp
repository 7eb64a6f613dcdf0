// linear_domain.hpp with the propagator harness: domain consistent within its budget, linear's bounds(R)
// beyond it; then at the edges of the value range.
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
#include "csp/constraints/linear.hpp"
#include "csp/constraints/linear_domain.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace linear_domain_specs {

using namespace builtin_draws;

// ---- linear equality, domain consistent ------------------------------------------------------------

// sum(k_i * x_i) = rhs over 1-4 variables with coefficients in [-4, 4] (0 and repeated variables
// included: the factory merges them), rhs near the reachable sums; enumerated (`budget` large) or
// not at all (`budget` 0: linear()'s bounds(R)).
Spec linear_domain_spec(std::uint64_t seed, std::int64_t budget) {
  const bool enumerated = budget > 0;
  Spec s = base_spec(enumerated ? "linear_domain(=)" : "linear_domain(=) beyond its budget",
                     enumerated ? kDomain : Promise{Promise::Kind::custom, "bounds(R)"}, seed);
  s.instances = 3000;
  s.domains = [](Rng& r) {
    Doms d;
    for (int n = r.between(1, 4); n > 0; --n) d.push_back(window(r, -5, 3, 5));
    return d;
  };
  s.draw = [budget, enumerated](Rng& r, const Doms& d) {
    std::vector<std::int64_t> k;
    std::int64_t lo = 0, hi = 0;
    for (const auto& values : d) {
      k.push_back(r.between(-4, 4));
      lo += std::min(k.back() * values.front(), k.back() * values.back());
      hi += std::max(k.back() * values.front(), k.back() * values.back());
    }
    const std::int64_t rhs = r.between(static_cast<int>(lo) - 2, static_cast<int>(hi) + 2);
    // the same variable twice now and then: x0 stands in for the last term
    const bool repeat = d.size() > 1 && r.between(0, 9) == 0;
    std::ostringstream text;
    text << "linear_domain(=) with k =";
    for (std::int64_t v : k) text << " " << v;
    text << ", rhs = " << rhs << (repeat ? ", last term on x0" : "");
    Constraint c;
    c.text = text.str();
    c.post = [k, rhs, budget, repeat](csp::Model& m, const std::vector<Var>& x) {
      std::vector<Var> vars = x;
      if (repeat) vars.back() = x[0];
      m.post(csp::linear_domain(k, vars, rhs, budget));
    };
    c.meaning = [k, rhs, repeat](const Tuple& t) {
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < t.size(); ++i) sum += k[i] * t[repeat && i + 1 == t.size() ? 0 : i];
      return sum == rhs;
    };
    if (!enumerated) {  // linear()'s promise, on the merged terms; a repeated last variable is free
      std::vector<std::int64_t> merged = k;
      if (repeat) {
        merged[0] += merged.back();
        merged.back() = 0;
      }
      c.fixpoint = [merged, rhs](const Doms& now) {
        std::vector<std::int64_t> kk;
        Doms dd;
        for (std::size_t i = 0; i < merged.size(); ++i)
          if (merged[i] != 0) {
            kk.push_back(merged[i]);
            dd.push_back(now[i]);
          }
        if (kk.empty()) return rhs == 0 ? std::optional<Doms>(now) : std::nullopt;
        const std::optional<Doms> got = bounds_r_fixpoint(kk, csp::LinearRelation::equal, rhs, dd);
        if (!got) return std::optional<Doms>();
        Doms out = now;
        for (std::size_t i = 0, j = 0; i < merged.size(); ++i)
          if (merged[i] != 0) out[i] = (*got)[j++];
        return std::optional<Doms>(out);
      };
    }
    return c;
  };
  return s;
}

TEST_CASE("linear_domain is domain consistent within its budget", "[bruteforce][harness][linear]") {
  const Spec s = linear_domain_spec(951, csp::kLinearDomainTuples);
  check_spec(s, 10);
  check_interval_form(s);
}

TEST_CASE("linear_domain beyond its budget is linear's bounds(R)", "[bruteforce][harness][linear]") {
  const Spec s = linear_domain_spec(952, 0);
  check_spec(s, 10);
  check_interval_form(s, 500);
}

}  // namespace linear_domain_specs

namespace linear_domain_edges {

using namespace edge_draws;

TEST_CASE("linear_domain at the edges is domain consistent, and bounds(R) beyond its budget",
          "[bruteforce][harness][edges][linear]") {
  std::uint64_t seed = 2931;
  for (const Terms& terms : kTermDraws)
  for (const std::int64_t budget : {csp::kLinearDomainTuples, std::int64_t{0}}) {
    Spec s = base_spec(std::string(terms.what) + (budget > 0 ? "linear_domain(=) at the edges"
                                                             : "linear_domain(=) beyond its budget at the edges"),
                       budget > 0 ? kDomain : Promise{Promise::Kind::custom, "bounds(R)"}, seed++);
    s.instances = kEdgeInstances;
    s.domains = terms.domains;
    s.draw = [budget, terms](Rng& r, const Doms& d) {
      std::vector<std::int64_t> k;
      for (std::size_t i = 0; i < d.size(); ++i) k.push_back(terms.coefficient(r));
      const std::int64_t rhs = edge_rhs(r, k, d);
      Constraint c = linear_constraint(k, csp::LinearRelation::equal, rhs, [k, rhs, budget](const std::vector<Var>& x) {
        return csp::linear_domain(k, x, rhs, budget);
      });
      if (budget > 0) c.fixpoint = nullptr;  // the domain promise: the harness enumerates
      return c;
    };
    check_both(s, 3);
  }
}

}  // namespace linear_domain_edges
