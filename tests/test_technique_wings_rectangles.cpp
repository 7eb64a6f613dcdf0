// WXYZ-wing and unique rectangles of types 1-4 (csp/rules/techniques/wxyz_wing.cpp,
// unique_rectangle*.cpp): each finder on hand-built candidate positions where it must fire and
// where it must not, and the example puzzles of docs/techniques.md. Their soundness on whole
// grids is the general test's (tests/test_techniques.cpp, every catalogue row).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/describe.hpp"
#include "problems/sudoku/logic.hpp"
#include "technique_board.hpp"

namespace {

using namespace technique_test;

// The cells of row r outside the listed columns.
std::vector<std::string> row_except(int r, std::initializer_list<int> cols) {
  std::vector<std::string> out;
  for (int c = 1; c <= 9; ++c)
    if (std::find(cols.begin(), cols.end(), c) == cols.end())
      out.push_back(std::string("r").append(std::to_string(r)).append("c").append(std::to_string(c)));
  return out;
}

}  // namespace

TEST_CASE("wxyz-wing", "[techniques]") {
  Board g;
  g.set(1, 5, "14");
  g.set(2, 2, "24");
  g.set(3, 3, "34");
  SECTION("found: 1, 2, 3 restricted, 4 not; 4 leaves the cells seeing its four holders") {
    g.set(1, 1, "1234");
    REQUIRE(g.find("wxyz-wing"));
    CHECK(g.cells() == std::vector<std::string>{"r1c1", "r1c5", "r2c2", "r3c3"});
    CHECK(g.removals() == expand({"r1c2", "r1c3"}, "4"));
    CHECK(g.text() == "wxyz-wing 1,2,3,4 (r1c1, r1c5, r2c2, r3c3): removed 4 from r1c2, r1c3");
    // Nothing of three cells does it (the only cells of four candidates or fewer are these).
    CHECK_FALSE(g.find("xyz-wing"));
    CHECK_FALSE(g.find("xy-wing"));
  }
  SECTION("found: no cell needs to hold all four values") {
    g.set(1, 1, "123");
    REQUIRE(g.find("wxyz-wing"));
    CHECK(g.removals() == expand({"r1c2", "r1c3"}, "4"));
    CHECK_FALSE(g.find("xyz-wing"));
  }
  SECTION("not found: 3 is no longer restricted (r5c3 does not see r1c1)") {
    g.set(3, 3, "56789");
    g.set(1, 1, "1234");
    g.set(5, 3, "34");
    CHECK_FALSE(g.find("wxyz-wing"));
  }
  SECTION("not found: z already gone from the cells seeing its holders") {
    g.set(1, 1, "1234");
    g.remove(1, 2, 4);
    g.remove(1, 3, 4);
    CHECK_FALSE(g.find("wxyz-wing"));
  }
}

TEST_CASE("wxyz-wing needs an unrestricted value", "[techniques]") {
  Board g;
  // Four bivalue cells of box 1 holding 1-4: every value restricted (a naked quad, not this pattern).
  g.set(1, 1, "12");
  g.set(1, 2, "23");
  g.set(2, 1, "34");
  g.set(2, 2, "14");
  CHECK_FALSE(g.find("wxyz-wing"));
}

TEST_CASE("unique rectangle type 1 with the wider corner first", "[techniques]") {
  Board g;
  g.set(1, 1, "479");
  g.set(1, 7, "47");
  g.set(2, 1, "47");
  g.set(2, 7, "47");
  REQUIRE(g.find("unique-rectangle-1"));
  CHECK(g.cells() == std::vector<std::string>{"r1c7", "r2c1", "r2c7", "r1c1"});
  CHECK(g.removals() == expand({"r1c1"}, "47"));
}

TEST_CASE("unique rectangle type 2", "[techniques]") {
  Board g;
  g.set(1, 1, "47");
  g.set(1, 7, "47");
  SECTION("found: the roof r2c1, r2c7 is {4,7,9}: 9 leaves the rest of row 2") {
    g.set(2, 1, "479");
    g.set(2, 7, "479");
    REQUIRE(g.find("unique-rectangle-2"));
    CHECK(g.cells() == std::vector<std::string>{"r1c1", "r1c7", "r2c1", "r2c7"});
    CHECK(g.removals() == expand(row_except(2, {1, 7}), "9"));
    CHECK(g.text() == "unique-rectangle-2 4,7,9 in row 1, row 2, column 1, column 7 (r1c1, r1c7, r2c1, r2c7): "
                      "removed 9 from r2c2, r2c3, r2c4, r2c5, r2c6, r2c8, r2c9 (uniqueness)");
    CHECK_FALSE(g.find("unique-rectangle-1"));
  }
  SECTION("found: a roof in one box loses the value from the box too") {
    Board h;
    h.set(1, 1, "47");
    h.set(1, 2, "47");
    h.set(5, 1, "479");
    h.set(5, 2, "479");
    REQUIRE(h.find("unique-rectangle-2"));
    CHECK(h.removals() == expand({"r4c1", "r4c2", "r4c3", "r5c3", "r5c4", "r5c5", "r5c6", "r5c7", "r5c8", "r5c9",
                                  "r6c1", "r6c2", "r6c3"},
                                 "9"));
  }
  SECTION("not found: the roof cells' extra values differ") {
    g.set(2, 1, "479");
    g.set(2, 7, "478");
    CHECK_FALSE(g.find("unique-rectangle-2"));
  }
  SECTION("not found: the rectangle spans four boxes") {
    Board h;
    h.set(1, 1, "47");
    h.set(1, 4, "47");
    h.set(4, 1, "479");
    h.set(4, 4, "479");
    CHECK_FALSE(h.find("unique-rectangle-2"));
  }
}

TEST_CASE("unique rectangle type 3", "[techniques]") {
  Board g;
  g.set(1, 1, "47");
  g.set(1, 7, "47");
  g.set(2, 1, "147");
  g.set(2, 7, "479");
  SECTION("found: the roof's {1,9} and r2c4 {1,9} make a pair of row 2") {
    g.set(2, 4, "19");
    REQUIRE(g.find("unique-rectangle-3"));
    CHECK(g.cells() == std::vector<std::string>{"r1c1", "r1c7", "r2c1", "r2c7", "r2c4"});
    CHECK(g.removals() == expand(row_except(2, {1, 4, 7}), "19"));
    CHECK(g.text() == "unique-rectangle-3 4,7,1,9 in row 1, row 2, column 1, column 7 (r1c1, r1c7, r2c1, r2c7, "
                      "r2c4): removed 1,9 from r2c2, r2c3, r2c5, r2c6, r2c8, r2c9 (uniqueness)");
    CHECK_FALSE(g.find("unique-rectangle-2"));
  }
  SECTION("found: a triple {1,5,9} with r2c4 {1,5} and r2c5 {5,9}") {
    g.set(2, 4, "15");
    g.set(2, 5, "59");
    REQUIRE(g.find("unique-rectangle-3"));
    CHECK(g.cells() == std::vector<std::string>{"r1c1", "r1c7", "r2c1", "r2c7", "r2c4", "r2c5"});
    CHECK(g.removals() == expand(row_except(2, {1, 4, 5, 7}), "159"));
  }
  SECTION("not found: r2c4 {1,8} makes no subset with the roof") {
    g.set(2, 4, "18");
    CHECK_FALSE(g.find("unique-rectangle-3"));
  }
}

TEST_CASE("unique rectangle type 4", "[techniques]") {
  Board g;
  g.set(1, 1, "47");
  g.set(1, 7, "47");
  g.set(2, 1, "479");
  g.set(2, 7, "4789");
  SECTION("found: row 2's 4s only in the roof, so 7 leaves it") {
    g.row_only(2, 4, {1, 7});
    REQUIRE(g.find("unique-rectangle-4"));
    CHECK(g.removals() == expand({"r2c1", "r2c7"}, "7"));
    CHECK(g.text() == "unique-rectangle-4 4,7 in row 1, row 2, column 1, column 7 (r1c1, r1c7, r2c1, r2c7): "
                      "removed 7 from r2c1, r2c7 (uniqueness)");
  }
  SECTION("found: the other value confined, in a box the roof shares") {
    Board h;
    h.set(1, 1, "47");
    h.set(1, 2, "47");
    h.set(5, 1, "479");
    h.set(5, 2, "4789");
    for (int r = 4; r <= 6; ++r)
      for (int c = 1; c <= 3; ++c)
        if (r != 5 || c == 3) h.remove(r, c, 7);
    REQUIRE(h.find("unique-rectangle-4"));
    CHECK(h.removals() == expand({"r5c1", "r5c2"}, "4"));
    CHECK(h.text() == "unique-rectangle-4 7,4 in row 1, row 5, column 1, column 2, box 4 (r1c1, r1c2, r5c1, r5c2): "
                      "removed 4 from r5c1, r5c2 (uniqueness)");
  }
  SECTION("not found: row 2's 4s have a third place") {
    g.row_only(2, 4, {1, 5, 7});
    CHECK_FALSE(g.find("unique-rectangle-4"));
  }
}

TEST_CASE("unique rectangles are uniqueness techniques, never search rules", "[techniques]") {
  for (const char* name : {"unique-rectangle-2", "unique-rectangle-3", "unique-rectangle-4"}) {
    const tq::Technique* t = sd::find_technique(name);
    CHECK(tq::find_technique(name) == nullptr);  // not a row of the generic catalogue
    REQUIRE(t != nullptr);
    CHECK(t->needs_unique);
    CHECK(t->search == tq::Search::none);
  }
  CHECK(sd::find_technique("ur-3")->name == "unique-rectangle-3");
  CHECK_FALSE(tq::find_technique("wxyz-wing")->needs_unique);
}

// The example puzzles of docs/techniques.md (`sudoku generate --seed 1 --count N | tail -n 1`).
TEST_CASE("the example puzzles of wxyz-wing and unique rectangles 2-4 use their technique", "[techniques]") {
  struct Example {
    const char* technique;
    const char* puzzle;
  };
  const Example examples[] = {
      {"wxyz-wing", "4..6.21....3..1.6....3.....1...6.....8....9....7..3.2.5..8...9.....7.....91...8.3"},
      {"unique-rectangle-2", "....4...894...7...7.5.23....642.....8......3...7..941.......5........67337...2.8."},
      {"unique-rectangle-3", "4.6....8..3.4....1....9....9..6......41.7.9....5.2.3...7...48......8.5.2.....17.4"},
      {"unique-rectangle-4", "4..6.21....3..1.6....3.....1...6.....8....9....7..3.2.5..8...9.....7.....91...8.3"},
  };
  for (const Example& e : examples) {
    INFO(e.technique << " " << e.puzzle);
    const sd::ParsedLine parsed = sd::parse_line(e.puzzle);
    REQUIRE(parsed.kind == sd::ParsedLine::Kind::puzzle);
    sd::LogicSolver solver(parsed.puzzle.box, sd::LogicOptions{});
    const sd::LogicRun run = solver.run(parsed.puzzle);
    CHECK(std::any_of(run.steps.begin(), run.steps.end(),
                      [&](const tq::Step& s) { return s.technique == e.technique; }));
  }
}
