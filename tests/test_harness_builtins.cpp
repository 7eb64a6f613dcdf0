// The propagators FlatZinc's integer and Boolean builtins need (arithmetic.hpp, reified.hpp,
// linear_reified.hpp, boolean.hpp, element.hpp, extremum.hpp), registered with the propagator
// harness with the promise each header states. Every meaning is written here from the
// specification (FlatZinc / MiniZinc), not from the library; the one custom fixpoint (reified
// linear) is computed naively on plain vectors. Instance counts (1500-3000 per kind, fewer than
// test_harness_constraints.cpp's 5000) keep the many kinds quick, under ASan too.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/extremum.hpp"
#include "csp/constraints/linear_domain.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace {

using csp::Value;
using csp::Var;
using namespace harness;  // a test of the harness's specs: its names throughout

using Post = std::function<std::unique_ptr<csp::Propagator>(const std::vector<Var>&)>;

// A spec with `instances` instances whose constraint has no random data: post and meaning only.
Spec fixed_spec(std::uint64_t seed, std::string name, Promise promise, int instances, std::function<Doms(Rng&)> domains,
                Post post, std::function<bool(const Tuple&)> meaning) {
  Spec s = base_spec(std::move(name), std::move(promise), seed);
  s.instances = instances;
  s.domains = std::move(domains);
  s.draw = [post, meaning, text = s.name](Rng&, const Doms&) {
    Constraint c;
    c.text = text;
    c.post = [post](csp::Model& m, const std::vector<Var>& x) { m.post(post(x)); };
    c.meaning = meaning;
    return c;
  };
  return s;
}

// A window of up to `width + 1` values starting in [lo, hi], a singleton 20% of the time.
std::vector<Value> window(Rng& r, int lo, int hi, int width) {
  const int a = r.between(lo, hi);
  return harness::random_domain(r, a, a + r.between(0, width), 20);
}

bool is01(Value b) { return b == 0 || b == 1; }

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

// ---- reification ---------------------------------------------------------------------------------

std::vector<Value> boolean_domain(Rng& r) { return harness::random_domain(r, 0, 1, 40); }

TEST_CASE("reified comparisons of two variables are domain consistent", "[bruteforce][harness][reified]") {
  std::uint64_t seed = 701;
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      Spec s = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " y + c"), kDomain, seed++);
      s.instances = 1500;
      s.domains = [](Rng& r) { return Doms{window(r, -4, 2, 5), window(r, -4, 2, 5), boolean_domain(r)}; };
      s.draw = [rel, mode, name = s.name](Rng& r, const Doms&) {
        const Value offset = r.between(-2, 2);
        Constraint c;
        c.text = name + " with c = " + std::to_string(offset);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, x[1], offset, x[2], mode));
        };
        c.meaning = [=](const Tuple& t) {
          return reified(mode, compares(rel, t[0], std::int64_t{t[1]} + offset), t[2]);
        };
        return c;
      };
      CAPTURE(s.name);
      CHECK(check_spec(s, 5).subsumed > 0);  // entailed states came up, and each claim held
      check_interval_form(s, 500);
    }
  }
}

TEST_CASE("reified comparisons with a constant and set membership are domain consistent",
          "[bruteforce][harness][reified]") {
  std::uint64_t seed = 711;
  for (csp::Reify mode : kModes) {
    for (csp::Comparison rel : kComparisons) {
      Spec s = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " c"), kDomain, seed++);
      s.instances = 1500;
      s.domains = [](Rng& r) { return Doms{window(r, -4, 2, 6), boolean_domain(r)}; };
      s.draw = [rel, mode, name = s.name](Rng& r, const Doms&) {
        const Value k = r.between(-5, 5);
        Constraint c;
        c.text = name + " with c = " + std::to_string(k);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, k, x[1], mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], k), t[1]); };
        return c;
      };
      CAPTURE(s.name);
      CHECK(check_spec(s, 5).subsumed > 0);  // entailed states came up, and each claim held
      check_interval_form(s, 500);
    }
    Spec s = base_spec(reified_name(mode, "x in S"), kDomain, seed++);
    s.instances = 1500;
    s.domains = [](Rng& r) { return Doms{window(r, -4, 2, 6), boolean_domain(r)}; };
    s.draw = [mode, name = s.name](Rng& r, const Doms&) {
      csp::Ranges set;  // 0-3 ranges, possibly empty or overlapping
      for (int k = r.between(0, 3); k > 0; --k) {
        const Value lo = r.between(-6, 6);
        set.emplace_back(lo, lo + r.between(-1, 3));
      }
      std::ostringstream text;
      text << name << " with S =";
      for (const auto& [lo, hi] : set) text << " [" << lo << "," << hi << "]";
      auto in = [set](Value v) {
        for (const auto& [lo, hi] : set)
          if (lo <= v && v <= hi) return true;
        return false;
      };
      Constraint c;
      c.text = text.str();
      c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::member_reified(x[0], set, x[1], mode)); };
      c.meaning = [=](const Tuple& t) { return reified(mode, in(t[0]), t[1]); };
      return c;
    };
    CAPTURE(s.name);
    CHECK(check_spec(s, 5).subsumed > 0);
    check_interval_form(s, 500);
  }
}

TEST_CASE("member(x, S) keeps exactly the candidates in S", "[harness][reified]") {
  csp::Model model;
  const Var x = model.add_var(-5, 5);
  model.post(csp::member(x, {{3, 4}, {-2, -2}, {4, 9}, {1, 0}}));
  const harness::Outcome got = harness::propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{-2, 3, 4, 5});
}

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
std::int64_t weighted(const std::vector<std::int64_t>& k, const Tuple& t) {
  std::int64_t s = 0;
  for (std::size_t i = 0; i < k.size(); ++i) s += k[i] * t[i];
  return s;
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
std::string linear_text(const std::vector<std::int64_t>& k, const char* rel, std::int64_t rhs) {
  std::ostringstream text;
  for (std::size_t i = 0; i < k.size(); ++i) text << (i ? " + " : "") << k[i] << "*x" << i;
  text << " " << rel << " " << rhs;
  return text.str();
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

// not_equal_fixpoint and linear_reified_fixpoint: harness_specs.hpp (test_harness_edges.cpp uses them too).

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

// ---- element ---------------------------------------------------------------------------------------

TEST_CASE("element over a constant array is domain consistent", "[bruteforce][harness][element]") {
  Spec s = base_spec("z = a[x], 1-based", kDomain, 901);
  s.instances = 3000;
  s.domains = [](Rng& r) { return Doms{window(r, -1, 3, 5), window(r, -4, 2, 5)}; };
  s.draw = [](Rng& r, const Doms&) {
    std::vector<Value> a;
    for (int n = r.between(1, 5); n > 0; --n) a.push_back(r.between(-3, 3));
    std::ostringstream text;
    text << "z = a[x] with a =";
    for (Value v : a) text << " " << v;
    Constraint c;
    c.text = text.str();
    c.post = [a](csp::Model& m, const std::vector<Var>& x) { m.post(csp::element(x[0], a, x[1])); };
    c.meaning = [a](const Tuple& t) {
      return t[0] >= 1 && t[0] <= static_cast<Value>(a.size()) && a[static_cast<std::size_t>(t[0] - 1)] == t[1];
    };
    return c;
  };
  check_spec(s, 10);
  check_interval_form(s);
}

TEST_CASE("element over an array of variables is domain consistent", "[bruteforce][harness][element]") {
  // The scope is x, z, a[1..n] with n = 1..3.
  const Spec s = fixed_spec(
      902, "z = a[x] over variables, 1-based", kDomain, 3000,
      [](Rng& r) {
        Doms d{window(r, -1, 2, 4), window(r, -3, 1, 4)};
        for (int n = r.between(1, 3); n > 0; --n) d.push_back(window(r, -3, 1, 3));
        return d;
      },
      [](const std::vector<Var>& x) { return csp::element(x[0], std::vector<Var>(x.begin() + 2, x.end()), x[1]); },
      [](const Tuple& t) {
        const Value n = static_cast<Value>(t.size()) - 2;
        return t[0] >= 1 && t[0] <= n && t[static_cast<std::size_t>(t[0]) + 1] == t[1];
      });
  check_spec(s, 10);
  check_interval_form(s);
}

TEST_CASE("element over an array of variables is domain consistent on multi-word domains", "[bruteforce][harness][element]") {
  // The same constraint with z and the a[i] over values far apart, on both sides of word edges
  // (63|64, 127|128, ...) and of 0, so their domains span several words with different bases: the
  // word-by-word intersection must line them up.
  static const std::vector<Value> pool{-129, -65, -64, -1, 0, 1, 63, 64, 127, 128, 190};
  auto pick = [](Rng& r, int most) {
    std::vector<Value> d;
    for (Value v : pool)
      if (r.between(0, 99) < 35) d.push_back(v);
    while (static_cast<int>(d.size()) > most) d.erase(d.begin() + r.between(0, static_cast<int>(d.size()) - 1));
    if (d.empty()) d.push_back(pool[static_cast<std::size_t>(r.between(0, static_cast<int>(pool.size()) - 1))]);
    return d;
  };
  const Spec s = fixed_spec(
      903, "z = a[x] over variables with multi-word domains", kDomain, 3000,
      [pick](Rng& r) {
        Doms d{window(r, 0, 2, 3), pick(r, 6)};
        for (int n = r.between(1, 3); n > 0; --n) d.push_back(pick(r, 4));
        return d;
      },
      [](const std::vector<Var>& x) { return csp::element(x[0], std::vector<Var>(x.begin() + 2, x.end()), x[1]); },
      [](const Tuple& t) {
        const Value n = static_cast<Value>(t.size()) - 2;
        return t[0] >= 1 && t[0] <= n && t[static_cast<std::size_t>(t[0]) + 1] == t[1];
      });
  check_spec(s, 10);  // no interval form: hulls of 320 values are too many tuples to enumerate
}

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

}  // namespace
