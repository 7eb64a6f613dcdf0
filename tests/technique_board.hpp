// The hand-built Sudoku candidate positions the technique tests (tests/test_technique*.cpp) check
// finders on, and the helpers to state what a step must remove. One copy for every such test file.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/describe.hpp"
#include "problems/sudoku/logic.hpp"

namespace technique_test {

namespace sd = problems::sudoku;
namespace tq = csp::techniques;

// A 9x9 candidate grid, every cell 1..9 until told otherwise; finders see it without placed flags
// (a cell with one candidate counts as placed).
struct Board {
  sd::SudokuModel model{3, {}};
  tq::Structure st{model.model().initial_domains(), model.groups()};
  csp::Domains d = model.model().initial_domains();
  tq::Step step;

  tq::Cell cell(int r, int c) const { return static_cast<tq::Cell>(st.cell_of(model.cell(r - 1, c - 1))); }
  std::string name(tq::Cell c) const { return model.cell_name(st.var(c)); }
  void set(int r, int c, const std::string& digits) {
    std::uint64_t m = 0;
    for (char ch : digits) m |= std::uint64_t{1} << (ch - '1');
    d.set_bits(model.cell(r - 1, c - 1), m);
  }
  // Nine rows of nine space-separated candidate lists.
  void set_grid(const std::vector<std::string>& rows) {
    REQUIRE(rows.size() == 9);
    for (int r = 0; r < 9; ++r) {
      const std::string& row = rows[static_cast<std::size_t>(r)];
      std::size_t at = 0;
      for (int c = 0; c < 9; ++c) {
        const std::size_t end = std::min(row.find(' ', at), row.size());
        set(r + 1, c + 1, row.substr(at, end - at));
        at = end + 1;
      }
    }
  }
  void remove(int r, int c, int v) { d.remove(model.cell(r - 1, c - 1), v); }
  // Removes v from every cell of row r except the listed columns.
  void row_only(int r, int v, std::initializer_list<int> cols) {
    for (int c = 1; c <= 9; ++c)
      if (std::find(cols.begin(), cols.end(), c) == cols.end()) remove(r, c, v);
  }
  // Removes v from every cell of column c except the listed rows.
  void col_only(int c, int v, std::initializer_list<int> rows) {
    for (int r = 1; r <= 9; ++r)
      if (std::find(rows.begin(), rows.end(), r) == rows.end()) remove(r, c, v);
  }
  tq::Position position() const { return tq::Position{st, d, {}}; }
  bool find(const char* technique) {
    const tq::Technique* t = sd::find_technique(technique);  // Sudoku's: generic and uniqueness rows
    REQUIRE(t != nullptr);
    return t->find(position(), step);
  }
  // The position's must-fire check: the technique finds a step, with exactly these removals
  // ("r5c3-4", sorted); the step stays in `step` for further checks.
  void fires(const char* technique, const std::vector<std::string>& expected) {
    INFO(technique);
    REQUIRE(find(technique));
    CHECK(removals() == expected);
  }
  // Removals as "r5c3-4", sorted.
  std::vector<std::string> removals() const {
    std::vector<std::string> out;
    for (const tq::Candidate& r : step.removals) out.push_back(name(r.cell) + "-" + std::to_string(r.value));
    std::sort(out.begin(), out.end());
    return out;
  }
  // The step's cells in its order, and as a set (where the order is the finder's own business).
  std::vector<std::string> cells() const {
    std::vector<std::string> out;
    for (tq::Cell c : step.cells) out.push_back(name(c));
    return out;
  }
  std::set<std::string> cell_set() const {
    const std::vector<std::string> in_order = cells();
    return {in_order.begin(), in_order.end()};
  }
  std::vector<std::string> groups() const {
    std::vector<std::string> out;
    for (std::uint32_t g : step.groups) out.push_back(st.groups()[g].name);
    return out;
  }
  std::string text() const {
    return sd::describe(
        step, st, [&](tq::Cell c) { return name(c); }, [](csp::Value v) { return std::to_string(v); });
  }
};

// Each cell with each value of `values`, as "r2c5-9", sorted: expected removals.
inline std::vector<std::string> expand(const std::vector<std::string>& cells, const std::string& values) {
  std::vector<std::string> out;
  for (const std::string& c : cells)
    for (char v : values) out.push_back(c + "-" + v);
  std::sort(out.begin(), out.end());
  return out;
}

// Techniques used by the logical solver on a puzzle line.
inline std::set<std::string> used(const std::string& line, const std::string& techniques = "all") {
  const sd::ParsedLine parsed = sd::parse_line(line);
  REQUIRE(parsed.kind == sd::ParsedLine::Kind::puzzle);
  sd::LogicOptions o;
  o.techniques = techniques;
  sd::LogicSolver solver(parsed.puzzle.box, o);
  const sd::LogicRun run = solver.run(parsed.puzzle);
  std::set<std::string> out;
  for (const tq::Step& s : run.steps) out.insert(std::string(s.technique));
  return out;
}

}  // namespace technique_test
