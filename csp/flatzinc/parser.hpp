// Reading FlatZinc text into its items (csp/flatzinc/ast.hpp).
//
// The grammar is that of the FlatZinc specification shipped with MiniZinc 2.6 (items in the order
// predicates, parameters, variables, constraints, solve; `%` comments to the end of the line). The
// parser checks the form, not the meaning: an unknown constraint name or a type the solver cannot
// handle is the builder's to reject. Anything malformed — a missing `;`, an integer out of 64-bit
// range, an unterminated string, nesting deeper than kMaxDepth, an item out of order — throws a
// ParseError naming the line and column. It never crashes or loops on any input (tests/fuzz/).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "csp/flatzinc/ast.hpp"

namespace csp::flatzinc {

/// A malformed model: what() is "line L, column C: what was expected and what was found".
class ParseError : public std::runtime_error {
 public:
  ParseError(Location where, const std::string& message);
  Location where() const { return where_; }

 private:
  Location where_;
};

/// Arrays and annotation calls nest at most this deep (MiniZinc writes two or three levels).
inline constexpr int kMaxDepth = 64;

/// Parses a whole model; throws ParseError.
Ast parse(std::string_view text);

}  // namespace csp::flatzinc
