// Puzzle generation: proper (one solution), minimal (no removable clue) and reproducible; and the
// explainer's wording.
#include <catch2/catch.hpp>

#include <algorithm>

#include "problems/sudoku/explain.hpp"
#include "problems/sudoku/generate.hpp"

namespace sd = problems::sudoku;

namespace {

int clues(const sd::Puzzle& p) { return static_cast<int>(std::count_if(p.cells.begin(), p.cells.end(), [](int c) { return c != 0; })); }

// Independent of the csp layer: the givens break no row, column or box rule.
bool givens_consistent(const sd::Puzzle& p) {
  const int n = p.side();
  auto at = [&](int r, int c) { return p.cells[static_cast<std::size_t>(r * n + c)]; };
  for (int a = 0; a < n * n; ++a) {
    for (int b = a + 1; b < n * n; ++b) {
      const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
      const bool peers = ra == rb || ca == cb || (ra / p.box == rb / p.box && ca / p.box == cb / p.box);
      if (peers && at(ra, ca) != 0 && at(ra, ca) == at(rb, cb)) return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("generated 9x9 puzzles are proper and minimal", "[generate]") {
  for (std::uint64_t seed : {1ULL, 2ULL, 2024ULL}) {
    sd::Generator g(3, seed);
    for (int i = 0; i < 3; ++i) {
      CAPTURE(seed, i);
      const sd::Puzzle p = g.next();
      REQUIRE(p.box == 3);
      REQUIRE(p.cells.size() == 81);
      REQUIRE(givens_consistent(p));
      // 17 is the proven minimum for a proper 9x9 puzzle; minimal ones rarely exceed the 30s.
      REQUIRE(clues(p) >= 17);
      REQUIRE(clues(p) < 40);
      REQUIRE(sd::count_solutions(p, 2) == 1);
      REQUIRE(sd::is_proper_and_minimal(p));
    }
  }
}

TEST_CASE("generation is reproducible for a seed and puzzle i does not depend on earlier ones", "[generate]") {
  sd::Generator a(3, 77), b(3, 77), c(3, 78);
  const sd::Puzzle a0 = a.next(), a1 = a.next();
  const sd::Puzzle b0 = b.next(), b1 = b.next();
  REQUIRE(a0.cells == b0.cells);
  REQUIRE(a1.cells == b1.cells);
  REQUIRE(a0.cells != a1.cells);
  REQUIRE(c.next().cells != a0.cells);
  // Direct access to puzzle 1 gives the same puzzle as the sequence.
  sd::Generator d(3, 77);
  REQUIRE(d.make(1).cells == a1.cells);
  REQUIRE(d.make(0).cells == a0.cells);
}

TEST_CASE("4x4 puzzles are proper and minimal; unsupported sizes are refused", "[generate]") {
  sd::Generator g(2, 5);
  for (int i = 0; i < 10; ++i) {
    const sd::Puzzle p = g.next();
    REQUIRE(p.cells.size() == 16);
    REQUIRE(sd::is_proper_and_minimal(p));
  }
  REQUIRE_THROWS_AS(sd::Generator(5, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(sd::Generator(1, 1), std::invalid_argument);
}

TEST_CASE("a puzzle with a redundant clue is not minimal", "[generate]") {
  sd::Generator g(3, 9);
  sd::Puzzle p = g.next();
  // Solve it, then give back one removed cell: still unique, but that clue is redundant.
  const csp::RuleSet rules{csp::rule("naked-single"), csp::rule("hidden-single")};
  sd::SudokuModel m(3, rules);
  csp::Solver s(m.model());
  const csp::SearchResult r = s.solve(m.start(p));
  REQUIRE(r.found());
  const std::vector<int> full = m.values(r.solution);
  const auto blank = std::find(p.cells.begin(), p.cells.end(), 0);
  REQUIRE(blank != p.cells.end());
  *blank = full[static_cast<std::size_t>(blank - p.cells.begin())];
  REQUIRE(sd::count_solutions(p, 2) == 1);
  REQUIRE_FALSE(sd::is_proper_and_minimal(p));
}

// The explainer's wording, driven directly through the Tracer interface (no search involved), so
// that it does not depend on which rules happen to fire on some puzzle.
TEST_CASE("the explainer groups one propagator run's removals into one plain-words step", "[explain]") {
  sd::SudokuModel m(3, csp::all_rules());
  REQUIRE(m.model().propagator_count() >= 2);
  sd::Puzzle like;
  std::vector<std::string> lines;
  sd::ExplainTracer t(m, like, [&](std::string_view s) { lines.emplace_back(s); });
  t.reset(m.model().initial_domains());

  // A cell left with one value is shown as placed.
  t.reason(0, "hidden-single in box 5");
  for (int x = 1; x <= 9; ++x)
    if (x != 7) t.removed(0, m.cell(2, 4), x);
  // Cells that lost the same values share one "removed ... from ...".
  t.reason(1, "naked-pair in row 2");
  for (int c : {0, 6})
    for (int x : {8, 3}) t.removed(1, m.cell(1, c), x);
  t.decided(m.cell(0, 1), 4, 1);
  t.refuted(m.cell(0, 1), 4, 1);
  t.flush();
  REQUIRE(lines == std::vector<std::string>{"hidden-single in box 5: r3c5 = 7",
                                            "naked-pair in row 2: removed 3,8 from r2c1, r2c7",
                                            "guess: r1c2 = 4 (depth 1)", "backtrack: r1c2 != 4"});

  REQUIRE(sd::describe_propagator("hidden-single(box 5)") == "hidden-single in box 5");
  REQUIRE(sd::describe_propagator("naked-pair: row 2") == "naked-pair in row 2");
  REQUIRE(sd::describe_propagator("locked-candidates in row 1 and box 1") == "locked-candidates in row 1 and box 1");
}
