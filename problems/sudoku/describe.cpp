// describe(): a step as one line of text.
#include "problems/sudoku/describe.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "problems/sudoku/catalogue.hpp"

namespace problems::sudoku {

using csp::Value;
using csp::techniques::Candidate;
using csp::techniques::Cell;
using csp::techniques::Step;
using csp::techniques::Structure;

std::string group_name(const std::vector<std::string>& names) {
  if (names.size() == 1) return names[0];
  // "r<row>c<column>" split at the 'c'; names of another shape are listed.
  auto split = [](const std::string& n) -> std::pair<std::string, std::string> {
    const std::size_t c = n.find('c');
    if (n.empty() || n[0] != 'r' || c == std::string::npos || c < 2 || c + 1 == n.size()) return {};
    return {n.substr(1, c - 1), n.substr(c + 1)};
  };
  bool same_row = true, same_column = true, short_parts = true;
  const auto [row0, column0] = split(names[0]);
  for (const std::string& n : names) {
    const auto [row, column] = split(n);
    if (row.empty()) same_row = same_column = false;
    same_row = same_row && row == row0;
    same_column = same_column && column == column0;
    short_parts = short_parts && row.size() == 1 && column.size() == 1;
  }
  std::string out;
  const std::string sep = short_parts ? "" : ",";
  if (same_row || same_column) {
    out.push_back('r');
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (same_row && i > 0) break;
      if (i > 0) out += sep;
      out += split(names[i]).first;
    }
    out += 'c';
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (same_column && i > 0) break;
      if (i > 0) out += sep;
      out += split(names[i]).second;
    }
    return out;
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    out += names[i];
  }
  return out;
}

std::string describe(const Step& s, const Structure& st, const std::function<std::string(Cell)>& cell_name,
                     const std::function<std::string(Value)>& value_name) {
  std::string line(s.technique);
  if (!s.kind.empty()) line.append(" (").append(s.kind).append(")");
  // A chain: its nodes and links, "(4)r2c7 = (1)r2c7 - (1)r4c7 = ..." (= strong, - weak), a grouped
  // node by all its cells, "(5)r1c45".
  if (!s.links.empty()) {
    std::size_t next = 0;  // the first cell of the node in s.cells
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      const std::size_t size = s.node_sizes.empty() ? 1 : s.node_sizes[i];
      if (i > 0) line.append(s.links[i - 1].strong ? " = " : " - ");
      else line.push_back(' ');
      line.push_back('(');
      line.append(value_name(s.values[i]));
      line.push_back(')');
      std::vector<std::string> names;
      for (std::size_t k = next; k < next + size; ++k) names.push_back(cell_name(s.cells[k]));
      line.append(group_name(names));
      next += size;
    }
  }
  const bool chain = !s.links.empty();
  const bool single = s.removals.empty() && s.placements.size() == 1 && s.cells.size() <= 1;
  if (!single && !chain && !s.values.empty()) {
    line += ' ';
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      if (i > 0) line += ',';
      line += value_name(s.values[i]);
    }
  }
  if (!s.groups.empty()) {
    line += " in ";
    for (std::size_t i = 0; i < s.groups.size(); ++i) {
      if (i > 0) line += ", ";
      line += st.groups()[s.groups[i]].name;
    }
  }
  if (!single && !chain && !s.cells.empty()) {
    line += " (";
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
      if (i > 0) line += ", ";
      line += cell_name(s.cells[i]);
    }
    line += ')';
  }
  line += ": ";
  bool first = true;
  for (const Candidate& p : s.placements) {
    if (!first) line += "; ";
    first = false;
    line += cell_name(p.cell) + " = " + value_name(p.value);
  }
  // Removals: cells losing the same values share one "removed 3,8 from r2c1, r2c7", in order of
  // first appearance.
  std::vector<Cell> order;
  for (const Candidate& r : s.removals)
    if (std::find(order.begin(), order.end(), r.cell) == order.end()) order.push_back(r.cell);
  std::vector<std::pair<std::vector<Value>, std::vector<Cell>>> parts;
  for (Cell c : order) {
    std::vector<Value> vals;
    for (const Candidate& r : s.removals)
      if (r.cell == c) vals.push_back(r.value);
    std::sort(vals.begin(), vals.end());
    auto it = std::find_if(parts.begin(), parts.end(), [&](const auto& p) { return p.first == vals; });
    if (it == parts.end()) parts.push_back({vals, {c}});
    else it->second.push_back(c);
  }
  for (const auto& [vals, cells] : parts) {
    if (!first) line += "; ";
    first = false;
    line += "removed ";
    for (std::size_t i = 0; i < vals.size(); ++i) {
      if (i > 0) line += ',';
      line += value_name(vals[i]);
    }
    line += " from ";
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) line += ", ";
      line += cell_name(cells[i]);
    }
  }
  const csp::techniques::Technique* t = find_technique(s.technique);
  if (t != nullptr && t->needs_unique) line += " (uniqueness)";
  return line;
}

}  // namespace problems::sudoku
