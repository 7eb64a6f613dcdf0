// linear_reified.hpp's linear_not_equal (domain consistent) and reified linear comparisons (the
// promise its header states) with the propagator harness; then at the edges of the value range and the
// 128-bit regression.
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
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace linear_reified_specs {

using namespace builtin_draws;

// ---- linear != and reified linear ------------------------------------------------------------------

// Two to four variables with windows around 0, and random non-zero coefficients in [-3, 3].
Doms linear_domains(Rng& r) {
  Doms d;
  for (int n = r.between(2, 4); n > 0; --n) d.push_back(window(r, -4, 2, 4));
  return d;
}
std::vector<std::int64_t> coefficients(Rng& r, std::size_t n) {
  std::vector<std::int64_t> k;
  for (std::size_t i = 0; i < n; ++i) {
    const int a = r.between(-3, 2);
    k.push_back(a >= 0 ? a + 1 : a);
  }
  return k;
}
// A right-hand side near the reachable sums (the bounds' extremes, a little beyond).
std::int64_t near_sum(Rng& r, const std::vector<std::int64_t>& k, const Doms& d) {
  std::int64_t lo = 0, hi = 0;
  for (std::size_t i = 0; i < k.size(); ++i) {
    lo += std::min(k[i] * d[i].front(), k[i] * d[i].back());
    hi += std::max(k[i] * d[i].front(), k[i] * d[i].back());
  }
  return r.between(static_cast<int>(lo) - 2, static_cast<int>(hi) + 2);
}

TEST_CASE("linear_not_equal is domain consistent", "[bruteforce][harness][linear]") {
  Spec s = base_spec("sum(k_i x_i) != rhs", kDomain, 721);
  s.instances = 3000;
  s.domains = linear_domains;
  s.draw = [](Rng& r, const Doms& d) {
    const auto k = coefficients(r, d.size());
    const std::int64_t rhs = near_sum(r, k, d);
    Constraint c;
    c.text = linear_text(k, "!=", rhs);
    c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::linear_not_equal(k, x, rhs)); };
    c.meaning = [=](const Tuple& t) { return weighted(k, t) != rhs; };
    return c;
  };
  CHECK(check_spec(s, 5).subsumed > 0);
  check_interval_form(s);
}

// not_equal_fixpoint and linear_reified_fixpoint: harness_specs.hpp (the edge specs, linear_reified_edges below, use them too).

TEST_CASE("reified linear comparisons keep linear_reified.hpp's promise", "[bruteforce][harness][reified]") {
  std::uint64_t seed = 731;
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      Spec s = base_spec(reified_name(mode, std::string("sum ") + comparison_text(rel) + " rhs"),
                         {Promise::Kind::custom, "linear_reified.hpp's bounds rule"}, seed++);
      s.instances = 1500;
      s.domains = [](Rng& r) {
        Doms d = linear_domains(r);
        d.push_back(boolean_domain(r));
        return d;
      };
      s.draw = [rel, mode](Rng& r, const Doms& d) {
        const std::size_t n = d.size() - 1;
        const auto k = coefficients(r, n);
        const std::int64_t rhs = near_sum(r, k, d);
        Constraint c;
        c.text = reified_name(mode, linear_text(k, comparison_text(rel), rhs));
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          const std::vector<Var> xs(x.begin(), x.end() - 1);
          m.post(csp::linear_reified(k, xs, rel, rhs, x.back(), mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, weighted(k, t), rhs), t.back()); };
        c.fixpoint = [=](const Doms& now) { return linear_reified_fixpoint(k, rel, rhs, mode, now); };
        return c;
      };
      CAPTURE(s.name);
      CHECK(check_spec(s, 5).subsumed > 0);  // entailed states came up, and each claim held
      check_interval_form(s, 500);
    }
  }
}

}  // namespace linear_reified_specs

namespace linear_reified_edges {

using namespace edge_draws;

TEST_CASE("linear_not_equal at the edges is domain consistent", "[bruteforce][harness][edges][linear]") {
  std::uint64_t seed = 2941;
  for (const Terms& terms : kTermDraws) {
  Spec s = base_spec(std::string(terms.what) + "sum(k_i x_i) != rhs at the edges", kDomain, seed++);
  s.instances = kEdgeInstances;
  s.domains = terms.domains;
  s.draw = [terms](Rng& r, const Doms& d) {
    std::vector<std::int64_t> k;
    for (std::size_t i = 0; i < d.size(); ++i) k.push_back(terms.coefficient(r));
    const std::int64_t rhs = edge_rhs(r, k, d);
    Constraint c;
    c.text = linear_text(k, "!=", rhs);
    c.post = [k, rhs](csp::Model& m, const std::vector<Var>& x) { m.post(csp::linear_not_equal(k, x, rhs)); };
    c.meaning = [k, rhs](const Tuple& t) { return weighted(k, t) != rhs; };
    return c;
  };
  check_both(s, 0);  // != fails only with every term fixed
  }
}

// ---- reified linear and reified comparisons --------------------------------------------------------

TEST_CASE("reified linear comparisons at the edges keep linear_reified.hpp's promise",
          "[bruteforce][harness][edges][reified]") {
  std::uint64_t seed = 2951;
  for (const Terms& terms : kTermDraws)
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      Spec s = base_spec(reified_name(mode, std::string(terms.what) + "sum " + comparison_text(rel) + " rhs at the edges"),
                         {Promise::Kind::custom, "linear_reified.hpp's bounds rule"}, seed++);
      s.instances = kEdgeInstances;
      s.domains = [terms](Rng& r) {
        Doms d = terms.domains(r);
        d.push_back(zone_values(r, Zone::boolean, 40));
        return d;
      };
      s.draw = [rel, mode, terms](Rng& r, const Doms& d) {
        const Doms xs(d.begin(), d.end() - 1);
        std::vector<std::int64_t> k;
        for (std::size_t i = 0; i < xs.size(); ++i) k.push_back(terms.coefficient(r));
        const std::int64_t rhs = edge_rhs(r, k, xs);
        Constraint c;
        c.text = reified_name(mode, linear_text(k, comparison_text(rel), rhs));
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::linear_reified(k, std::vector<Var>(x.begin(), x.end() - 1), rel, rhs, x.back(), mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, weighted(k, t), rhs), t.back()); };
        c.fixpoint = [=](const Doms& now) { return linear_reified_fixpoint(k, rel, rhs, mode, now); };
        return c;
      };
      check_both(s, 3);
    }
  }
}

TEST_CASE("linear_not_equal with coefficients past 2^33 computes its sums in 128 bits", "[edges][regression]") {
  // 2^40 * kMaxValue wrapped in 64 bits, and the value completing rhs was never found.
  csp::Model model;
  const Var x = model.add_var(kHi, kHi), y = model.add_var(kHi - 1, kHi);
  const std::int64_t big = std::int64_t{1} << 40;
  model.post(csp::linear_not_equal({big, -big}, {x, y}, 0));
  const Outcome got = propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(y) == std::vector<Value>{kHi - 1});
  CHECK_FALSE(model.propagator(0).satisfied(std::vector<Value>{kHi, kHi}));
  CHECK(model.propagator(0).satisfied(std::vector<Value>{kHi, kHi - 1}));
}

}  // namespace linear_reified_edges
