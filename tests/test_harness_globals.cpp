// The native global constraints (table.hpp, count.hpp, inverse.hpp, circuit.hpp, lex.hpp,
// regular.hpp, cumulative.hpp, disjunctive.hpp) registered with the propagator harness with the promise each
// header states. Every meaning is written here from MiniZinc's definition of the global, not from
// the library; the custom fixpoints (global_cardinality's per-value counts, inverse's pairwise
// channelling) are the fixpoint of the generalised arc consistency of small pieces, each
// enumerated by the harness's supported_values().
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

#include "csp/constraints/circuit.hpp"
#include "csp/constraints/count.hpp"
#include "csp/constraints/cumulative.hpp"
#include "csp/constraints/cumulative_edge_finding.hpp"
#include "csp/constraints/diffn.hpp"
#include "csp/constraints/disjunctive.hpp"
#include "csp/constraints/inverse.hpp"
#include "csp/constraints/lex.hpp"
#include "csp/constraints/regular.hpp"
#include "csp/constraints/table.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "sanitized_counts.hpp"
#include "propagator_harness.hpp"

namespace {

using csp::Value;
using csp::Var;
using namespace harness;  // a test of the harness's specs: its names throughout

// A piece of a conjunction: the scope positions it reads and its meaning on their values.
struct Piece {
  std::vector<std::size_t> at;
  std::function<bool(const Tuple&)> meaning;
};

// The fixpoint of every piece's generalised arc consistency, each enumerated on its own.
std::optional<Doms> pieces_fixpoint(const std::vector<Piece>& pieces, Doms d) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const Piece& p : pieces) {
      Doms sub;
      for (std::size_t i : p.at) sub.push_back(d[i]);
      const auto kept = supported_values(sub, p.meaning);
      if (!kept) return std::nullopt;
      for (std::size_t k = 0; k < p.at.size(); ++k) {
        if ((*kept)[k] == d[p.at[k]]) continue;
        d[p.at[k]] = (*kept)[k];
        changed = true;
      }
    }
  }
  return d;
}

std::string list(const std::vector<Value>& v) {
  std::ostringstream out;
  out << '[';
  for (std::size_t i = 0; i < v.size(); ++i) out << (i ? "," : "") << v[i];
  out << ']';
  return out.str();
}

// A random non-empty subset of [lo, hi] a singleton `single` percent of the time, for n variables.
Doms draw_vars(Rng& r, int n, Value lo, Value hi, int single) {
  Doms d;
  for (int i = 0; i < n; ++i) d.push_back(random_domain(r, lo, hi, single));
  return d;
}

// The same spec over multi-word domains: the values of the variables at positions [from, size -
// tail) spread 70 apart (v -> 70v - 35), so each spans several words of bits. Constants the draw
// takes from the domains follow; others fall outside, which only makes them absent values.
Spec spread(Spec s, std::size_t from, std::size_t tail) {
  s.name = "wide " + s.name;
  s.seed += 100;
  s.instances = 1500;
  s.domains = [inner = s.domains, from, tail](Rng& r) {
    Doms d = inner(r);
    for (std::size_t i = from; i + tail < d.size(); ++i)
      for (Value& v : d[i]) v = 70 * v - 35;
    return d;
  };
  return s;
}

// ---- table ---------------------------------------------------------------------------------------

// 2-4 variables over [lo, hi]; rows mostly of candidates, some anywhere in [lo - 1, hi + 1].
Spec table_spec(std::uint64_t seed, bool boolean) {
  Spec s = base_spec(boolean ? "table(bool)" : "table(int)", kDomain, seed);
  const Value lo = boolean ? 0 : -2, hi = boolean ? 1 : 3;
  s.domains = [=](Rng& r) { return draw_vars(r, r.between(2, 4), lo, hi, 20); };
  s.draw = [=](Rng& r, const Doms& d) {
    std::vector<Value> rows;
    const int count = r.between(0, boolean ? 6 : 12);
    for (int k = 0; k < count; ++k)
      for (const auto& values : d)
        rows.push_back(!boolean && r.chance(15) ? r.between(lo - 1, hi + 1)
                                                : values[static_cast<std::size_t>(r.between(0, static_cast<int>(values.size()) - 1))]);
    const std::size_t arity = d.size();
    Constraint c;
    c.text = "table rows " + list(rows);
    c.post = [rows](csp::Model& m, const std::vector<Var>& x) { m.post(csp::table(m, x, rows)); };
    c.meaning = [rows, arity](const Tuple& t) {
      for (std::size_t k = 0; k + arity <= rows.size(); k += arity)
        if (std::equal(t.begin(), t.end(), rows.begin() + static_cast<long>(k))) return true;
      return false;
    };
    return c;
  };
  return s;
}

TEST_CASE("table over integers and booleans is domain consistent", "[bruteforce][harness][globals][table]") {
  check_spec(table_spec(1801, false));
  check_spec(spread(table_spec(1801, false), 0, 0), 10);
  Spec b = table_spec(1802, true);
  b.instances = 2000;
  check_spec(b, 10);
}

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

// ---- inverse -------------------------------------------------------------------------------------

Spec inverse_spec() {
  Spec s = base_spec("inverse(f, g, f_base, g_base)", {Promise::Kind::custom, "pairwise arc consistency"}, 1821);
  // f and g of 1-3 positions each (usually as many), values around the bases 0 and 1.
  // The first variable, which the constraint leaves alone, carries the split and the bases for the
  // draw: n + 10 * f_base + 100 * g_base. Values lie mostly in the index range they name.
  s.domains = [](Rng& r) {
    const int n = r.between(1, 4), m = r.chance(85) ? n : r.between(1, 4);
    const Value fb = r.between(0, 1), gb = r.between(0, 1);
    Doms d{{n + 10 * fb + 100 * gb}};
    for (int i = 0; i < n; ++i) d.push_back(r.chance(85) ? random_domain(r, gb, gb + m - 1, 8) : random_domain(r, gb - 1, gb + m, 8));
    for (int j = 0; j < m; ++j) d.push_back(r.chance(85) ? random_domain(r, fb, fb + n - 1, 8) : random_domain(r, fb - 1, fb + n, 8));
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const auto n = static_cast<std::size_t>(d[0][0] % 10);
    const std::size_t m = d.size() - 1 - n;
    const Value fb = d[0][0] / 10 % 10, gb = d[0][0] / 100;
    Constraint c;
    c.text = "inverse n=" + std::to_string(n) + " m=" + std::to_string(m) + " f_base=" + std::to_string(fb) +
             " g_base=" + std::to_string(gb);
    c.post = [=](csp::Model& mod, const std::vector<Var>& x) {
      mod.post(csp::inverse(std::vector<Var>(x.begin() + 1, x.begin() + 1 + static_cast<long>(n)),
                            std::vector<Var>(x.begin() + 1 + static_cast<long>(n), x.end()), fb, gb));
    };
    // f[i] = j + gb iff g[j] = i + fb, and every value names a position of the other array.
    c.meaning = [=](const Tuple& t) {
      for (std::size_t i = 0; i < n; ++i)
        if (t[1 + i] < gb || t[1 + i] >= gb + static_cast<long>(m)) return false;
      for (std::size_t j = 0; j < m; ++j)
        if (t[1 + n + j] < fb || t[1 + n + j] >= fb + static_cast<long>(n)) return false;
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j)
          if ((t[1 + i] == static_cast<long>(j) + gb) != (t[1 + n + j] == static_cast<long>(i) + fb)) return false;
      return true;
    };
    std::vector<Piece> pieces;
    for (std::size_t i = 0; i < n; ++i)
      pieces.push_back({{1 + i}, [=](const Tuple& t) { return t[0] >= gb && t[0] < gb + static_cast<long>(m); }});
    for (std::size_t j = 0; j < m; ++j)
      pieces.push_back({{1 + n + j}, [=](const Tuple& t) { return t[0] >= fb && t[0] < fb + static_cast<long>(n); }});
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < m; ++j)
        pieces.push_back({{1 + i, 1 + n + j}, [=](const Tuple& t) {
                            return (t[0] == static_cast<long>(j) + gb) == (t[1] == static_cast<long>(i) + fb);
                          }});
    c.fixpoint = [pieces](const Doms& now) { return pieces_fixpoint(pieces, now); };
    return c;
  };
  return s;
}

TEST_CASE("inverse reaches its pairwise channelling fixpoint", "[bruteforce][harness][globals][inverse]") {
  check_spec(inverse_spec(), 10);
}

// ---- circuit -------------------------------------------------------------------------------------

// Successors mostly among the nodes and off the node itself. `far`: some variables also hold a value
// 70 past the nodes, so their domains take two words and circuit takes its general path, not the
// one-word node masks.
Spec circuit_spec(Value base, bool far = false) {
  Spec s = base_spec("circuit(x, " + std::to_string(base) + ")" + (far ? " with far values" : ""),
                     {Promise::Kind::sound, "soundness"}, 1831 + base + (far ? 10 : 0));
  s.domains = [base, far](Rng& r) {
    const int n = r.between(1, 5);
    Doms d;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> x = r.chance(85) ? random_domain(r, base, base + n - 1, 20) : random_domain(r, base - 1, base + n, 20);
      if (x.size() > 1 && r.chance(80)) x.erase(std::remove(x.begin(), x.end(), base + i), x.end());
      if (far && r.chance(40)) x.push_back(base + n + 70);
      d.push_back(x);
    }
    return d;
  };
  s.draw = [base](Rng&, const Doms&) {
    Constraint c;
    c.text = "circuit base " + std::to_string(base);
    c.post = [base](csp::Model& m, const std::vector<Var>& x) { m.post(csp::circuit(x, base)); };
    // The successor of node i is t[i] - base; all nodes on one cycle, none its own successor.
    c.meaning = [base](const Tuple& t) {
      const long n = static_cast<long>(t.size());
      std::vector<char> seen(t.size(), 0);
      long at = 0;
      for (long step = 0; step < n; ++step) {
        const long next = t[static_cast<std::size_t>(at)] - base;
        if (next < 0 || next >= n || next == at || seen[static_cast<std::size_t>(next)]) return false;
        seen[static_cast<std::size_t>(next)] = 1;
        at = next;
      }
      return at == 0;
    };
    return c;
  };
  return s;
}

TEST_CASE("circuit is sound and exact on complete assignments", "[bruteforce][harness][globals][circuit]") {
  for (const bool far : {false, true}) {
    for (const Value base : {0, 1}) {
      const Spec s = circuit_spec(base, far);
      CAPTURE(s.name);
      check_spec(s, 10);
    }
  }
}

// ---- lex_lesseq ----------------------------------------------------------------------------------

Spec lex_spec(bool strict) {
  Spec s = base_spec(strict ? "lex_less(x, y)" : "lex_lesseq(x, y)", kDomain, strict ? 1842 : 1841);
  s.domains = [](Rng& r) {
    const int n = r.between(1, 3), m = r.chance(80) ? n : r.between(1, 3);
    Doms d{{n}};  // the split, read by the draw
    for (auto& x : draw_vars(r, n + m, 0, 3, 25)) d.push_back(x);
    return d;
  };
  s.draw = [strict](Rng&, const Doms& d) {
    const auto n = static_cast<std::size_t>(d[0][0]);
    Constraint c;
    c.text = "lex n=" + std::to_string(n) + " m=" + std::to_string(d.size() - 1 - n);
    c.post = [n, strict](csp::Model& mod, const std::vector<Var>& x) {
      mod.post(csp::lex_lesseq(std::vector<Var>(x.begin() + 1, x.begin() + 1 + static_cast<long>(n)),
                               std::vector<Var>(x.begin() + 1 + static_cast<long>(n), x.end()), strict));
    };
    // The first difference decides; a proper prefix is smaller; equal arrays only when not strict.
    c.meaning = [n, strict](const Tuple& t) {
      const std::size_t m = t.size() - 1 - n;
      for (std::size_t i = 0; i < n && i < m; ++i)
        if (t[1 + i] != t[1 + n + i]) return t[1 + i] < t[1 + n + i];
      return n < m || (n == m && !strict);
    };
    return c;
  };
  return s;
}

TEST_CASE("lex_lesseq and lex_less are domain consistent", "[bruteforce][harness][globals][lex]") {
  for (bool strict : {false, true}) {
    const Spec s = lex_spec(strict);
    CAPTURE(s.name);
    check_spec(s, 10);
    check_spec(spread(s, 1, 0), 10);  // the split marker stays
  }
}

// ---- regular -------------------------------------------------------------------------------------

Spec regular_spec() {
  Spec s = base_spec("regular(x, Q, S, d, q0, F)", kDomain, 1851);
  s.domains = [](Rng& r) { return draw_vars(r, r.between(1, 4), 0, 4, 20); };
  s.draw = [](Rng& r, const Doms&) {
    const int q = r.between(1, 4), symbols = r.between(1, 3);
    std::vector<int> d, f;
    for (int k = 0; k < q * symbols; ++k) d.push_back(r.chance(25) ? 0 : r.between(1, q));
    for (int k = 1; k <= q; ++k)
      if (r.chance(40)) f.push_back(k);
    const int q0 = r.between(1, q);
    Constraint c;
    std::ostringstream text;
    text << "regular Q=" << q << " S=" << symbols << " d=" << list(d) << " q0=" << q0 << " F=" << list(f);
    c.text = text.str();
    c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::regular(x, q, symbols, d, q0, f)); };
    c.meaning = [=](const Tuple& t) {
      int state = q0;
      for (Value a : t) {
        if (a < 1 || a > symbols) return false;
        state = d[static_cast<std::size_t>((state - 1) * symbols + a - 1)];
        if (state == 0) return false;
      }
      return std::find(f.begin(), f.end(), state) != f.end();
    };
    return c;
  };
  return s;
}

TEST_CASE("regular is domain consistent", "[bruteforce][harness][globals][regular]") { check_spec(regular_spec(), 10); }

// ---- cumulative ----------------------------------------------------------------------------------

Spec cumulative_spec() {
  Spec s = base_spec("cumulative(s, d, r, b)", {Promise::Kind::sound, "soundness (time-tabling)"}, 1861);
  s.instances = 3000;
  // 1-3 tasks: starts in [0, 4], durations and uses in [-1, 3] (negatives must go), b in [-1, 4].
  s.domains = [](Rng& r) {
    const int n = r.between(1, 3);
    Doms d = draw_vars(r, n, 0, 4, 30);
    for (auto& x : draw_vars(r, n, -1, 3, 50)) d.push_back(x);
    for (auto& x : draw_vars(r, n, -1, 3, 50)) d.push_back(x);
    d.push_back(random_domain(r, -1, 4, 40));
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const std::size_t n = (d.size() - 1) / 3;
    Constraint c;
    c.text = "cumulative of " + std::to_string(n) + " tasks";
    c.post = [n](csp::Model& m, const std::vector<Var>& x) {
      auto part = [&](std::size_t k) {
        return std::vector<Var>(x.begin() + static_cast<long>(k * n), x.begin() + static_cast<long>((k + 1) * n));
      };
      m.post(csp::cumulative(part(0), part(1), part(2), x.back()));
    };
    // At every time t of the horizon, the running tasks' uses sum to at most b; all non-negative.
    c.meaning = [n](const Tuple& t) {
      const long b = t.back();
      if (b < 0) return false;
      for (std::size_t i = 0; i < n; ++i)
        if (t[n + i] < 0 || t[2 * n + i] < 0) return false;
      for (long time = -2; time <= 10; ++time) {
        long load = 0;
        for (std::size_t i = 0; i < n; ++i)
          if (t[i] <= time && time < t[i] + t[n + i]) load += t[2 * n + i];
        if (load > b) return false;
      }
      return true;
    };
    return c;
  };
  return s;
}

TEST_CASE("cumulative is sound and exact on complete assignments", "[bruteforce][harness][globals][cumulative]") {
  check_spec(cumulative_spec(), 10);
}

// Four or five tasks where edge finding and the use limits act: fixed durations 1-3 with starts in
// [0, 5], uses fixed 1-2 or variable within [0, 2] (as mspsp's bool2int of a skill choice), a fixed
// capacity 1-3.
Spec cumulative_edge_spec() {
  Spec s = base_spec("cumulative(s, d, r, b), edge finding", {Promise::Kind::sound, "soundness (edge finding)"}, 1863);
  s.instances = 1500;
  s.domains = [](Rng& r) {
    const int n = r.between(3, 4);
    Doms d = draw_vars(r, n, 0, 5, 10);
    for (int i = 0; i < n; ++i) d.push_back({r.between(1, 3)});
    for (int i = 0; i < n; ++i) d.push_back(r.chance(50) ? std::vector<Value>{r.between(1, 2)} : random_domain(r, 0, 2, 0));
    d.push_back({r.between(1, 3)});
    return d;
  };
  s.draw = cumulative_spec().draw;
  return s;
}

TEST_CASE("cumulative with edge finding and use limits is sound on wider task sets",
          "[bruteforce][harness][globals][cumulative]") {
  check_spec(cumulative_edge_spec(), 10);
}

// Edge finding alone against every schedule of random task sets (2-5 tasks, windows within
// [0, 10), capacity 1-4): each new bound is kept by some schedule's start or completion, and a
// reported overload means no schedule exists; and the rules must fire on many of the sets.
TEST_CASE("cumulative edge finding keeps every schedule", "[bruteforce][globals][cumulative]") {
  Rng r(1879);
  int pruned = 0, failed = 0;
  for (int instance = 0; instance < 20000; ++instance) {
    const std::size_t n = static_cast<std::size_t>(r.between(2, 5));
    const long cap = r.between(1, 4);
    std::vector<long> est(n), lct(n), p(n), c(n);
    for (std::size_t i = 0; i < n; ++i) {
      p[i] = r.between(1, 3), c[i] = r.between(1, static_cast<int>(cap)), est[i] = r.between(0, 4);
      lct[i] = est[i] + p[i] + r.between(0, 3);
    }
    // Every schedule: the earliest start and the latest completion each task takes in one.
    std::vector<long> first(n, 100), last(n, -100), s(n);
    long schedules = 1;
    for (std::size_t i = 0; i < n; ++i) schedules *= lct[i] - p[i] - est[i] + 1;
    bool any = false;
    for (long code = 0; code < schedules; ++code) {
      long rest = code;
      for (std::size_t i = 0; i < n; ++i) {
        const long span = lct[i] - p[i] - est[i] + 1;
        s[i] = est[i] + rest % span, rest /= span;
      }
      bool fits = true;
      for (long t = 0; t < 12 && fits; ++t) {
        long load = 0;
        for (std::size_t i = 0; i < n; ++i) load += s[i] <= t && t < s[i] + p[i] ? c[i] : 0;
        fits = load <= cap;
      }
      if (!fits) continue;
      any = true;
      for (std::size_t i = 0; i < n; ++i) first[i] = std::min(first[i], s[i]), last[i] = std::max(last[i], s[i] + p[i]);
    }
    csp::CumulativeEdgeFinder edges(n);
    for (std::size_t i = 0; i < n; ++i) edges.add(est[i], lct[i], p[i], c[i]);
    const bool fits = edges.filter(cap);
    INFO("instance " << instance);
    if (!fits) {
      REQUIRE_FALSE(any);
      ++failed;
      continue;
    }
    bool moved = false;
    for (std::size_t i = 0; i < n; ++i) {
      moved = moved || edges.est(i) > est[i] || edges.lct(i) < lct[i];
      if (!any) continue;
      REQUIRE(edges.est(i) <= first[i]);
      REQUIRE(edges.lct(i) >= last[i]);
    }
    pruned += moved;
  }
  CHECK(pruned >= 2000);
  CHECK(failed >= 2000);
}

// The root fixpoint of a cumulative of capacity cap over tasks (start range, duration, use range);
// each start's and use's bounds, or nothing when it fails.
std::vector<std::array<Value, 4>> cumulative_root(const std::vector<std::array<Value, 5>>& tasks, Value cap) {
  csp::Model m;
  std::vector<Var> s, d, u;
  for (const auto& [lo, hi, p, use_lo, use_hi] : tasks)
    s.push_back(m.add_var(lo, hi)), d.push_back(m.add_var(p, p)), u.push_back(m.add_var(use_lo, use_hi));
  m.post(csp::cumulative(s, d, u, m.add_var(cap, cap)));
  csp::Domains dom = m.initial_domains();
  csp::Engine engine(m);
  csp::Stats stats;
  stats.counters.assign(m.counter_names().size(), 0);
  std::vector<std::array<Value, 4>> out;
  if (!engine.propagate_all(dom, stats)) return out;
  for (std::size_t i = 0; i < s.size(); ++i) out.push_back({dom.min(s[i]), dom.max(s[i]), dom.min(u[i]), dom.max(u[i])});
  return out;
}

TEST_CASE("cumulative: edge finding's and the use limit's textbook cases", "[globals][cumulative]") {
  using B = std::vector<std::array<Value, 4>>;
  // Capacity 2: B and C (use 2, length 2, starts in [0, 2]) fill [0, 4) between them, so A (use 1)
  // cannot run beside either and starts at 4; no task has a compulsory part, so time-tabling alone
  // moves nothing.
  CHECK(cumulative_root({{0, 10, 2, 1, 1}, {0, 2, 2, 2, 2}, {0, 2, 2, 2, 2}}, 2) ==
        B{{{4, 10, 1, 1}, {0, 2, 2, 2}, {0, 2, 2, 2}}});
  // Capacity 3: B and C (use 3, lengths 2 and 1, starts in [1, 3]) hold energy 9 within [1, 5),
  // and A (use 2, length 3) joining them would need 15 > 3 · (5 - 1): A ends after both, and
  // beside A the others have 1 of capacity over [1, 5) for energy 9, so rest = 9 - (3 - 2) · 4 = 5
  // units of them run before A starts: A starts at 1 + ceil(5 / 2) = 4 (B at 1, C at 3, A at 4 is
  // a schedule). No task has a compulsory part; time-tabling alone moves nothing.
  CHECK(cumulative_root({{2, 7, 3, 2, 2}, {1, 3, 2, 3, 3}, {1, 3, 1, 3, 3}}, 3) ==
        B{{{4, 7, 2, 2}, {1, 3, 3, 3}, {1, 3, 3, 3}}});
  // Overload: energy 2 · 3 · 2 = 12 within [0, 5) of capacity 2.
  CHECK(cumulative_root({{0, 2, 3, 2, 2}, {0, 2, 3, 2, 2}}, 2).empty());
  // The use limit: A (use 2) surely runs over [0, 3); B surely runs at 2 (start 1 or 2, length 2),
  // so its use is at most 3 - 2; and a task that surely runs where the profile is full gets use 0
  // (the mspsp case: a worker busy elsewhere is not chosen).
  CHECK(cumulative_root({{0, 0, 3, 2, 2}, {1, 2, 2, 0, 3}}, 3) == B{{{0, 0, 2, 2}, {1, 2, 0, 1}}});
  CHECK(cumulative_root({{0, 0, 3, 1, 1}, {1, 2, 2, 0, 1}}, 1) == B{{{0, 0, 1, 1}, {1, 2, 0, 0}}});
}

// ---- disjunctive ---------------------------------------------------------------------------------

Spec disjunctive_spec() {
  Spec s = base_spec("disjunctive(s, d)",
                     {Promise::Kind::sound, "soundness (edge finding, precedences, not-first/last)"}, 1867);
  s.instances = 4000;
  // 1-4 tasks: starts in [0, 6], durations in [-1, 3] (negatives must go, 0 may be anywhere).
  s.domains = [](Rng& r) {
    const int n = r.between(1, 4);
    Doms d = draw_vars(r, n, 0, 6, 30);
    for (auto& x : draw_vars(r, n, -1, 3, 50)) d.push_back(x);
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const std::size_t n = d.size() / 2;
    Constraint c;
    c.text = "disjunctive of " + std::to_string(n) + " tasks";
    c.post = [n](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::disjunctive(std::vector<Var>(x.begin(), x.begin() + static_cast<long>(n)),
                              std::vector<Var>(x.begin() + static_cast<long>(n), x.end())));
    };
    // At every time of the horizon at most one task runs; every duration non-negative.
    c.meaning = [n](const Tuple& t) {
      for (std::size_t i = 0; i < n; ++i)
        if (t[n + i] < 0) return false;
      for (long time = -2; time <= 12; ++time) {
        int running = 0;
        for (std::size_t i = 0; i < n; ++i) running += t[i] <= time && time < t[i] + t[n + i];
        if (running > 1) return false;
      }
      return true;
    };
    return c;
  };
  return s;
}

TEST_CASE("disjunctive is sound, idempotent and exact on complete assignments",
          "[bruteforce][harness][globals][disjunctive]") {
  check_spec(disjunctive_spec(), 10);
}

// The root fixpoint of a disjunctive over tasks (start range, duration); the starts' bounds.
std::vector<std::pair<Value, Value>> disjunctive_root(const std::vector<std::array<Value, 3>>& tasks) {
  csp::Model m;
  std::vector<Var> s, d;
  for (const auto& [lo, hi, p] : tasks) s.push_back(m.add_var(lo, hi)), d.push_back(m.add_var(p, p));
  m.post(csp::disjunctive(s, d));
  csp::Domains dom = m.initial_domains();
  csp::Engine engine(m);
  csp::Stats stats;
  stats.counters.assign(m.counter_names().size(), 0);
  std::vector<std::pair<Value, Value>> out;
  if (!engine.propagate_all(dom, stats)) return out;
  for (const Var x : s) out.emplace_back(dom.min(x), dom.max(x));
  return out;
}

TEST_CASE("disjunctive: each rule's textbook case", "[globals][disjunctive]") {
  using B = std::vector<std::pair<Value, Value>>;
  // Edge finding: B and C fill [0, 5) between them (B first or C first), and A beside them would
  // not end by 5, so A follows both; time-tabling sees only B's compulsory part [2, 3) and moves
  // nothing, and no precedence between B and C is detectable.
  CHECK(disjunctive_root({{0, 10, 2}, {0, 2, 3}, {0, 3, 2}}) == B{{5, 10}, {0, 2}, {0, 3}});
  // Detectable precedence: A cannot end before B's latest start (0 + 4 > 3), so it follows B,
  // whose earliest completion is 2 + 2.
  CHECK(disjunctive_root({{0, 6, 4}, {2, 3, 2}}) == B{{4, 6}, {2, 3}});
  // A cannot go first (B must end by 3, C by 6): every solution starts A at 1 or later, and 1
  // (B at 0, C at 4) is one.
  CHECK(disjunctive_root({{0, 9, 3}, {0, 2, 1}, {0, 4, 2}}).at(0).first == 1);
  // Overload: three tasks of 2 within [0, 5).
  CHECK(disjunctive_root({{0, 3, 2}, {0, 3, 2}, {0, 3, 2}}).empty());
}

// ---- diffn ---------------------------------------------------------------------------------------

Spec diffn_spec(bool strict) {
  Spec s = base_spec(strict ? "diffn(x, y, dx, dy)" : "diffn_nonstrict(x, y, dx, dy)",
                     {Promise::Kind::sound, "soundness (pairwise, holes)"}, strict ? 1871 : 1873);
  s.instances = 3000;
  // 2-4 boxes: coordinates in [0, 3], sizes in [-1, 3] (negative and zero sizes are legal).
  s.domains = [](Rng& r) {
    const int n = r.between(2, 4);
    Doms d = draw_vars(r, 2 * n, 0, 3, 40);
    for (auto& x : draw_vars(r, 2 * n, -1, 3, 70)) d.push_back(x);
    return d;
  };
  s.draw = [strict](Rng&, const Doms& d) {
    const std::size_t n = d.size() / 4;
    Constraint c;
    c.text = std::string(strict ? "diffn" : "diffn_nonstrict") + " of " + std::to_string(n) + " boxes";
    c.post = [n, strict](csp::Model& m, const std::vector<Var>& x) {
      auto part = [&](std::size_t k) {
        return std::vector<Var>(x.begin() + static_cast<long>(k * n), x.begin() + static_cast<long>((k + 1) * n));
      };
      m.post(csp::diffn(part(0), part(1), part(2), part(3), strict));
    };
    // MiniZinc's fzn_diffn / fzn_diffn_nonstrict: every pair apart along x or y (or, nonstrict,
    // one of its four sizes 0).
    c.meaning = [n, strict](const Tuple& t) {
      auto x = [&](std::size_t i) { return t[i]; };
      auto y = [&](std::size_t i) { return t[n + i]; };
      auto dx = [&](std::size_t i) { return t[2 * n + i]; };
      auto dy = [&](std::size_t i) { return t[3 * n + i]; };
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
          if (!strict && (dx(i) == 0 || dx(j) == 0 || dy(i) == 0 || dy(j) == 0)) continue;
          if (!(x(i) + dx(i) <= x(j) || y(i) + dy(i) <= y(j) || x(j) + dx(j) <= x(i) || y(j) + dy(j) <= y(i)))
            return false;
        }
      return true;
    };
    return c;
  };
  return s;
}

TEST_CASE("diffn is sound and exact on complete assignments", "[bruteforce][harness][globals][diffn]") {
  for (const bool strict : {true, false}) {  // a sanitizer build draws a third of the 3000 instances
    Spec s = diffn_spec(strict);
    s.instances = test_counts::sanitized_share(s.instances, 3);
    check_spec(s, test_counts::sanitized_share(10, 3));  // (1000 of them: 8 roots fail, not 10)
  }
}

TEST_CASE("diffn separates boxes that overlap along one axis", "[globals][diffn]") {
  // Two boxes of height 2 in rows [0, 1] and width 3, 2: they overlap in y whatever the rows, so
  // in x box 0 at c needs c + 3 <= x1 or x1 + 2 <= c.
  csp::Model m;
  const Var x0 = m.add_var(0, 9), x1 = m.add_var(4, 5), y0 = m.add_var(0, 1), y1 = m.add_var(0, 1);
  const Var w0 = m.add_var(3, 3), w1 = m.add_var(2, 2), h = m.add_var(2, 2);
  m.post(csp::diffn({x0, x1}, {y0, y1}, {w0, w1}, {h, h}));
  const Outcome root = propagate(m, m.initial_domains());
  REQUIRE(root.ok);
  // x0 before x1 (x0 + 3 <= 5) or after it (x0 >= 4 + 2): 3, 4 and 5 go, a hole; x1 keeps both.
  CHECK(root.domains.values(x0) == std::vector<Value>{0, 1, 2, 6, 7, 8, 9});
  CHECK(root.domains.values(x1) == std::vector<Value>{4, 5});
  // x0 = 2 leaves only "before": x1 >= 5.
  csp::Domains at2 = root.domains;
  REQUIRE(at2.assign(x0, 2));
  const Outcome before = propagate(m, at2);
  REQUIRE(before.ok);
  CHECK(before.domains.values(x1) == std::vector<Value>{5});
  // Height 1: the rows may differ, the boxes need not be apart in x, nothing goes.
  csp::Model flat;
  const Var a0 = flat.add_var(0, 9), a1 = flat.add_var(4, 5), b0 = flat.add_var(0, 1), b1 = flat.add_var(0, 1);
  const Var v0 = flat.add_var(3, 3), v1 = flat.add_var(2, 2), one = flat.add_var(1, 1);
  flat.post(csp::diffn({a0, a1}, {b0, b1}, {v0, v1}, {one, one}));
  const Outcome free = propagate(flat, flat.initial_domains());
  REQUIRE(free.ok);
  CHECK(free.domains.size(a0) == 10);
}

// ---- the interval form -----------------------------------------------------------------------------

// Every global over interval-form variables (as past kIntervalThreshold values): interior removals
// are no-ops there, so a propagator that walks values must still terminate, stay sound, report a
// fixpoint only when it is one, and fail every violating complete assignment. Soundness only: what
// each propagator reaches on hole-free domains is weaker than its promise on bits.
Tally check_sound_on_interval_form(Spec s) {
  s.promise = {Promise::Kind::sound, "soundness on the interval form"};
  CAPTURE(s.name);
  return check_interval_form(s, test_counts::sanitized_share(500, 2));  // 250 in a sanitizer build
}

TEST_CASE("every global is sound and idempotent on the interval form", "[bruteforce][harness][globals][interval]") {
  check_sound_on_interval_form(table_spec(1801, false));
  check_sound_on_interval_form(count_eq_spec());
  check_sound_on_interval_form(among_spec());
  for (bool vars : {true, false})
    for (bool closed : {false, true}) check_sound_on_interval_form(cardinality_spec(1813, vars ? 2 : 3, vars, closed));
  check_sound_on_interval_form(inverse_spec());
  for (const Value base : {0, 1}) check_sound_on_interval_form(circuit_spec(base));
  for (bool strict : {false, true}) check_sound_on_interval_form(lex_spec(strict));
  check_sound_on_interval_form(regular_spec());
  check_sound_on_interval_form(cumulative_spec());
  check_sound_on_interval_form(disjunctive_spec());
  for (bool strict : {true, false}) check_sound_on_interval_form(diffn_spec(strict));
}

// ---- a variable repeated in the scope -------------------------------------------------------------

std::uint64_t solutions(const csp::Model& m) {
  csp::Solver solver(m);
  const csp::SearchResult r = solver.count(m.initial_domains());
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  return r.stats.solutions;
}

TEST_CASE("globals with a variable repeated in the scope stay sound", "[harness][globals]") {
  {  // inverse(p, p): the involutions of 5 elements, 1 + 10 + 15 = 26
    csp::Model m;
    const std::vector<Var> p = m.add_vars(5, 1, 5);
    m.post(csp::inverse(p, p));
    CHECK(solutions(m) == 26);
  }
  {  // x <=lex x always holds, x <lex x never
    csp::Model m;
    const std::vector<Var> x = m.add_vars(3, 0, 2);
    m.post(csp::lex_lesseq(x, x));
    CHECK(solutions(m) == 27);
    csp::Model strict;
    const std::vector<Var> y = strict.add_vars(3, 0, 2);
    strict.post(csp::lex_lesseq(y, y, true));
    CHECK(solutions(strict) == 0);
  }
  {  // table over (a, a, b): only rows with equal first two values count
    csp::Model m;
    const Var a = m.add_var(0, 2), b = m.add_var(0, 2);
    m.post(csp::table(m, {a, a, b}, {0, 1, 2, 1, 1, 0, 2, 2, 2, 2, 0, 1}));
    CHECK(solutions(m) == 2);
  }
  {  // count_eq(x, x[0], c): x[0] counts itself, c >= 1
    csp::Model m;
    const std::vector<Var> x = m.add_vars(3, 0, 1);
    const Var c = m.add_var(0, 3);
    m.post(csp::count_eq(x, x[0], c));
    CHECK(solutions(m) == 8);  // every x, with its one count
  }
  {  // disjunctive of (a, b) and (b, a), each start the other's duration: they overlap unless one
     // lasts 0, so a = 0 or b = 0 (7 of the 16 pairs over 0..3)
    csp::Model m;
    const Var a = m.add_var(0, 3), b = m.add_var(0, 3);
    m.post(csp::disjunctive({a, b}, {b, a}));
    CHECK(solutions(m) == 7);
    // the same start twice: both tasks run at once unless their duration c is 0
    csp::Model same;
    const Var s = same.add_var(0, 2), c = same.add_var(0, 2);
    same.post(csp::disjunctive({s, s}, {c, c}));
    CHECK(solutions(same) == 3);
  }
}

}  // namespace
