// Puzzle generation: proper (exactly one solution) and minimal (no clue can be removed keeping
// that) Sudoku puzzles, reproducible for a seed.
//
// Method: a random full grid, found by solving the empty grid with a seeded random value order and
// MRV; then every cell is visited once in a seeded random order and its clue removed, the removal
// kept only when the puzzle still has exactly one solution (Solver::count with cap 2). One pass is
// enough for minimality: removing clues only adds solutions, so a clue that could not go when it
// was visited cannot go later either.
//
// Puzzle i of a seed depends only on (seed, i) — not on the puzzles before it — so a range of a
// sequence can be regenerated, or generated in parallel, with the same result. All random draws
// use std::mt19937_64 with `rng() % n` (std::uniform_int_distribution and std::shuffle differ
// between standard libraries; the generator's output must not).
//
// Cost: 9x9 takes a few milliseconds per puzzle. 16x16 works but can take seconds or more per
// puzzle (each of the 256 uniqueness checks is a search on a sparse 16x16 grid).
#pragma once

#include <cstdint>
#include <memory>

#include "problems/sudoku/sudoku.hpp"

namespace problems::sudoku {

/// Produces puzzles of one size from one seed. Builds its model and counting solver once.
class Generator {
 public:
  /// box: 2, 3 or 4 (grids of 4x4, 9x9, 16x16); throws std::invalid_argument otherwise.
  Generator(int box, std::uint64_t seed);
  ~Generator();
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  /// The next puzzle of the sequence (puzzle 0, then 1, ...).
  Puzzle next();
  /// Puzzle number `index` of this seed's sequence, independent of any earlier call.
  Puzzle make(std::uint64_t index);

  int box() const { return box_; }

 private:
  struct Impl;
  int box_;
  std::uint64_t seed_;
  std::uint64_t index_ = 0;
  std::unique_ptr<Impl> impl_;
};

/// The number of solutions of a puzzle, counting up to `cap` (builds its own model: for checks
/// and tests, not hot loops).
std::uint64_t count_solutions(const Puzzle& p, std::uint64_t cap = 2);

/// True when the puzzle has exactly one solution and removing any one clue gives more than one.
bool is_proper_and_minimal(const Puzzle& p);

}  // namespace problems::sudoku
