// The posters of the FlatZinc builtins (the int_*, bool_*, array_* and set_in* constraints of the
// FlatZinc specification for MiniZinc 2.6) onto the native propagators of csp/constraints/.
// Booleans are 0/1 variables, so the bool comparisons are the int ones and bool_lin_* is linear.
#include <utility>

#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/extremum.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/linear_domain.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/flatzinc/registry.hpp"

namespace csp::flatzinc {

namespace {

using Args = std::vector<Expr>;

// --- comparisons: x REL y, and b tied to it --------------------------------------------------

template <Comparison R>
void compare(Builder& b, const Args& a) {
  const Var x = b.var(a[0]);
  const Var y = b.var(a[1]);
  switch (R) {
    case Comparison::equal: b.post(equal(x, y)); break;
    case Comparison::not_equal: b.post(not_equal(x, y)); break;
    case Comparison::less_equal: b.post(less_equal(x, y)); break;
    case Comparison::less: b.post(less(x, y)); break;
  }
}

template <Comparison R, Reify M>
void compare_reif(Builder& b, const Args& a) {
  const Var x = b.var(a[0]);
  const Var r = b.var(a[2]);
  if (b.is_par(a[1])) {
    b.post(compare_reified(x, R, b.number(a[1]), r, M));
  } else {
    b.post(compare_reified(x, R, b.var(a[1]), 0, r, M));
  }
}

// --- linear ---------------------------------------------------------------------------------

template <LinearRelation R>
void lin(Builder& b, const Args& a) {
  // `:: domain` asks for domain consistency (MiniZinc's flat index of a 2-D element access)
  if (R == LinearRelation::equal && b.annotated("domain"))
    return b.post(linear_domain(b.integers(a[0]), b.vars(a[1]), b.integer(a[2])));
  b.post(linear(b.integers(a[0]), b.vars(a[1]), R, b.integer(a[2])));
}

void lin_ne(Builder& b, const Args& a) { b.post(linear_not_equal(b.integers(a[0]), b.vars(a[1]), b.integer(a[2]))); }

template <Comparison R, Reify M>
void lin_reif(Builder& b, const Args& a) {
  b.post(linear_reified(b.integers(a[0]), b.vars(a[1]), R, b.integer(a[2]), b.var(a[3]), M));
}

// bool_lin_eq(as, xs, c) with c a variable: sum(as * xs) - c = 0.
void bool_lin_eq(Builder& b, const Args& a) {
  std::vector<std::int64_t> cs = b.integers(a[0]);
  std::vector<Var> xs = b.vars(a[1]);
  cs.push_back(-1);
  xs.push_back(b.var(a[2]));
  b.post(linear(std::move(cs), std::move(xs), LinearRelation::equal, 0));
}

// --- arithmetic -----------------------------------------------------------------------------

// a + sign * b = c.
template <int Sign>
void plus(Builder& b, const Args& a) {
  b.post(linear({1, Sign, -1}, {b.var(a[0]), b.var(a[1]), b.var(a[2])}, LinearRelation::equal, 0));
}

template <std::unique_ptr<Propagator> (*F)(Var, Var, Var, std::int64_t)>
void ternary(Builder& b, const Args& a) {
  b.post(F(b.var(a[0]), b.var(a[1]), b.var(a[2]), kArithmeticPairs));
}

void abs(Builder& b, const Args& a) { b.post(absolute(b.var(a[0]), b.var(a[1]))); }

// --- element and extremum -------------------------------------------------------------------

void element_const(Builder& b, const Args& a) { b.post(element(b.var(a[0]), b.values(a[1]), b.var(a[2]))); }
// array_bool_element: the constants are true/false (MiniZinc's nosets.mzn writes such arrays)
void element_bool_const(Builder& b, const Args& a) {
  const std::vector<bool> flags = b.booleans(a[1]);
  b.post(element(b.var(a[0]), std::vector<Value>(flags.begin(), flags.end()), b.var(a[2])));
}
void element_var(Builder& b, const Args& a) { b.post(element(b.var(a[0]), b.vars(a[1]), b.var(a[2]))); }
void minimum_of(Builder& b, const Args& a) { b.post(array_min(b.vars(a[1]), b.var(a[0]))); }
void maximum_of(Builder& b, const Args& a) { b.post(array_max(b.vars(a[1]), b.var(a[0]))); }

// --- booleans -------------------------------------------------------------------------------

void bool_clause(Builder& b, const Args& a) { b.post(clause(b.vars(a[0]), b.vars(a[1]))); }
void bool_and(Builder& b, const Args& a) { b.post(and_all({b.var(a[0]), b.var(a[1])}, b.var(a[2]))); }
void bool_or(Builder& b, const Args& a) { b.post(or_all({b.var(a[0]), b.var(a[1])}, b.var(a[2]))); }
void bool_xor3(Builder& b, const Args& a) { b.post(parity({b.var(a[0]), b.var(a[1]), b.var(a[2])}, false)); }
// each x = v, as a one-literal clause each (run once at the root, then subsumed).
void fix_each(Builder& b, const std::vector<Var>& xs, bool v) {
  for (const Var x : xs) b.post(v ? clause({x}, {}) : clause({}, {x}));
}
// A result fixed by the model (array_bool_or(xs, true) is how MiniZinc writes a clause) makes the
// constraint a clause or unit facts: no reified propagator woken for a side that never changes.
void array_and(Builder& b, const Args& a) {
  if (!b.is_par(a[1])) return b.post(and_all(b.vars(a[0]), b.var(a[1])));
  if (b.boolean(a[1])) return fix_each(b, b.vars(a[0]), true);
  b.post(clause({}, b.vars(a[0])));  // not all of them
}
void array_or(Builder& b, const Args& a) {
  if (!b.is_par(a[1])) return b.post(or_all(b.vars(a[0]), b.var(a[1])));
  if (!b.boolean(a[1])) return fix_each(b, b.vars(a[0]), false);
  b.post(clause(b.vars(a[0]), {}));
}
// r <-> (x = y) on 0/1 is x + y + r odd (r <-> x != y: even), which parity() keeps domain consistent
// at a fraction of the cost of the general reified comparison; a repeated variable keeps that.
template <bool Equal>
void bool_compare_reif(Builder& b, const Args& a) {
  const Var x = b.var(a[0]), y = b.var(a[1]), r = b.var(a[2]);
  if (x == y || x == r || y == r)
    return compare_reif<Equal ? Comparison::equal : Comparison::not_equal, Reify::equivalent>(b, a);
  b.post(parity({x, y, r}, Equal));
}
// x = y on 0/1 (bool2int, bool_eq): an even number of ones.
void bool_same(Builder& b, const Args& a) {
  const Var x = b.var(a[0]), y = b.var(a[1]);
  if (x == y) return;
  b.post(parity({x, y}, false));
}
void array_xor(Builder& b, const Args& a) { b.post(parity(b.vars(a[0]), true)); }

// r <-> (as[0] or ... or not bs[0] or ...): or_all over the as and the negations of the bs.
void bool_clause_reif(Builder& b, const Args& a) {
  std::vector<Var> xs = b.vars(a[0]);
  for (const Var n : b.vars(a[1])) {
    const Var neg = b.new_var(0, 1);
    b.post(not_equal(neg, n));
    xs.push_back(neg);
  }
  b.post(or_all(std::move(xs), b.var(a[2])));
}
// r -> clause: the clause with not r added.
void bool_clause_imp(Builder& b, const Args& a) {
  std::vector<Var> negative = b.vars(a[1]);
  negative.push_back(b.var(a[2]));
  b.post(clause(b.vars(a[0]), std::move(negative)));
}
// r -> (x and y ...): r <= each.
void and_imp(Builder& b, const std::vector<Var>& xs, Var r) {
  for (const Var x : xs) b.post(less_equal(r, x));
}
void bool_and_imp(Builder& b, const Args& a) { and_imp(b, {b.var(a[0]), b.var(a[1])}, b.var(a[2])); }
void array_and_imp(Builder& b, const Args& a) { and_imp(b, b.vars(a[0]), b.var(a[1])); }
// r -> (x or y ...): the clause (x or y ... or not r).
void bool_or_imp(Builder& b, const Args& a) { b.post(clause({b.var(a[0]), b.var(a[1])}, {b.var(a[2])})); }
void array_or_imp(Builder& b, const Args& a) { b.post(clause(b.vars(a[0]), {b.var(a[1])})); }

// --- sets -----------------------------------------------------------------------------------

void set_in(Builder& b, const Args& a) { b.post(member(b.var(a[0]), b.ranges(a[1]))); }
template <Reify M>
void set_in_reif(Builder& b, const Args& a) {
  b.post(member_reified(b.var(a[0]), b.ranges(a[1]), b.var(a[2]), M));
}

}  // namespace

void add_builtin_posters(Registry& r) {
  using C = Comparison;
  constexpr Reify E = Reify::equivalent, I = Reify::implies;
  // Integer comparisons (the bool ones are the same on 0/1 variables).
  for (const char* t : {"int", "bool"}) {
    const std::string p = t;
    if (p == "int") r.add(p + "_eq", 2, compare<C::equal>, "native: equal()");
    r.add(p + "_le", 2, compare<C::less_equal>, "native: less_equal()");
    r.add(p + "_lt", 2, compare<C::less>, "native: less()");
    if (p == "int") r.add(p + "_eq_reif", 3, compare_reif<C::equal, E>, "native: compare_reified()");
    if (p == "int") r.add(p + "_ne_reif", 3, compare_reif<C::not_equal, E>, "native: compare_reified()");
    r.add(p + "_le_reif", 3, compare_reif<C::less_equal, E>, "native: compare_reified()");
    r.add(p + "_lt_reif", 3, compare_reif<C::less, E>, "native: compare_reified()");
    r.add(p + "_eq_imp", 3, compare_reif<C::equal, I>, "native: compare_reified(), Reify::implies");
    r.add(p + "_ne_imp", 3, compare_reif<C::not_equal, I>, "native: compare_reified(), Reify::implies");
    r.add(p + "_le_imp", 3, compare_reif<C::less_equal, I>, "native: compare_reified(), Reify::implies");
    r.add(p + "_lt_imp", 3, compare_reif<C::less, I>, "native: compare_reified(), Reify::implies");
  }
  r.add("int_ne", 2, compare<C::not_equal>, "native: not_equal()");
  r.add("bool_not", 2, compare<C::not_equal>, "native: not_equal() on 0/1");
  r.add("bool_ne", 2, compare<C::not_equal>, "native: not_equal() on 0/1");
  r.add("bool_xor", 2, compare<C::not_equal>, "native: not_equal() on 0/1");
  r.add("bool_eq", 2, bool_same, "native: parity({x, y}, even)");
  r.add("bool_eq_reif", 3, bool_compare_reif<true>, "native: parity({x, y, r}, odd)");
  r.add("bool_ne_reif", 3, bool_compare_reif<false>, "native: parity({x, y, r}, even)");
  r.add("bool_xor_reif", 3, bool_compare_reif<false>, "native: parity({x, y, r}, even)");
  r.add("bool_xor_imp", 3, compare_reif<C::not_equal, I>, "native: compare_reified(), Reify::implies");
  r.add("bool2int", 2, bool_same, "native: parity({b, i}, even)");

  // Linear.
  r.add("int_lin_eq", 3, lin<LinearRelation::equal>, "native: linear(); linear_domain(), domain consistent, when annotated :: domain "
        "(as MiniZinc does for a 2-D array's flat index)");
  r.add("int_lin_le", 3, lin<LinearRelation::less_equal>, "native: linear()");
  r.add("int_lin_ne", 3, lin_ne, "native: linear_not_equal()");
  r.add("int_lin_eq_reif", 4, lin_reif<C::equal, E>, "native: linear_reified()");
  r.add("int_lin_ne_reif", 4, lin_reif<C::not_equal, E>, "native: linear_reified()");
  r.add("int_lin_le_reif", 4, lin_reif<C::less_equal, E>, "native: linear_reified()");
  r.add("int_lin_eq_imp", 4, lin_reif<C::equal, I>, "native: linear_reified(), Reify::implies");
  r.add("int_lin_ne_imp", 4, lin_reif<C::not_equal, I>, "native: linear_reified(), Reify::implies");
  r.add("int_lin_le_imp", 4, lin_reif<C::less_equal, I>, "native: linear_reified(), Reify::implies");
  r.add("bool_lin_eq", 3, bool_lin_eq, "native: linear(), the sum's variable moved left");
  r.add("bool_lin_le", 3, lin<LinearRelation::less_equal>, "native: linear()");

  // Arithmetic.
  r.add("int_plus", 3, plus<1>, "native: linear() a + b - c = 0");
  r.add("int_minus", 3, plus<-1>, "native: linear() a - b - c = 0");
  r.add("int_times", 3, ternary<times>, "native: times()");
  r.add("int_div", 3, ternary<divide>, "native: divide()");
  r.add("int_mod", 3, ternary<modulo>, "native: modulo()");
  r.add("int_min", 3, ternary<minimum>, "native: minimum()");
  r.add("int_max", 3, ternary<maximum>, "native: maximum()");
  r.add("int_pow", 3, ternary<power>,
        "native: power(); a negative exponent means 1 div pow(x, abs(y)), as flatzinc_builtins.mzn says "
        "(0 for |x| > 1, ±1 for x = ±1, no solution for x = 0)");
  r.add("int_abs", 2, abs, "native: absolute()");

  // Element and extremum.
  r.add("array_int_element", 3, element_const, "native: element() over constants");
  r.add("array_bool_element", 3, element_bool_const, "native: element() over constants");
  r.add("array_var_int_element", 3, element_var, "native: element() over variables");
  r.add("array_var_bool_element", 3, element_var, "native: element() over variables");
  r.add("array_int_minimum", 2, minimum_of, "native: array_min()");
  r.add("array_int_maximum", 2, maximum_of, "native: array_max()");

  // Booleans.
  r.add("bool_clause", 2, bool_clause, "native: clause()");
  r.add("bool_clause_reif", 3, bool_clause_reif, "or_all() over the positives and a negation of each negative");
  r.add("bool_clause_imp", 3, bool_clause_imp, "native: clause() with not r added");
  r.add("bool_and", 3, bool_and, "native: and_all()");
  r.add("bool_or", 3, bool_or, "native: or_all()");
  r.add("bool_xor", 3, bool_xor3, "native: parity({a, b, r}, even)");
  r.add("array_bool_and", 2, array_and, "native: and_all(); clause() or unit clauses when the result is fixed");
  r.add("array_bool_or", 2, array_or, "native: or_all(); clause() or unit clauses when the result is fixed");
  r.add("array_bool_xor", 1, array_xor, "native: parity(odd)");
  r.add("bool_and_imp", 3, bool_and_imp, "r <= a, r <= b (less_equal())");
  r.add("array_bool_and_imp", 2, array_and_imp, "r <= each (less_equal())");
  r.add("bool_or_imp", 3, bool_or_imp, "native: clause(a, b, not r)");
  r.add("array_bool_or_imp", 2, array_or_imp, "native: clause(as, not r)");

  // Sets of integers, on integer variables.
  r.add("set_in", 2, set_in, "native: member()");
  r.add("set_in_reif", 3, set_in_reif<E>, "native: member_reified()");
  r.add("set_in_imp", 3, set_in_reif<I>, "native: member_reified(), Reify::implies");
}

}  // namespace csp::flatzinc
