// count.hpp's count_eq, among and global_cardinality with the propagator harness.
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
#include "csp/constraints/count.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace count_specs {

using namespace global_draws;

// ---- count_eq, among, global_cardinality ---------------------------------------------------------

long occurrences(const Tuple& t, std::size_t from, std::size_t to, Value v) {
  return std::count(t.begin() + static_cast<long>(from), t.begin() + static_cast<long>(to), v);
}

Spec count_eq_spec() {
  Spec s = base_spec("count_eq(x, y, c)", kDomain, 1811);
  s.domains = [](Rng& r) {
    Doms d = draw_vars(r, r.between(1, 4), 0, 3, 25);
    d.push_back(random_domain(r, 0, 3, 30));   // y
    d.push_back(random_domain(r, -1, 4, 20));  // c
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const std::size_t n = d.size() - 2;
    Constraint c;
    c.text = "count_eq over " + std::to_string(n);
    c.post = [n](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::count_eq(std::vector<Var>(x.begin(), x.begin() + static_cast<long>(n)), x[n], x[n + 1]));
    };
    c.meaning = [n](const Tuple& t) { return occurrences(t, 0, n, t[n]) == t[n + 1]; };
    return c;
  };
  return s;
}

TEST_CASE("count_eq is domain consistent", "[bruteforce][harness][globals][count]") {
  check_spec(count_eq_spec());
  check_spec(spread(count_eq_spec(), 0, 1), 10);  // x and y wide, the count c not
}

TEST_CASE("count_eq with a y of more than kCountValues candidates is sound on bounds", "[bruteforce][harness][globals][count]") {
  Spec s = count_eq_spec();
  s.name = "count_eq(x, y, c) with a wide y";
  s.promise = {Promise::Kind::sound, "soundness (bounds of c and y)"};
  s.seed = 1815;
  s.instances = 1500;
  s.domains = [](Rng& r) {  // y over kCountValues + 1..8 values, some of them the x's
    Doms d = draw_vars(r, r.between(1, 3), 0, 3, 25);
    const Value from = r.between(-2 - csp::kCountValues, 2);
    std::vector<Value> y;
    for (Value v = from; v <= from + csp::kCountValues + r.between(0, 7); ++v) y.push_back(v);
    d.push_back(y);
    d.push_back(random_domain(r, -1, 4, 20));  // c
    return d;
  };
  const Tally t = check_spec(s, 10);
  CHECK(t.pruned > 0);
}

TEST_CASE("count_eq with a y of more than kCountValues candidates cuts bounds, then counts once y is narrow",
          "[harness][globals][count]") {
  csp::Model m;
  const std::vector<Var> x = m.add_vars(3, 0, csp::kCountValues + 10);
  const Var y = m.add_var(0, csp::kCountValues + 10), c = m.add_var(0, 3);
  m.post(csp::count_eq(x, y, c));
  const harness::Outcome root = harness::propagate(m, m.initial_domains());
  REQUIRE(root.ok);
  CHECK(root.domains.size(y) == csp::kCountValues + 11);  // nothing counted yet
  csp::Domains d = m.initial_domains();
  for (Var v : x) d.assign(v, 7);
  csp::Domains wide_c = d;
  wide_c.remove_below(c, 1);
  const harness::Outcome cut = harness::propagate(m, wide_c);  // c >= 1: y within the x's hull, 7
  REQUIRE(cut.ok);
  CHECK(cut.domains.fixed(y));
  CHECK(cut.domains.value(c) == 3);
  d.assign(c, 2);
  CHECK_FALSE(harness::propagate(m, d).ok);  // y can only be 7, and there are three 7s, not two
  csp::Domains none = m.initial_domains();
  for (Var v : x) none.remove_below(v, csp::kCountValues + 10);
  none.remove_above(y, csp::kCountValues + 9);
  const harness::Outcome zero = harness::propagate(m, none);  // no x meets y: c = 0
  REQUIRE(zero.ok);
  CHECK(zero.domains.value(c) == 0);
  csp::Domains e = m.initial_domains();
  e.assign(x[0], 7);
  e.assign(y, 7);
  e.assign(c, 1);
  const harness::Outcome fixed_y = harness::propagate(m, e);
  REQUIRE(fixed_y.ok);  // y fixed: the others may not be 7
  CHECK_FALSE(fixed_y.domains.contains(x[1], 7));
  CHECK_FALSE(fixed_y.domains.contains(x[2], 7));
}

Spec among_spec() {
  Spec s = base_spec("among(n, x, S)", kDomain, 1812);
  s.domains = [](Rng& r) {
    Doms d{random_domain(r, -1, 4, 20)};  // n
    for (auto& x : draw_vars(r, r.between(1, 4), 0, 4, 25)) d.push_back(x);
    return d;
  };
  s.draw = [](Rng& r, const Doms&) {
    std::vector<Value> set;
    for (Value v = -1; v <= 5; ++v)
      if (r.chance(40)) set.push_back(v);
    Constraint c;
    c.text = "among S = " + list(set);
    c.post = [set](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::among(x[0], std::vector<Var>(x.begin() + 1, x.end()), set));
    };
    c.meaning = [set](const Tuple& t) {
      long k = 0;
      for (std::size_t i = 1; i < t.size(); ++i) k += std::find(set.begin(), set.end(), t[i]) != set.end();
      return k == t[0];
    };
    return c;
  };
  return s;
}

TEST_CASE("among is domain consistent", "[bruteforce][harness][globals][count]") { check_spec(among_spec()); }

// global_cardinality over 1-4 x's and a cover of m distinct values, with m count variables last in
// the scope (`vars`) or constant bounds, closed or not.
Spec cardinality_spec(std::uint64_t seed, std::size_t m, bool vars, bool closed) {
  Spec s = base_spec(std::string("global_cardinality") + (vars ? "" : "_low_up") + (closed ? "_closed" : "") + " m=" +
                         std::to_string(m),
                     {Promise::Kind::custom, "each cover value's count domain consistent"}, seed);
  s.instances = 2000;
  // Closed: x over [0, m - 1] and the cover from [0, m], so that x often lies within it already.
  const Value top = closed ? static_cast<Value>(m) : 4;
  s.domains = [m, vars, top](Rng& r) {
    Doms d = draw_vars(r, r.between(1, 4), 0, std::min<Value>(top - 1, 3), 20);
    if (vars)
      for (std::size_t j = 0; j < m; ++j) d.push_back(random_domain(r, 0, 3, 10));
    return d;
  };
  s.draw = [m, vars, closed, top](Rng& r, const Doms& d) {
    std::vector<Value> cover, low, up;
    while (cover.size() < m) {
      const Value v = r.between(0, top);
      if (std::find(cover.begin(), cover.end(), v) == cover.end()) cover.push_back(v);
    }
    for (std::size_t j = 0; j < m && !vars; ++j) {
      low.push_back(r.between(0, 2));
      up.push_back(low.back() + (r.chance(10) ? -1 : r.between(0, 2)));
    }
    const std::size_t n = d.size() - (vars ? m : 0);
    Constraint c;
    c.text = "cover " + list(cover) + (vars ? "" : " low " + list(low) + " up " + list(up));
    c.post = [=](csp::Model& mod, const std::vector<Var>& x) {
      const std::vector<Var> xs(x.begin(), x.begin() + static_cast<long>(n));
      if (vars)
        mod.post(csp::global_cardinality(xs, cover, std::vector<Var>(x.begin() + static_cast<long>(n), x.end()), closed));
      else
        mod.post(csp::global_cardinality(xs, cover, low, up, closed));
    };
    // cover[j]'s count k over the tuple's first n values is right (the count variable, if any, at `at`).
    auto count_ok = [=](std::size_t j, long k, const Tuple& t, std::size_t at) {
      return vars ? k == t[at] : (low[j] <= k && k <= up[j]);
    };
    auto in_cover = [cover](Value a) { return std::find(cover.begin(), cover.end(), a) != cover.end(); };
    c.meaning = [=](const Tuple& t) {
      for (std::size_t j = 0; j < m; ++j)
        if (!count_ok(j, occurrences(t, 0, n, cover[j]), t, n + j)) return false;
      for (std::size_t i = 0; i < n; ++i)
        if (closed && !in_cover(t[i])) return false;
      return true;
    };
    // The pieces: per cover value its count over x (and its count variable); per x, closedness.
    std::vector<Piece> pieces;
    for (std::size_t j = 0; j < m; ++j) {
      Piece p;
      for (std::size_t i = 0; i < n; ++i) p.at.push_back(i);
      if (vars) p.at.push_back(n + j);
      p.meaning = [=](const Tuple& t) { return count_ok(j, occurrences(t, 0, n, cover[j]), t, n); };
      pieces.push_back(p);
    }
    if (closed)
      for (std::size_t i = 0; i < n; ++i) pieces.push_back({{i}, [in_cover](const Tuple& t) { return in_cover(t[0]); }});
    c.fixpoint = [pieces](const Doms& now) { return pieces_fixpoint(pieces, now); };
    return c;
  };
  return s;
}

TEST_CASE("global_cardinality keeps each cover value's count domain consistent",
          "[bruteforce][harness][globals][count]") {
  std::uint64_t seed = 1813;
  for (bool vars : {true, false})
    for (bool closed : {false, true}) {
      const Spec s = cardinality_spec(seed++, vars ? 2 : 3, vars, closed);
      CAPTURE(s.name);
      check_spec(s, 10);
    }
}

}  // namespace count_specs
