// Latin square completion: an n x n grid, every row and column holding 1..n once, some cells given.
//
// Text form, as for Sudoku: one square per line, n*n cells in row-major order (n = 1..35), the
// symbols 1-9 then A-Z for 10-35 (either case; answers follow the input's case), '.' or '0' for a
// blank; spaces and a trailing '\r' are ignored; an empty line or one starting with '#' is not a
// square. Model: Sudoku without boxes — one exact all-different group per row and column, posted
// with csp::post_groups so that the rule modules (hidden single, ...) serve here unchanged.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csp/csp.hpp"
#include "csp/rules/group_rules.hpp"

namespace problems::latin {

inline constexpr int kMaxSide = 35;

struct Square {
  int side = 0;
  std::vector<int> cells;  ///< row-major, 0 for a blank, else 1..side
  bool lowercase = false;  ///< the input wrote letters in lower case
};

struct ParsedLine {
  enum class Kind { square, skip, invalid } kind = Kind::skip;
  Square square;       ///< when kind == square
  std::string reason;  ///< when kind == invalid, e.g. "line has 15 cells, not a square number"
};

/// Reads one line (without its '\n'); givens repeated in a row or column make it invalid.
ParsedLine parse_line(std::string_view line);

/// The square as one line of symbols in its alphabet.
std::string format_line(std::span<const int> cells, const Square& like);

/// Independent check (no csp): `solution` keeps every given of `square`, and each row and column
/// holds 1..side exactly once.
bool is_completion(const Square& square, std::span<const int> solution);

/// The CSP of one side length, built once and reused for every square of that size.
class LatinModel {
 public:
  LatinModel(int side, const csp::RuleSet& rules);
  int side() const { return side_; }
  const csp::Model& model() const { return model_; }
  /// The starting domains of a square of this size: givens fixed, other cells 1..side.
  csp::Domains start(const Square& s) const;
  /// Cell values of a solution found on this model, row-major.
  std::vector<int> values(std::span<const csp::Value> solution) const;

 private:
  int side_;
  csp::Model model_;
  std::vector<csp::Var> cells_;
};

}  // namespace problems::latin
