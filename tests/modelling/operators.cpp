// Every operator of the expression layer (csp/modelling/expr.hpp) against brute force: random small
// domains (intervals and sets with holes), every assignment of the original variables, the set and
// the number of the solver's solutions projected on them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "csp/csp.hpp"
#include "modelling/brute.hpp"

using csp::IntVars;
using csp::Modeler;
using modelling_test::against_brute_force;
using modelling_test::Values;

namespace {
constexpr int kInstances = 40;
// A relation between two values as the expression layer means it: / and % with y = 0 have no value.
bool divides(csp::Value y) { return y != 0; }
}  // namespace

TEST_CASE("expressions: linear comparisons post one propagator and keep every solution", "[modelling]") {
  // x + 2*y <= z: one linear propagator, no variable introduced.
  const int sat = against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) {
    const int before = m.model().var_count();
    m.post(x[0] + 2 * x[1] <= x[2]);
    REQUIRE(m.model().var_count() == before);
    REQUIRE(m.model().propagator_count() == 1);
  }, [](const Values& v) { return v[0] + 2 * v[1] <= v[2]; });
  REQUIRE(sat > 0);
  against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(3 - x[0] == x[1] - 2 * x[2] + 1); },
                      [](const Values& v) { return 3 - v[0] == v[1] - 2 * v[2] + 1; }, 2);
  against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] + x[1] != x[2]); },
                      [](const Values& v) { return v[0] + v[1] != v[2]; }, 3);
  against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(2 * x[0] - 3 * x[1] > x[2] - x[0]); },
                      [](const Values& v) { return 2 * v[0] - 3 * v[1] > v[2] - v[0]; }, 4);
  against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(-x[0] >= x[1] + x[1]); },
                      [](const Values& v) { return -v[0] >= 2 * v[1]; }, 5);
}

TEST_CASE("expressions: the six comparisons of two variables, and of a variable and a constant", "[modelling]") {
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] != x[1]); },
                      [](const Values& v) { return v[0] != v[1]; });
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] == x[1]); },
                      [](const Values& v) { return v[0] == v[1]; }, 2);
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] < x[1]); },
                      [](const Values& v) { return v[0] < v[1]; }, 3);
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] >= x[1] + 2); },
                      [](const Values& v) { return v[0] >= v[1] + 2; }, 4);
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] == x[1] - 2); },
                      [](const Values& v) { return v[0] == v[1] - 2; }, 10);
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] + 1 != x[1]); },
                      [](const Values& v) { return v[0] + 1 != v[1]; }, 11);
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[1] - 3 < x[0]); },
                      [](const Values& v) { return v[1] - 3 < v[0]; }, 12);
  against_brute_force(1, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(3 * x[0] < 5); },
                      [](const Values& v) { return 3 * v[0] < 5; }, 5);
  against_brute_force(1, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(-2 * x[0] <= 3); },
                      [](const Values& v) { return -2 * v[0] <= 3; }, 6);
  against_brute_force(1, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(2 * x[0] != 4); },
                      [](const Values& v) { return 2 * v[0] != 4; }, 7);
  against_brute_force(1, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(2 * x[0] == 3); },
                      [](const Values&) { return false; }, 8);
  against_brute_force(1, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] > 1); },
                      [](const Values& v) { return v[0] > 1; }, 9);
}

TEST_CASE("expressions: abs, min, max, of two and of a list", "[modelling]") {
  const int sat = against_brute_force(2, -5, 5, kInstances, [](Modeler& m, const IntVars& x) { m.post(abs(x[0] - x[1]) == 3); },
                                      [](const Values& v) { return std::abs(v[0] - v[1]) == 3; });
  REQUIRE(sat > 0);
  against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(min(x[0], x[1]) == x[2]); },
                      [](const Values& v) { return std::min(v[0], v[1]) == v[2]; }, 2);
  against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(max(x[0], x[1] + 1) > x[2]); },
                      [](const Values& v) { return std::max(v[0], v[1] + 1) > v[2]; }, 3);
  against_brute_force(4, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(csp::min({x[0], x[1], x[2]}) == x[3]); },
                      [](const Values& v) { return std::min({v[0], v[1], v[2]}) == v[3]; }, 4);
  against_brute_force(4, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(csp::max({x[0], 2 * x[1], 1}) <= x[3]); },
                      [](const Values& v) { return std::max({v[0], 2 * v[1], 1}) <= v[3]; }, 5);
  against_brute_force(1, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(abs(x[0]) >= 2); },
                      [](const Values& v) { return std::abs(v[0]) >= 2; }, 6);
}

TEST_CASE("expressions: products, quotients and remainders, negative values and zero divisors included", "[modelling]") {
  const int sat = against_brute_force(3, -4, 4, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] * x[1] == x[2]); },
                                      [](const Values& v) { return v[0] * v[1] == v[2]; });
  REQUIRE(sat > 0);
  against_brute_force(3, -6, 6, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] / x[1] == x[2]); },
                      [](const Values& v) { return divides(v[1]) && v[0] / v[1] == v[2]; }, 2);
  against_brute_force(3, -6, 6, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] % x[1] == x[2]); },
                      [](const Values& v) { return divides(v[1]) && v[0] % v[1] == v[2]; }, 3);
  // A linear sub-expression inside a non-linear one: one introduced variable for each side.
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post((x[0] + x[1]) * (x[1] - x[2]) >= 2); },
                      [](const Values& v) { return (v[0] + v[1]) * (v[1] - v[2]) >= 2; }, 4);
  against_brute_force(2, -6, 6, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[0] / 2 + x[1] % 3 == 1); },
                      [](const Values& v) { return v[0] / 2 + v[1] % 3 == 1; }, 5);
  // A constant factor stays linear: 2 * (x + 1) is no product variable.
  against_brute_force(2, -4, 4, kInstances, [](Modeler& m, const IntVars& x) {
    const int before = m.model().var_count();
    m.post(2 * (x[0] + 1) * 3 <= x[1]);
    REQUIRE(m.model().var_count() == before);
  }, [](const Values& v) { return 6 * (v[0] + 1) <= v[1]; }, 6);
}

TEST_CASE("expressions: a variable is introduced only where a propagator needs one, with its operands' bounds",
          "[modelling]") {
  Modeler m;
  const csp::IntVar x = m.int_var(-2, 5, "x"), y = m.int_var(1, 3, "y"), z = m.int_var(0, 9, "z");
  // abs(x - y) == 3: x - y (bounds [-5, 4]), then |x - y| ([0, 5]); == 3 is a membership on it.
  m.post(abs(x - y) == 3);
  REQUIRE(m.model().var_count() == 5);
  REQUIRE(m.model().propagator_count() == 3);
  const csp::Domains& d = m.model().initial_domains();
  REQUIRE((d.min(csp::Var{3}) == -5 && d.max(csp::Var{3}) == 4));
  REQUIRE((d.min(csp::Var{4}) == 0 && d.max(csp::Var{4}) == 5));
  // x * y <= z: one product variable ([-6, 15]) and one binary relation, nothing for z or the sides.
  m.post(x * y <= z);
  REQUIRE(m.model().var_count() == 6);
  REQUIRE((d.min(csp::Var{5}) == -6 && d.max(csp::Var{5}) == 15));
  REQUIRE(m.model().propagator_count() == 5);
  // b == (x > 3) and (x > 3) | (y == 2): the first one propagator into b, the second two reified
  // variables and a clause.
  const csp::IntVar b = m.bool_var("b");
  m.post(b == (x > 3));
  REQUIRE(m.model().var_count() == 7);
  REQUIRE(m.model().propagator_count() == 6);
  m.post((x > 3) | (y == 2));
  REQUIRE(m.model().var_count() == 9);
  REQUIRE(m.model().propagator_count() == 9);
  // Only the variables asked for are decisions.
  REQUIRE(m.model().decisions() == std::vector<csp::Var>{x, y, z, b});
}

TEST_CASE("expressions: sum of a list, and a sum grown term by term", "[modelling]") {
  against_brute_force(4, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post(csp::sum(x) == 2); },
                      [](const Values& v) { return v[0] + v[1] + v[2] + v[3] == 2; });
  against_brute_force(4, -3, 3, kInstances, [](Modeler& m, const IntVars& x) {
    csp::IntExpr e = 0;
    for (int i = 0; i < 4; ++i) e += (i + 1) * x[static_cast<std::size_t>(i)];
    e -= x[0];  // x0 twice: one term of coefficient 0
    m.post(e <= 1);
  }, [](const Values& v) { return 2 * v[1] + 3 * v[2] + 4 * v[3] <= 1; }, 2);
  // Expressions are values: += on a copy leaves the original as it was.
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) {
    csp::IntExpr e = x[0] + x[1];
    csp::IntExpr f = e;
    f += x[2];
    e += 1;
    m.post(e == 1);
    m.post(f >= 0);
  }, [](const Values& v) { return v[0] + v[1] == 0 && v[0] + v[1] + v[2] >= 0; }, 3);
  // A long chain is no deep recursion: 20,000 terms, built with + (each a new node) and with +=.
  Modeler m;
  const IntVars x = m.int_vars(20000, 0, 1);
  csp::IntExpr chain = 0, flat = 0;
  for (const csp::IntVar v : x) {
    chain = chain + v;
    flat += v;
  }
  m.post(chain == 1);
  m.post(flat <= 1);
  REQUIRE(m.model().propagator_count() == 2);
  // A million nested nodes go without a deep recursion (their destructor takes them apart).
  csp::IntExpr longer = 0;
  for (int i = 0; i < 1'000'000; ++i) longer = longer + x[0];
  csp::BoolExpr nested = x[0] == 0;
  for (int i = 0; i < 300'000; ++i) nested = ~nested;
}

TEST_CASE("expressions: Boolean connectives, implication and reified comparisons as integers", "[modelling]") {
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post((x[0] < x[1]) | (x[1] == x[2] + 1)); },
                      [](const Values& v) { return v[0] < v[1] || v[1] == v[2] + 1; });
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post(~(x[0] == x[1]) & (x[1] != x[2])); },
                      [](const Values& v) { return v[0] != v[1] && v[1] != v[2]; }, 2);
  against_brute_force(3, -3, 3, kInstances,
                      [](Modeler& m, const IntVars& x) { m.post(implies(x[0] > 0, (x[1] < 0) | (x[2] == 1))); },
                      [](const Values& v) { return v[0] <= 0 || v[1] < 0 || v[2] == 1; }, 3);
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post(~((x[0] > 0) & (x[1] > 0)) | (x[2] > 2)); },
                      [](const Values& v) { return !(v[0] > 0 && v[1] > 0) || v[2] > 2; }, 4);
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post(~((x[0] > 0) & (x[1] < x[2]))); },
                      [](const Values& v) { return !(v[0] > 0 && v[1] < v[2]); }, 12);
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post(~((x[0] > 0) | ~(x[1] + x[2] > 0))); },
                      [](const Values& v) { return v[0] <= 0 && v[1] + v[2] > 0; }, 5);
  // Truths counted: (x > y) + (y > z) + (x > z) == 2.
  against_brute_force(3, -3, 3, kInstances,
                      [](Modeler& m, const IntVars& x) { m.post((x[0] > x[1]) + (x[1] > x[2]) + (x[0] > x[2]) == 2); },
                      [](const Values& v) { return (v[0] > v[1]) + (v[1] > v[2]) + (v[0] > v[2]) == 2; }, 6);
  // Equivalence of two truths, through their 0/1 values.
  against_brute_force(3, -3, 3, kInstances, [](Modeler& m, const IntVars& x) { m.post((x[0] > x[1]) == (2 * x[1] <= x[2])); },
                      [](const Values& v) { return (v[0] > v[1]) == (2 * v[1] <= v[2]); }, 7);
  // 0/1 variables as truths: a & ~b | c, and their reification into a fourth.
  against_brute_force(4, 0, 1, kInstances, [](Modeler& m, const IntVars& x) { m.post(x[3] == ((x[0] & ~x[1]) | x[2])); },
                      [](const Values& v) { return v[3] == ((v[0] && !v[1]) || v[2]); }, 8);
  against_brute_force(3, 0, 1, kInstances, [](Modeler& m, const IntVars& x) { m.post(~(x[0] | x[1] | ~x[2])); },
                      [](const Values& v) { return !v[0] && !v[1] && v[2]; }, 9);
  against_brute_force(2, -2, 2, kInstances, [](Modeler& m, const IntVars& x) { m.post(csp::BoolExpr(false) | (x[0] == x[1])); },
                      [](const Values& v) { return v[0] == v[1]; }, 10);
  against_brute_force(2, -2, 2, kInstances, [](Modeler& m, const IntVars& x) {
    m.post(csp::all_of({x[0] > -2, x[1] < 2, csp::BoolExpr(true)}) & csp::any_of({x[0] == 0, x[1] == 0}));
  }, [](const Values& v) { return v[0] > -2 && v[1] < 2 && (v[0] == 0 || v[1] == 0); }, 11);
}

TEST_CASE("expressions: element by indexing, 0-based, an index outside the array having no solution", "[modelling]") {
  // Constant array; the index ranges over [-3, 6] so that some of it lies outside 0..3.
  const Values array{3, -1, 4, 1};
  const int sat = against_brute_force(2, -3, 6, kInstances, [&](Modeler& m, const IntVars& x) {
    m.post(csp::IntExprs(array)[x[0]] == x[1]);
  }, [&](const Values& v) { return v[0] >= 0 && v[0] < 4 && array[static_cast<std::size_t>(v[0])] == v[1]; });
  REQUIRE(sat > 0);
  // An array of expressions, indexed by an expression.
  against_brute_force(4, -2, 3, kInstances, [](Modeler& m, const IntVars& x) {
    const csp::IntExprs a{x[1], x[2] + 1, 2};
    m.post(a[x[0] - 1] >= x[3]);
  }, [](const Values& v) {
    const int i = v[0] - 1;
    if (i < 0 || i > 2) return false;
    const int item = i == 0 ? v[1] : i == 1 ? v[2] + 1 : 2;
    return item >= v[3];
  }, 2);
  // An index that can never be inside: no solution, and no exception.
  Modeler m;
  const csp::IntVar i = m.int_var(-5, -1), y = m.int_var(0, 9);
  m.post(csp::IntExprs{1, 2, 3}[i] == y);
  REQUIRE(csp::Solver(m.model()).count(m.model().initial_domains()).stats.solutions == 0);
  // A constant index outside: no solution either; inside: the item itself.
  Modeler c;
  const csp::IntVar z = c.int_var(0, 9);
  c.post(csp::IntExprs{1, 2, 3}[csp::IntExpr(3)] == z);  // IntExpr: a plain 3 is std::vector's own []
  REQUIRE(csp::Solver(c.model()).count(c.model().initial_domains()).stats.solutions == 0);
  Modeler d;
  const csp::IntVar w = d.int_var(0, 9);
  d.post(csp::IntExprs{1, 2, 3}[csp::IntExpr(1)] == w);
  const csp::SearchResult r = csp::Solver(d.model()).solve();
  REQUIRE(r.found());
  REQUIRE(r.solution[static_cast<std::size_t>(w.id())] == 2);
}
