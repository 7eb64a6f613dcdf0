// Sudoku: reading and writing the one-line text form, and the CSP model of one grid size.
#include "problems/sudoku/sudoku.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "problems/common/line_text.hpp"

namespace problems::sudoku {

namespace {

constexpr int kMaxSide = 25;

// What a character of a puzzle line is, as one table lookup per character (parse_line runs on
// every line of a batch): a value in the low five bits (0 for a blank, 1..25 for a symbol) plus
// kUpper or kLower for the letters A-P and a-p; kIgnored for a space or tab, kBad for anything
// that is no symbol of any grid size. Whether the value fits the grid is decided once the size is
// known.
constexpr std::uint8_t kValueBits = 0x1f, kUpper = 0x20, kLower = 0x40, kIgnored = 0x80, kBad = 0x81;
constexpr std::array<std::uint8_t, 256> kCharClass = [] {
  std::array<std::uint8_t, 256> t{};
  t.fill(kBad);
  t[' '] = t['\t'] = kIgnored;
  t['.'] = t['0'] = 0;
  for (int v = 1; v <= 9; ++v) t[static_cast<std::size_t>('0' + v)] = static_cast<std::uint8_t>(v);
  for (int v = 10; v <= kMaxSide; ++v) {
    t[static_cast<std::size_t>('A' + v - 10)] = static_cast<std::uint8_t>(v | kUpper);
    t[static_cast<std::size_t>('a' + v - 10)] = static_cast<std::uint8_t>(v | kLower);
  }
  return t;
}();

// The symbols of values 0..25 (0 is the blank), in either case.
constexpr std::string_view kSymbols[2] = {".123456789ABCDEFGHIJKLMNOP", ".123456789abcdefghijklmnop"};

std::uint8_t class_of(char c) { return kCharClass[static_cast<unsigned char>(c)]; }

using line_text::numbered;
using line_text::show;

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

ParsedLine invalid(std::string reason) { return line_text::invalid<ParsedLine>(std::move(reason)); }

// True when a row, column or box holds a given twice, or a given is too large for the grid: one
// pass over the cells with a bit mask per group. This is the check every valid line pays (conflict()
// below names the group, only on failure), so the box side is a template argument: the loops over
// a row unroll and the masks stay in registers.
template <int B>
bool givens_clash(const int* cell) {
  constexpr int n = B * B;
  constexpr std::uint32_t allowed = ((std::uint32_t{1} << n) - 1) << 1;  // bits 1..n
  std::array<std::uint32_t, n> columns{};
  std::uint32_t clash = 0;
  for (int band = 0; band < B; ++band) {
    std::array<std::uint32_t, B> boxes{};  // the band's boxes, left to right
    for (int r = 0; r < B; ++r) {
      std::uint32_t row = 0;
      for (int c = 0; c < n; ++c, ++cell) {
        // Values are 0..25 (parse_line made them); a blank's bit 0 is dropped.
        const std::uint32_t bit = (std::uint32_t{1} << *cell) & ~std::uint32_t{1};
        std::uint32_t& column = columns[static_cast<std::size_t>(c)];
        std::uint32_t& box = boxes[static_cast<std::size_t>(c / B)];
        clash |= ((row | column | box) & bit) | (bit & ~allowed);
        row |= bit;
        column |= bit;
        box |= bit;
      }
    }
  }
  return clash != 0;
}

bool givens_clash(const Puzzle& p) {
  switch (p.box) {
    case 2: return givens_clash<2>(p.cells.data());
    case 3: return givens_clash<3>(p.cells.data());
    case 4: return givens_clash<4>(p.cells.data());
    default: return givens_clash<5>(p.cells.data());
  }
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

// One pass over the line with a table lookup per character: it stops at the first character that
// is no symbol at all, counts the cells, keeps the values of the first 625 (the largest grid; a
// longer line is invalid anyway, so a 10 MB line allocates nothing), and notes which letter cases
// occur. Once the count gives the size, one pass over the values checks both that they fit it and
// that no group repeats a given; only when that fails does a slower pass find what to report.
ParsedLine parse_line(std::string_view line) {
  const std::size_t first = line_text::content_start(line);
  if (first == std::string_view::npos) return {};  // blank or comment: skip

  constexpr std::size_t kMaxCells = std::size_t{kMaxSide} * kMaxSide;
  std::array<std::uint8_t, kMaxCells> values;  // written up to the count, read no further
  std::size_t count = 0;
  std::uint8_t seen = 0;  // the case bits of every symbol, or-ed
  for (std::size_t i = first; i < line.size(); ++i) {
    const std::uint8_t k = class_of(line[i]);
    if (k >= kIgnored) {
      if (k == kBad) return invalid(bad_character(line[i], i));
      continue;
    }
    const auto v = static_cast<std::uint8_t>(k & kValueBits);
    if (count < kMaxCells) values[count] = v;
    ++count;
    seen |= k;
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
  p.cells.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(count));
  // Answers follow the input's case; with letters of both cases (or none) they are upper case.
  p.lowercase = (seen & kLower) != 0 && (seen & kUpper) == 0;
  if (!givens_clash(p)) return out;
  // Something is wrong: a symbol too large for this size comes first (the first one in the line),
  // then the first group with a given twice.
  const int side = p.side();
  for (std::size_t i = first; i < line.size(); ++i) {
    const char c = line[i];
    if ((class_of(c) & kValueBits) > side)  // kIgnored's value bits are 0
      return invalid(bad_character(c, i) + " (a " + std::to_string(side) + "x" + std::to_string(side) +
                     " grid uses " + alphabet(side, c >= 'a') + ")");
  }
  return invalid(conflict(p));
}

char symbol(int v, bool lowercase) {
  return v >= 0 && v <= kMaxSide ? kSymbols[lowercase ? 1 : 0][static_cast<std::size_t>(v)] : '?';
}

std::string format_line(std::span<const int> cells, const Puzzle& like) {
  const std::string_view symbols = kSymbols[like.lowercase ? 1 : 0];
  std::string out;
  out.reserve(cells.size() + 1);  // room for the '\n' that batch answers append
  out.resize(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto v = static_cast<unsigned>(cells[i]);  // a negative value wraps to a large one
    out[i] = v <= kMaxSide ? symbols[v] : '?';
  }
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
    // A cell's domain is one word (at most 25 values): fixing it is one masked store, cheaper
    // than the general Domains::assign (this runs for every given of every puzzle).
    const csp::Var x = cells_[i];
    if (d.single_word(x)) d.set_bits(x, d.bits(x) & csp::bit_of(v - d.layout(x).base));
    else d.assign(x, v);
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
