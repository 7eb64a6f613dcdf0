// The groups of square grids as cell indices (cell = row * n + column), for the rule tests.
#pragma once

#include <vector>

namespace grid {

/// The rows, then the columns, of an n x n grid: a Latin square's groups.
inline std::vector<std::vector<int>> latin_groups(int n) {
  std::vector<std::vector<int>> groups;
  for (int r = 0; r < n; ++r) {
    groups.emplace_back();
    for (int c = 0; c < n; ++c) groups.back().push_back(r * n + c);
  }
  for (int c = 0; c < n; ++c) {
    groups.emplace_back();
    for (int r = 0; r < n; ++r) groups.back().push_back(r * n + c);
  }
  return groups;
}

/// The rows, columns and then boxes of a Sudoku grid of side b*b.
inline std::vector<std::vector<int>> sudoku_groups(int b) {
  const int n = b * b;
  std::vector<std::vector<int>> groups = latin_groups(n);
  for (int box = 0; box < n; ++box) {
    groups.emplace_back();
    for (int k = 0; k < n; ++k) groups.back().push_back((box / b * b + k / b) * n + box % b * b + k % b);
  }
  return groups;
}

}  // namespace grid
