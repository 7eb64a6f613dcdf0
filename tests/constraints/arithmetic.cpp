// arithmetic.hpp's times, divide, modulo, absolute, minimum, maximum, power (FlatZinc's integer
// arithmetic) with the propagator harness: domain consistent by enumeration, sound on the bounds path;
// then at the edges of the value range.
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
#include "csp/constraints/arithmetic.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace arithmetic_specs {

using namespace builtin_draws;

// ---- arithmetic ----------------------------------------------------------------------------------

// f(a, b) as FlatZinc defines it, or nullopt where undefined.
using Fn = std::function<std::optional<std::int64_t>(std::int64_t, std::int64_t)>;

// Posts an arithmetic propagator over the scope with the given max_pairs.
using ArithmeticPost = std::function<std::unique_ptr<csp::Propagator>(const std::vector<Var>&, std::int64_t)>;

// z = f(x, y), or z = f(x) when `unary` (the scope is then x, z). x and y come from windows
// starting in the given ranges; z's range covers what f reaches, clipped to [-40, 40], and a
// little beyond. The pairs are enumerated (domain consistency) or, when `wide`, never (max_pairs
// 0: the bounds path, which promises soundness only).
Spec arithmetic_spec(std::uint64_t seed, std::string name, bool unary, std::pair<int, int> xs,
                     std::pair<int, int> ys, Fn f, ArithmeticPost make, bool wide) {
  auto domains = [=](Rng& r) {
    Doms d{window(r, xs.first, xs.second, 5)};
    if (!unary) d.push_back(window(r, ys.first, ys.second, 5));
    std::int64_t lo = 40, hi = -40;
    for (Value a : d[0])
      for (Value b : unary ? std::vector<Value>{0} : d[1])
        if (const auto v = f(a, b)) {
          lo = std::min(lo, std::max<std::int64_t>(*v, -40));
          hi = std::max(hi, std::min<std::int64_t>(*v, 40));
        }
    if (lo > hi) lo = hi = 0;
    d.push_back(harness::random_domain(r, static_cast<Value>(lo) - 2, static_cast<Value>(hi) + 2, 15));
    return d;
  };
  auto meaning = [f, unary](const Tuple& t) {
    const auto v = f(t[0], unary ? 0 : t[1]);
    return v && *v == t.back();
  };
  const Promise promise = wide ? Promise{Promise::Kind::sound, "soundness (bounds path)"} : kDomain;
  Post post = [make, wide](const std::vector<Var>& v) { return make(v, wide ? 0 : csp::kArithmeticPairs); };
  return fixed_spec(seed, (wide ? "wide " : "") + name, promise, 3000, domains, post, meaning);
}

// MiniZinc's int_pow: a^b, and 1 div a^|b| for b < 0 (flatzinc_builtins.mzn), undefined at a = 0.
std::optional<std::int64_t> naive_pow(std::int64_t a, std::int64_t b) {
  std::int64_t r = 1;
  for (std::int64_t k = 0; k < (b < 0 ? -b : b); ++k) r *= a;  // |a| <= 9, |b| <= 10 here: no overflow
  if (b >= 0) return r;
  if (r == 0) return std::nullopt;
  return 1 / r;  // C++ division truncates toward zero, as MiniZinc's div
}

// The seven arithmetic builtins, enumerated or (`wide`) on the bounds path.
std::vector<Spec> arithmetic_specs(bool wide) {
  const std::pair<int, int> signed_range{-6, 2};  // windows of up to 6 values around 0
  std::vector<Spec> specs;
  specs.push_back(arithmetic_spec(
      601, "times", false, signed_range, signed_range, [](std::int64_t a, std::int64_t b) { return a * b; },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::times(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_spec(
      602, "div (truncating)", false, {-9, 4}, {-4, 1},
      [](std::int64_t a, std::int64_t b) -> std::optional<std::int64_t> {
        if (b == 0) return std::nullopt;
        const std::int64_t q = (a < 0 ? -a : a) / (b < 0 ? -b : b);  // |a| div |b|, then the sign
        return (a < 0) != (b < 0) ? -q : q;
      },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::divide(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_spec(
      603, "mod (sign of x)", false, {-9, 4}, {-4, 1},
      [](std::int64_t a, std::int64_t b) -> std::optional<std::int64_t> {
        if (b == 0) return std::nullopt;
        const std::int64_t r = (a < 0 ? -a : a) % (b < 0 ? -b : b);  // |a| mod |b|, then x's sign
        return a < 0 ? -r : r;
      },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::modulo(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_spec(
      604, "abs", true, signed_range, {0, 0}, [](std::int64_t a, std::int64_t) { return a < 0 ? -a : a; },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::absolute(v[0], v[1], k); }, wide));
  specs.push_back(arithmetic_spec(
      605, "min", false, signed_range, signed_range, [](std::int64_t a, std::int64_t b) { return std::min(a, b); },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::minimum(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_spec(
      606, "max", false, signed_range, signed_range, [](std::int64_t a, std::int64_t b) { return std::max(a, b); },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::maximum(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_spec(
      607, "pow", false, {-4, 1}, {-2, 1}, naive_pow,
      [](const std::vector<Var>& v, std::int64_t k) { return csp::power(v[0], v[1], v[2], k); }, wide));
  return specs;
}

TEST_CASE("arithmetic builtins are domain consistent", "[bruteforce][harness][arithmetic]") {
  for (const Spec& spec : arithmetic_specs(false)) {
    CAPTURE(spec.name);
    check_spec(spec, 10);
    check_interval_form(spec);  // the enumeration over interval forms: bounds(Z)
  }
}

// min and max over three domains without holes take the bounds path (the supports are intervals
// then); it must prune all the enumeration would. x, y and z are intervals here (a search step may
// make holes, and the enumeration take over).
TEST_CASE("min and max over intervals are domain consistent", "[bruteforce][harness][arithmetic]") {
  const auto interval = [](Rng& r, int lo, int hi) { return hull(window(r, lo, hi, 5)); };
  for (const bool is_max : {false, true}) {
    auto domains = [interval](Rng& r) { return Doms{interval(r, -6, 2), interval(r, -6, 2), interval(r, -8, 4)}; };
    auto meaning = [is_max](const Tuple& t) { return t[2] == (is_max ? std::max(t[0], t[1]) : std::min(t[0], t[1])); };
    Post post = [is_max](const std::vector<Var>& v) {
      return is_max ? csp::maximum(v[0], v[1], v[2]) : csp::minimum(v[0], v[1], v[2]);
    };
    const Spec spec = fixed_spec(is_max ? 609 : 608, is_max ? "max of intervals" : "min of intervals", kDomain, 3000,
                                 domains, post, meaning);
    CAPTURE(spec.name);
    check_spec(spec, 10);
  }
}

TEST_CASE("arithmetic builtins are sound on their bounds path", "[bruteforce][harness][arithmetic]") {
  for (Spec spec : arithmetic_specs(true)) {
    CAPTURE(spec.name);
    spec.instances = 1500;
    check_spec(spec, spec.name == "wide pow" ? 0 : 10);  // pow only checks complete assignments
    if (spec.name != "wide pow") check_interval_form(spec, 500);
  }
}

TEST_CASE("arithmetic over wide domains narrows bounds, and enumerates once it can", "[harness][arithmetic]") {
  // 1001 x 1001 pairs exceed kArithmeticPairs: the bounds path cuts z to [0, 5] (products of
  // non-negative factors) and, with 0 in y and z, cannot narrow x.
  csp::Model model;
  const Var x = model.add_var(0, 1000), y = model.add_var(0, 1000), z = model.add_var(-5, 5);
  model.post(csp::times(x, y, z));
  const harness::Outcome root = harness::propagate(model, model.initial_domains());
  REQUIRE(root.ok);
  CHECK(root.domains.size(x) == 1001);
  CHECK(root.domains.values(z) == std::vector<Value>{0, 1, 2, 3, 4, 5});
  csp::Domains d = model.initial_domains();
  d.assign(x, 2);
  CHECK(harness::propagate(model, d).domains.values(z) == std::vector<Value>{0, 2, 4});  // y in 0..2
  d.assign(y, 3);
  CHECK_FALSE(harness::propagate(model, d).ok);  // 6 is no candidate of z

  // x = z / y from the bounds: z in [10, 20] and y in [2, 600] leave x in [1, 10]; then the pairs
  // are few enough to enumerate, which keeps y's values with a product in [10, 20].
  csp::Model m2;
  const Var a = m2.add_var(-1000, 1000), b = m2.add_var(2, 600), c = m2.add_var(10, 20);
  m2.post(csp::times(a, b, c));
  const harness::Outcome got = harness::propagate(m2, m2.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.min(a) == 1);
  CHECK(got.domains.max(a) == 10);
  CHECK(got.domains.max(b) == 20);
}

TEST_CASE("div over a wide interval-form dividend narrows both ways on bounds", "[harness][arithmetic]") {
  // t in 0..23039 takes the interval form; it is not enumerated (23040 > kArithmeticIntervalValues)
  // though t * 360 is below kArithmeticPairs: q gets the quotients' bounds, t the bounds of q's
  // pre-images [360 q, 360 q + 359].
  csp::Model model;
  const Var t = model.add_var(0, 23039), y = model.add_var(360, 360), q = model.add_var(0, 100);
  model.post(csp::divide(t, y, q));
  csp::Domains d = model.initial_domains();
  REQUIRE(d.interval(t));
  const harness::Outcome root = harness::propagate(model, d);
  REQUIRE(root.ok);
  CHECK(root.domains.max(q) == 63);
  d.remove_below(q, 3);
  d.remove_above(q, 5);
  const harness::Outcome cut = harness::propagate(model, d);
  REQUIRE(cut.ok);
  CHECK(cut.domains.min(t) == 1080);
  CHECK(cut.domains.max(t) == 2159);
  d.remove_below(t, 1100);  // q = 3 keeps a support (1100 div 360 = 3), q = 5 loses its last
  d.remove_above(t, 1799);
  const harness::Outcome inner = harness::propagate(model, d);
  REQUIRE(inner.ok);
  CHECK(inner.domains.values(q) == std::vector<Value>{3, 4});
}

TEST_CASE("times and pow with a variable used twice count it once", "[harness][arithmetic]") {
  csp::Model model;
  const Var x = model.add_var(-3, 3), z = model.add_var(-20, 20);
  model.post(csp::times(x, x, z));
  const harness::Outcome got = harness::propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(z) == std::vector<Value>{0, 1, 4, 9});
}

}  // namespace arithmetic_specs

namespace arithmetic_edges {

using namespace edge_draws;

// ---- arithmetic ----------------------------------------------------------------------------------

// f(a, b) as FlatZinc defines it, or nullopt where undefined.
using Fn = std::function<std::optional<std::int64_t>(std::int64_t, std::int64_t)>;
using ArithmeticPost = std::function<std::unique_ptr<csp::Propagator>(const std::vector<Var>&, std::int64_t)>;

// z = f(x, y) (z = f(x) when `unary`): x and y from any zone, z near the result of a random pair
// most of the time (a result outside the range is no candidate), enumerated (domain consistency)
// or, when `wide`, never (max_pairs 0: the bounds path, sound only).
Spec arithmetic_edge_spec(std::uint64_t seed, std::string name, bool unary, Fn f, ArithmeticPost make, bool wide) {
  Spec s = base_spec((wide ? "wide " : "") + name + " at the edges",
                     wide ? Promise{Promise::Kind::sound, "soundness (bounds path)"} : kDomain, seed);
  s.instances = kEdgeInstances;
  s.domains = [f, unary](Rng& r) {
    Doms d{zone_values(r, any_zone(r))};
    if (!unary) d.push_back(zone_values(r, any_zone(r)));
    const auto v = f(pick(r, d[0]), unary ? 0 : pick(r, d[1]));
    d.push_back(v && r.chance(75) ? near(r, *v) : zone_values(r, any_zone(r)));
    return d;
  };
  s.draw = [f, unary, make, wide, name](Rng&, const Doms&) {
    Constraint c;
    c.text = name;
    c.post = [make, wide](csp::Model& m, const std::vector<Var>& x) {
      m.post(make(x, wide ? 0 : csp::kArithmeticPairs));
    };
    c.meaning = [f, unary](const Tuple& t) {
      const auto v = f(t[0], unary ? 0 : t[1]);
      return v && *v == t.back();
    };
    return c;
  };
  return s;
}

std::optional<std::int64_t> truncating_div(std::int64_t a, std::int64_t b) {
  if (b == 0) return std::nullopt;
  const std::int64_t q = (a < 0 ? -a : a) / (b < 0 ? -b : b);  // |a| div |b|, then the sign
  return (a < 0) != (b < 0) ? -q : q;
}
std::optional<std::int64_t> signed_mod(std::int64_t a, std::int64_t b) {
  if (b == 0) return std::nullopt;
  const std::int64_t r = (a < 0 ? -a : a) % (b < 0 ? -b : b);  // |a| mod |b|, then x's sign
  return a < 0 ? -r : r;
}

std::vector<Spec> arithmetic_edge_specs(bool wide) {
  std::vector<Spec> specs;
  std::uint64_t seed = wide ? 3051 : 3001;
  specs.push_back(arithmetic_edge_spec(
      seed++, "times", false, [](std::int64_t a, std::int64_t b) { return a * b; },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::times(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_edge_spec(
      seed++, "div", false, truncating_div,
      [](const std::vector<Var>& v, std::int64_t k) { return csp::divide(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_edge_spec(
      seed++, "mod", false, signed_mod,
      [](const std::vector<Var>& v, std::int64_t k) { return csp::modulo(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_edge_spec(
      seed++, "abs", true, [](std::int64_t a, std::int64_t) { return a < 0 ? -a : a; },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::absolute(v[0], v[1], k); }, wide));
  specs.push_back(arithmetic_edge_spec(
      seed++, "min", false, [](std::int64_t a, std::int64_t b) { return std::min(a, b); },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::minimum(v[0], v[1], v[2], k); }, wide));
  specs.push_back(arithmetic_edge_spec(
      seed++, "max", false, [](std::int64_t a, std::int64_t b) { return std::max(a, b); },
      [](const std::vector<Var>& v, std::int64_t k) { return csp::maximum(v[0], v[1], v[2], k); }, wide));
  return specs;
}

TEST_CASE("arithmetic builtins at the edges are domain consistent", "[bruteforce][harness][edges][arithmetic]") {
  for (const Spec& spec : arithmetic_edge_specs(false)) check_both(spec, 3);
}

TEST_CASE("arithmetic builtins at the edges are sound on their bounds path", "[bruteforce][harness][edges][arithmetic]") {
  for (const Spec& spec : arithmetic_edge_specs(true)) check_both(spec, 3);
}

}  // namespace arithmetic_edges
