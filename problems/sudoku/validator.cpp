// The independent checker: plain loops over ints, deliberately not using the csp layer, so a bug
// in the solver (or in the model) cannot hide behind the same bug in its check.
#include <vector>

#include "problems/sudoku/sudoku.hpp"

namespace problems::sudoku {

bool is_valid_solution(const Puzzle& puzzle, std::span<const int> solution) {
  const int b = puzzle.box;
  if (b < 1 || b > 5) return false;
  const int n = b * b;
  const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  if (puzzle.cells.size() != cells || solution.size() != cells) return false;
  for (std::size_t i = 0; i < cells; ++i) {
    const int v = solution[i];
    if (v < 1 || v > n) return false;
    if (puzzle.cells[i] != 0 && puzzle.cells[i] != v) return false;  // a given was changed
  }
  // seen[v] == stamp when v already occurs in the group being checked (one stamp per group).
  std::vector<int> seen(static_cast<std::size_t>(n) + 1, -1);
  int stamp = 0;
  auto value = [&](int r, int c) { return solution[static_cast<std::size_t>(r * n + c)]; };
  auto fresh = [&](int v) {
    if (seen[static_cast<std::size_t>(v)] == stamp) return false;
    seen[static_cast<std::size_t>(v)] = stamp;
    return true;
  };
  for (int r = 0; r < n; ++r, ++stamp)
    for (int c = 0; c < n; ++c)
      if (!fresh(value(r, c))) return false;
  for (int c = 0; c < n; ++c, ++stamp)
    for (int r = 0; r < n; ++r)
      if (!fresh(value(r, c))) return false;
  for (int br = 0; br < n; br += b)
    for (int bc = 0; bc < n; bc += b, ++stamp)
      for (int r = br; r < br + b; ++r)
        for (int c = bc; c < bc + b; ++c)
          if (!fresh(value(r, c))) return false;
  return true;
}

}  // namespace problems::sudoku
