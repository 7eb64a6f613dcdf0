#include "problems/latin/latin.hpp"

#include <cstdint>
#include <stdexcept>
#include <utility>

#include "problems/common/line_text.hpp"

namespace problems::latin {
namespace {

// 0 for a blank, 1..35 for a symbol, -1 for a character that is no symbol of any size.
int value_of(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

char symbol(int v, bool lowercase) {
  if (v >= 1 && v <= 9) return static_cast<char>('0' + v);
  if (v >= 10 && v <= kMaxSide) return static_cast<char>((lowercase ? 'a' : 'A') + v - 10);
  return '.';
}

using line_text::numbered;
using line_text::show;

ParsedLine invalid(std::string reason) { return line_text::invalid<ParsedLine>(std::move(reason)); }

// The first row or column where a given repeats, as a reason; empty when there is none.
std::string conflict(const Square& s) {
  const int n = s.side;
  for (const bool rows : {true, false}) {
    for (int g = 0; g < n; ++g) {
      std::uint64_t seen = 0;
      for (int i = 0; i < n; ++i) {
        const int v = s.cells[static_cast<std::size_t>(rows ? g * n + i : i * n + g)];
        const std::uint64_t bit = std::uint64_t{1} << v;
        if (v != 0 && (seen & bit) != 0)
          return std::string("conflicting givens: ") + symbol(v, s.lowercase) + " appears twice in " +
                 numbered(rows ? "row " : "column ", g + 1);
        seen |= bit;
      }
    }
  }
  return {};
}

}  // namespace

ParsedLine parse_line(std::string_view line) {
  const std::size_t first = line_text::content_start(line);
  if (first == std::string_view::npos) return {};  // blank or comment

  ParsedLine out;
  out.kind = ParsedLine::Kind::square;
  Square& s = out.square;
  bool upper = false, lower = false;
  std::size_t count = 0;  // cells past the largest square are counted for the message, not stored
  for (std::size_t i = first; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t') continue;
    const int v = value_of(c);
    if (v < 0) return invalid("bad character '" + show(c) + numbered("' at column ", static_cast<long>(i + 1)));
    upper |= c >= 'A' && c <= 'Z';
    lower |= c >= 'a' && c <= 'z';
    if (++count <= kMaxSide * kMaxSide) s.cells.push_back(v);
  }
  while ((s.side + 1) * (s.side + 1) <= static_cast<long>(s.cells.size())) ++s.side;
  if (static_cast<std::size_t>(s.side * s.side) != count)
    return invalid(numbered("line has ", static_cast<long>(count)) +
                   " cells, expected a square number from 1 to 1225 (n*n cells, n <= 35)");
  s.lowercase = lower && !upper;
  for (std::size_t i = 0; i < s.cells.size(); ++i)
    if (s.cells[i] > s.side)
      return invalid(std::string("symbol '") + symbol(s.cells[i], s.lowercase) + "' in cell " +
                     std::to_string(i + 1) + numbered(" is too large for a square of side ", s.side));
  std::string why = conflict(s);
  if (!why.empty()) return invalid(std::move(why));
  return out;
}

std::string format_line(std::span<const int> cells, const Square& like) {
  std::string out;
  for (int v : cells) out += symbol(v, like.lowercase);
  return out;
}

bool is_completion(const Square& square, std::span<const int> solution) {
  const int n = square.side;
  if (solution.size() != square.cells.size()) return false;
  for (std::size_t i = 0; i < solution.size(); ++i)
    if (solution[i] < 1 || solution[i] > n || (square.cells[i] != 0 && square.cells[i] != solution[i])) return false;
  for (int g = 0; g < n; ++g) {
    std::vector<bool> in_row(static_cast<std::size_t>(n) + 1), in_column(static_cast<std::size_t>(n) + 1);
    for (int i = 0; i < n; ++i) {
      const auto r = static_cast<std::size_t>(solution[static_cast<std::size_t>(g * n + i)]);
      const auto c = static_cast<std::size_t>(solution[static_cast<std::size_t>(i * n + g)]);
      if (in_row[r] || in_column[c]) return false;
      in_row[r] = in_column[c] = true;
    }
  }
  return true;
}

LatinModel::LatinModel(int side, const csp::RuleSet& rules) : side_(side) {
  if (side < 1 || side > kMaxSide) throw std::invalid_argument(numbered("latin square side must be 1..35, got ", side));
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) cells_.push_back(model_.add_var(1, side, numbered("r", r + 1) + numbered("c", c + 1)));
  std::vector<csp::Group> groups;
  for (int g = 0; g < side; ++g) {
    csp::Group row{numbered("row ", g + 1), {}}, column{numbered("column ", g + 1), {}};
    for (int i = 0; i < side; ++i) {
      row.cells.push_back(cells_[static_cast<std::size_t>(g * side + i)]);
      column.cells.push_back(cells_[static_cast<std::size_t>(i * side + g)]);
    }
    groups.push_back(std::move(row));
    groups.push_back(std::move(column));
  }
  csp::post_groups(model_, groups, rules);
}

csp::Domains LatinModel::start(const Square& s) const {
  csp::Domains d = model_.initial_domains();
  for (std::size_t i = 0; i < cells_.size(); ++i)
    if (s.cells[i] != 0) d.assign(cells_[i], s.cells[i]);
  return d;
}

std::vector<int> LatinModel::values(std::span<const csp::Value> solution) const {
  std::vector<int> out;
  for (csp::Var v : cells_) out.push_back(solution[static_cast<std::size_t>(v.id)]);
  return out;
}

}  // namespace problems::latin
