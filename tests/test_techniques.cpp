// Human solving techniques (csp/rules/techniques/): each finder on hand-built candidate positions
// (what it should find, nothing when the pattern is broken), the documented example puzzles, the
// technique propagators, and soundness against the true solution of 1,000 generated puzzles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/describe.hpp"
#include "problems/sudoku/generate.hpp"
#include "problems/sudoku/grading.hpp"
#include "problems/sudoku/logic.hpp"
#include "sanitized_counts.hpp"
#include "technique_board.hpp"

namespace {

using namespace technique_test;

}  // namespace

// ---- the structure ------------------------------------------------------------------------------

TEST_CASE("technique structure finds rows columns and boxes as families", "[techniques]") {
  Board b;
  REQUIRE(b.st.cells() == 81);
  REQUIRE(b.st.families().size() == 3);
  CHECK(b.st.crossings() == std::vector<std::pair<int, int>>{{0, 1}});
  CHECK(b.st.line_family(0));
  CHECK(b.st.line_family(1));
  CHECK_FALSE(b.st.line_family(2));
  CHECK(b.st.peers(0).size() == 20);
  CHECK(b.st.sees(b.cell(1, 1), b.cell(3, 3)));
  CHECK_FALSE(b.st.sees(b.cell(1, 1), b.cell(4, 4)));
  CHECK_FALSE(b.st.sees(b.cell(1, 1), b.cell(1, 1)));
  CHECK(b.st.overlaps().size() == 54);  // each box with its 3 rows and 3 columns
}

TEST_CASE("technique names parse into an order", "[techniques]") {
  const auto all = tq::parse_techniques("all");
  REQUIRE(all.size() == tq::catalogue().size());
  for (std::size_t i = 0; i < all.size(); ++i) CHECK(all[i] == &tq::catalogue()[i]);
  // The generic catalogue is sound on any position: no uniqueness row.
  for (const tq::Technique& t : tq::catalogue()) {
    INFO(t.name);
    CHECK_FALSE(t.needs_unique);
  }
  const auto some = tq::parse_techniques("x-wing, singles,locked-candidates,x-wing");
  REQUIRE(some.size() == 6);
  CHECK(some[0]->name == "x-wing");
  CHECK(some[1]->name == "full-house");
  CHECK(some[5]->name == "claiming");
  CHECK_THROWS_WITH(tq::parse_techniques("hidden-single,y-wing"), Catch::Contains("unknown technique 'y-wing'"));
  CHECK_THROWS_AS(tq::parse_techniques("hidden-single,,x-wing"), std::invalid_argument);
  // Old names are aliases of the canonical ones, and the sets are the same in both worlds.
  CHECK(tq::find_technique("naked-twins") == tq::find_technique("naked-pair"));
  CHECK(tq::find_technique("x-chains")->name == "x-chain");
  CHECK(tq::parse_techniques("hidden-pairs,naked-quads")[1]->name == "naked-quad");
  CHECK(tq::parse_techniques("locked-candidates") == tq::rows_of(csp::rule("locked-candidates")));
  CHECK(tq::rows_of(csp::rule("locked-candidates")).size() == 2);
}

TEST_CASE("sudoku's catalogue is the generic rows and the uniqueness rows in score order", "[techniques]") {
  const std::vector<tq::Technique>& rows = sd::catalogue();
  // Every generic row and every uniqueness row, once.
  REQUIRE(rows.size() == tq::catalogue().size() + sd::uniqueness_rows().size());
  for (const tq::Technique& t : tq::catalogue()) CHECK(sd::find_technique(t.name)->find == t.find);
  for (const tq::Technique& t : sd::uniqueness_rows()) {
    INFO(t.name);
    CHECK(t.needs_unique);
    CHECK(t.search == tq::Search::none);
    CHECK(sd::find_technique(t.name)->find == t.find);
  }
  // Ordered by Sudoku's scores: simplest first; every deduction is graded.
  for (const tq::Technique& t : rows) {
    INFO(t.name);
    REQUIRE(sd::scoring_of(t.name) != nullptr);
  }
  for (std::size_t i = 1; i < rows.size(); ++i)
    CHECK(sd::scoring_of(rows[i - 1].name)->score <= sd::scoring_of(rows[i].name)->score);
  const auto all = sd::parse_techniques("all");
  CHECK(all.front()->name == "full-house");
  CHECK(all.back()->name == "nested-forcing-net");
  CHECK(sd::parse_techniques("bug+1,ur-1")[0]->name == "bug-plus-1");
  CHECK_THROWS_WITH(tq::parse_techniques("ur-1"), Catch::Contains("unknown technique 'ur-1'"));
}

// ---- singles, through the logical solver -------------------------------------------------------

TEST_CASE("full house naked single and hidden single on small positions", "[techniques]") {
  // Row 1 misses only 5: full house. With full-house left out the same cell is a naked single.
  const std::string row = "1234.6789" + std::string(72, '.');
  const sd::Puzzle p = sd::parse_line(row).puzzle;
  sd::LogicOptions o;
  o.techniques = "full-house";
  sd::LogicSolver fh(3, o);
  sd::LogicRun r = fh.run(p);
  REQUIRE(r.steps.size() >= 1);
  CHECK(r.steps[0].technique == "full-house");
  CHECK(fh.text(r.steps[0], p) == "full-house in row 1: r1c5 = 5");
  o.techniques = "naked-single";
  sd::LogicSolver ns(3, o);
  r = ns.run(p);
  REQUIRE(r.steps.size() >= 1);
  CHECK(ns.text(r.steps[0], p) == "naked-single: r1c5 = 5");
  // Hidden single: the 1s of r1c1, r2c7, r4c4 and r7c5 leave r3c6 the only place of 1 in row 3 and box 2.
  const std::string grid = "1........"
                           "......1.."
                           "........."
                           "...1....."
                           "........."
                           "........."
                           "....1...."
                           "........."
                           ".........";
  const sd::Puzzle q = sd::parse_line(grid).puzzle;
  o.techniques = "hidden-single";
  sd::LogicSolver hsolver(3, o);
  r = hsolver.run(q);
  REQUIRE(!r.steps.empty());
  CHECK(hsolver.text(r.steps[0], q) == "hidden-single in row 3: r3c6 = 1");
  // Nothing when no value has a single place: the empty grid.
  const sd::Puzzle empty = sd::parse_line(std::string(81, '.')).puzzle;
  o.techniques = "all";
  sd::LogicSolver all(3, o);
  r = all.run(empty);
  CHECK(r.steps.empty());
  CHECK(r.result == sd::LogicResult::needs_search);
  CHECK(r.candidates == 729);
}

// ---- each technique on hand-built candidates ----------------------------------------------------

TEST_CASE("pointing and claiming find locked candidates", "[techniques]") {
  Board b;
  SECTION("pointing: 5 of box 1 only in row 1") {
    for (int r = 2; r <= 3; ++r)
      for (int c = 1; c <= 3; ++c) b.remove(r, c, 5);
    b.remove(1, 3, 5);
    b.fires("pointing", expand({"r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"}, "5"));
    CHECK(b.groups() == std::vector<std::string>{"box 1", "row 1"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c2"});
    CHECK_FALSE(b.find("claiming"));
    CHECK(b.text() == "pointing 5 in box 1, row 1 (r1c1, r1c2): removed 5 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9");
  }
  SECTION("claiming: 5 of row 1 only in box 1") {
    b.row_only(1, 5, {1, 2, 3});
    b.fires("claiming", expand({"r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"}, "5"));
    CHECK(b.groups() == std::vector<std::string>{"row 1", "box 1"});
    CHECK_FALSE(b.find("pointing"));
  }
  SECTION("nothing when the value is spread") {
    for (int r = 2; r <= 3; ++r)
      for (int c = 1; c <= 3; ++c)
        if (!(r == 2 && c == 2)) b.remove(r, c, 5);
    b.remove(1, 3, 5);
    b.remove(1, 2, 5);  // box 1: 5 at r1c1 and r2c2
    CHECK_FALSE(b.find("pointing"));
    CHECK_FALSE(b.find("claiming"));
  }
}

TEST_CASE("naked pairs triples and quads", "[techniques]") {
  Board b;
  SECTION("pair") {
    b.set(1, 1, "38");
    b.set(1, 2, "38");
    b.fires("naked-pair", expand({"r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"}, "38"));
    CHECK(b.groups() == std::vector<std::string>{"row 1"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c2"});
    CHECK(b.step.values == std::vector<csp::Value>{3, 8});
    CHECK(b.text() == "naked-pair 3,8 in row 1 (r1c1, r1c2): removed 3,8 from r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9");
  }
  SECTION("no pair") {
    b.set(1, 1, "38");
    b.set(1, 2, "39");
    CHECK_FALSE(b.find("naked-pair"));
  }
  SECTION("triple with cells of two values") {
    b.set(1, 1, "12");
    b.set(1, 5, "23");
    b.set(1, 9, "13");
    b.fires("naked-triple", expand({"r1c2", "r1c3", "r1c4", "r1c6", "r1c7", "r1c8"}, "123"));
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c5", "r1c9"});
    CHECK_FALSE(b.find("naked-pair"));
  }
  SECTION("no triple") {
    b.set(1, 1, "12");
    b.set(1, 5, "23");
    b.set(1, 9, "14");
    CHECK_FALSE(b.find("naked-triple"));
  }
  SECTION("quad") {
    b.set(1, 1, "12");
    b.set(1, 4, "23");
    b.set(1, 7, "34");
    b.set(1, 9, "14");
    b.fires("naked-quad", expand({"r1c2", "r1c3", "r1c5", "r1c6", "r1c8"}, "1234"));
    CHECK_FALSE(b.find("naked-triple"));
  }
  SECTION("no quad") {
    b.set(1, 1, "12");
    b.set(1, 4, "23");
    b.set(1, 7, "34");
    b.set(1, 9, "15");
    CHECK_FALSE(b.find("naked-quad"));
  }
}

TEST_CASE("hidden pairs triples and quads", "[techniques]") {
  Board b;
  SECTION("pair") {
    b.row_only(1, 4, {2, 5});
    b.row_only(1, 9, {2, 5});
    b.fires("hidden-pair", expand({"r1c2", "r1c5"}, "1235678"));
    CHECK(b.groups() == std::vector<std::string>{"row 1"});
    CHECK(b.cells() == std::vector<std::string>{"r1c2", "r1c5"});
    CHECK(b.step.values == std::vector<csp::Value>{4, 9});
  }
  SECTION("no pair") {
    b.row_only(1, 4, {2, 5});
    b.row_only(1, 9, {2, 5, 7});
    CHECK_FALSE(b.find("hidden-pair"));
  }
  SECTION("triple") {
    b.row_only(1, 1, {4, 5});
    b.row_only(1, 2, {5, 6});
    b.row_only(1, 3, {4, 6});
    b.fires("hidden-triple", expand({"r1c4", "r1c5", "r1c6"}, "456789"));
    CHECK(b.cells() == std::vector<std::string>{"r1c4", "r1c5", "r1c6"});
    CHECK_FALSE(b.find("hidden-pair"));
  }
  SECTION("quad") {
    for (int v = 1; v <= 4; ++v) b.row_only(1, v, {1, 4, 7, 9});
    b.fires("hidden-quad", expand({"r1c1", "r1c4", "r1c7", "r1c9"}, "56789"));
  }
  SECTION("no quad") {
    for (int v = 1; v <= 3; ++v) b.row_only(1, v, {1, 4, 7, 9});
    b.row_only(1, 4, {1, 4, 7, 8});
    CHECK_FALSE(b.find("hidden-quad"));
  }
}

TEST_CASE("fish of sizes two three and four", "[techniques]") {
  Board b;
  SECTION("x-wing") {
    b.row_only(2, 4, {3, 5});
    b.row_only(7, 4, {3, 5});
    const std::vector<std::string> targets{"r1c3", "r1c5", "r3c3", "r3c5", "r4c3", "r4c5", "r5c3",
                                           "r5c5", "r6c3", "r6c5", "r8c3", "r8c5", "r9c3", "r9c5"};
    b.fires("x-wing", expand(targets, "4"));
    CHECK(b.groups() == std::vector<std::string>{"row 2", "row 7", "column 3", "column 5"});
    CHECK(b.cells() == std::vector<std::string>{"r2c3", "r2c5", "r7c3", "r7c5"});
  }
  SECTION("x-wing over columns") {
    b.col_only(2, 6, {1, 8});
    b.col_only(9, 6, {1, 8});
    REQUIRE(b.find("x-wing"));
    CHECK(b.groups() == std::vector<std::string>{"column 2", "column 9", "row 1", "row 8"});
    CHECK(b.removals().size() == 14);
  }
  SECTION("no x-wing") {
    b.row_only(2, 4, {3, 5});
    b.row_only(7, 4, {3, 6});
    CHECK_FALSE(b.find("x-wing"));
  }
  SECTION("swordfish") {
    b.row_only(1, 4, {1, 4});
    b.row_only(5, 4, {4, 7});
    b.row_only(9, 4, {1, 7});
    CHECK_FALSE(b.find("x-wing"));
    REQUIRE(b.find("swordfish"));
    CHECK(b.groups() == std::vector<std::string>{"row 1", "row 5", "row 9", "column 1", "column 4", "column 7"});
    CHECK(b.removals().size() == 18);
  }
  SECTION("no swordfish") {
    b.row_only(1, 4, {1, 4});
    b.row_only(5, 4, {4, 7});
    b.row_only(9, 4, {1, 8});
    CHECK_FALSE(b.find("swordfish"));
  }
  SECTION("jellyfish") {
    b.row_only(1, 4, {1, 2});
    b.row_only(3, 4, {2, 3});
    b.row_only(5, 4, {3, 4});
    b.row_only(7, 4, {4, 1});
    CHECK_FALSE(b.find("swordfish"));
    REQUIRE(b.find("jellyfish"));
    CHECK(b.removals().size() == 20);
  }
  SECTION("no jellyfish") {
    b.row_only(1, 4, {1, 2});
    b.row_only(3, 4, {2, 3});
    b.row_only(5, 4, {3, 4});
    b.row_only(7, 4, {4, 5});
    CHECK_FALSE(b.find("jellyfish"));
  }
}

TEST_CASE("finned and sashimi fish", "[techniques]") {
  Board b;
  b.row_only(2, 4, {3, 5});
  SECTION("finned x-wing: the fin r7c6 in box 8") {
    b.row_only(7, 4, {3, 5, 6});
    CHECK_FALSE(b.find("x-wing"));
    b.fires("finned-x-wing", expand({"r8c5", "r9c5"}, "4"));
    CHECK(b.groups() == std::vector<std::string>{"row 2", "row 7", "column 3", "column 5"});
    CHECK(b.cells() == std::vector<std::string>{"r2c3", "r2c5", "r7c3", "r7c5", "r7c6"});
    CHECK_FALSE(b.find("sashimi-x-wing"));
  }
  SECTION("no finned x-wing when the fin sees no cell of the cover") {
    b.row_only(7, 4, {3, 5, 9});
    CHECK_FALSE(b.find("finned-x-wing"));
  }
  SECTION("sashimi x-wing: r7c5 gone, the fin r7c6") {
    b.row_only(7, 4, {3, 6});
    CHECK_FALSE(b.find("finned-x-wing"));
    REQUIRE(b.find("sashimi-x-wing"));
    CHECK(b.removals().size() == 2);
  }
  SECTION("finned swordfish") {
    b.row_only(5, 4, {5, 8});
    b.row_only(8, 4, {3, 8, 9});  // r8c9: the fin, in box 9 with r7c8 and r9c8
    CHECK_FALSE(b.find("swordfish"));
    b.fires("finned-swordfish", expand({"r7c8", "r9c8"}, "4"));
  }
  SECTION("finned jellyfish") {
    b.row_only(4, 4, {5, 7});
    b.row_only(6, 4, {7, 9});
    b.row_only(8, 4, {3, 9, 2});  // r8c2: the fin, in box 7 with r7c3 and r9c3
    CHECK_FALSE(b.find("jellyfish"));
    CHECK_FALSE(b.find("finned-swordfish"));
    b.fires("finned-jellyfish", expand({"r7c3", "r9c3"}, "4"));
  }
}

TEST_CASE("single-digit patterns: skyscraper, two-string kite, turbot fish, empty rectangle", "[techniques]") {
  Board b;
  SECTION("skyscraper") {
    b.row_only(1, 5, {1, 7});
    b.row_only(4, 5, {3, 7});
    b.fires("skyscraper", expand({"r2c3", "r3c3", "r5c1", "r6c1"}, "5"));
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c7", "r4c7", "r4c3"});
    CHECK(b.groups() == std::vector<std::string>{"row 1", "row 4", "column 7"});
    CHECK_FALSE(b.find("two-string-kite"));
    CHECK_FALSE(b.find("turbot-fish"));
  }
  SECTION("no skyscraper when the ends share no line") {
    b.row_only(1, 5, {1, 7});
    b.row_only(4, 5, {3, 8});
    CHECK_FALSE(b.find("skyscraper"));
  }
  SECTION("two-string kite") {
    b.row_only(1, 3, {1, 8});
    b.col_only(2, 3, {2, 8});
    CHECK_FALSE(b.find("skyscraper"));
    b.fires("two-string-kite", std::vector<std::string>{"r8c8-3"});
    CHECK(b.cells() == std::vector<std::string>{"r1c8", "r1c1", "r2c2", "r8c2"});
    CHECK_FALSE(b.find("turbot-fish"));
  }
  SECTION("no two-string kite when the ends share no box") {
    b.row_only(1, 3, {1, 8});
    b.col_only(2, 3, {4, 8});
    CHECK_FALSE(b.find("two-string-kite"));
  }
  SECTION("turbot fish: a pair in box 1, one in column 7, linked along row 3") {
    for (int r = 1; r <= 3; ++r)
      for (int c = 1; c <= 3; ++c)
        if (!(r == 1 && c == 1) && !(r == 3 && c == 2)) b.remove(r, c, 9);
    b.col_only(7, 9, {3, 6});
    CHECK_FALSE(b.find("skyscraper"));
    CHECK_FALSE(b.find("two-string-kite"));
    b.fires("turbot-fish", std::vector<std::string>{"r6c1-9"});
  }
  SECTION("empty rectangle") {
    for (int r = 1; r <= 3; ++r)
      for (int c = 2; c <= 3; ++c)
        if (!(r == 3 && c == 2)) b.remove(r, c, 7);
    b.col_only(5, 7, {3, 6});
    b.fires("empty-rectangle", std::vector<std::string>{"r6c1-7"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r2c1", "r3c1", "r3c2", "r3c5", "r6c5"});
  }
  SECTION("no empty rectangle when the box's places need two rows and two columns") {
    for (int r = 1; r <= 3; ++r)
      for (int c = 2; c <= 3; ++c)
        if (!(r == 3 && c == 2) && !(r == 2 && c == 3)) b.remove(r, c, 7);
    b.col_only(5, 7, {3, 6});
    CHECK_FALSE(b.find("empty-rectangle"));
  }
}

TEST_CASE("xy-wing and xyz-wing", "[techniques]") {
  Board b;
  SECTION("xy-wing") {
    b.set(1, 1, "12");
    b.set(1, 5, "13");
    b.set(4, 1, "23");
    b.fires("xy-wing", std::vector<std::string>{"r4c5-3"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c5", "r4c1"});
    CHECK(b.text() == "xy-wing 1,2,3 (r1c1, r1c5, r4c1): removed 3 from r4c5");
  }
  SECTION("no xy-wing") {
    b.set(1, 1, "12");
    b.set(1, 5, "13");
    b.set(4, 1, "24");
    CHECK_FALSE(b.find("xy-wing"));
  }
  SECTION("xyz-wing") {
    b.set(1, 1, "123");
    b.set(1, 5, "13");
    b.set(2, 2, "23");
    b.fires("xyz-wing", std::vector<std::string>{"r1c2-3", "r1c3-3"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c5", "r2c2"});
    CHECK_FALSE(b.find("xy-wing"));
  }
  SECTION("no xyz-wing") {
    b.set(1, 1, "123");
    b.set(1, 5, "13");
    b.set(2, 2, "24");
    CHECK_FALSE(b.find("xyz-wing"));
  }
}

TEST_CASE("w-wing", "[techniques]") {
  Board b;
  b.set(1, 1, "47");
  b.set(6, 9, "47");
  SECTION("found: row 5's 4s only in r5c1 and r5c9") {
    b.row_only(5, 4, {1, 9});
    b.fires("w-wing", expand({"r1c9", "r6c1"}, "7"));
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r6c9", "r5c1", "r5c9"});
    CHECK(b.text() == "w-wing 7,4 in row 5 (r1c1, r6c9, r5c1, r5c9): removed 7 from r1c9, r6c1");
  }
  SECTION("not found: row 5's 4s have a third place") {
    b.row_only(5, 4, {1, 5, 9});
    CHECK_FALSE(b.find("w-wing"));
  }
}

TEST_CASE("unique rectangle type 1", "[techniques]") {
  Board b;
  b.set(1, 1, "47");
  b.set(1, 7, "47");
  b.set(2, 1, "47");
  SECTION("found: r2c7 loses 4 and 7") {
    b.set(2, 7, "479");
    b.fires("unique-rectangle-1", expand({"r2c7"}, "47"));
    CHECK(b.cells() == std::vector<std::string>{"r1c1", "r1c7", "r2c1", "r2c7"});
    CHECK(b.text() == "unique-rectangle-1 4,7 in row 1, row 2, column 1, column 7 (r1c1, r1c7, r2c1, r2c7): "
                      "removed 4,7 from r2c7 (uniqueness)");
  }
  SECTION("not found: the rectangle spans four boxes") {
    b.set(1, 7, "12");
    b.set(2, 1, "12");
    b.set(1, 4, "47");
    b.set(4, 1, "47");
    b.set(4, 4, "479");
    CHECK_FALSE(b.find("unique-rectangle-1"));
  }
  SECTION("never a search rule") {
    CHECK(sd::find_technique("unique-rectangle-1")->search == tq::Search::none);
    CHECK(sd::find_technique("bug-plus-1")->search == tq::Search::none);
  }
}

TEST_CASE("simple colouring traps and wraps", "[techniques]") {
  Board b;
  SECTION("trap") {
    b.row_only(1, 5, {1, 7});
    b.col_only(7, 5, {1, 6});
    b.row_only(6, 5, {2, 7});
    b.fires("simple-colouring", expand({"r2c2", "r3c2", "r4c1", "r5c1"}, "5"));
    CHECK(b.cells().size() == 4);
  }
  SECTION("wrap") {
    b.row_only(1, 5, {1, 5});
    for (int r = 1; r <= 3; ++r)
      for (int c = 4; c <= 6; ++c)
        if (!(r == 1 && c == 5) && !(r == 3 && c == 4)) b.remove(r, c, 5);
    b.row_only(3, 5, {4, 2});
    b.col_only(2, 5, {3, 2});
    b.fires("simple-colouring", expand({"r1c1", "r2c2", "r3c4"}, "5"));
    // r1c1, r3c4 and r2c2 share a colour, and r1c1 and r2c2 share box 1: that colour is false.
  }
  SECTION("nothing on a lone conjugate pair") {
    b.row_only(1, 5, {1, 7});
    CHECK_FALSE(b.find("simple-colouring"));
  }
}

TEST_CASE("x-chain finds a skyscraper", "[techniques]") {
  Board b;
  b.col_only(1, 5, {1, 7});
  SECTION("found") {
    b.col_only(5, 5, {3, 7});
    CHECK_FALSE(b.find("simple-colouring"));
    CHECK_FALSE(b.find("x-wing"));
    b.fires("x-chain", expand({"r1c4", "r1c6", "r3c2", "r3c3"}, "5"));
    CHECK(b.cells().size() == 4);
  }
  SECTION("not found") {
    b.col_only(5, 5, {3, 7, 8});
    CHECK_FALSE(b.find("x-chain"));
  }
}

// 3D Medusa does what simple colouring does on one value, and colours across values through a
// bivalue cell: r6c2 {5,8} makes its 8 the colour opposite its 5.
TEST_CASE("3d medusa traps and wraps across values", "[techniques]") {
  Board b;
  SECTION("trap on one value") {
    b.row_only(1, 5, {1, 7});
    b.col_only(7, 5, {1, 6});
    b.row_only(6, 5, {2, 7});
    b.fires("3d-medusa", expand({"r2c2", "r3c2", "r4c1", "r5c1"}, "5"));
  }
  SECTION("a consistent component across two values removes nothing") {
    b.set(1, 1, "58");
    b.set(1, 7, "58");
    b.row_only(1, 5, {1, 7});
    b.row_only(1, 8, {1, 7});
    // r1c1 and r1c7 form a naked pair: each cell's 5 and 8 opposite, consistently: no wrap.
    CHECK_FALSE(b.find("3d-medusa"));
  }
  SECTION("nothing on a lone conjugate pair or an open grid") {
    CHECK_FALSE(b.find("3d-medusa"));
    b.row_only(1, 5, {1, 7});
    CHECK_FALSE(b.find("3d-medusa"));
  }
}

// r1c1 {2,5} -5- r1c6 {5,7} -7- r5c6 {7,2}: one end holds 2, and r5c1 sees both.
TEST_CASE("xy-chain and aic through bivalue cells", "[techniques]") {
  Board b;
  b.set(1, 1, "25");
  b.set(1, 6, "57");
  b.set(5, 6, "27");
  SECTION("found") {
    b.fires("xy-chain", std::vector<std::string>{"r5c1-2"});
    CHECK(b.step.cells.size() == 6);  // three cells, two values each
    REQUIRE(b.step.links.size() == 5);
    CHECK(b.step.links[0].strong);
    CHECK_FALSE(b.step.links[1].strong);
    CHECK(b.step.links[4].strong);
    b.fires("aic", std::vector<std::string>{"r5c1-2"});
  }
  SECTION("not found") {
    b.remove(5, 1, 2);
    CHECK_FALSE(b.find("xy-chain"));
    CHECK_FALSE(b.find("aic"));
  }
}

// 5 in row 1 only at r1c1, r1c4, r1c5 (a grouped node {r1c4, r1c5} in box 2), in column 6 only at
// r3c6, r7c6: r1c1 =5= {r1c4,r1c5} -5- r3c6 =5= r7c6, so r7c1 (seeing r1c1 and r7c6) loses 5.
TEST_CASE("grouped aic links through a box-line intersection", "[techniques]") {
  Board b;
  b.row_only(1, 5, {1, 4, 5});
  b.col_only(6, 5, {3, 7});
  REQUIRE(b.find("grouped-aic"));
  const std::vector<std::string> removed = b.removals();
  CHECK(std::find(removed.begin(), removed.end(), "r7c1-5") != removed.end());
  // The grouped node is printed and listed with both its cells.
  INFO(b.text());
  CHECK(b.text().find("(5)r1c45") != std::string::npos);
  REQUIRE(b.step.node_sizes.size() == b.step.values.size());
  CHECK(std::find(b.step.node_sizes.begin(), b.step.node_sizes.end(), 2U) != b.step.node_sizes.end());
  CHECK(b.step.cells.size() == b.step.values.size() + 1);
  CHECK(sd::group_name({"r1c4", "r1c5"}) == "r1c45");
  CHECK(sd::group_name({"r4c7", "r5c7", "r6c7"}) == "r456c7");
  CHECK(sd::group_name({"r10c11", "r10c12"}) == "r10c11,12");
  CHECK(sd::group_name({"a", "b"}) == "a,b");
  CHECK_FALSE(b.find("aic"));
  CHECK_FALSE(b.find("x-chain"));
  b.set(5, 6, "123456789");  // 5 back in r5c6: column 6 is no longer a strong link
  CHECK_FALSE(b.find("grouped-aic"));
}

// An xy-wing seen as a cell forcing chain: r1c1 {1,2} with r1c5 {1,3} and r4c1 {2,3}. Either value
// of r1c1 puts 3 in a pincer, and both pincers see r4c5.
TEST_CASE("forcing chain: cell forcing through bivalue cells", "[techniques]") {
  Board b;
  b.set(1, 1, "12");
  b.set(1, 5, "13");
  b.set(4, 1, "23");
  SECTION("found") {
    b.fires("forcing-chain", std::vector<std::string>{"r4c5-3"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1"});
    CHECK(b.step.values == std::vector<csp::Value>{1, 2});
    CHECK(b.text() == "forcing-chain (cell forcing chain) 1,2 (r1c1): removed 3 from r4c5");
    b.fires("forcing-net", std::vector<std::string>{"r4c5-3"});
    CHECK(b.text() == "forcing-net (cell forcing net) 1,2 (r1c1): removed 3 from r4c5");
  }
  SECTION("not found") {
    b.remove(4, 5, 3);
    CHECK_FALSE(b.find("forcing-chain"));
    CHECK_FALSE(b.find("forcing-net"));
  }
  SECTION("a contradiction") {
    b.set(1, 6, "13");  // r1c1 = 1 leaves r1c5 and r1c6 both 3
    b.fires("forcing-chain", std::vector<std::string>{"r1c1-1"});
    CHECK(b.cells() == std::vector<std::string>{"r1c1"});
    CHECK(b.text() == "forcing-chain (contradiction forcing chain) 1 (r1c1): removed 1 from r1c1");
  }
}

// Nets pass on a value that needed two premises; chains do not. r1c1 = 1 takes 1 from r2c2 and,
// through r1c3 {1,2} = 2, takes 2 from it: r2c2 {1,2,3} = 3, which empties the pair r5c2, r6c2 of
// 3 and 4: a contradiction for the net. The chain sees only the naked pair r1c1, r1c3.
TEST_CASE("forcing net: a contradiction needing a join", "[techniques]") {
  Board b;
  b.set(1, 1, "12");
  b.set(1, 3, "12");
  b.set(2, 2, "123");
  b.set(5, 2, "34");
  b.set(6, 2, "34");
  b.fires("forcing-net", std::vector<std::string>{"r1c1-1"});
  CHECK(b.cells() == std::vector<std::string>{"r1c1"});
  CHECK(b.text() == "forcing-net (contradiction forcing net) 1 (r1c1): removed 1 from r1c1");
  REQUIRE(b.find("forcing-chain"));
  const std::vector<std::string> chain = b.removals();
  CHECK(std::find(chain.begin(), chain.end(), "r1c1-1") == chain.end());
  CHECK(std::find(chain.begin(), chain.end(), "r1c2-1") != chain.end());  // the pair's 1 leaves row 1
  // Without the pair's second cell, r2c2 = 3 breaks nothing.
  b.set(6, 2, "123456789");
  REQUIRE(b.find("forcing-net"));
  const std::vector<std::string> net = b.removals();
  CHECK(std::find(net.begin(), net.end(), "r1c1-1") == net.end());
}

// The empty grid: every branch leaves every other choice open, so nothing is forced at any depth
// (the nested net gives up within its budget).
TEST_CASE("forcing chains and nets find nothing on an open grid", "[techniques]") {
  Board b;
  CHECK_FALSE(b.find("forcing-chain"));
  CHECK_FALSE(b.find("forcing-net"));
  CHECK_FALSE(b.find("nested-forcing-net"));
}

// A forum puzzle rated 11+ by Sudoku Explainer (tdoku_forum_hardest_1905_11plus, line 3): after
// everything else, at some position only a nested net finds a step; its removals are sound.
TEST_CASE("nested forcing net solves what single nets cannot", "[techniques]") {
  const std::string puzzle = "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9";
  const std::string solution = "982745631765132498143689257859273146437816925216594873371928564698457312524361789";
  sd::LogicOptions o;
  o.techniques.clear();
  for (const tq::Technique& t : sd::catalogue()) {
    if (t.name == "nested-forcing-net") continue;
    if (!o.techniques.empty()) o.techniques.push_back(',');
    o.techniques.append(t.name);
  }
  const sd::Puzzle p = sd::parse_line(puzzle).puzzle;
  sd::LogicSolver without(3, o);
  const sd::LogicRun stuck = without.run(p);
  REQUIRE(stuck.result == sd::LogicResult::needs_search);
  const tq::Structure& st = without.structure();
  const std::vector<std::uint8_t> none;
  tq::Step step;
  const tq::Position pos{st, without.domains(), none};
  CHECK_FALSE(tq::find_technique("forcing-net")->find(pos, step));
  REQUIRE(tq::find_technique("nested-forcing-net")->find(pos, step));
  REQUIRE(!step.removals.empty());
  for (const tq::Candidate& r : step.removals) {
    const csp::Var v = st.var(r.cell);
    for (int k = 0; k < 81; ++k)
      if (without.model().cell(k / 9, k % 9) == v) CHECK(solution[static_cast<std::size_t>(k)] - '0' != r.value);
  }
  sd::LogicSolver all(3);
  const sd::LogicRun run = all.run(p);
  CHECK(run.result == sd::LogicResult::solved);
  CHECK(sd::format_line(run.grid, p) == solution);
  const sd::Grade g = all.grade(run);
  CHECK(g.hardest == "nested-forcing-net");
  CHECK(g.level == sd::Level::extreme);
}

// ---- example puzzles of docs/techniques.md (made by `sudoku generate`; see that page) ------------

TEST_CASE("the example puzzles of the techniques page use their technique", "[techniques]") {
  struct Example {
    const char* technique;
    const char* puzzle;
    const char* techniques = "all";  // the list explained with (docs/techniques.md says why, when not all)
  };
  const Example examples[] = {
      {"full-house", "......9.....26.4....3..7.5..2...5....1.4......5.....31...8....96...12....8....2.4"},
      {"naked-single", "......9.....26.4....3..7.5..2...5....1.4......5.....31...8....96...12....8....2.4"},
      {"hidden-single", "......9.....26.4....3..7.5..2...5....1.4......5.....31...8....96...12....8....2.4"},
      {"pointing", "......9.....26.4....3..7.5..2...5....1.4......5.....31...8....96...12....8....2.4"},
      {"claiming", "......9.....26.4....3..7.5..2...5....1.4......5.....31...8....96...12....8....2.4"},
      {"naked-pair", ".91..32.....5.....4........67........8..9.7.3.4..3..61...7.9.5231......95...8...."},
      {"hidden-pair", "412.3..6...82.6...3..4.........1.47..56.....2..1.7...5...1..8..6.9..3..........3."},
      {"naked-triple", ".2...3.1..9.26....7...1..5....9.......1..47.3.......852..1.94....3.....7.5......."},
      {"hidden-triple", ".....3.....5.1.49...7..5.32.12......9532....46........48..6...72..3........1..6.."},
      {"naked-quad", "1..983..4.9.61.............924................3....52678..2.....1..3..95.....51.."},
      {"x-wing", ".2...3.1..9.26....7...1..5....9.......1..47.3.......852..1.94....3.....7.5.......",
       "singles,locked-candidates,naked-pair,hidden-pair,naked-triple,hidden-triple,naked-quad,x-wing"},
      {"hidden-quad", "......84....41..2...5.7.6..1...3.....96..4.5...4.65....31...7.82.......3..8......"},
      {"swordfish", "...3.1....1...98....2.6....7.....6.1.8....7...5.13.42.2.7....9..4..251.....4.....",
       "singles,locked-candidates,naked-pair,hidden-pair,naked-triple,hidden-triple,naked-quad,x-wing,hidden-quad,"
       "swordfish"},
      {"simple-colouring", ".85......6.93...21.2.1.............8..3468.....69.134....6....3.....41.....8..792"},
      {"jellyfish", "4.76...5..1...........4...1.79.....3.3...5.6.5.....1.2...5.13......6..242..9....."},
      {"xy-wing", "3.4...........6..5.2.8......8.2...7.5.1....349........4.9.2...1...5.........9.3.6"},
      {"xyz-wing", ".2...3.1..9.26....7...1..5....9.......1..47.3.......852..1.94....3.....7.5......."},
      {"x-chain", ".76.5..4.1.574....9..............6.4..12...59..3...1.....8.95......738.63....5.9."},
      {"skyscraper", "4..6.21....3..1.6....3.....1...6.....8....9....7..3.2.5..8...9.....7.....91...8.3"},
      {"two-string-kite", "4..6.21....3..1.6....3.....1...6.....8....9....7..3.2.5..8...9.....7.....91...8.3"},
      {"turbot-fish", ".9.8........941.8.5...23.....2.....78..4..6.3.7...5....2..9..1...53.......6...9.5"},
      {"empty-rectangle", ".9.8........941.8.5...23.....2.....78..4..6.3.7...5....2..9..1...53.......6...9.5"},
      {"finned-x-wing", ".9.8........941.8.5...23.....2.....78..4..6.3.7...5....2..9..1...53.......6...9.5"},
      {"sashimi-x-wing", ".1...9..8..8543...46.......3....8.4...4.5..2......1......73.1......15....7....6.."},
      {"finned-swordfish", ".85......6.93...21.2.1.............8..3468.....69.134....6....3.....41.....8..792"},
      {"sashimi-swordfish", "9...7.2.4....3.9......42.3.45.......62.48.3......2.5...4..936.2.1.......3.9...4.."},
      {"finned-jellyfish", "..9...64...1..92...3.2.89...2..95.8..9....1..8..7....2....34.....7...8.43..1....."},
      {"unique-rectangle-1", "...3.1....1...98....2.6....7.....6.1.8....7...5.13.42.2.7....9..4..251.....4....."},
      {"bug-plus-1", "85.9.....6.....9...2.....48....42.9......6...3...9..6.1.3..8.2..8..6137....7....4"},
      {"w-wing", "......9.2..23...16....9..5.87...4....2...7....6.....941..2.....4...6.5...9......8"},
      {"sashimi-jellyfish", "843....7...96......7.9...8...475983....8..6..38.4.6.......9.......5...4.2.....7.."},
      {"xy-chain", "3.4...........6..5.2.8......8.2...7.5.1....349........4.9.2...1...5.........9.3.6"},
      {"3d-medusa", ".157.2...6..5.4.......1.....51.....734......6......85..6...95.8..9...3....3256.1."},
      {"aic", "4..6.21....3..1.6....3.....1...6.....8....9....7..3.2.5..8...9.....7.....91...8.3"},
      {"grouped-aic", ".4..5..9.1.....3.2..2...75.3...78...2......3...9....25.6...7.......9....7..6.1..."},
      {"forcing-chain", "..957...348..2......1...9....4....7..2.....9..36..78.2...74......7682........9.6."},
      {"forcing-net", ".76.5..4.1.574....9..............6.4..12...59..3...1.....8.95......738.63....5.9."},
      {"nested-forcing-net", "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9"},
  };
  for (const Example& e : examples) {
    INFO(e.technique << " " << e.puzzle);
    CHECK(used(e.puzzle, e.techniques).count(e.technique) == 1);
  }
}

// ---- the propagators ------------------------------------------------------------------------------

TEST_CASE("technique rules parse and post as propagators", "[techniques]") {
  CHECK(csp::parse_rules("x-wing,xy-wing") == csp::RuleSet{csp::rule("x-wing"), csp::rule("xy-wing")});
  CHECK(csp::parse_rules("techniques") == csp::technique_rules());
  CHECK(csp::parse_rules("every").size() == csp::all_rules().size() + csp::technique_rules().size());
  for (csp::Rule r : csp::technique_rules()) CHECK(csp::parse_rules(csp::rule_name(r)) == csp::RuleSet{r});

  // The x-wing position through the propagator removes the same candidates.
  sd::SudokuModel m(3, {csp::rule("x-wing")});
  csp::Domains d = m.model().initial_domains();
  for (int c = 1; c <= 9; ++c)
    if (c != 3 && c != 5) d.remove(m.cell(1, c - 1), 4), d.remove(m.cell(6, c - 1), 4);
  csp::Engine engine(m.model());
  csp::Stats stats;
  stats.counters.assign(m.model().counter_names().size(), 0);
  REQUIRE(engine.propagate_all(d, stats));
  for (int r = 0; r < 9; ++r) {
    const bool base = r == 1 || r == 6;
    CHECK(d.contains(m.cell(r, 2), 4) == base);
    CHECK(d.contains(m.cell(r, 4), 4) == base);
  }
  CHECK(stats.counters[1] == 14);  // x-wing.removals

  // Every technique rule, with the singles, solves puzzles correctly.
  sd::Generator g(3, 11);
  csp::RuleSet rules{csp::rule("naked-single"), csp::rule("hidden-single")};
  for (csp::Rule r : csp::technique_rules()) rules.push_back(r);
  sd::SudokuModel all(3, rules);
  csp::Solver solver(all.model(), csp::SearchOptions{});
  for (int i = 0; i < 20; ++i) {
    const sd::Puzzle p = g.make(static_cast<std::uint64_t>(i));
    const csp::SearchResult res = solver.count(all.start(p));
    CHECK(res.stats.solutions == 1);
  }
}

// ---- soundness ------------------------------------------------------------------------------------

// On 1,000 generated proper puzzles: at every position the logical solver passes through, every
// technique's step (not only the one applied) is checked against the puzzle's one solution: no
// removal of a solution value, no placement of another. The cheapest technique that applies is
// then applied, as explain does. (A sanitizer build checks the first 250: tests/sanitized_counts.hpp.)
TEST_CASE("no technique ever contradicts the solution of 1000 generated puzzles", "[techniques][soundness]") {
  const int generated = test_counts::sanitized_share(1000, 4);
  sd::Generator gen(3, 2024);
  sd::SudokuModel model(3, {csp::rule("naked-single"), csp::rule("hidden-single")});
  csp::Solver solver(model.model(), csp::SearchOptions{});
  const tq::Structure st(model.model().initial_domains(), model.groups());
  tq::Step step;
  // Sudoku's catalogue: the generated puzzles have one solution, so the uniqueness rows are sound.
  const std::vector<tq::Technique>& rows = sd::catalogue();
  std::vector<std::size_t> fired(rows.size(), 0);
  std::size_t checked = 0, solved = 0;
  // Then two puzzles of the forum's hardest (Sudoku Explainer 11+: the nested nets fire there).
  const char* hardest[] = {"98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
                           "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"};
  for (int i = 0; i < generated + 2; ++i) {
    const sd::Puzzle p = i < generated ? gen.make(static_cast<std::uint64_t>(i)) : sd::parse_line(hardest[i - generated]).puzzle;
    const csp::SearchResult res = solver.solve(model.start(p));
    REQUIRE(res.found());
    const std::vector<int> sol = model.values(res.solution);
    auto truth = [&](tq::Cell c) {
      const csp::Var v = st.var(c);
      for (int k = 0; k < 81; ++k)
        if (model.cell(k / 9, k % 9) == v) return sol[static_cast<std::size_t>(k)];
      return 0;
    };
    std::vector<int> value(st.cells());
    for (tq::Cell c = 0; c < st.cells(); ++c) value[c] = truth(c);

    csp::Domains d = model.start(p);
    std::vector<std::uint8_t> placed(st.cells(), 0);
    for (tq::Cell c = 0; c < st.cells(); ++c)
      if (d.fixed(st.var(c))) placed[c] = 1;
    for (tq::Cell c = 0; c < st.cells(); ++c)
      if (placed[c] != 0)
        for (tq::Cell e : st.peers(c)) d.remove(st.var(e), d.value(st.var(c)));
    const tq::Position pos{st, d, placed};
    for (std::size_t position = 0;; ++position) {
      tq::Step first;
      bool have = false;
      for (std::size_t t = 0; t < rows.size(); ++t) {
        const tq::Technique& tech = rows[t];
        // x-chains are the slowest search: once a cheaper technique applies, checked at every
        // fourth position only (keeps the test to a few seconds). Sue de Coq too: every position
        // cost 2-3 s (user) of this test's 22 s.
        if (have && (tech.name == "x-chain" || tech.name == "sue-de-coq") && position % 4 != 0) continue;
        if (have && (tech.name == "xy-chain" || tech.name == "3d-medusa" || tech.name == "aic" || tech.name == "grouped-aic") &&
            position % 8 != 0)
          continue;
        // The almost locked sets (one enumeration per position): every eighth position too.
        if (have && (tech.name == "als-xz" || tech.name == "als-xy-wing") && position % 8 != 0) continue;
        // Forcing chains and nets: every sixteenth position once a cheaper one applies; nested nets
        // (up to 20,000 assumptions a search) only where nothing else does.
        if (have && (tech.name == "forcing-chain" || tech.name == "forcing-net") && position % 16 != 0) continue;
        if (have && tech.name == "nested-forcing-net") continue;
        if (!tech.find(pos, step)) continue;
        ++checked;
        ++fired[t];
        REQUIRE(step.technique == tech.name);
        REQUIRE(!(step.removals.empty() && step.placements.empty()));
        for (const tq::Candidate& r : step.removals) {
          INFO(tech.name << " removes " << r.value << " from " << model.cell_name(st.var(r.cell)) << " in "
                         << sd::format_line(p.cells, p));
          REQUIRE(d.contains(st.var(r.cell), r.value));  // progress
          REQUIRE(value[r.cell] != r.value);             // soundness
        }
        for (const tq::Candidate& pl : step.placements) {
          INFO(tech.name << " places " << pl.value << " in " << model.cell_name(st.var(pl.cell)));
          REQUIRE(placed[pl.cell] == 0);
          REQUIRE(value[pl.cell] == pl.value);
        }
        if (!have) first = step.record(), have = true;
      }
      if (!have) break;
      for (const tq::Candidate& r : first.removals) d.remove(st.var(r.cell), r.value);
      for (const tq::Candidate& pl : first.placements) {
        d.assign(st.var(pl.cell), pl.value);
        placed[pl.cell] = 1;
        for (tq::Cell e : st.peers(pl.cell)) d.remove(st.var(e), pl.value);
      }
    }
    if (std::all_of(placed.begin(), placed.end(), [](std::uint8_t x) { return x != 0; })) ++solved;
  }
  INFO("steps checked: " << checked << ", solved by the techniques: " << solved);
  CHECK(checked > static_cast<std::size_t>(40 * generated));
  CHECK(solved > static_cast<std::size_t>(6 * generated / 10));
  // Every technique fired at least once somewhere.
  for (std::size_t t = 0; t < fired.size(); ++t) {
    INFO(rows[t].name);
    CHECK(fired[t] > 0);
  }
}

// ---- explain and grade ------------------------------------------------------------------------------

TEST_CASE("explaining the essay's easy grid needs singles only", "[techniques][explain]") {
  const std::string easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
  const std::set<std::string> techniques = used(easy);
  CHECK(!techniques.empty());
  for (const std::string& t : techniques) CHECK((t == "full-house" || t == "naked-single" || t == "hidden-single"));
  const nlohmann::json j = sd::explain_json(std::string_view(easy));
  CHECK(j["result"] == "solved");
  CHECK(j["solution"] == "483921657967345821251876493548132976729564138136798245372689514814253769695417382");
  CHECK(j["guesses"] == 0);
  CHECK(j["puzzle"] == easy);
  REQUIRE(j["steps"].is_array());
  const nlohmann::json& s = j["steps"][0];
  for (const char* key : {"technique", "text", "groups", "cells", "placements", "removals"}) CHECK(s.contains(key));
  CHECK(s["placements"][0]["cell"].get<std::string>().size() == 4);
  CHECK(s["placements"][0]["value"].is_number_integer());
  const sd::Grade g = sd::grade(sd::parse_line(easy).puzzle);
  CHECK(g.result == sd::LogicResult::solved);
  CHECK(g.level == sd::Level::easy);
  CHECK((g.hardest == "hidden-single" || g.hardest == "naked-single" || g.hardest == "full-house"));
  std::size_t steps = 0;
  for (const auto& [name, n] : g.uses) steps += n;
  CHECK(steps == g.steps);
  CHECK(g.steps == j["steps"].size());
}

TEST_CASE("explain json continues with search and reports invalid lines", "[techniques][explain]") {
  // The empty grid: no technique applies, search fills it.
  nlohmann::json j = sd::explain_json(std::string_view(std::string(81, '.')));
  CHECK(j["result"] == "needs search");
  CHECK(j["steps"].empty());
  CHECK(j["solution"].get<std::string>().size() == 81);
  CHECK(j["guesses"].get<int>() > 0);
  j = sd::explain_json(std::string_view("12345"));
  CHECK(j["result"] == "invalid");
  CHECK(j.contains("reason"));
  // Two 1s in row 1: invalid.
  j = sd::explain_json(std::string_view("11" + std::string(79, '.')));
  CHECK(j["result"] == "invalid");
  // Unsolvable but consistent givens: r1c9 can take nothing (1..8 in row 1, 9 in column 9).
  j = sd::explain_json(std::string_view("12345678." + std::string(8, '.') + "9" + std::string(63, '.')));
  CHECK(j["result"] == "unsolvable");
}

// The web page draws a grouped node by all its cells and names a forcing step's kind: both come in
// the JSON (the grouped-aic example of docs/techniques.md, whose first grouped-aic step ends at
// (1)r78c2, and the forcing-chain example).
TEST_CASE("explain json gives grouped nodes' cells and forcing kinds", "[techniques][explain]") {
  bool grouped = false, kind = false;
  for (const char* puzzle : {"...5.91..3...8..7....2...3.4............7.5...7.4.6.8.6.3...7....5..82...92.1....",
                             "..957...348..2......1...9....4....7..2.....9..36..78.2...74......7682........9.6."}) {
    const nlohmann::json j = sd::explain_json(std::string_view(puzzle));
    for (const nlohmann::json& s : j["steps"]) {
      if (s.contains("kind")) {
        kind = true;
        CHECK(s["text"].get<std::string>().find("(" + s["kind"].get<std::string>() + ")") != std::string::npos);
      }
      if (!s.contains("links")) continue;
      for (const nlohmann::json& l : s["links"])
        for (const char* end : {"from", "to"}) {
          REQUIRE(l[end].contains("cells"));
          CHECK(l[end]["cells"][0] == l[end]["cell"]);
          if (l[end]["cells"].size() > 1) grouped = true;
        }
    }
  }
  CHECK(grouped);
  CHECK(kind);
}

TEST_CASE("grading levels follow the documented scheme", "[techniques][grade]") {
  using sd::Level;
  CHECK(sd::level_of(Level::easy, 800, 81) == Level::easy);
  CHECK(sd::level_of(Level::easy, 801, 81) == Level::medium);
  CHECK(sd::level_of(Level::easy, 1001, 81) == Level::hard);
  CHECK(sd::level_of(Level::easy, 1601, 81) == Level::fiendish);
  CHECK(sd::level_of(Level::easy, 1801, 81) == Level::extreme);
  CHECK(sd::level_of(Level::hard, 100, 81) == Level::hard);
  CHECK(sd::level_of(Level::fiendish, 0, 81) == Level::fiendish);
  CHECK(sd::level_of(Level::fiendish, 1800, 81) == Level::fiendish);
  CHECK(sd::level_of(Level::extreme, 0, 81) == Level::extreme);
  CHECK(sd::level_ceiling(Level::fiendish, 81) == 1800);
  CHECK(sd::level_ceiling(Level::extreme, 81) == -1);
  CHECK(sd::level_name(Level::extreme) == "extreme");
  CHECK(sd::level_ceiling(Level::easy, 256) == 800 * 256 / 81);
  CHECK(sd::level_name(Level::fiendish) == "fiendish");
  // A puzzle the catalogue does not finish needs search.
  const sd::Grade g = sd::grade(sd::parse_line(std::string(81, '.')).puzzle);
  CHECK(g.result == sd::LogicResult::needs_search);
  CHECK(g.steps == 0);
}
