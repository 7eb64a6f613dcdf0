// Sudoku: reading and writing the one-line text form, and the CSP model of one grid size.
#include "problems/sudoku/sudoku.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace problems::sudoku {

namespace {

constexpr int kMaxSide = 25;

// The value a character stands for: 0 for a blank, 1..25 for a symbol, -1 when it is no symbol
// of any grid size. Whether the value fits the grid is decided once the size is known.
int value_of(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'P') return c - 'A' + 10;
  if (c >= 'a' && c <= 'p') return c - 'a' + 10;
  return -1;
}

bool ignored(char c) { return c == ' ' || c == '\t'; }

// A character as it should appear in a message: itself when printable, else \xNN.
std::string show(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string(1, c);
  const char* hex = "0123456789abcdef";
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

std::string bad_character(char c, std::size_t index) {
  return "bad character '" + show(c) + "' at column " + std::to_string(index + 1);
}

// The symbols a grid of this side uses, for messages: "1-9", "1-9 and A-G".
std::string alphabet(int side, bool lowercase) {
  std::string out = "1-";
  out += symbol(std::min(side, 9), lowercase);
  if (side > 9) {
    out += " and ";
    out += symbol(10, lowercase);
    out += '-';
    out += symbol(side, lowercase);
  }
  return out;
}

// prefix + k, built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::to_string().
std::string numbered(std::string prefix, int k) {
  prefix += std::to_string(k);
  return prefix;
}

ParsedLine invalid(std::string reason) {
  ParsedLine out;
  out.kind = ParsedLine::Kind::invalid;
  out.reason = std::move(reason);
  return out;
}

// The first group (rows, then columns, then boxes) where a given appears twice, as a reason;
// empty when the givens are consistent. One bit mask per group keeps it linear in the cells.
std::string conflict(const Puzzle& p) {
  const int n = p.side();
  auto at = [&](int r, int c) { return p.cells[static_cast<std::size_t>(r * n + c)]; };
  auto scan = [&](const char* kind, auto cell_of) -> std::string {
    for (int g = 0; g < n; ++g) {
      std::uint32_t seen = 0;
      for (int i = 0; i < n; ++i) {
        const int v = cell_of(g, i);
        if (v == 0) continue;
        const std::uint32_t bit = std::uint32_t{1} << v;
        if ((seen & bit) != 0)
          return std::string("conflicting givens: ") + symbol(v, p.lowercase) + " appears twice in " + kind + " " +
                 std::to_string(g + 1);
        seen |= bit;
      }
    }
    return {};
  };
  const int b = p.box;
  std::string why = scan("row", [&](int g, int i) { return at(g, i); });
  if (why.empty()) why = scan("column", [&](int g, int i) { return at(i, g); });
  if (why.empty()) why = scan("box", [&](int g, int i) { return at(g / b * b + i / b, g % b * b + i % b); });
  return why;
}

}  // namespace

// Two linear passes, so a line of any length costs time proportional to its length: the first
// finds the first character that is no symbol at all and counts the cells (storing nothing, so
// a 10 MB line allocates nothing); once the count gives the size, the second reads the values
// and rejects symbols too large for that size.
ParsedLine parse_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::size_t first = 0;
  while (first < line.size() && ignored(line[first])) ++first;
  if (first == line.size() || line[first] == '#') return {};  // blank or comment: skip

  std::size_t count = 0;
  for (std::size_t i = first; i < line.size(); ++i) {
    if (ignored(line[i])) continue;
    if (value_of(line[i]) < 0) return invalid(bad_character(line[i], i));
    ++count;
  }
  int box = 0;
  for (int b = 2; b <= 5; ++b)
    if (count == static_cast<std::size_t>(b * b * b * b)) box = b;
  if (box == 0)
    return invalid("line has " + std::to_string(count) + " cells, expected 16, 81, 256 or 625");

  ParsedLine out;
  out.kind = ParsedLine::Kind::puzzle;
  Puzzle& p = out.puzzle;
  p.box = box;
  p.cells.reserve(count);
  bool upper = false, lower = false;
  for (std::size_t i = first; i < line.size(); ++i) {
    const char c = line[i];
    if (ignored(c)) continue;
    const int v = value_of(c);
    upper |= c >= 'A' && c <= 'P';
    lower |= c >= 'a' && c <= 'p';
    if (v > p.side())
      return invalid(bad_character(c, i) + " (a " + std::to_string(p.side()) + "x" + std::to_string(p.side()) +
                     " grid uses " + alphabet(p.side(), c >= 'a') + ")");
    p.cells.push_back(v);
  }
  // Answers follow the input's case; with letters of both cases (or none) they are upper case.
  p.lowercase = lower && !upper;
  std::string why = conflict(p);
  if (!why.empty()) return invalid(std::move(why));
  return out;
}

char symbol(int v, bool lowercase) {
  if (v == 0) return '.';
  if (v >= 1 && v <= 9) return static_cast<char>('0' + v);
  if (v >= 10 && v <= kMaxSide) return static_cast<char>((lowercase ? 'a' : 'A') + v - 10);
  return '?';
}

std::string format_line(std::span<const int> cells, const Puzzle& like) {
  std::string out;
  out.reserve(cells.size());
  for (int v : cells) out += symbol(v, like.lowercase);
  return out;
}

// Rows of symbols separated by spaces, " | " between boxes, and a "---+---" line between bands:
//   5 3 . | . 7 . | . . .
//   ------+-------+------
std::string format_grid(std::span<const int> cells, const Puzzle& like) {
  const int b = like.box, n = like.side();
  std::string rule;
  for (int k = 0; k < b; ++k) {
    if (k > 0) rule += '+';
    rule.append(static_cast<std::size_t>(2 * b - 1 + (k == 0 || k == b - 1 ? 1 : 2)), '-');
  }
  rule += '\n';
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r > 0 && r % b == 0) out += rule;
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += c % b == 0 ? " | " : " ";
      const auto i = static_cast<std::size_t>(r * n + c);
      out += symbol(i < cells.size() ? cells[i] : 0, like.lowercase);
    }
    out += '\n';
  }
  return out;
}

SudokuModel::SudokuModel(int box, const csp::RuleSet& rules) : box_(box) {
  if (box < 2 || box > 5) throw std::invalid_argument(numbered("box side must be 2..5, got ", box));
  const int n = side();
  cells_.reserve(static_cast<std::size_t>(n * n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      cells_.push_back(model_.add_var(1, n, numbered("r", r + 1) + numbered("c", c + 1)));
  groups_.reserve(static_cast<std::size_t>(3 * n));
  for (int r = 0; r < n; ++r) {
    csp::Group g{numbered("row ", r + 1), {}};
    for (int c = 0; c < n; ++c) g.cells.push_back(cell(r, c));
    groups_.push_back(std::move(g));
  }
  for (int c = 0; c < n; ++c) {
    csp::Group g{numbered("column ", c + 1), {}};
    for (int r = 0; r < n; ++r) g.cells.push_back(cell(r, c));
    groups_.push_back(std::move(g));
  }
  for (int k = 0; k < n; ++k) {  // boxes numbered left to right, top to bottom
    csp::Group g{numbered("box ", k + 1), {}};
    for (int i = 0; i < n; ++i) g.cells.push_back(cell(k / box * box + i / box, k % box * box + i % box));
    groups_.push_back(std::move(g));
  }
  csp::post_groups(model_, groups_, rules);
}

csp::Domains SudokuModel::start(const Puzzle& p) const {
  const int n = side();
  if (p.box != box_ || p.cells.size() != static_cast<std::size_t>(n * n))
    throw std::invalid_argument("puzzle of box side " + std::to_string(p.box) + " given to a model of box side " +
                                std::to_string(box_));
  csp::Domains d = model_.initial_domains();
  for (std::size_t i = 0; i < p.cells.size(); ++i) {
    const int v = p.cells[i];
    if (v == 0) continue;
    if (v < 0 || v > n) throw std::invalid_argument("cell value " + std::to_string(v) + " out of range");
    d.assign(cells_[i], v);
  }
  return d;
}

std::vector<int> SudokuModel::values(std::span<const csp::Value> solution) const {
  std::vector<int> out(cells_.size());
  for (std::size_t i = 0; i < cells_.size(); ++i) out[i] = solution[static_cast<std::size_t>(cells_[i].id)];
  return out;
}

std::string SudokuModel::cell_name(csp::Var v) const { return model_.name(v); }

}  // namespace problems::sudoku
