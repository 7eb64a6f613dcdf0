// Internal to csp/modelling/: the nodes of expression trees (expr.hpp builds them, the Modeler's
// flattening, flatten.cpp, reads them). Not installed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "csp/modelling/expr.hpp"

namespace csp::detail {

/// The six comparisons of the expression layer (csp::Comparison has the four propagators take).
enum class Rel : std::uint8_t { eq, ne, lt, le, gt, ge };

/// The comparison that holds exactly when `r` does not.
constexpr Rel negate(Rel r) {
  switch (r) {
    case Rel::eq: return Rel::ne;
    case Rel::ne: return Rel::eq;
    case Rel::lt: return Rel::ge;
    case Rel::le: return Rel::gt;
    case Rel::gt: return Rel::le;
    case Rel::ge: return Rel::lt;
  }
  return r;
}

/// A node of an integer expression.
struct IntNode {
  enum class Kind : std::uint8_t {
    constant,  ///< `constant`
    var,       ///< `var` (of the model `model`, nullptr: any)
    sum,       ///< `constant` + sum of terms[i].first * terms[i].second
    times,     ///< args[0] * args[1]
    div,       ///< args[0] div args[1]
    mod,       ///< args[0] mod args[1]
    abs,       ///< |args[0]|
    min,       ///< the least of args (at least one)
    max,       ///< the greatest of args (at least one)
    element,   ///< args[1 + args[0]]: args[0] is the 0-based index, the rest the array
    boolean,   ///< the truth of `boolean`, 0 or 1
  };
  Kind kind = Kind::constant;
  std::int64_t constant = 0;
  Var var;
  const void* model = nullptr;
  std::vector<std::pair<std::int64_t, IntExpr>> terms;
  std::vector<IntExpr> args;
  std::shared_ptr<BoolNode> boolean;

  IntNode() = default;
  IntNode(const IntNode&) = delete;
  IntNode& operator=(const IntNode&) = delete;
  /// Takes the tree apart without recursion (release_children), so that a chain of a million
  /// nodes (e = e + x in a loop, or Python's sum()) is no deep recursion when it goes.
  ~IntNode();
};

/// A node of a Boolean expression.
struct BoolNode {
  enum class Kind : std::uint8_t {
    constant,  ///< `value`
    var,       ///< the 0/1 variable lhs (a var node) is 1
    compare,   ///< lhs rel rhs
    all,       ///< every one of args
    any,       ///< at least one of args
    negation,  ///< not args[0]
  };
  Kind kind = Kind::constant;
  bool value = false;
  Rel rel = Rel::eq;
  std::shared_ptr<IntNode> lhs, rhs;
  std::vector<BoolExpr> args;

  BoolNode() = default;
  BoolNode(const BoolNode&) = delete;
  BoolNode& operator=(const BoolNode&) = delete;
  /// As ~IntNode.
  ~BoolNode();
};

}  // namespace csp::detail
