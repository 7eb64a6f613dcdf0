// N-queens: one variable per column holding its queen's row; no two queens share a row or diagonal.
#pragma once

#include <vector>

#include "csp/csp.hpp"

namespace problems {

struct Queens {
  csp::Model model;
  std::vector<csp::Var> row;  ///< row[c]: the row (0..n-1) of the queen in column c
};

/// How the no-attack rule is posted: three all-differents (rows, and both diagonals as the rows
/// shifted by +c and -c in column c) or one binary relation per pair of columns (the textbook model).
enum class QueensModel { all_different, binary };

/// The n-queens model, n >= 1. `strength` is that of the three all-differents (all_different model only).
Queens make_queens(int n, QueensModel how = QueensModel::binary,
                   csp::AllDifferentStrength strength = csp::AllDifferentStrength::domain);

/// True when the rows place n queens with no two attacking (independent of the model).
bool queens_valid(const std::vector<csp::Value>& rows);

}  // namespace problems
