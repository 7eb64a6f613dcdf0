// The arithmetic and linear propagators at the edges of the value range (issue 29): every domain
// lies in [kMinValue, kMaxValue] = +-(2^30 - 1), and FlatZinc's unbounded `var int` is exactly that
// range, so sums, differences and products of candidates leave int32 there.
//
// Two kinds of test:
//  - the propagator harness (propagator_harness.hpp) on small domains that touch the edges: each
//    variable draws its candidates from one zone, {kMinValue .. kMinValue+4}, {-2 .. 2},
//    {kMaxValue-4 .. kMaxValue}, {0, 1} or around +-2^15 (products near 2^30), so it stays a
//    one-word domain the harness can enumerate, while different variables sit at opposite edges;
//    coefficients are +-1, +-2, +-3 and large ones (+-1000, +-2^20, +-kMaxValue, +-2^30), offsets
//    and right-hand sides reach across the whole range and past it;
//  - unbounded variables ([kMinValue, kMaxValue], the interval form), which no enumeration can
//    list: each case is searched, every solution found is checked here against the meaning
//    written in the test, and a functional case (the unbounded variables determined by the small
//    ones) must give the solution count worked out by hand; the MiniZinc reproducers of issue 29
//    (bug212, bug222) are among them.
// Then one small regression test per bug these found, named after what it guards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/extremum.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/linear_domain.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace {

using csp::Value;
using csp::Var;
using namespace harness;  // a test of the harness's specs: its names throughout

constexpr Value kLo = csp::kMinValue;
constexpr Value kHi = csp::kMaxValue;

// Fewer instances than the other harness files: many kinds, each with its interval form.
constexpr int kEdgeInstances = 4000;
constexpr int kEdgeIntervalInstances = 1000;

// ---- draws ---------------------------------------------------------------------------------------

// Where one variable's candidates lie.
enum class Zone : std::uint8_t { low, mid, high, boolean, root };

// A random non-empty subset of the zone, a singleton `singleton` percent of the time.
std::vector<Value> zone_values(Rng& r, Zone z, int singleton = 20) {
  switch (z) {
    case Zone::low: return random_domain(r, kLo, kLo + 4, singleton);
    case Zone::mid: return random_domain(r, -2, 2, singleton);
    case Zone::high: return random_domain(r, kHi - 4, kHi, singleton);
    case Zone::boolean: return random_domain(r, 0, 1, singleton);
    case Zone::root: {  // 2^15 +- 2, or its negation: two of them multiply to about +-2^30
      std::vector<Value> d = random_domain(r, (1 << 15) - 2, (1 << 15) + 2, singleton);
      if (r.chance(40)) {
        for (Value& v : d) v = -v;
        std::reverse(d.begin(), d.end());
      }
      return d;
    }
  }
  return {0};
}

// Mostly an edge, sometimes the middle.
Zone edge_zone(Rng& r) {
  const int k = r.between(0, 9);
  return k < 4 ? Zone::low : k < 8 ? Zone::high : Zone::mid;
}
// Any of the zones but {0, 1}.
Zone any_zone(Rng& r) {
  const int k = r.between(0, 9);
  return k < 3 ? Zone::low : k < 6 ? Zone::high : k < 8 ? Zone::mid : Zone::root;
}
std::vector<Value> edge_domain(Rng& r) { return zone_values(r, edge_zone(r)); }

Value pick(Rng& r, const std::vector<Value>& v) {
  return v[static_cast<std::size_t>(r.between(0, static_cast<int>(v.size()) - 1))];
}

// A uniform number in [lo, hi], both within +-2^62.
std::int64_t between64(Rng& r, std::int64_t lo, std::int64_t hi) {
  // In unsigned arithmetic: hi - lo reaches 2^63, past int64 (UBSan's signed-overflow report).
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r.g() % span);
}
// v clamped to [-2^62, 2^62]: a right-hand side is an int64.
std::int64_t clamp62(csp::WideSum v) {
  const csp::WideSum limit = csp::WideSum{1} << 62;
  return static_cast<std::int64_t>(v < -limit ? -limit : v > limit ? limit : v);
}

// Candidates near v, for a variable that should meet a result: a random subset of [v - 2, v + 2]
// within the range (an edge domain when v is outside it).
std::vector<Value> near(Rng& r, std::int64_t v) {
  const std::int64_t lo = std::max<std::int64_t>(v - 2, kLo), hi = std::min<std::int64_t>(v + 2, kHi);
  if (lo > hi) return edge_domain(r);
  return random_domain(r, static_cast<Value>(lo), static_cast<Value>(hi), 25);
}

// A coefficient: small, or large enough that one term alone leaves int32 (linear() takes up to 2^30).
std::int64_t coefficient(Rng& r) {
  static const std::int64_t ks[] = {1,      -1,      1,       -1,   2,   -2,   3,  -3, 1000, -1000, 1 << 20,
                                    -(1 << 20), kHi, -kHi, std::int64_t{1} << 30, -(std::int64_t{1} << 30)};
  return ks[r.between(0, 15)];
}
// Coefficients past what 64-bit terms allow (2^31 + 1, 2^40, 2^62, the int64 extremes), and small
// ones beside them.
std::int64_t huge_coefficient(Rng& r) {
  static const std::int64_t ks[] = {(std::int64_t{1} << 31) + 1,       -(std::int64_t{1} << 40),
                                    std::int64_t{1} << 62,             std::numeric_limits<std::int64_t>::max(),
                                    std::numeric_limits<std::int64_t>::min(), 1, -1, 3};
  return ks[r.between(0, 7)];
}
// Mostly the largest positive coefficients: nine such terms at one edge pass 2^63.
std::int64_t big_coefficient(Rng& r) {
  static const std::int64_t ks[] = {kHi, std::int64_t{1} << 30, kHi, std::int64_t{1} << 30, -kHi, 1};
  return ks[r.between(0, 5)];
}

// The sum in 128 bits: nine terms of 2^30 * kMaxValue pass 2^63.
csp::WideSum weighted(const std::vector<std::int64_t>& k, const Tuple& t) {
  csp::WideSum s = 0;
  for (std::size_t i = 0; i < k.size(); ++i) s += csp::WideSum{k[i]} * t[i];
  return s;
}

// A right-hand side: the sum at a random tuple of d moved by -2..2 (half the time: solutions
// exist), anywhere from a little below the least sum to a little above the greatest, or a
// constant at an edge of the range or past it.
std::int64_t edge_rhs(Rng& r, const std::vector<std::int64_t>& k, const Doms& d) {
  using W = csp::WideSum;  // nine terms of 2^30 * kMaxValue pass 2^63
  W lo = 0, hi = 0, at = 0;
  for (std::size_t i = 0; i < k.size(); ++i) {
    lo += std::min(W{k[i]} * d[i].front(), W{k[i]} * d[i].back());
    hi += std::max(W{k[i]} * d[i].front(), W{k[i]} * d[i].back());
    at += W{k[i]} * pick(r, d[i]);
  }
  const int way = r.between(0, 9);
  if (way < 5) return clamp62(at + r.between(-2, 2));
  if (way < 8) return between64(r, clamp62(lo - 3), clamp62(hi + 3));
  static const std::int64_t edges[] = {kLo, kHi, 0, 1, -1, std::int64_t{kLo} - 1, std::int64_t{kHi} + 1,
                                       2 * std::int64_t{kHi}, 2 * std::int64_t{kLo}};
  return edges[r.between(0, 8)];
}

std::string linear_text(const std::vector<std::int64_t>& k, const char* rel, std::int64_t rhs) {
  std::ostringstream text;
  for (std::size_t i = 0; i < k.size(); ++i) text << (i ? " + " : "") << k[i] << "*x" << i;
  text << " " << rel << " " << rhs;
  return text.str();
}

// 1-4 variables, each at an edge, in the middle or (now and then) 0/1.
Doms edge_terms(Rng& r) {
  Doms d;
  for (int n = r.between(1, 4); n > 0; --n) d.push_back(r.chance(15) ? zone_values(r, Zone::boolean) : edge_domain(r));
  return d;
}
// 5-9 variables at the edges with at most two candidates each (at most 512 tuples to enumerate):
// with big_coefficient(), sums past 2^63.
Doms long_terms(Rng& r) {
  const int side = r.between(0, 9);  // all at the high edge, all at the low one, or mixed
  Doms d;
  for (int n = r.between(6, 9); n > 0; --n) {
    const int k = side < 5 ? 0 : side < 8 ? 9 : r.between(0, 9);
    const Value lo = k < 4 ? kHi - 1 : k < 8 ? kLo : -1;
    d.push_back(random_domain(r, lo, lo + 1, 50));
  }
  return d;
}

// How the linear specs draw their terms: 1-4 variables with any coefficients, or long sums.
struct Terms {
  const char* what;                      // prefix of the spec's name
  Doms (*domains)(Rng&);                 // the scope's domains
  std::int64_t (*coefficient)(Rng&);     // each term's coefficient
};
const Terms kTermDraws[] = {
    {"", edge_terms, coefficient}, {"long ", long_terms, big_coefficient}, {"huge-coefficient ", edge_terms, huge_coefficient}};

// bool_lin_eq's shape: 1-4 Booleans with large coefficients, and (drawn last) the sum's variable.
Doms boolean_terms(Rng& r) {
  Doms d;
  for (int n = r.between(1, 4); n > 0; --n) d.push_back(zone_values(r, Zone::boolean, 30));
  return d;
}

// Runs the spec (bit form) and its interval form.
void check_both(const Spec& spec, int at_least = 5) {
  CAPTURE(spec.name);
  check_spec(spec, at_least);
  check_interval_form(spec, kEdgeIntervalInstances);
}

// ---- linear ----------------------------------------------------------------------------------------

const char* relation_text(csp::LinearRelation rel) {
  static const char* names[] = {"=", "<=", ">="};
  return names[static_cast<int>(rel)];
}

bool relates(csp::LinearRelation rel, csp::WideSum s, std::int64_t rhs) {
  switch (rel) {
    case csp::LinearRelation::equal: return s == rhs;
    case csp::LinearRelation::less_equal: return s <= rhs;
    case csp::LinearRelation::greater_equal: return s >= rhs;
  }
  return false;
}

// What domains() draws beyond the domains, for draw() to take up: run() calls draw() right after
// domains() for the same instance (an interval form's draw too), so the last entry is this one's.
template <class T>
using Stash = std::shared_ptr<T>;

// A linear constraint over the drawn terms with the given coefficients and right-hand side,
// promising bounds(R) (linear.hpp), or domain consistency for linear_domain within its budget.
Constraint linear_constraint(const std::vector<std::int64_t>& k, csp::LinearRelation rel, std::int64_t rhs,
                             std::function<std::unique_ptr<csp::Propagator>(const std::vector<Var>&)> make) {
  Constraint c;
  c.text = linear_text(k, relation_text(rel), rhs);
  c.post = [make](csp::Model& m, const std::vector<Var>& x) { m.post(make(x)); };
  c.meaning = [k, rel, rhs](const Tuple& t) { return relates(rel, weighted(k, t), rhs); };
  c.fixpoint = [k, rel, rhs](const Doms& now) { return bounds_r_fixpoint(k, rel, rhs, now); };
  return c;
}

// linear(k, x, rel, rhs) over edge terms with random coefficients.
Spec linear_edge_spec(std::uint64_t seed, csp::LinearRelation rel, const Terms& terms) {
  Spec s = base_spec(std::string(terms.what) + "linear(" + relation_text(rel) + ") at the edges",
                     {Promise::Kind::custom, "bounds(R)"}, seed);
  s.instances = kEdgeInstances;
  s.domains = terms.domains;
  s.draw = [rel, terms](Rng& r, const Doms& d) {
    std::vector<std::int64_t> k;
    for (std::size_t i = 0; i < d.size(); ++i) k.push_back(terms.coefficient(r));
    const std::int64_t rhs = edge_rhs(r, k, d);
    return linear_constraint(k, rel, rhs, [k, rel, rhs](const std::vector<Var>& x) { return csp::linear(k, x, rel, rhs); });
  };
  return s;
}

// bool_lin_eq's shape (bool_lin_le's with a variable): sum(k_i b_i) - c REL 0 over 1-4 Booleans with
// large coefficients, c near the sum at a random tuple of the Booleans most of the time.
Spec boolean_linear_edge_spec(std::uint64_t seed, csp::LinearRelation rel) {
  Spec s = base_spec(std::string("bool-linear(") + relation_text(rel) + ") with a sum variable at the edges",
                     {Promise::Kind::custom, "bounds(R)"}, seed);
  s.instances = kEdgeInstances;
  const Stash<std::vector<std::int64_t>> ks = std::make_shared<std::vector<std::int64_t>>();
  s.domains = [ks](Rng& r) {
    Doms d = boolean_terms(r);
    std::vector<std::int64_t> k;
    std::int64_t at = 0;
    for (const auto& b : d) {
      k.push_back(coefficient(r));
      at += k.back() * pick(r, b);
    }
    k.push_back(-1);
    *ks = k;
    d.push_back(r.chance(75) ? near(r, at) : edge_domain(r));
    return d;
  };
  s.draw = [ks, rel](Rng&, const Doms&) {
    const std::vector<std::int64_t> k = *ks;
    return linear_constraint(k, rel, 0, [k, rel](const std::vector<Var>& x) { return csp::linear(k, x, rel, 0); });
  };
  return s;
}

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

// An offset: none, small, or one that carries a value from one edge to the other (kMaxValue -
// kMinValue = 2^31 - 2 is still an int).
Value edge_offset(Rng& r) {
  static const Value offsets[] = {0, 0, 1, -1, 2, -2, kHi, kLo, kHi - 1, kLo + 1, kHi - kLo, kLo - kHi, kHi - kLo - 1};
  return offsets[r.between(0, 12)];
}

// Two variables at the edges; the second often in the zone the offset carries the first to.
Doms edge_pair(Rng& r) { return Doms{edge_domain(r), edge_domain(r)}; }

TEST_CASE("binary comparisons at the edges are domain consistent", "[bruteforce][harness][edges][binary]") {
  using Make = std::unique_ptr<csp::Propagator> (*)(Var, Var, Value);
  struct Kind {
    const char* name;
    Make make;
    csp::Comparison rel;  // x REL y + c
  };
  const Kind kinds[] = {{"x == y + c", csp::equal, csp::Comparison::equal},
                        {"x != y + c", csp::not_equal, csp::Comparison::not_equal},
                        {"x <= y + c", csp::less_equal, csp::Comparison::less_equal},
                        {"x < y + c", csp::less, csp::Comparison::less}};
  std::uint64_t seed = 2961;
  for (const Kind& kind : kinds) {
    Spec s = base_spec(std::string(kind.name) + " at the edges", kDomain, seed++);
    s.instances = kEdgeInstances;
    s.domains = edge_pair;
    s.draw = [kind](Rng& r, const Doms&) {
      const Value offset = edge_offset(r);
      Constraint c;
      c.text = std::string(kind.name) + " with c = " + std::to_string(offset);
      c.post = [kind, offset](csp::Model& m, const std::vector<Var>& x) { m.post(kind.make(x[0], x[1], offset)); };
      c.meaning = [kind, offset](const Tuple& t) { return compares(kind.rel, t[0], std::int64_t{t[1]} + offset); };
      return c;
    };
    check_both(s, kind.rel == csp::Comparison::not_equal ? 0 : 3);  // != fails only on two fixed sides
  }
}

TEST_CASE("comparisons of a variable with itself are domain consistent", "[bruteforce][harness][edges][binary]") {
  // x REL x + c (int_lt(x, x), int_le_reif(x, x, b) in FlatZinc): the two-variable propagators
  // narrowed x against itself and reported a fixpoint short of it (x < x accepted x = 2).
  using Make = std::unique_ptr<csp::Propagator> (*)(Var, Var, Value);
  const std::pair<Make, csp::Comparison> kinds[] = {{csp::equal, csp::Comparison::equal},
                                                    {csp::not_equal, csp::Comparison::not_equal},
                                                    {csp::less_equal, csp::Comparison::less_equal},
                                                    {csp::less, csp::Comparison::less}};
  std::uint64_t seed = 2981;
  for (const auto& kind : kinds) {
    const Make make = kind.first;  // not a structured binding: clang 14 cannot capture those
    const csp::Comparison rel = kind.second;
    Spec s = base_spec(std::string("x ") + comparison_text(rel) + " x + c", kDomain, seed++);
    s.instances = 500;
    s.domains = [](Rng& r) { return Doms{r.chance(50) ? zone_values(r, Zone::mid) : edge_domain(r)}; };
    s.draw = [make, rel, name = s.name](Rng& r, const Doms&) {
      const Value offset = r.between(-1, 1);
      Constraint c;
      c.text = name + " with c = " + std::to_string(offset);
      c.post = [make, offset](csp::Model& m, const std::vector<Var>& x) { m.post(make(x[0], x[0], offset)); };
      c.meaning = [rel, offset](const Tuple& t) { return compares(rel, t[0], std::int64_t{t[0]} + offset); };
      return c;
    };
    CAPTURE(s.name);
    const Report r = run(s);
    INFO(r.failure);
    CHECK(r.failure.empty());
    CHECK(r.tally.root_failed > 0);
    for (csp::Reify mode : kModes) {
      Spec b = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " x + c"), kDomain, seed++);
      b.instances = 500;
      b.domains = [](Rng& r) { return Doms{edge_domain(r), zone_values(r, Zone::boolean, 40)}; };
      b.draw = [rel, mode, name = b.name](Rng& r, const Doms&) {
        const Value offset = r.between(-1, 1);
        Constraint c;
        c.text = name + " with c = " + std::to_string(offset);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, x[0], offset, x[1], mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], std::int64_t{t[0]} + offset), t[1]); };
        return c;
      };
      CAPTURE(b.name);
      const Report rb = run(b);
      INFO(rb.failure);
      CHECK(rb.failure.empty());
    }
  }
}

TEST_CASE("reified comparisons at the edges are domain consistent", "[bruteforce][harness][edges][reified]") {
  std::uint64_t seed = 2971;
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      // x REL y + c <-> b
      Spec two = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " y + c at the edges"), kDomain,
                           seed++);
      two.instances = kEdgeInstances;
      two.domains = [](Rng& r) { return Doms{edge_domain(r), edge_domain(r), zone_values(r, Zone::boolean, 40)}; };
      two.draw = [rel, mode, name = two.name](Rng& r, const Doms&) {
        const Value offset = edge_offset(r);
        Constraint c;
        c.text = name + " with c = " + std::to_string(offset);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, x[1], offset, x[2], mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], std::int64_t{t[1]} + offset), t[2]); };
        return c;
      };
      check_both(two, rel == csp::Comparison::not_equal && mode == csp::Reify::implies ? 0 : 3);
      // x REL k <-> b
      Spec one = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " k at the edges"), kDomain,
                           seed++);
      one.instances = kEdgeInstances;
      one.domains = [](Rng& r) { return Doms{edge_domain(r), zone_values(r, Zone::boolean, 40)}; };
      one.draw = [rel, mode, name = one.name](Rng& r, const Doms& d) {
        static const Value constants[] = {kLo, kHi, 0, kLo + 1, kHi - 1};
        const Value k = r.chance(60) ? pick(r, d[0]) + r.between(-1, 1) : constants[r.between(0, 4)];
        Constraint c;
        c.text = name + " with k = " + std::to_string(k);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::compare_reified(x[0], rel, k, x[1], mode)); };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], k), t[1]); };
        return c;
      };
      check_both(one, 3);
    }
  }
}

TEST_CASE("set membership and its reification at the edges are domain consistent",
          "[bruteforce][harness][edges][reified]") {
  std::uint64_t seed = 2991;
  for (int form = 0; form < 3; ++form) {  // member, member_reified <->, member_reified ->
    const csp::Reify mode = form == 2 ? csp::Reify::implies : csp::Reify::equivalent;
    Spec s = base_spec(form == 0 ? "x in S at the edges" : reified_name(mode, "x in S at the edges"), kDomain, seed++);
    s.instances = kEdgeInstances;
    s.domains = [form](Rng& r) {
      Doms d{edge_domain(r)};
      if (form > 0) d.push_back(zone_values(r, Zone::boolean, 40));
      return d;
    };
    s.draw = [form, mode, name = s.name](Rng& r, const Doms& d) {
      csp::Ranges set;  // 0-3 ranges at the edges, possibly empty, reaching to the ends of int
      for (int k = r.between(0, 3); k > 0; --k) {
        const int way = r.between(0, 4);
        if (way == 0) {
          set.emplace_back(INT32_MIN, pick(r, d[0]) + r.between(-1, 1));
        } else if (way == 1) {
          set.emplace_back(pick(r, d[0]) + r.between(-1, 1), INT32_MAX);
        } else {
          const Value lo = pick(r, zone_values(r, edge_zone(r), 100));
          set.emplace_back(lo, lo + r.between(-1, 3));
        }
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
      c.post = [=](csp::Model& m, const std::vector<Var>& x) {
        m.post(form == 0 ? csp::member(x[0], set) : csp::member_reified(x[0], set, x[1], mode));
      };
      c.meaning = [=](const Tuple& t) { return form == 0 ? in(t[0]) : reified(mode, in(t[0]), t[1]); };
      return c;
    };
    check_both(s, form == 0 ? 0 : 3);
  }
}

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

// ---- element, extremum, bool2int ---------------------------------------------------------------------

TEST_CASE("element over a constant array with values at the edges is domain consistent",
          "[bruteforce][harness][edges][element]") {
  Spec s = base_spec("z = a[x] with a at the edges", kDomain, 3101);
  s.instances = kEdgeInstances;
  // The array is drawn with the domains (z near one of its values) and stashed for draw().
  const Stash<std::vector<Value>> array = std::make_shared<std::vector<Value>>();
  s.domains = [array](Rng& r) {
    const int n = r.between(1, 5);
    std::vector<Value>& a = *array;
    a.clear();
    for (int i = 0; i < n; ++i) a.push_back(pick(r, zone_values(r, any_zone(r), 100)));
    // Most of the time a solution: x holds some j (1-based) and z holds a[j], among neighbours.
    const Value j = r.between(1, n);
    const bool hit = r.chance(70);
    const Value lo = hit ? j - r.between(0, 2) : r.between(-1, n);
    Doms d{random_domain(r, lo, lo + r.between(0, 3), 20), near(r, a[static_cast<std::size_t>(j - 1)])};
    if (!hit) d[1] = r.chance(50) ? d[1] : zone_values(r, any_zone(r));
    for (std::size_t i = 0; hit && i < 2; ++i) {  // put j into x, a[j] into z
      const Value v = i == 0 ? j : a[static_cast<std::size_t>(j - 1)];
      if (!std::binary_search(d[i].begin(), d[i].end(), v)) d[i].insert(std::upper_bound(d[i].begin(), d[i].end(), v), v);
    }
    return d;
  };
  s.draw = [array](Rng&, const Doms&) {
    const std::vector<Value> a = *array;
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
  check_both(s, 3);
}

TEST_CASE("element over variables at the edges is domain consistent", "[bruteforce][harness][edges][element]") {
  // The scope is x, z, a[1..n] with n = 1..3; z near one of the a[i].
  Spec s = base_spec("z = a[x] over variables at the edges", kDomain, 3111);
  s.instances = kEdgeInstances;
  s.domains = [](Rng& r) {
    const int n = r.between(1, 3);
    const Value j = r.between(1, n);  // z near a candidate of a[j], and x's window often holds j
    const Value lo = r.chance(75) ? j - r.between(0, 2) : r.between(-1, n);
    Doms d{random_domain(r, lo, lo + r.between(0, 3), 20)};
    Doms a;
    for (int i = 0; i < n; ++i) a.push_back(zone_values(r, any_zone(r)));
    d.push_back(r.chance(75) ? near(r, pick(r, a[static_cast<std::size_t>(j - 1)])) : edge_domain(r));
    d.insert(d.end(), a.begin(), a.end());
    return d;
  };
  s.draw = [](Rng&, const Doms&) {
    Constraint c;
    c.text = "z = a[x] over variables";
    c.post = [](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::element(x[0], std::vector<Var>(x.begin() + 2, x.end()), x[1]));
    };
    c.meaning = [](const Tuple& t) {
      const Value n = static_cast<Value>(t.size()) - 2;
      return t[0] >= 1 && t[0] <= n && t[static_cast<std::size_t>(t[0]) + 1] == t[1];
    };
    return c;
  };
  check_both(s, 3);
}

TEST_CASE("element over variables with a variable in two roles is sound", "[bruteforce][harness][edges][element]") {
  // The scope x0..x3 posted as element(index, array, result) with repeats: the result among the
  // array, the index among it, index = result. Soundness, idempotence, complete assignments.
  struct Shape {
    const char* text;
    std::size_t index, result;
    std::vector<std::size_t> array;
  };
  const Shape shapes[] = {{"a[x] = x", 0, 0, {1, 2, 3}},       {"[x1, x3, x2][x0] = x1", 0, 1, {1, 3, 2}},
                          {"[x2, x0, x3][x0] = x1", 0, 1, {2, 0, 3}}, {"[x2, x2, x3][x0] = x1", 0, 1, {2, 2, 3}},
                          {"[x1, x0][x0] = x0", 0, 0, {1, 0}}};
  std::uint64_t seed = 3141;
  for (const Shape& shape : shapes) {
    Spec s = base_spec(std::string("element ") + shape.text, {Promise::Kind::sound, "soundness"}, seed++);
    s.instances = 1500;
    s.domains = [](Rng& r) {
      Doms d;
      for (int i = 0; i < 4; ++i) d.push_back(random_domain(r, -1, 3, 20));
      if (r.chance(30)) d[3] = zone_values(r, edge_zone(r));  // one array entry at an edge
      return d;
    };
    s.draw = [shape](Rng&, const Doms&) {
      Constraint c;
      c.text = shape.text;
      c.post = [shape](csp::Model& m, const std::vector<Var>& x) {
        std::vector<Var> array;
        for (std::size_t k : shape.array) array.push_back(x[k]);
        m.post(csp::element(x[shape.index], array, x[shape.result]));
      };
      c.meaning = [shape](const Tuple& t) {
        const Value i = t[shape.index];
        return i >= 1 && i <= static_cast<Value>(shape.array.size()) &&
               t[shape.array[static_cast<std::size_t>(i - 1)]] == t[shape.result];
      };
      return c;
    };
    CAPTURE(s.name);
    const Report r = run(s);
    INFO(r.failure);
    CHECK(r.failure.empty());
  }
}

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

// ---- unbounded variables ------------------------------------------------------------------------------

// Searches `model` with every variable order (values ascending) and with every value order
// but lcv (variables by mrv), mac and the solver's own check of every solution on (it throws when a
// propagator accepted a violating assignment), takes up to `most` solutions of each search and
// checks each against `meaning` (over the variables in id order). Returns how many it checked.
int check_solutions(const csp::Model& model, const std::function<bool(std::span<const Value>)>& meaning, int most = 10) {
  int checked = 0;
  auto search = [&](const std::string& order, const std::string& values) {
    CAPTURE(order, values);
    csp::SearchOptions options;
    options.order = csp::order::by_name(order);
    options.values = csp::values::by_name(values, 7);
    options.limits.nodes = 20000;
    csp::Solver solver(model, options);
    int seen = 0;
    REQUIRE_NOTHROW(solver.for_each_solution(model.initial_domains(), [&](std::span<const Value> v) {
      std::ostringstream s;
      for (Value x : v) s << x << " ";
      INFO("solution " << s.str());
      CHECK(meaning(v));
      ++checked;
      return ++seen < most;
    }));
    CHECK(seen > 0);
  };
  for (const std::string_view order : csp::order::names()) search(std::string(order), "min");
  // lcv lists and probes every candidate (no lazy form): not for a domain of 2^31 - 1 values
  for (const std::string_view values : csp::values::names())
    if (values != "lcv") search("mrv", std::string(values));
  return checked;
}

// The exact solution count of a complete search (which must finish within a node limit).
std::uint64_t count(const csp::Model& model) {
  csp::SearchOptions options;
  options.limits.nodes = 200000;
  csp::Solver solver(model, options);
  const csp::SearchResult r = solver.count(model.initial_domains());
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  return r.stats.solutions;
}

TEST_CASE("x != y over two unbounded variables (MiniZinc bug212)", "[edges][unbounded]") {
  for (int form = 0; form < 2; ++form) {  // int_ne: not_equal(); int_lin_ne: linear_not_equal()
    CAPTURE(form);
    csp::Model model;
    const Var x = model.add_var(kLo, kHi), y = model.add_var(kLo, kHi);
    model.post(form == 0 ? csp::not_equal(x, y) : csp::linear_not_equal({1, -1}, {x, y}, 0));
    CHECK(check_solutions(model, [](std::span<const Value> v) { return v[0] != v[1]; }) > 0);
  }
}

TEST_CASE("MiniZinc bug222: -x1 - x2 - x3 <= -1 over three unbounded variables", "[edges][unbounded]") {
  csp::Model model;
  const Var x1 = model.add_var(kLo, kHi), x2 = model.add_var(kLo, kHi), x3 = model.add_var(kLo, kHi);
  model.post(csp::linear({-1, -1, -1}, {x1, x2, x3}, csp::LinearRelation::less_equal, -1));
  CHECK(check_solutions(model, [](std::span<const Value> v) {
          return -std::int64_t{v[0]} - v[1] - v[2] <= -1;
        }) > 0);
  // x1 = x2 = kMinValue leaves x3 >= 1 + 2 (2^30 - 1), past kMaxValue: no solution.
  csp::Domains d = model.initial_domains();
  d.assign(x1, kLo);
  d.assign(x2, kLo);
  CHECK_FALSE(propagate(model, d).ok);
  // x1 = kMinValue, x2 = kMaxValue: x3 >= 1.
  d = model.initial_domains();
  d.assign(x1, kLo);
  d.assign(x2, kHi);
  const Outcome got = propagate(model, d);
  REQUIRE(got.ok);
  CHECK(got.domains.min(x3) == 1);
  CHECK(got.domains.max(x3) == kHi);
}

TEST_CASE("linear, reified linear and reified comparisons over unbounded variables find only solutions",
          "[edges][unbounded]") {
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      CAPTURE(comparison_text(rel), mode == csp::Reify::equivalent);
      {
        csp::Model model;
        const Var x = model.add_var(kLo, kHi), y = model.add_var(kLo, kHi), z = model.add_var(kLo, kHi);
        const Var b = model.add_var(0, 1);
        const std::vector<std::int64_t> k{1, -1, 2};
        model.post(csp::linear_reified(k, {x, y, z}, rel, -1, b, mode));
        check_solutions(model, [&](std::span<const Value> v) {
          return reified(mode, compares(rel, v[0] - std::int64_t{v[1]} + 2 * std::int64_t{v[2]}, -1), v[3]);
        });
      }
      {
        csp::Model model;
        const Var x = model.add_var(kLo, kHi), y = model.add_var(kLo, kHi), b = model.add_var(0, 1);
        model.post(csp::compare_reified(x, rel, y, 0, b, mode));
        check_solutions(model, [&](std::span<const Value> v) { return reified(mode, compares(rel, v[0], v[1]), v[2]); });
      }
    }
  }
  for (auto rel : {csp::LinearRelation::equal, csp::LinearRelation::less_equal, csp::LinearRelation::greater_equal}) {
    CAPTURE(relation_text(rel));
    csp::Model model;
    const Var x = model.add_var(kLo, kHi), y = model.add_var(kLo, kHi), z = model.add_var(kLo, kHi);
    model.post(csp::linear({3, -2, 1}, {x, y, z}, rel, 7));
    check_solutions(model, [&](std::span<const Value> v) {
      return relates(rel, 3 * std::int64_t{v[0]} - 2 * std::int64_t{v[1]} + v[2], 7);
    });
  }
}

TEST_CASE("functional constraints over unbounded variables count exactly their solutions", "[edges][unbounded]") {
  SECTION("int_plus: x + y = z, x in {max-1, max}, y unbounded, z in {max-2..max}") {
    csp::Model model;
    const Var x = model.add_var(kHi - 1, kHi), y = model.add_var(kLo, kHi), z = model.add_var(kHi - 2, kHi);
    model.post(csp::linear({1, 1, -1}, {x, y, z}, csp::LinearRelation::equal, 0));
    CHECK(count(model) == 6);  // y = z - x for each of the 2 x 3 pairs
  }
  SECTION("int_minus: x - y = z with x at the low edge, y unbounded, z in {min..min+4}") {
    csp::Model model;
    const Var x = model.add_var(kLo, kLo + 1), y = model.add_var(kLo, kHi), z = model.add_var(kLo, kLo + 4);
    model.post(csp::linear({1, -1, -1}, {x, y, z}, csp::LinearRelation::equal, 0));
    CHECK(count(model) == 10);  // y = x - z in [-4, 1]
  }
  SECTION("times: z = x * y, x unbounded, y in -2..2, z in {max-4..max}") {
    csp::Model model;
    const Var x = model.add_var(kLo, kHi), y = model.add_var(-2, 2), z = model.add_var(kHi - 4, kHi);
    model.post(csp::times(x, y, z));
    CHECK(count(model) == 14);  // y = +-1: 5 each; y = +-2: the 2 even z each; y = 0: none
  }
  SECTION("div: z = x div y, x unbounded, y in {max-4..max}, z in {-1, 1}") {
    csp::Model model;
    const Var x = model.add_var(kLo, kHi), y = model.add_var(kHi - 4, kHi), z = model.add_var(std::vector<Value>{-1, 1});
    model.post(csp::divide(x, y, z));
    CHECK(count(model) == 30);  // z = 1: x in [y, kHi], 5 + 4 + 3 + 2 + 1; z = -1: its mirror
  }
  SECTION("abs: z = |x|, x unbounded, z in {max-1, max}") {
    csp::Model model;
    const Var x = model.add_var(kLo, kHi), z = model.add_var(kHi - 1, kHi);
    model.post(csp::absolute(x, z));
    CHECK(count(model) == 4);
  }
  SECTION("min and max: z = min(x, y), x unbounded, y at the high edge, z at the low edge") {
    for (const bool is_min : {true, false}) {
      csp::Model model;
      const Var x = model.add_var(kLo, kHi);
      const Var y = is_min ? model.add_var(kHi - 2, kHi) : model.add_var(kLo, kLo + 2);
      const Var z = is_min ? model.add_var(kLo, kLo + 3) : model.add_var(kHi - 3, kHi);
      model.post(is_min ? csp::minimum(x, y, z) : csp::maximum(x, y, z));
      CHECK(count(model) == 12);  // x = z, y anything
      csp::Model arrays;
      const Var a = arrays.add_var(kLo, kHi);
      const Var b = is_min ? arrays.add_var(kHi - 2, kHi) : arrays.add_var(kLo, kLo + 2);
      const Var m = is_min ? arrays.add_var(kLo, kLo + 3) : arrays.add_var(kHi - 3, kHi);
      arrays.post(is_min ? csp::array_min({a, b}, m) : csp::array_max({a, b}, m));
      CHECK(count(arrays) == 12);
    }
  }
  SECTION("element: z = a[x] with z unbounded and the array at the edges") {
    csp::Model model;
    const Var x = model.add_var(0, 6), z = model.add_var(kLo, kHi);
    model.post(csp::element(x, std::vector<Value>{kLo, kHi, 0, kHi, kLo + 1}, z));
    CHECK(count(model) == 5);  // x in 1..5
  }
  SECTION("linear: 2^30 x + y = rhs with x in -1..1 and y unbounded") {
    csp::Model model;
    const Var x = model.add_var(-1, 1), y = model.add_var(kLo, kHi);
    model.post(csp::linear({std::int64_t{1} << 30, 1}, {x, y}, csp::LinearRelation::equal, 5));
    CHECK(count(model) == 2);  // x = 0, y = 5; x = 1, y = 5 - 2^30 = kMinValue + 4 (x = -1: y past kMaxValue)
  }
}

}  // namespace

// ---- regressions ------------------------------------------------------------------------------------

namespace {

TEST_CASE("mrv decides a variable with 2^31 - 1 candidates", "[edges][regression]") {
  // An unbounded variable's size is INT_MAX exactly, which mrv's sentinel never beat: it picked
  // no variable, search took the unfixed x and y for fixed at their least values, and the solution
  // check caught x = y (MiniZinc's bug212; bug222's -x1 - x2 - x3 <= -1 the same way).
  csp::Model model;
  const Var x = model.add_var(kLo, kHi), y = model.add_var(kLo, kHi);
  model.post(csp::not_equal(x, y));
  const auto mrv = csp::order::mrv()(model);
  CHECK(mrv->select(model.initial_domains()) == x);
  csp::Solver solver(model);
  csp::SearchResult r;
  REQUIRE_NOTHROW(r = solver.solve());
  REQUIRE(r.found());
  CHECK(r.solution[0] != r.solution[1]);
}

TEST_CASE("x <= y + c and x < y + c with c carrying one edge to the other do not overflow", "[edges][regression]") {
  // min x - c for x = kMinValue + 2 and c = 2^31 - 3 wrapped to a large positive bound and emptied y.
  for (const bool strict : {false, true}) {
    CAPTURE(strict);
    csp::Model model;
    const Var x = model.add_var(kLo + 2, kLo + 2), y = model.add_var(-2, 2);
    const Value c = kHi - kLo - 1;
    model.post(strict ? csp::less(x, y, c) : csp::less_equal(x, y, c));
    const Outcome got = propagate(model, model.initial_domains());
    REQUIRE(got.ok);
    CHECK(got.domains.values(y) == std::vector<Value>{-2, -1, 0, 1, 2});
    // and the other way: y's bound plus a negative c below int's least
    csp::Model back;
    const Var a = back.add_var(kLo, kLo + 4), b = back.add_var(kLo, kLo + 1);
    back.post(strict ? csp::less(a, b, kLo - kHi) : csp::less_equal(a, b, kLo - kHi));
    CHECK_FALSE(propagate(back, back.initial_domains()).ok);  // a <= b - (2^31 - 2): below the range
  }
}

TEST_CASE("x == y + c and x != y + c with c past the range compute y + c in 64 bits", "[edges][regression]") {
  // y + c outside int (formerly undefined behaviour that happened to wrap past the range)
  csp::Model model;
  const Var x = model.add_var(kHi - 1, kHi), y = model.add_var(std::vector<Value>{kLo, kLo + 1, kHi});
  model.post(csp::equal(x, y, kHi - kLo));  // x = y + 2^31 - 2: y = kLo with x = kHi, nothing else
  const Outcome got = propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{kHi});
  CHECK(got.domains.values(y) == std::vector<Value>{kLo});
  csp::Model ne;
  const Var a = ne.add_var(kLo, kLo), b = ne.add_var(kHi - 1, kHi);
  ne.post(csp::not_equal(a, b, kLo - kHi));  // a != b - (2^31 - 2): b = kHi is out
  const Outcome cut = propagate(ne, ne.initial_domains());
  REQUIRE(cut.ok);
  CHECK(cut.domains.values(b) == std::vector<Value>{kHi - 1});
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

TEST_CASE("element over constants with the index as the result keeps the fixed points", "[edges][regression]") {
  // array_int_element(x, [2, 3, -5], x): a[x] = x has no solution; the pair propagator narrowed x
  // as index and as value apart and accepted x = 2 (a[2] = 3).
  csp::Model none;
  const Var x = none.add_var(0, 3);
  none.post(csp::element(x, std::vector<Value>{2, 3, -5}, x));
  CHECK_FALSE(propagate(none, none.initial_domains()).ok);
  csp::Model some;
  const Var y = some.add_var(kLo, kHi);
  some.post(csp::element(y, std::vector<Value>{1, kHi, 3, 0}, y));
  CHECK(count(some) == 2);  // y = 1, y = 3
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

TEST_CASE("element with an unbounded index keeps the array's positions", "[edges][regression]") {
  csp::Model model;
  const Var x = model.add_var(kLo, kHi), z = model.add_var(kLo, kHi);
  model.post(csp::element(x, std::vector<Value>{kLo, kHi, 0, kHi, kLo + 1}, z));
  const Outcome got = propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.min(x) == 1);
  CHECK(got.domains.max(x) == 5);
  CHECK(count(model) == 5);
  csp::Model m2;
  const Var i = m2.add_var(kLo, kHi), w = m2.add_var(kLo, kHi);
  std::vector<Var> a{m2.add_var(kHi - 1, kHi), m2.add_var(kLo, kLo + 1)};
  m2.post(csp::element(i, a, w));
  CHECK(count(m2) == 8);
}

}  // namespace
