// Sudoku as a CSP: one variable per cell, one exact all-different group per row, column and box.
//
// Sizes: box side 2..5, so grids of 4x4, 9x9, 16x16 and 25x25. The model is built once per size
// and rule set; every puzzle of that size is then a starting Domains with the givens fixed.
//
// Text form: one puzzle per line, N*N cells in row-major order. Symbols: the digits 1-9, then the
// letters A-P for 10-25 (upper or lower case; the answer uses the case of the input's letters).
// Blanks: '.' or '0'. Spaces (and tabs) inside the line and a trailing '\r' are ignored. A line
// that is empty (after that) or starts with '#' (after leading spaces) is not a puzzle. With letters
// of both cases in one line the answer is in upper case.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csp/csp.hpp"
#include "csp/rules/group_rules.hpp"

namespace problems::sudoku {

/// The rule set `sudoku` and its web page use unless told otherwise: Norvig's two rules plus
/// locked candidates, the fastest set measured on the public collections (docs/benchmarks.md:
/// about a quarter less time on 17-clue and top1465, within 5% on the forum's hardest).
inline constexpr const char* kDefaultRules = "naked-single,hidden-single,locked-candidates";
/// The variable order they use unless told otherwise: MRV with ties broken by the most open peers,
/// the fastest order measured on the public collections (docs/benchmarks.md: about 0.8 of plain
/// MRV's time on top1465 and the forum's hardest, 0.95 on 17-clue; 40% fewer nodes).
inline constexpr const char* kDefaultOrder = "mrv-ddeg";

/// One puzzle: the box side, and the cells in row-major order, 0 for a blank, else 1..N.
struct Puzzle {
  int box = 3;
  std::vector<int> cells;
  bool lowercase = false;  ///< the input wrote letters in lower case
  int side() const { return box * box; }
};

/// The result of reading one line.
struct ParsedLine {
  enum class Kind { puzzle, skip, invalid } kind = Kind::skip;
  Puzzle puzzle;       ///< when kind == puzzle
  std::string reason;  ///< when kind == invalid: what is wrong, e.g. "line has 80 cells, expected 16, 81, 256 or 625"
};

/// Reads one line (without its '\n'). Givens that break a rule (two equal givens in a group)
/// make it invalid too, with the reason naming the group and value.
ParsedLine parse_line(std::string_view line);

/// The symbol for value v (1..25) in the puzzle's alphabet.
char symbol(int v, bool lowercase);
/// A grid of values (1..N, or 0 for blank) as one line in the puzzle's alphabet.
std::string format_line(std::span<const int> cells, const Puzzle& like);
/// The same as a multi-line picture with box separators (for --format grid).
std::string format_grid(std::span<const int> cells, const Puzzle& like);

/// Independent check, not using the csp layer: `solution` fills every cell with 1..N, keeps every
/// given of `puzzle`, and repeats no value in any row, column or box.
bool is_valid_solution(const Puzzle& puzzle, std::span<const int> solution);

/// The CSP of one grid size, built once and reused for every puzzle of that size.
class SudokuModel {
 public:
  SudokuModel(int box, const csp::RuleSet& rules);

  int box() const { return box_; }
  int side() const { return box_ * box_; }
  csp::Model& model() { return model_; }
  const csp::Model& model() const { return model_; }
  /// The variable of the cell at row r, column c (0-based).
  csp::Var cell(int r, int c) const { return cells_[static_cast<std::size_t>(r * side() + c)]; }
  /// Rows, then columns, then boxes, named "row 1".."row N", "column 1".., "box 1"...
  const std::vector<csp::Group>& groups() const { return groups_; }
  /// The starting domains for a puzzle of this size: the givens fixed, other cells 1..N.
  csp::Domains start(const Puzzle& p) const;
  /// Cell values (1..N) of a solution found on this model, in row-major order.
  std::vector<int> values(std::span<const csp::Value> solution) const;
  /// A cell's name in the r3c5 style (1-based).
  std::string cell_name(csp::Var v) const;

 private:
  int box_;
  csp::Model model_;
  std::vector<csp::Var> cells_;
  std::vector<csp::Group> groups_;
};

}  // namespace problems::sudoku
