// describe(): a step as one line of text.
#include "problems/sudoku/describe.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace problems::sudoku {

using csp::Value;
using csp::techniques::Candidate;
using csp::techniques::Cell;
using csp::techniques::Step;
using csp::techniques::Structure;

std::string describe(const Step& s, const Structure& st, const std::function<std::string(Cell)>& cell_name,
                     const std::function<std::string(Value)>& value_name) {
  std::string line(s.technique);
  // A chain: its nodes and links, "(4)r2c7 = (1)r2c7 - (1)r4c7 = ..." (= strong, - weak).
  if (!s.links.empty()) {
    auto node = [&](const Candidate& c) {
      line.push_back('(');
      line.append(value_name(c.value));
      line.push_back(')');
      line.append(cell_name(c.cell));
    };
    line.push_back(' ');
    node(s.links.front().from);
    for (const auto& l : s.links) {
      line.append(l.strong ? " = " : " - ");
      node(l.to);
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
  const csp::techniques::Technique* t = csp::techniques::find_technique(s.technique);
  if (t != nullptr && t->needs_unique) line += " (uniqueness)";
  return line;
}

}  // namespace problems::sudoku
