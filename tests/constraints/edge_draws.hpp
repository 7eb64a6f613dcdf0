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
// Then one small regression test per bug these found, named after what it guards, in the file of
// the constraint it guards. This header holds what those tests share: the zones, coefficients and
// right-hand sides reaching across the range, the linear constraints over such terms, and an exact
// solution count; the tests are in tests/constraints/<family>.cpp, namespace <family>_edges
// (and unbounded.cpp). See tests/constraints/README.md.
#pragma once

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

namespace edge_draws {

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
inline std::vector<Value> zone_values(Rng& r, Zone z, int singleton = 20) {
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
inline Zone edge_zone(Rng& r) {
  const int k = r.between(0, 9);
  return k < 4 ? Zone::low : k < 8 ? Zone::high : Zone::mid;
}
// Any of the zones but {0, 1}.
inline Zone any_zone(Rng& r) {
  const int k = r.between(0, 9);
  return k < 3 ? Zone::low : k < 6 ? Zone::high : k < 8 ? Zone::mid : Zone::root;
}
inline std::vector<Value> edge_domain(Rng& r) { return zone_values(r, edge_zone(r)); }

inline Value pick(Rng& r, const std::vector<Value>& v) {
  return v[static_cast<std::size_t>(r.between(0, static_cast<int>(v.size()) - 1))];
}

// A uniform number in [lo, hi], both within +-2^62.
inline std::int64_t between64(Rng& r, std::int64_t lo, std::int64_t hi) {
  // In unsigned arithmetic: hi - lo reaches 2^63, past int64 (UBSan's signed-overflow report).
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r.g() % span);
}
// v clamped to [-2^62, 2^62]: a right-hand side is an int64.
inline std::int64_t clamp62(csp::WideSum v) {
  const csp::WideSum limit = csp::WideSum{1} << 62;
  return static_cast<std::int64_t>(v < -limit ? -limit : v > limit ? limit : v);
}

// Candidates near v, for a variable that should meet a result: a random subset of [v - 2, v + 2]
// within the range (an edge domain when v is outside it).
inline std::vector<Value> near(Rng& r, std::int64_t v) {
  const std::int64_t lo = std::max<std::int64_t>(v - 2, kLo), hi = std::min<std::int64_t>(v + 2, kHi);
  if (lo > hi) return edge_domain(r);
  return random_domain(r, static_cast<Value>(lo), static_cast<Value>(hi), 25);
}

// A coefficient: small, or large enough that one term alone leaves int32 (linear() takes up to 2^30).
inline std::int64_t coefficient(Rng& r) {
  static const std::int64_t ks[] = {1,      -1,      1,       -1,   2,   -2,   3,  -3, 1000, -1000, 1 << 20,
                                    -(1 << 20), kHi, -kHi, std::int64_t{1} << 30, -(std::int64_t{1} << 30)};
  return ks[r.between(0, 15)];
}
// Coefficients past what 64-bit terms allow (2^31 + 1, 2^40, 2^62, the int64 extremes), and small
// ones beside them.
inline std::int64_t huge_coefficient(Rng& r) {
  static const std::int64_t ks[] = {(std::int64_t{1} << 31) + 1,       -(std::int64_t{1} << 40),
                                    std::int64_t{1} << 62,             std::numeric_limits<std::int64_t>::max(),
                                    std::numeric_limits<std::int64_t>::min(), 1, -1, 3};
  return ks[r.between(0, 7)];
}
// Mostly the largest positive coefficients: nine such terms at one edge pass 2^63.
inline std::int64_t big_coefficient(Rng& r) {
  static const std::int64_t ks[] = {kHi, std::int64_t{1} << 30, kHi, std::int64_t{1} << 30, -kHi, 1};
  return ks[r.between(0, 5)];
}


// A right-hand side: the sum at a random tuple of d moved by -2..2 (half the time: solutions
// exist), anywhere from a little below the least sum to a little above the greatest, or a
// constant at an edge of the range or past it.
inline std::int64_t edge_rhs(Rng& r, const std::vector<std::int64_t>& k, const Doms& d) {
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


// 1-4 variables, each at an edge, in the middle or (now and then) 0/1.
inline Doms edge_terms(Rng& r) {
  Doms d;
  for (int n = r.between(1, 4); n > 0; --n) d.push_back(r.chance(15) ? zone_values(r, Zone::boolean) : edge_domain(r));
  return d;
}
// 5-9 variables at the edges with at most two candidates each (at most 512 tuples to enumerate):
// with big_coefficient(), sums past 2^63.
inline Doms long_terms(Rng& r) {
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
inline const Terms kTermDraws[] = {
    {"", edge_terms, coefficient}, {"long ", long_terms, big_coefficient}, {"huge-coefficient ", edge_terms, huge_coefficient}};

// bool_lin_eq's shape: 1-4 Booleans with large coefficients, and (drawn last) the sum's variable.
inline Doms boolean_terms(Rng& r) {
  Doms d;
  for (int n = r.between(1, 4); n > 0; --n) d.push_back(zone_values(r, Zone::boolean, 30));
  return d;
}

// Runs the spec (bit form) and its interval form.
inline void check_both(const Spec& spec, int at_least = 5) {
  CAPTURE(spec.name);
  check_spec(spec, at_least);
  check_interval_form(spec, kEdgeIntervalInstances);
}

// ---- linear ----------------------------------------------------------------------------------------

inline const char* relation_text(csp::LinearRelation rel) {
  static const char* names[] = {"=", "<=", ">="};
  return names[static_cast<int>(rel)];
}

inline bool relates(csp::LinearRelation rel, csp::WideSum s, std::int64_t rhs) {
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
inline Constraint linear_constraint(const std::vector<std::int64_t>& k, csp::LinearRelation rel, std::int64_t rhs,
                             std::function<std::unique_ptr<csp::Propagator>(const std::vector<Var>&)> make) {
  Constraint c;
  c.text = linear_text(k, relation_text(rel), rhs);
  c.post = [make](csp::Model& m, const std::vector<Var>& x) { m.post(make(x)); };
  c.meaning = [k, rel, rhs](const Tuple& t) { return relates(rel, weighted(k, t), rhs); };
  c.fixpoint = [k, rel, rhs](const Doms& now) { return bounds_r_fixpoint(k, rel, rhs, now); };
  return c;
}

// linear(k, x, rel, rhs) over edge terms with random coefficients.
inline Spec linear_edge_spec(std::uint64_t seed, csp::LinearRelation rel, const Terms& terms) {
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
inline Spec boolean_linear_edge_spec(std::uint64_t seed, csp::LinearRelation rel) {
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

// An offset: none, small, or one that carries a value from one edge to the other (kMaxValue -
// kMinValue = 2^31 - 2 is still an int).
inline Value edge_offset(Rng& r) {
  static const Value offsets[] = {0, 0, 1, -1, 2, -2, kHi, kLo, kHi - 1, kLo + 1, kHi - kLo, kLo - kHi, kHi - kLo - 1};
  return offsets[r.between(0, 12)];
}

// The exact solution count of a complete search (which must finish within a node limit).
inline std::uint64_t count(const csp::Model& model) {
  csp::SearchOptions options;
  options.limits.nodes = 200000;
  csp::Solver solver(model, options);
  const csp::SearchResult r = solver.count(model.initial_domains());
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  return r.stats.solutions;
}

}  // namespace edge_draws
