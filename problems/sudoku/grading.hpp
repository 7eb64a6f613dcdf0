// Grading a logical solve the way HoDoKu does: each deduction of the registry
// (csp/rules/techniques/technique.hpp) has a base score and a difficulty level here, Sudoku's
// tuning, kept out of the generic library. A puzzle's score is the sum of the base scores of the
// steps that solved it; its level is the hardest level among its deductions, raised while the
// score exceeds that level's ceiling (800 for easy, 1000 for medium, 1600 for hard, 1800 for
// fiendish on 81 cells, scaled by the number of cells; extreme has none), as HoDoKu does. docs/techniques.md gives the table and the grade distribution.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace problems::sudoku {

/// Difficulty levels, easiest first.
enum class Level : std::uint8_t { easy, medium, hard, fiendish, extreme };
/// "easy", "medium", "hard", "fiendish", "extreme".
std::string_view level_name(Level l);
/// The ceiling of a level's score for a grid of `cells` cells (800, 1000, 1600, 1800 at 81 cells,
/// scaled in proportion); extreme has none (-1).
int level_ceiling(Level l, std::size_t cells);
/// The level of a solve: the hardest technique's level, raised while the score exceeds its ceiling.
Level level_of(Level hardest, int score, std::size_t cells);

/// A deduction's place in the grading scheme.
struct Scoring {
  int score;    ///< base score per step (HoDoKu's)
  Level level;  ///< the level of a solve that needs it
};
/// The scoring of a deduction by its canonical name; nullptr for a name the scheme does not know.
const Scoring* scoring_of(std::string_view technique);

}  // namespace problems::sudoku
