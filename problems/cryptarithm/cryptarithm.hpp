// Cryptarithms: SEND+MORE=MONEY — each letter a different digit, no multi-letter word starting with 0.
//
// Text form: words of letters (case is ignored), joined by '+' and '-', on both sides of one '='
// (either side may start with '-'); spaces are ignored. At most 10 distinct letters.
//
// Model: one variable per letter, all different; and the sum written in columns, as by hand: in
// column i (units first) the signed letters of that column plus the carry in equal 10 times the
// carry out, the first carry in and the last carry out being 0. One small csp::linear per column
// keeps the coefficients tiny whatever the word length, and propagates better than one equation
// over the whole sum. The carries follow from the letters, so solutions match letter assignments.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "csp/csp.hpp"

namespace problems::cryptarithm {

struct Term {
  std::string word;  ///< upper-case letters
  int sign = 1;      ///< +1 or -1, as written before the word
  bool right = false;  ///< on the right of '='
};

struct Puzzle {
  std::vector<Term> terms;
  std::string letters;  ///< the distinct letters, in alphabetical order
};

/// A parse error; the message says what and where ("position 5: ...", 1-based).
struct ParseError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Reads "SEND+MORE=MONEY". Refuses words whose values could not be added up in 64 bits.
Puzzle parse(std::string_view text);

/// digit['A' - 'A'] .. digit['Z' - 'A']: the digit of each letter, -1 for letters not in the puzzle.
using Assignment = std::array<int, 26>;

/// Independent arithmetic check (no csp): distinct digits for the puzzle's letters, no leading
/// zero in a word of two or more letters, and the two sides evaluate to the same number.
bool is_solution(const Puzzle& p, const Assignment& a);

/// The model of a puzzle.
struct CryptarithmModel {
  csp::Model model;
  std::array<csp::Var, 26> letter{};  ///< letter[c - 'A'], id -1 for letters not in the puzzle
  /// The assignment a solution of this model stands for.
  Assignment assignment(std::span<const csp::Value> solution) const;
};
CryptarithmModel make_model(const Puzzle& p, csp::AllDifferentStrength strength);

/// "D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2" (letters in alphabetical order).
std::string format_letters(const Puzzle& p, const Assignment& a);
/// The equation in digits, e.g. "9567+1085=10652".
std::string format_digits(const Puzzle& p, const Assignment& a);

}  // namespace problems::cryptarithm
