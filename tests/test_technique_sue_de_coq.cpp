// Sue de Coq (csp/rules/techniques/sue_de_coq.cpp): hand-built candidate positions where it must
// fire (its basic form, HoDoKu's extended forms, a position of HoDoKu's documentation) with the exact
// step, positions where it must not, and the example puzzle of docs/techniques.md.
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

std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  return a;
}

// The basic form (HoDoKu's first example, in row 7 and box 7): C = r7c1, r7c3 {3,4,5,9}, r7c2
// placed, L = r7c7 {4,5}, B = r8c3 {3,9}.
void basic(Board& b) {
  b.set(7, 1, "3459");
  b.set(7, 2, "1");
  b.set(7, 3, "3459");
  b.set(7, 7, "45");
  b.set(8, 3, "39");
}

}  // namespace

TEST_CASE("sue de coq: the basic form", "[techniques][sue-de-coq]") {
  Board b;
  basic(b);
  REQUIRE(b.find("sue-de-coq"));
  CHECK(b.cells() == std::vector<std::string>{"r7c1", "r7c3", "r7c7", "r8c3"});
  CHECK(b.step.values == std::vector<csp::Value>{3, 4, 5, 9});
  // 4, 5 (L's) leave the rest of row 7; 3, 9 (B's) the rest of box 7; no value of V is in neither.
  CHECK(b.removals() == join(expand({"r7c4", "r7c5", "r7c6", "r7c8", "r7c9"}, "45"),
                             expand({"r8c1", "r8c2", "r9c1", "r9c2", "r9c3"}, "39")));
  CHECK(b.text().starts_with("sue-de-coq 3,4,5,9 in row 7, box 7 (r7c1, r7c3, r7c7, r8c3): removed "));
}

TEST_CASE("sue de coq: a value of the intersection in neither set leaves both groups", "[techniques][sue-de-coq]") {
  // HoDoKu's second basic example, moved to column 9 / box 9: C = r7c9, r8c9, r9c9 {2,4,5,6,7},
  // L = r2c9 {5,6}, B = r9c7 {2,7}: 4 must be in C.
  Board b;
  b.set(7, 9, "2456");
  b.set(8, 9, "457");
  b.set(9, 9, "2467");
  b.set(2, 9, "56");
  b.set(9, 7, "27");
  REQUIRE(b.find("sue-de-coq"));
  CHECK(b.cells() == std::vector<std::string>{"r7c9", "r8c9", "r9c9", "r2c9", "r9c7"});
  const std::vector<std::string> column = {"r1c9", "r3c9", "r4c9", "r5c9", "r6c9"};
  const std::vector<std::string> box = {"r7c7", "r7c8", "r8c7", "r8c8", "r9c8"};
  CHECK(b.removals() == join(expand(column, "456"), expand(box, "247")));
}

TEST_CASE("sue de coq: extended forms", "[techniques][sue-de-coq]") {
  Board b;
  SECTION("the box set takes the intersection's third cell and a value outside V") {
    // C = r1c1 {1,2,3}, r1c2 {1,2,4}: V = 1-4, two short. L = r1c7 {1,2}; B = r1c3 {3,5},
    // r2c1 {4,5}: two cells for 3, 4 and the extra 5.
    b.set(1, 1, "123");
    b.set(1, 2, "124");
    b.set(1, 3, "35");
    b.set(1, 7, "12");
    b.set(2, 1, "45");
    REQUIRE(b.find("sue-de-coq"));
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c2", "r1c7", "r1c3", "r2c1"});
    CHECK(b.removals() == join(expand({"r1c4", "r1c5", "r1c6", "r1c8", "r1c9"}, "12"),
                               expand({"r2c2", "r2c3", "r3c1", "r3c2", "r3c3"}, "345")));
  }
  SECTION("the same extra value in both sets") {
    // C = r1c1, r1c2 {1,2,3,4}, r1c3 placed. L = r1c5 {1,7}, r1c6 {2,7}; B = r2c1 {3,7},
    // r3c1 {4,7}: 7 is in L and in B (which do not meet), so each takes it.
    b.set(1, 1, "1234");
    b.set(1, 2, "1234");
    b.set(1, 3, "9");
    b.set(1, 5, "17");
    b.set(1, 6, "27");
    b.set(2, 1, "37");
    b.set(3, 1, "47");
    REQUIRE(b.find("sue-de-coq"));
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c2", "r1c5", "r1c6", "r2c1", "r3c1"});
    CHECK(b.removals() == join(expand({"r1c4", "r1c7", "r1c8", "r1c9"}, "127"),
                               expand({"r2c2", "r2c3", "r3c2", "r3c3"}, "347")));
  }
}

TEST_CASE("sue de coq: HoDoKu's extended example", "[techniques][sue-de-coq]") {
  // HoDoKu's documentation (tech_misc.php, "sdc04"): a position of the puzzle
  // 3248615976579438219185273642.143....5.32.6...4..7.....1..6.....8..1746..7..39..1. with its
  // candidates (solution 324861597657943821918527364291435786573286149486719235142658973839174652765392418).
  Board b;
  b.set_grid({"3 2 4 8 6 1 5 9 7",
              "6 5 7 9 4 3 8 2 1",
              "9 1 8 5 2 7 3 6 4",
              "2 6789 1 4 3 589 79 578 5689",
              "5 789 3 2 18 6 1479 478 89",
              "4 689 69 7 158 589 129 358 235689",
              "1 349 259 6 58 258 2479 34578 23589",
              "8 39 259 1 7 4 6 35 2359",
              "7 46 256 3 9 258 24 1 258"});
  SECTION("the first one found: row 5 and box 6") {
    // C = r5c7 {1,4,7,9}, r5c8 {4,7,8}, r5c9 {8,9}; L = r5c5 {1,8}; B = r4c7 {7,9}: 4 lies in C.
    REQUIRE(b.find("sue-de-coq"));
    CHECK(b.cells() == std::vector<std::string>{"r5c7", "r5c8", "r5c9", "r5c5", "r4c7"});
    CHECK(b.removals() == std::vector<std::string>{"r4c8-7", "r4c9-9", "r5c2-8", "r6c7-9", "r6c9-9"});
  }
  SECTION("HoDoKu's: column 8 and box 6") {
    // Without r5c5's 1 (the solution's r5c5 is 8) the first one is gone. C = r4c8 {5,7,8}, r6c8
    // {3,5,8}; L = r8c8 {3,5}; B = r4c7 {7,9}, r5c9 {8,9}: two cells for 7, 8 and the extra 9.
    // HoDoKu's eliminations, exactly.
    b.set(5, 5, "8");
    REQUIRE(b.find("sue-de-coq"));
    CHECK(b.cells() == std::vector<std::string>{"r4c8", "r6c8", "r8c8", "r4c7", "r5c9"});
    CHECK(b.removals() == std::vector<std::string>{"r4c9-8", "r4c9-9", "r5c7-7", "r5c7-9", "r5c8-7", "r5c8-8",
                                                   "r6c7-9", "r6c9-8", "r6c9-9", "r7c8-3", "r7c8-5"});
  }
}

TEST_CASE("sue de coq: broken patterns do not fire", "[techniques][sue-de-coq]") {
  Board b;
  basic(b);
  SECTION("a value of V in both sets") {
    b.set(8, 3, "34");  // 4 is L's too: the sets may put 4 twice
    CHECK_FALSE(b.find("sue-de-coq"));
  }
  SECTION("an intersection only one value short") {
    b.set(7, 1, "349");
    b.set(7, 3, "349");
    b.set(7, 7, "49");
    CHECK_FALSE(b.find("sue-de-coq"));
  }
  SECTION("a value outside V without a cell for it") {
    b.set(7, 7, "46");  // L = r7c7 would need a second cell for 6
    CHECK_FALSE(b.find("sue-de-coq"));
  }
  SECTION("nothing to remove") {
    // The rest of row 7 without 4, 5 (it takes 2, 6, 7, 8 and 3 or 9); of box 7 without 3, 9.
    for (int c : {4, 5, 6, 8, 9}) b.set(7, c, "236789");
    for (int r : {8, 9})
      for (int c = 1; c <= 3; ++c)
        if (!(r == 8 && c == 3)) b.set(r, c, "245678");
    CHECK_FALSE(b.find("sue-de-coq"));
  }
}

TEST_CASE("sue de coq: the example puzzle of the techniques page", "[techniques][sue-de-coq]") {
  // docs/techniques.md: `sudoku generate --seed 1 --count 44 | tail -n 1`, explained with every technique.
  const sd::ParsedLine parsed = sd::parse_line(
      ".3..54...........1.....69..5.2...6...785.....1..8....725..3...9..6...34....67...5");
  REQUIRE(parsed.kind == sd::ParsedLine::Kind::puzzle);
  sd::LogicSolver solver(parsed.puzzle.box);
  const sd::LogicRun run = solver.run(parsed.puzzle);
  CHECK(run.result == sd::LogicResult::solved);
  auto first = std::find_if(run.steps.begin(), run.steps.end(), [](const tq::Step& s) { return s.technique == "sue-de-coq"; });
  REQUIRE(first != run.steps.end());
  const tq::Structure& st = solver.structure();
  CHECK(sd::describe(
            *first, st, [&](tq::Cell c) { return solver.model().cell_name(st.var(c)); },
            [](csp::Value v) { return std::to_string(v); }) ==
        "sue-de-coq 2,3,7,9 in column 4, box 2 (r2c4, r3c4, r4c4, r2c5, r3c5): removed 9 from r2c6");
}
