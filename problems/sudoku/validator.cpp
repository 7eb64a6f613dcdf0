// The independent checker: plain loops over ints, deliberately not using the csp layer, so a bug
// in the solver (or in the model) cannot hide behind the same bug in its check.
#include <array>
#include <cstdint>

#include "problems/sudoku/sudoku.hpp"

namespace problems::sudoku {

namespace {

// One pass over the cells: each value must lie in 1..N and keep its given, and its bit goes into
// the masks of its row, column and box. A group has N cells with values in 1..N, so its values
// are all different exactly when its mask holds all N bits. Every answer of a batch goes through
// here, so the box side is a template argument: the loops over a row unroll and the masks stay
// in registers.
template <int B>
bool valid(const int* given, const int* value) {
  constexpr int n = B * B;
  constexpr std::uint32_t all = ((std::uint32_t{1} << n) - 1) << 1;  // bits 1..N
  std::array<std::uint32_t, n> columns{};
  for (int band = 0; band < B; ++band) {
    std::array<std::uint32_t, B> boxes{};  // the band's boxes, left to right
    for (int r = 0; r < B; ++r) {
      std::uint32_t row = 0;
      for (int c = 0; c < n; ++c, ++given, ++value) {
        const int v = *value;
        if (v < 1 || v > n) return false;
        if (*given != 0 && *given != v) return false;  // a given was changed
        const std::uint32_t bit = std::uint32_t{1} << v;
        row |= bit;
        columns[static_cast<std::size_t>(c)] |= bit;
        boxes[static_cast<std::size_t>(c / B)] |= bit;
      }
      if (row != all) return false;
    }
    for (std::uint32_t box : boxes)
      if (box != all) return false;
  }
  for (std::uint32_t column : columns)
    if (column != all) return false;
  return true;
}

}  // namespace

bool is_valid_solution(const Puzzle& puzzle, std::span<const int> solution) {
  const int b = puzzle.box;
  if (b < 1 || b > 5) return false;
  const std::size_t cells = static_cast<std::size_t>(b) * b * b * b;
  if (puzzle.cells.size() != cells || solution.size() != cells) return false;
  switch (b) {
    case 1: return valid<1>(puzzle.cells.data(), solution.data());
    case 2: return valid<2>(puzzle.cells.data(), solution.data());
    case 3: return valid<3>(puzzle.cells.data(), solution.data());
    case 4: return valid<4>(puzzle.cells.data(), solution.data());
    default: return valid<5>(puzzle.cells.data(), solution.data());
  }
}

}  // namespace problems::sudoku
