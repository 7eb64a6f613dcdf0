// Expressions: integer and Boolean values built with C++ operators on variables and constants
// (x + 2*y <= z, abs(x - y) == 3, b == (x > 3), a & ~c), which a Modeler (modeler.hpp) turns into
// the propagators of csp/constraints/ when they are posted. An expression is a small immutable
// tree, cheap to copy (shared nodes); it belongs to no model until it is posted, so building one
// never touches a model and never fails but for a constant out of range or an empty list.
//
// A comparison of two plain csp::Var is Var's own (a bool: are they the same variable?), so the
// variables a Modeler hands out are IntVar, which compare as expressions; a plain Var works
// everywhere else (x + 1 == y, min(x, y), ...).
#pragma once

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <ranges>
#include <string>
#include <type_traits>
#include <vector>

#include "csp/kernel/var.hpp"

namespace csp {

namespace detail {
struct IntNode;
struct BoolNode;
}  // namespace detail

class BoolExpr;

/// A variable of a Modeler's model: a Var that also knows which model it belongs to, so that an
/// expression mixing two models is refused when posted. Converts to Var for the rest of the API.
struct IntVar {
  Var var;                        ///< the variable
  const void* model = nullptr;    ///< its model's Model::identity()
  /// The variable, for every function that takes a Var.
  operator Var() const { return var; }  // NOLINT(google-explicit-constructor): an IntVar is a Var
  /// Its index in the model (var.id).
  int id() const { return var.id; }
};

/// A list of IntVar that converts to std::vector<Var>, so that it is passed as it is to the
/// constraints of csp/constraints/ (all_different(xs), circuit(xs), ...).
class IntVars : public std::vector<IntVar> {
 public:
  using std::vector<IntVar>::vector;
  /// The plain variables, in order.
  operator std::vector<Var>() const;  // NOLINT(google-explicit-constructor)
};

/// An integer expression: a constant, a variable, or an operator over integer expressions; a
/// Boolean expression used as an integer is 0 or 1.
class IntExpr {
 public:
  /// A constant (any integral type but bool, which would let a plain Var comparison in silently).
  /// Throws std::invalid_argument when c is outside the 64-bit range the linear sums work in.
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  IntExpr(T c) : IntExpr(constant_node(checked(c))) {}  // NOLINT(google-explicit-constructor)
  /// A variable of any model (checked against the model it is posted to by its id only).
  IntExpr(Var v);  // NOLINT(google-explicit-constructor)
  /// A variable of a Modeler (checked against the model it is posted to).
  IntExpr(IntVar v);  // NOLINT(google-explicit-constructor)
  /// A Boolean expression's truth as 0 or 1 (its reification: b == (x > 3)).
  IntExpr(const BoolExpr& b);  // NOLINT(google-explicit-constructor)
  /// The tree (for the Modeler; detail/node.hpp).
  explicit IntExpr(std::shared_ptr<detail::IntNode> node) : node_(std::move(node)) {}

  /// The root of the tree.
  const detail::IntNode& node() const { return *node_; }
  /// The root, shared.
  const std::shared_ptr<detail::IntNode>& shared() const { return node_; }

  /// this = this + e, appending to this sum's own node when no other expression shares it (so a
  /// sum built term by term in a loop stays one flat node).
  IntExpr& operator+=(const IntExpr& e);
  /// this = this - e, as +=.
  IntExpr& operator-=(const IntExpr& e);

 private:
  template <class T>
  static std::int64_t checked(T c) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t)) {
      if (c > static_cast<T>(INT64_MAX)) throw_out_of_range();
    }
    return static_cast<std::int64_t>(c);
  }
  [[noreturn]] static void throw_out_of_range();
  static std::shared_ptr<detail::IntNode> constant_node(std::int64_t c);

  std::shared_ptr<detail::IntNode> node_;
};

/// A Boolean expression: a comparison of integer expressions, a 0/1 variable, a constant, or
/// &, |, ~ and implies() over Boolean expressions. Posted, it must hold; reified (Modeler::bool_var
/// or used as an integer), it is a 0/1 variable equal to its truth.
class BoolExpr {
 public:
  /// A 0/1 variable as a truth value (posting checks that its domain lies within {0, 1}).
  BoolExpr(Var v);  // NOLINT(google-explicit-constructor)
  /// A 0/1 variable of a Modeler as a truth value.
  BoolExpr(IntVar v);  // NOLINT(google-explicit-constructor)
  /// The constant true or false (explicit and for bool alone: an int is no truth value here).
  template <class B>
    requires std::same_as<B, bool>
  explicit BoolExpr(B value) : BoolExpr(constant_node(value)) {}
  /// The tree (for the Modeler; detail/node.hpp).
  explicit BoolExpr(std::shared_ptr<detail::BoolNode> node) : node_(std::move(node)) {}

  /// The root of the tree.
  const detail::BoolNode& node() const { return *node_; }
  /// The root, shared.
  const std::shared_ptr<detail::BoolNode>& shared() const { return node_; }

 private:
  static std::shared_ptr<detail::BoolNode> constant_node(bool value);

  std::shared_ptr<detail::BoolNode> node_;
};

/// A list of integer expressions, made from any range of things an IntExpr is made from (a
/// std::vector<int> of durations, IntVars, a braced list); indexing it by an expression is element.
class IntExprs : public std::vector<IntExpr> {
 public:
  IntExprs() = default;
  /// The listed expressions.
  IntExprs(std::initializer_list<IntExpr> xs) : std::vector<IntExpr>(xs) {}
  /// One expression per item of `xs`.
  template <std::ranges::input_range R>
    requires std::convertible_to<std::ranges::range_reference_t<const R&>, IntExpr> &&
             (!std::same_as<std::remove_cvref_t<R>, IntExprs>)
  IntExprs(const R& xs) {  // NOLINT(google-explicit-constructor)
    for (auto&& x : xs) emplace_back(IntExpr(x));
  }
  using std::vector<IntExpr>::operator[];
  /// Element, 0-based: the item at position `index` (an expression). An index outside 0..size()-1
  /// has no solution, wherever the expression is used. Throws std::invalid_argument when empty.
  IntExpr operator[](const IntExpr& index) const;
};

/// A list of Boolean expressions (for all_of / any_of).
using BoolExprs = std::vector<BoolExpr>;

// --- Integer operators ---------------------------------------------------------------------------
/// a + b.
IntExpr operator+(const IntExpr& a, const IntExpr& b);
/// a - b.
IntExpr operator-(const IntExpr& a, const IntExpr& b);
/// -a.
IntExpr operator-(const IntExpr& a);
/// a * b (linear when either side is constant, else one product variable).
IntExpr operator*(const IntExpr& a, const IntExpr& b);
/// a div b, rounded toward zero (b == 0 has no solution; a constant 0 throws when posted).
IntExpr operator/(const IntExpr& a, const IntExpr& b);
/// a mod b, with the sign of a (a - b * (a / b)); as /, b != 0.
IntExpr operator%(const IntExpr& a, const IntExpr& b);
/// |a|.
IntExpr abs(const IntExpr& a);
/// The smaller of a and b.
IntExpr min(const IntExpr& a, const IntExpr& b);
/// The larger of a and b.
IntExpr max(const IntExpr& a, const IntExpr& b);
/// The least of xs; throws std::invalid_argument for an empty list.
IntExpr min(const IntExprs& xs);
/// The greatest of xs; throws std::invalid_argument for an empty list.
IntExpr max(const IntExprs& xs);
/// xs[0] + xs[1] + ...; throws std::invalid_argument for an empty list (write 0 if that is meant).
IntExpr sum(const IntExprs& xs);
/// Element, 0-based: array[index], as IntExprs::operator[].
IntExpr at(const IntExprs& array, const IntExpr& index);

// --- Comparisons: Boolean expressions --------------------------------------------------------------
/// a == b.
BoolExpr operator==(const IntExpr& a, const IntExpr& b);
/// a != b.
BoolExpr operator!=(const IntExpr& a, const IntExpr& b);
/// a < b.
BoolExpr operator<(const IntExpr& a, const IntExpr& b);
/// a <= b.
BoolExpr operator<=(const IntExpr& a, const IntExpr& b);
/// a > b.
BoolExpr operator>(const IntExpr& a, const IntExpr& b);
/// a >= b.
BoolExpr operator>=(const IntExpr& a, const IntExpr& b);

// --- Boolean operators ---------------------------------------------------------------------------
/// a and b.
BoolExpr operator&(const BoolExpr& a, const BoolExpr& b);
/// a or b.
BoolExpr operator|(const BoolExpr& a, const BoolExpr& b);
/// not a.
BoolExpr operator~(const BoolExpr& a);
/// a implies b (not a, or b).
BoolExpr implies(const BoolExpr& a, const BoolExpr& b);
/// Every one of xs (true for none).
BoolExpr all_of(const BoolExprs& xs);
/// At least one of xs (false for none).
BoolExpr any_of(const BoolExprs& xs);

}  // namespace csp
