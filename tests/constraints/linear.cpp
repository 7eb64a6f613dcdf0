// linear.hpp's linear() and sum() with the propagator harness: bounds(R) consistency (the naive fixpoint of
// harness_specs.hpp); then at the edges of the value range, bool-linear, int_plus / int_minus, and the
// regressions of sums past 64 bits.
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
#include <utility>
#include <vector>

#include "constraints/edge_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/linear_domain.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace linear_specs {

using csp::Value;
using csp::Var;
using namespace harness;

// ---- linear ------------------------------------------------------------------------------------

// linear(k, x, rel, rhs) with random non-zero coefficients, or (`unit`) sum(x, rel, rhs).
Spec linear_spec(std::uint64_t seed, csp::LinearRelation rel, bool unit = false) {
  static const char* rels[] = {"=", "<=", ">="};
  Spec s = base_spec(std::string(unit ? "sum(" : "linear(") + rels[static_cast<int>(rel)] + ")",
                     {Promise::Kind::custom, "bounds(R)"}, seed);
  s.domains = [](Rng& r) {
    const int n = r.between(2, 4);
    Doms d;
    for (int i = 0; i < n; ++i) {
      const int lo = r.between(-5, 3);
      d.push_back(harness::random_domain(r, lo, lo + r.between(0, 6), 20));
    }
    return d;
  };
  s.draw = [rel, unit](Rng& r, const Doms& d) {
    std::vector<std::int64_t> k;
    for (std::size_t i = 0; i < d.size(); ++i) {
      const int a = r.between(-4, 3);
      k.push_back(unit ? 1 : a >= 0 ? a + 1 : a);  // non-zero, in [-4, 4]
    }
    // rhs around the reachable range of the sum, a little beyond on both sides.
    std::int64_t lo = 0, hi = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
      lo += std::min(k[i] * d[i].front(), k[i] * d[i].back());
      hi += std::max(k[i] * d[i].front(), k[i] * d[i].back());
    }
    const std::int64_t rhs = r.between(static_cast<int>(lo) - 3, static_cast<int>(hi) + 3);
    Constraint c;
    c.post = [k, rel, rhs, unit](csp::Model& m, const std::vector<Var>& x) {
      m.post(unit ? csp::sum(x, rel, rhs) : csp::linear(k, x, rel, rhs));
    };
    c.meaning = [k, rel, rhs](const Tuple& t) {
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < t.size(); ++i) sum += k[i] * t[i];
      switch (rel) {
        case csp::LinearRelation::equal: return sum == rhs;
        case csp::LinearRelation::less_equal: return sum <= rhs;
        case csp::LinearRelation::greater_equal: return sum >= rhs;
      }
      return false;
    };
    c.fixpoint = [k, rel, rhs](const Doms& now) { return bounds_r_fixpoint(k, rel, rhs, now); };
    std::ostringstream text;
    for (std::size_t i = 0; i < k.size(); ++i) text << (i ? " + " : "") << k[i] << "*x" << i;
    text << " " << rels[static_cast<int>(rel)] << " " << rhs;
    c.text = text.str();
    return c;
  };
  return s;
}

TEST_CASE("linear(=) is bounds(R) consistent", "[bruteforce][harness][linear]") {
  check_spec(linear_spec(301, csp::LinearRelation::equal));
  harness::check_interval_form(linear_spec(301, csp::LinearRelation::equal));
}
TEST_CASE("linear(<=) is bounds(R) consistent", "[bruteforce][harness][linear]") {
  check_spec(linear_spec(302, csp::LinearRelation::less_equal));
  harness::check_interval_form(linear_spec(302, csp::LinearRelation::less_equal));
}
TEST_CASE("linear(>=) is bounds(R) consistent", "[bruteforce][harness][linear]") {
  check_spec(linear_spec(303, csp::LinearRelation::greater_equal));
  harness::check_interval_form(linear_spec(303, csp::LinearRelation::greater_equal));
}
TEST_CASE("sum(=), sum(<=) and sum(>=) are bounds(R) consistent", "[bruteforce][harness][linear]") {
  std::uint64_t seed = 304;
  for (auto rel : {csp::LinearRelation::equal, csp::LinearRelation::less_equal, csp::LinearRelation::greater_equal}) {
    Spec spec = linear_spec(seed++, rel, true);
    CAPTURE(spec.name);
    spec.instances = 2000;
    check_spec(spec);
    harness::check_interval_form(spec, 500);
  }
}

}  // namespace linear_specs

namespace linear_edges {

using namespace edge_draws;

TEST_CASE("linear at the edges of the range is bounds(R) consistent", "[bruteforce][harness][edges][linear]") {
  std::uint64_t seed = 2901;
  for (const Terms& terms : kTermDraws)
    for (auto rel : {csp::LinearRelation::equal, csp::LinearRelation::less_equal, csp::LinearRelation::greater_equal})
      check_both(linear_edge_spec(seed++, rel, terms), 3);
}

TEST_CASE("bool-linear with large coefficients and a sum variable is bounds(R) consistent",
          "[bruteforce][harness][edges][linear]") {
  std::uint64_t seed = 2911;
  for (auto rel : {csp::LinearRelation::equal, csp::LinearRelation::less_equal, csp::LinearRelation::greater_equal})
    check_both(boolean_linear_edge_spec(seed++, rel), 3);
}

TEST_CASE("int_plus and int_minus at the edges are bounds(R) consistent", "[bruteforce][harness][edges][linear]") {
  // x + y = z and x - y = z as FlatZinc posts them (linear() with 1, +-1, -1 and 0): z near the
  // result of a random pair, which often lies outside the range.
  std::uint64_t seed = 2921;
  for (const std::int64_t sign : {1, -1}) {
    const std::vector<std::int64_t> k{1, sign, -1};
    Spec s = base_spec(sign > 0 ? "int_plus at the edges" : "int_minus at the edges",
                       {Promise::Kind::custom, "bounds(R)"}, seed++);
    s.instances = kEdgeInstances;
    s.domains = [sign](Rng& r) {
      Doms d{edge_domain(r), edge_domain(r)};
      d.push_back(r.chance(70) ? near(r, std::int64_t{pick(r, d[0])} + sign * pick(r, d[1])) : edge_domain(r));
      return d;
    };
    s.draw = [k](Rng&, const Doms&) {
      return linear_constraint(k, csp::LinearRelation::equal, 0, [k](const std::vector<Var>& x) {
        return csp::linear(k, x, csp::LinearRelation::equal, 0);
      });
    };
    check_both(s);
  }
}

TEST_CASE("linear sums of nine terms of 2^30 * kMaxValue are computed past 64 bits", "[edges][regression]") {
  // 9 * 2^30 * (2^30 - 1) > 2^63: the 64-bit sums of bounds wrapped negative and took the sum for <= 0.
  const std::vector<std::int64_t> k(9, std::int64_t{1} << 30);
  csp::Model model;
  std::vector<Var> xs;
  for (int i = 0; i < 9; ++i) xs.push_back(model.add_var(kHi - 1, kHi));
  model.post(csp::linear(k, xs, csp::LinearRelation::less_equal, 0));
  CHECK_FALSE(propagate(model, model.initial_domains()).ok);
  CHECK_FALSE(model.propagator(0).satisfied(std::vector<Value>(9, kHi)));
  // = with one open variable: x8 = rhs / 2^30 - (the others), exactly
  csp::Model eq;
  std::vector<Var> ys;
  for (int i = 0; i < 8; ++i) ys.push_back(eq.add_var(kHi, kHi));
  ys.push_back(eq.add_var(kLo, kHi));
  const std::int64_t rhs = std::numeric_limits<std::int64_t>::max();  // past any 64-bit slack
  eq.post(csp::linear(k, ys, csp::LinearRelation::less_equal, rhs));
  const Outcome got = propagate(eq, eq.initial_domains());
  REQUIRE(got.ok);  // 8 * 2^30 * kHi + 2^30 x8 <= 2^63 - 1 leaves x8 <= 7
  CHECK(got.domains.max(ys[8]) == 7);
  // reified: the bounds decide b = 0
  csp::Model reif;
  std::vector<Var> zs;
  for (int i = 0; i < 9; ++i) zs.push_back(reif.add_var(kHi - 1, kHi));
  const Var b = reif.add_var(0, 1);
  reif.post(csp::linear_reified(k, zs, csp::Comparison::less_equal, 0, b, csp::Reify::equivalent));
  const Outcome r = propagate(reif, reif.initial_domains());
  REQUIRE(r.ok);
  CHECK(r.domains.values(b) == std::vector<Value>{0});
  // linear_domain: nine terms, none enumerated past 64 bits wrongly
  csp::Model dom;
  std::vector<Var> ws;
  for (int i = 0; i < 9; ++i) ws.push_back(dom.add_var(kHi - 1, kHi));
  dom.post(csp::linear_domain(k, ws, 0));
  CHECK_FALSE(propagate(dom, dom.initial_domains()).ok);
}

TEST_CASE("linear takes coefficients past 2^30, merged or not", "[edges][regression]") {
  // int_lin_eq_reif([1, 1073741824], [x, x], 0, b) merged x's coefficients to 2^30 + 1, which
  // linear() refused ("coefficients must be non-zero and within +-2^30"): b <-> x = 0.
  csp::Model model;
  const Var x = model.add_var(0, 3), b = model.add_var(0, 1);
  model.post(csp::linear_reified({1, std::int64_t{1} << 30}, {x, x}, csp::Comparison::equal, 0, b, csp::Reify::equivalent));
  CHECK(count(model) == 4);
  csp::Domains d = model.initial_domains();
  d.assign(b, 1);
  const Outcome got = propagate(model, d);
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{0});
  // 2^40 x + y = 2^40 * 5 + 7 over an unbounded y: x = 5, y = 7, and nothing else within the range
  csp::Model big;
  const Var u = big.add_var(0, 9), v = big.add_var(kLo, kHi);
  const std::int64_t k = std::int64_t{1} << 40;
  big.post(csp::linear({k, 1}, {u, v}, csp::LinearRelation::equal, 5 * k + 7));
  const Outcome root = propagate(big, big.initial_domains());
  REQUIRE(root.ok);
  CHECK(root.domains.values(u) == std::vector<Value>{5});
  CHECK(root.domains.values(v) == std::vector<Value>{7});
}

TEST_CASE("an equality whose coefficients' gcd does not divide rhs fails at once", "[edges][regression]") {
  // 2x + 2y = 3 over var int: bounds reasoning moved each bound by one a round, 2^30 rounds.
  csp::Model model;
  const Var x = model.add_var(kLo, kHi), y = model.add_var(kLo, kHi);
  model.post(csp::linear({2, 2}, {x, y}, csp::LinearRelation::equal, 3));
  CHECK_FALSE(propagate(model, model.initial_domains()).ok);
  // inequalities keep their meaning, rhs rounded inward: 2x + 4y <= 3 is x + 2y <= 1
  csp::Model le;
  const Var a = le.add_var(0, kHi), b = le.add_var(0, kHi);
  le.post(csp::linear({2, 4}, {a, b}, csp::LinearRelation::less_equal, 3));
  CHECK(count(le) == 2);  // (0, 0), (1, 0)
  csp::Model ge;
  const Var u = ge.add_var(0, 1), v = ge.add_var(kLo, 0);
  ge.post(csp::linear({-6, -3}, {u, v}, csp::LinearRelation::greater_equal, 5));  // -2u - v >= 2 (5/3 rounded up)
  const Outcome got = propagate(ge, ge.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.max(v) == -2);
  CHECK(got.domains.min(v) == kLo);
}

}  // namespace linear_edges
