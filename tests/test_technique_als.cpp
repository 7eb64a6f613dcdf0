// Almost locked sets (csp/rules/detail/almost_locked_set.hpp) and the deductions on them,
// ALS-XZ and ALS-XY-wing: the enumeration counted on small positions, each finder on hand-built
// candidate positions (where it must fire, what it removes, and where it must not), and the
// example puzzles of docs/techniques.md.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "csp/rules/detail/almost_locked_set.hpp"
#include "problems/sudoku/describe.hpp"
#include "problems/sudoku/logic.hpp"
#include "technique_board.hpp"

namespace {

using namespace technique_test;

}  // namespace

TEST_CASE("almost locked sets are enumerated once each, smallest first", "[techniques][als]") {
  Board b;
  // Row 1: open cells r1c1 {1,2}, r1c2 {2,3}, r1c3 {1,3,4}, r1c4 {3,4}, then 5..9 placed; every
  // other cell 1..9.
  b.set(1, 1, "12");
  b.set(1, 2, "23");
  b.set(1, 3, "134");
  b.set(1, 4, "34");
  for (int c = 5; c <= 9; ++c) b.set(1, c, std::to_string(c));
  const tq::AlmostLockedSets& sets = tq::almost_locked_sets(b.position());
  // In row 1: the bivalue cells (size 1); the pairs of three values {c1,c2} {1,2,3}, {c2,c4}
  // {2,3,4}, {c3,c4} {1,3,4} ({c1,c3}, {c1,c4}, {c2,c3} have four); every triple (four values; the
  // four cells hold only four: locked, not almost). Elsewhere: eight cells of nine values, in the
  // groups without a placed cell (rows 2-9, columns 1-4, boxes 1 and 4-9).
  std::set<std::string> row1;
  std::size_t others = 0, last_size = 0;
  bool sorted = true;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    sorted = sorted && sets[i].size >= last_size;
    last_size = sets[i].size;
    std::string cells;
    tq::cellset::for_each(sets.cells(i), [&](tq::Cell c) { cells += b.name(c) + " "; });
    CHECK(std::popcount(sets[i].values) == static_cast<int>(sets[i].size) + 1);
    if (b.st.groups()[sets[i].group].name == "row 1") {
      row1.insert(cells);
    } else {
      ++others;
      CHECK(sets[i].size == 8);
    }
  }
  CHECK(sorted);
  // A bivalue cell lies in three groups, {r1c1, r1c2} in two: each is listed once (in row 1).
  CHECK(row1 == std::set<std::string>{"r1c1 ", "r1c2 ", "r1c4 ", "r1c1 r1c2 ", "r1c2 r1c4 ", "r1c3 r1c4 ",
                                      "r1c1 r1c2 r1c3 ", "r1c1 r1c2 r1c4 ", "r1c1 r1c3 r1c4 ", "r1c2 r1c3 r1c4 "});
  CHECK(others > 0);
  // Holders and the cells seeing them: r1c1 and r1c3 hold 1 in {r1c1, r1c2, r1c3}.
  std::size_t seen = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    std::string cells;
    tq::cellset::for_each(sets.cells(i), [&](tq::Cell c) { cells += b.name(c) + " "; });
    if (cells != "r1c1 r1c2 r1c3 ") continue;
    ++seen;
    std::vector<std::string> holders, seeing;
    tq::cellset::for_each(sets.holders(i, 1), [&](tq::Cell c) { holders.push_back(b.name(c)); });
    tq::cellset::for_each(sets.seeing(i, 1), [&](tq::Cell c) { seeing.push_back(b.name(c)); });
    CHECK(holders == std::vector<std::string>{"r1c1", "r1c3"});
    // Row 1's other cells and box 1's rows 2 and 3.
    CHECK(seeing == std::vector<std::string>{"r1c2", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9", "r2c1", "r2c2",
                                             "r2c3", "r3c1", "r3c2", "r3c3"});
  }
  CHECK(seen == 1);
}

TEST_CASE("als-xz", "[techniques][als]") {
  Board b;
  SECTION("singly linked: A = r1c1 {1,2}, B = r7c1 {1,3} + r7c5 {2,3}, x = 1, z = 2") {
    b.set(1, 1, "12");
    b.set(7, 1, "13");
    b.set(7, 5, "23");
    REQUIRE(b.find("als-xz"));
    CHECK(b.cell_set() == std::set<std::string>{"r1c1", "r7c1", "r7c5"});
    CHECK(b.removals() == std::vector<std::string>{"r1c5-2"});
    CHECK(b.text() == "als-xz 1,2 in row 1, row 7 (r1c1, r7c1, r7c5): removed 2 from r1c5");
  }
  SECTION("no restricted common: B's 1 at r7c2 does not see A") {
    b.set(1, 1, "12");
    b.set(7, 2, "13");
    b.set(7, 5, "23");
    CHECK_FALSE(b.find("als-xz"));
  }
  SECTION("x restricted but no other common value: nothing") {
    b.set(1, 1, "12");
    b.set(7, 1, "13");
    b.set(7, 5, "34");
    CHECK_FALSE(b.find("als-xz"));
  }
  SECTION("doubly linked: A = r1c1 {1,2}, B = r4c1 {1,3} + r5c1 {2,3}, x = 1, y = 2") {
    b.set(1, 1, "12");
    b.set(4, 1, "13");
    b.set(5, 1, "23");
    REQUIRE(b.find("als-xz"));
    CHECK(b.cell_set() == std::set<std::string>{"r1c1", "r4c1", "r5c1"});
    // x and y leave the cells seeing them in both sets (column 1); B's other value 3 is locked in
    // B and leaves the cells seeing both of its places (column 1 and box 4).
    std::vector<std::string> want = expand({"r2c1", "r3c1", "r6c1", "r7c1", "r8c1", "r9c1"}, "123");
    const std::vector<std::string> box = expand({"r4c2", "r4c3", "r5c2", "r5c3", "r6c2", "r6c3"}, "3");
    want.insert(want.end(), box.begin(), box.end());
    std::sort(want.begin(), want.end());
    CHECK(b.removals() == want);
  }
}

TEST_CASE("als-xy-wing", "[techniques][als]") {
  Board b;
  SECTION("C = r1c1 {1,2}, A = r1c5 {1,3}, B = r5c1 {2,3,4} + r5c2 {3,4}: x = 1, y = 2, z = 3") {
    b.set(1, 1, "12");
    b.set(1, 5, "13");
    b.set(5, 1, "234");
    b.set(5, 2, "34");
    REQUIRE(b.find("als-xy-wing"));
    CHECK(b.cell_set() == std::set<std::string>{"r1c1", "r1c5", "r5c1", "r5c2"});
    CHECK(b.removals() == std::vector<std::string>{"r5c5-3"});
    // (ALS-XZ finds it too, with A and C merged: {r1c1, r1c5} is an ALS of row 1.)
  }
  SECTION("x = y: both links on 1, nothing") {
    b.set(1, 1, "12");
    b.set(1, 5, "13");
    b.set(5, 1, "134");
    b.set(5, 2, "34");
    CHECK_FALSE(b.find("als-xy-wing"));
  }
}

TEST_CASE("the example puzzles of the techniques page use the ALS deductions", "[techniques][als]") {
  struct Example {
    const char* technique;
    const char* puzzle;
  };
  const Example examples[] = {
      {"als-xz", ".76.5..4.1.574....9..............6.4..12...59..3...1.....8.95......738.63....5.9."},
      {"als-xy-wing", ".76.5..4.1.574....9..............6.4..12...59..3...1.....8.95......738.63....5.9."},
  };
  for (const Example& e : examples) {
    INFO(e.technique << " " << e.puzzle);
    CHECK(used(e.puzzle).count(e.technique) == 1);
  }
}
