// Expressions as text (csp/modelling/expr.hpp): "x + 2*y <= z", "abs(x - y) == 3", "~(x < 3) | b",
// written with the operators that build them, for messages, logs and a binding's repr.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "csp/kernel/var.hpp"
#include "csp/modelling/expr.hpp"

namespace csp {

/// "x" and the variable's id: a variable's name when nothing better is known.
std::string id_name(Var v);

/// How to_text() writes what the expression itself does not say.
struct ExprSpelling {
  std::function<std::string(Var)> name = id_name;  ///< a variable
  std::string_view truth = "true";    ///< the constant true (Python: "True")
  std::string_view falsity = "false"; ///< the constant false
  int max_depth = 8;                  ///< nodes nested deeper are written "..."
};

/// The expression in the operators that build it: each sum's terms with their signs, products,
/// abs/min/max/div/mod as calls, element as [list][index], comparisons, ~, & and |, parentheses
/// where needed. Long lists are cut with "..." (a sum after 13 terms, a call's arguments after 6).
std::string to_text(const IntExpr& e, const ExprSpelling& spelling = {});
std::string to_text(const BoolExpr& e, const ExprSpelling& spelling = {});

}  // namespace csp
