// The Modeler's flattening: expression trees (detail/node.hpp) to the propagators of
// csp/constraints/. An integer expression becomes a linear form (coefficients, variables, a
// constant) in which every non-linear part (a product, a quotient, abs, min, max, element, a
// reified Boolean) is one introduced variable; a comparison of two integer expressions is then one
// propagator on the difference of their forms, picked by its shape (one variable: a membership;
// x - y: a binary relation; more: linear). A Boolean expression is posted (it holds), or reified
// into a 0/1 variable, with negations pushed into comparisons, so ~(x < y) costs no variable.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/extremum.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/modelling/detail/node.hpp"
#include "csp/modelling/detail/flattener.hpp"

namespace csp {

namespace detail {
namespace {

std::int64_t mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throw std::invalid_argument("expression: a coefficient overflows 64 bits");
  return r;
}

std::int64_t add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) throw std::invalid_argument("expression: a constant overflows 64 bits");
  return r;
}

bool fits(std::int64_t v) { return v >= kMinValue && v <= kMaxValue; }

// a / b and a % b (b != 0), refusing the one quotient 64 bits cannot hold: INT64_MIN / -1.
std::int64_t quot(std::int64_t a, std::int64_t b) {
  if (a == INT64_MIN && b == -1) throw std::invalid_argument("expression: a quotient overflows 64 bits");
  return a / b;
}
std::int64_t rem(std::int64_t a, std::int64_t b) {
  quot(a, b);
  return a % b;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = quot(a, b);
  return (rem(a, b) != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = quot(a, b);
  return (rem(a, b) != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

// A comparison rewritten as sum REL rhs with REL one of eq, ne, le, lt (ge and gt negate both sides).
struct Normal {
  Rel rel;
  std::int64_t rhs;
  bool negated;  // the coefficients must be negated too
};
Normal normal(Rel rel, std::int64_t constant) {
  const std::int64_t rhs = mul(-1, constant);
  if (rel == Rel::ge) return {Rel::le, mul(-1, rhs), true};
  if (rel == Rel::gt) return {Rel::lt, mul(-1, rhs), true};
  return {rel, rhs, false};
}

bool holds(Rel rel, std::int64_t lhs, std::int64_t rhs) {
  switch (rel) {
    case Rel::eq: return lhs == rhs;
    case Rel::ne: return lhs != rhs;
    case Rel::lt: return lhs < rhs;
    case Rel::le: return lhs <= rhs;
    case Rel::gt: return lhs > rhs;
    case Rel::ge: return lhs >= rhs;
  }
  return false;
}

Comparison comparison(Rel rel) {
  switch (rel) {
    case Rel::eq: return Comparison::equal;
    case Rel::ne: return Comparison::not_equal;
    case Rel::le: return Comparison::less_equal;
    default: return Comparison::less;
  }
}

}  // namespace

using Linear = Flattener::Linear;

Flattener::Flattener(Modeler& m) : m_(m), model_(m.model()) {}

Value Flattener::lo(Var v) const { return model_.initial_domains().min(v); }
Value Flattener::hi(Var v) const { return model_.initial_domains().max(v); }

Var Flattener::checked(Var v, const void* model) const {
  if (model != nullptr && model != model_.identity())
    throw std::invalid_argument("expression: variable id " + std::to_string(v.id) + " belongs to another model");
  if (v.id < 0 || v.id >= model_.var_count())
    throw std::invalid_argument("expression: variable id " + std::to_string(v.id) + " is not of this model (" +
                                std::to_string(model_.var_count()) + " variables)");
  return v;
}

Var Flattener::introduce(std::int64_t low, std::int64_t high, const char* what) {
  if (!fits(low) || !fits(high))
    throw std::invalid_argument(std::string("expression: ") + what + " ranges over [" + std::to_string(low) + ", " +
                                std::to_string(high) + "], beyond the values a variable can take [" +
                                std::to_string(kMinValue) + ", " + std::to_string(kMaxValue) + "]");
  return model_.add_var(static_cast<Value>(low), static_cast<Value>(high));
}

void Flattener::fail() { model_.post(member(m_.constant(0), {{1, 1}})); }

void Flattener::fix(Var v, bool value) {
  const Value b = value ? 1 : 0;
  model_.post(member(v, {{b, b}}));
}

Linear Flattener::linear(const IntNode& root) {
  Linear f;
  // An explicit stack, not recursion: a sum grown term by term (e = e + x[i]) is a deep tree.
  std::vector<std::pair<std::int64_t, const IntNode*>> todo{{1, &root}};
  while (!todo.empty()) {
    const auto [k, n] = todo.back();
    todo.pop_back();
    switch (n->kind) {
      case IntNode::Kind::constant:
        f.constant = add(f.constant, mul(k, n->constant));
        break;
      case IntNode::Kind::var:
        f.coefs.push_back(k);
        f.vars.push_back(checked(n->var, n->model));
        break;
      case IntNode::Kind::sum:
        f.constant = add(f.constant, mul(k, n->constant));
        for (const auto& [c, e] : n->terms) todo.emplace_back(mul(k, c), &e.node());
        break;
      default:
        append(f, k, nonlinear(*n));
    }
  }
  merge(f);
  return f;
}

void Flattener::append(Linear& f, std::int64_t k, const Linear& g) {
  f.constant = add(f.constant, mul(k, g.constant));
  for (std::size_t i = 0; i < g.vars.size(); ++i) {
    f.coefs.push_back(mul(k, g.coefs[i]));
    f.vars.push_back(g.vars[i]);
  }
}

void Flattener::merge(Linear& f) {
  // One term per variable (x + x is 2x: linear() wants distinct variables to be exact), no zeros.
  std::vector<std::size_t> order(f.vars.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return f.vars[a].id < f.vars[b].id; });
  Linear g;
  g.constant = f.constant;
  for (const std::size_t i : order) {
    if (!g.vars.empty() && g.vars.back() == f.vars[i]) g.coefs.back() = add(g.coefs.back(), f.coefs[i]);
    else {
      g.vars.push_back(f.vars[i]);
      g.coefs.push_back(f.coefs[i]);
    }
  }
  f = Linear{};
  f.constant = g.constant;
  for (std::size_t i = 0; i < g.vars.size(); ++i)
    if (g.coefs[i] != 0) {
      f.coefs.push_back(g.coefs[i]);
      f.vars.push_back(g.vars[i]);
    }
}

std::pair<std::int64_t, std::int64_t> Flattener::bounds(const Linear& f) const {
  std::int64_t low = f.constant, high = f.constant;
  for (std::size_t i = 0; i < f.vars.size(); ++i) {
    const std::int64_t a = mul(f.coefs[i], lo(f.vars[i])), b = mul(f.coefs[i], hi(f.vars[i]));
    low = add(low, std::min(a, b));
    high = add(high, std::max(a, b));
  }
  return {low, high};
}

Var Flattener::var(const Linear& f, const char* what) {
  if (f.vars.empty()) return m_.constant(f.constant);
  if (f.vars.size() == 1 && f.coefs[0] == 1 && f.constant == 0) return f.vars[0];
  const auto [low, high] = bounds(f);
  const Var z = introduce(low, high, what);
  std::vector<std::int64_t> coefs = f.coefs;
  std::vector<Var> vars = f.vars;
  coefs.push_back(-1);
  vars.push_back(z);
  model_.post(csp::linear(std::move(coefs), std::move(vars), LinearRelation::equal, mul(-1, f.constant)));
  return z;
}

Linear Flattener::single(Var v) {
  Linear f;
  f.coefs.push_back(1);
  f.vars.push_back(v);
  return f;
}

Linear Flattener::constant(std::int64_t c) {
  Linear f;
  f.constant = c;
  return f;
}

Linear Flattener::nonlinear(const IntNode& n) {
  using Kind = IntNode::Kind;
  if (n.kind == Kind::boolean) return single(reify(*n.boolean, true));
  if (n.kind == Kind::element) return element(n);
  std::vector<Linear> args;
  for (const IntExpr& e : n.args) args.push_back(linear(e.node()));
  const bool constants = std::ranges::all_of(args, [](const Linear& a) { return a.vars.empty(); });
  if ((n.kind == Kind::div || n.kind == Kind::mod) && args[1].vars.empty() && args[1].constant == 0)
    throw std::invalid_argument(n.kind == Kind::div ? "expression: division by the constant 0"
                                                    : "expression: modulo by the constant 0");
  switch (n.kind) {
    case Kind::times:
      // A constant factor keeps the product linear: 2 * y is a coefficient, not a variable.
      if (args[0].vars.empty() || args[1].vars.empty()) {
        const bool first = args[0].vars.empty();
        Linear f;
        append(f, first ? args[0].constant : args[1].constant, first ? args[1] : args[0]);
        return f;
      }
      return single(product(var(args[0], "a factor"), var(args[1], "a factor")));
    case Kind::div:
      if (constants) return constant(quot(args[0].constant, args[1].constant));
      return single(quotient(var(args[0], "a dividend"), var(args[1], "a divisor")));
    case Kind::mod:
      if (constants) return constant(rem(args[0].constant, args[1].constant));
      return single(remainder(var(args[0], "a dividend"), var(args[1], "a divisor")));
    case Kind::abs:
      if (constants) return constant(args[0].constant < 0 ? mul(-1, args[0].constant) : args[0].constant);
      return single(absolute_value(var(args[0], "the argument of abs")));
    default:  // min, max
      return extremum(n.kind == Kind::min, args);
  }
}

Var Flattener::product(Var x, Var y) {
  const std::int64_t c[] = {std::int64_t{lo(x)} * lo(y), std::int64_t{lo(x)} * hi(y), std::int64_t{hi(x)} * lo(y),
                            std::int64_t{hi(x)} * hi(y)};
  const Var z = introduce(*std::ranges::min_element(c), *std::ranges::max_element(c), "a product");
  model_.post(times(x, y, z));
  return z;
}

Var Flattener::quotient(Var x, Var y) {
  // x div y is monotone in x for a fixed y, and largest in size for the y nearest 0 on each side.
  std::int64_t low = 0, high = 0;
  bool any = false;
  for (const std::int64_t a : {lo(x), hi(x)})
    for (const std::int64_t b : {std::int64_t{lo(y)}, std::int64_t{hi(y)}, std::int64_t{-1}, std::int64_t{1}}) {
      if (b == 0 || b < lo(y) || b > hi(y)) continue;
      const std::int64_t q = a / b;
      low = any ? std::min(low, q) : q;
      high = any ? std::max(high, q) : q;
      any = true;
    }
  const Var z = introduce(low, high, "a quotient");  // y = 0 only: [0, 0], and divide() fails
  model_.post(divide(x, y, z));
  return z;
}

Var Flattener::remainder(Var x, Var y) {
  // The sign of x, and smaller in size than |y| and than |x|.
  const std::int64_t bound = std::max<std::int64_t>(0, std::max(std::abs(std::int64_t{lo(y)}), std::abs(std::int64_t{hi(y)})) - 1);
  const std::int64_t low = lo(x) < 0 ? -std::min<std::int64_t>(-std::int64_t{lo(x)}, bound) : 0;
  const std::int64_t high = hi(x) > 0 ? std::min<std::int64_t>(hi(x), bound) : 0;
  const Var z = introduce(low, high, "a remainder");
  model_.post(modulo(x, y, z));
  return z;
}

Var Flattener::absolute_value(Var x) {
  const std::int64_t a = std::abs(std::int64_t{lo(x)}), b = std::abs(std::int64_t{hi(x)});
  const Var z = introduce(lo(x) <= 0 && hi(x) >= 0 ? 0 : std::min(a, b), std::max(a, b), "an absolute value");
  model_.post(absolute(x, z));
  return z;
}

Linear Flattener::extremum(bool least, const std::vector<Linear>& args) {
  std::vector<Var> xs;
  for (const Linear& a : args) xs.push_back(var(a, least ? "an argument of min" : "an argument of max"));
  if (xs.size() == 1) return single(xs[0]);
  // min: between the least minimum and the least maximum; max: mirrored.
  std::int64_t low = lo(xs[0]), high = hi(xs[0]);
  for (const Var x : xs) {
    low = least ? std::min<std::int64_t>(low, lo(x)) : std::max<std::int64_t>(low, lo(x));
    high = least ? std::min<std::int64_t>(high, hi(x)) : std::max<std::int64_t>(high, hi(x));
  }
  const Var z = introduce(low, high, least ? "a min" : "a max");
  if (xs.size() == 2) model_.post(least ? minimum(xs[0], xs[1], z) : maximum(xs[0], xs[1], z));
  else model_.post(least ? array_min(xs, z) : array_max(xs, z));
  return single(z);
}

Linear Flattener::element(const IntNode& n) {
  const Linear index = linear(n.args[0].node());
  const auto size = static_cast<std::int64_t>(n.args.size() - 1);
  if (index.vars.empty()) {
    // A constant index is the item itself; outside the array, no solution.
    if (index.constant >= 0 && index.constant < size)
      return linear(n.args[static_cast<std::size_t>(index.constant) + 1].node());
    fail();
    return constant(0);
  }
  const Var i = var(index, "an index");
  const std::int64_t first = std::max<std::int64_t>(0, lo(i)), last = std::min<std::int64_t>(size - 1, hi(i));
  if (first > last) {  // no index inside the array
    fail();
    return constant(0);
  }
  // element() is 1-based: its index is i + 1, a variable over the positions i can reach, so an
  // index outside the array fails instead of reading a shifted item.
  const Var shifted = introduce(first + 1, last + 1, "an index");
  model_.post(equal(shifted, i, 1));
  std::vector<Linear> items;
  for (std::size_t k = 1; k < n.args.size(); ++k) items.push_back(linear(n.args[k].node()));
  if (std::ranges::all_of(items, [](const Linear& a) { return a.vars.empty(); })) {
    std::vector<Value> array, reachable;
    for (std::size_t k = 0; k < items.size(); ++k) {
      if (!fits(items[k].constant))
        throw std::invalid_argument("expression: an array item " + std::to_string(items[k].constant) +
                                    " is beyond the values a variable can take");
      array.push_back(static_cast<Value>(items[k].constant));
      if (static_cast<std::int64_t>(k) >= first && static_cast<std::int64_t>(k) <= last) reachable.push_back(array.back());
    }
    const Var z = model_.add_var(reachable);
    model_.post(csp::element(shifted, std::move(array), z));
    return single(z);
  }
  std::vector<Var> array;
  std::int64_t low = 0, high = 0;
  for (std::size_t k = 0; k < items.size(); ++k) {
    array.push_back(var(items[k], "an array item"));
    if (static_cast<std::int64_t>(k) < first || static_cast<std::int64_t>(k) > last) continue;
    low = static_cast<std::int64_t>(k) == first ? lo(array.back()) : std::min<std::int64_t>(low, lo(array.back()));
    high = static_cast<std::int64_t>(k) == first ? hi(array.back()) : std::max<std::int64_t>(high, hi(array.back()));
  }
  const Var z = introduce(low, high, "an element");
  model_.post(csp::element(shifted, std::move(array), z));
  return single(z);
}

Var Flattener::boolean(const BoolNode& b) {
  const Var v = checked(b.lhs->var, b.lhs->model);
  if (lo(v) < 0 || hi(v) > 1)
    throw std::invalid_argument("expression: variable " + model_.name(v) + " is used as a Boolean, but its domain [" +
                                std::to_string(lo(v)) + ", " + std::to_string(hi(v)) + "] is not within {0, 1}");
  return v;
}

Linear Flattener::difference(const BoolNode& b) {
  Linear f = linear(*b.lhs);
  append(f, -1, linear(*b.rhs));
  merge(f);
  return f;
}

void Flattener::post(const BoolNode& b, bool truth) {
  switch (b.kind) {
    case BoolNode::Kind::constant:
      if (b.value != truth) fail();
      return;
    case BoolNode::Kind::var:
      fix(boolean(b), truth);
      return;
    case BoolNode::Kind::compare: {
      const Rel rel = truth ? b.rel : negate(b.rel);
      // v == (a boolean expression): reify straight into v, with no variable in between.
      if (rel == Rel::eq) {
        const IntNode* sides[] = {b.lhs.get(), b.rhs.get()};
        for (int s = 0; s < 2; ++s)
          if (sides[s]->kind == IntNode::Kind::var && sides[1 - s]->kind == IntNode::Kind::boolean) {
            reify_into(*sides[1 - s]->boolean, true, checked(sides[s]->var, sides[s]->model));
            return;
          }
      }
      post_linear(difference(b), rel);
      return;
    }
    case BoolNode::Kind::all:
      if (truth) {
        for (const BoolExpr& e : b.args) post(e.node(), true);
      } else {
        post_clause(b.args, false);
      }
      return;
    case BoolNode::Kind::any:
      if (truth) {
        post_clause(b.args, true);
      } else {
        for (const BoolExpr& e : b.args) post(e.node(), false);
      }
      return;
    case BoolNode::Kind::negation:
      post(b.args[0].node(), !truth);
      return;
  }
}

void Flattener::post_clause(const std::vector<BoolExpr>& args, bool truth) {
  // At least one of args has truth `truth`: each a literal, a 0/1 variable or its negation.
  std::vector<Var> positive, negative;
  for (const BoolExpr& e : args) {
    const BoolNode* n = &e.node();
    bool sign = truth;
    while (n->kind == BoolNode::Kind::negation) {
      n = &n->args[0].node();
      sign = !sign;
    }
    if (n->kind == BoolNode::Kind::var) (sign ? positive : negative).push_back(boolean(*n));
    else positive.push_back(reify(*n, sign));
  }
  if (positive.empty() && negative.empty()) {
    fail();  // an empty disjunction
    return;
  }
  model_.post(clause(std::move(positive), std::move(negative)));
}

void Flattener::post_linear(const Linear& diff, Rel rel) {
  Normal n = normal(rel, diff.constant);
  std::vector<std::int64_t> coefs = diff.coefs;
  if (n.negated)
    for (std::int64_t& c : coefs) c = mul(-1, c);
  if (n.rel == Rel::lt) {  // integers: sum < rhs is sum <= rhs - 1
    n.rel = Rel::le;
    n.rhs = add(n.rhs, -1);
  }
  const std::vector<Var>& vars = diff.vars;
  if (vars.empty()) {
    if (!holds(n.rel, 0, n.rhs)) fail();
    return;
  }
  if (vars.size() == 1) {  // k * x REL rhs: a membership, domain consistent at once
    const std::int64_t k = coefs[0];
    Ranges allowed;
    if (n.rel == Rel::le) {
      const std::int64_t bound = k > 0 ? floor_div(n.rhs, k) : ceil_div(n.rhs, k);
      const std::int64_t low = k > 0 ? kMinValue : std::max<std::int64_t>(bound, kMinValue);
      const std::int64_t high = k > 0 ? std::min<std::int64_t>(bound, kMaxValue) : kMaxValue;
      if (low <= high) allowed.emplace_back(static_cast<Value>(low), static_cast<Value>(high));
    } else {
      const bool exact = rem(n.rhs, k) == 0 && fits(quot(n.rhs, k));
      const std::int64_t v = exact ? quot(n.rhs, k) : 0;
      if (n.rel == Rel::eq) {
        if (exact) allowed.emplace_back(static_cast<Value>(v), static_cast<Value>(v));
      } else if (!exact) {
        return;  // k * x never equals rhs
      } else {
        if (v > kMinValue) allowed.emplace_back(kMinValue, static_cast<Value>(v - 1));
        if (v < kMaxValue) allowed.emplace_back(static_cast<Value>(v + 1), kMaxValue);
      }
    }
    if (allowed.empty()) fail();
    else model_.post(member(vars[0], std::move(allowed)));
    return;
  }
  if (vars.size() == 2 && coefs[0] == -coefs[1] && (coefs[0] == 1 || coefs[0] == -1) && fits(n.rhs)) {
    // x - y REL rhs: a binary relation, arc consistent (x REL y + rhs).
    const Var x = coefs[0] == 1 ? vars[0] : vars[1], y = coefs[0] == 1 ? vars[1] : vars[0];
    const auto offset = static_cast<Value>(n.rhs);
    if (n.rel == Rel::eq) model_.post(equal(x, y, offset));
    else if (n.rel == Rel::ne) model_.post(not_equal(x, y, offset));
    else model_.post(less_equal(x, y, offset));
    return;
  }
  if (n.rel == Rel::ne) model_.post(linear_not_equal(std::move(coefs), vars, n.rhs));
  else
    model_.post(csp::linear(std::move(coefs), vars, n.rel == Rel::eq ? LinearRelation::equal : LinearRelation::less_equal,
                            n.rhs));
}

Var Flattener::reify(const BoolNode& b, bool truth) {
  if (b.kind == BoolNode::Kind::constant) return m_.constant(b.value == truth ? 1 : 0);
  if (b.kind == BoolNode::Kind::var && truth) return boolean(b);
  const Var r = model_.add_var(0, 1);
  reify_into(b, truth, r);
  return r;
}

void Flattener::reify_into(const BoolNode& b, bool truth, Var r) {
  switch (b.kind) {
    case BoolNode::Kind::constant:
      fix(r, b.value == truth);
      return;
    case BoolNode::Kind::var:
      model_.post(truth ? equal(r, boolean(b)) : not_equal(r, boolean(b)));
      // r may be wider than 0/1 (v == ~b posted): r != b alone would let r = 5 through. Every other
      // case ties r with a propagator of a reified or Boolean constraint, which cuts it to {0, 1}.
      if (!truth && (lo(r) < 0 || hi(r) > 1)) model_.post(member(r, {{0, 1}}));
      return;
    case BoolNode::Kind::compare: {
      const Linear diff = difference(b);
      const Normal n = normal(truth ? b.rel : negate(b.rel), diff.constant);
      std::vector<std::int64_t> coefs = diff.coefs;
      if (n.negated)
        for (std::int64_t& c : coefs) c = mul(-1, c);
      const std::vector<Var>& vars = diff.vars;
      if (vars.empty()) fix(r, holds(n.rel, 0, n.rhs));
      else if (vars.size() == 1 && coefs[0] == 1 && fits(n.rhs))
        model_.post(compare_reified(vars[0], comparison(n.rel), static_cast<Value>(n.rhs), r, Reify::equivalent));
      else if (vars.size() == 2 && coefs[0] == -coefs[1] && (coefs[0] == 1 || coefs[0] == -1) && fits(n.rhs)) {
        const Var x = coefs[0] == 1 ? vars[0] : vars[1], y = coefs[0] == 1 ? vars[1] : vars[0];
        model_.post(compare_reified(x, comparison(n.rel), y, static_cast<Value>(n.rhs), r, Reify::equivalent));
      } else {
        model_.post(linear_reified(std::move(coefs), vars, comparison(n.rel), n.rhs, r, Reify::equivalent));
      }
      return;
    }
    case BoolNode::Kind::all:
    case BoolNode::Kind::any: {
      // and with truth, or with its negation (De Morgan: r <-> not(a or b) is r <-> (not a and not b)).
      const bool conjunction = (b.kind == BoolNode::Kind::all) == truth;
      std::vector<Var> xs;
      for (const BoolExpr& e : b.args) xs.push_back(reify(e.node(), truth));
      model_.post(conjunction ? and_all(std::move(xs), r) : or_all(std::move(xs), r));
      return;
    }
    case BoolNode::Kind::negation:
      reify_into(b.args[0].node(), !truth, r);
      return;
  }
}

}  // namespace detail
}  // namespace csp
