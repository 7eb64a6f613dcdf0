// Sudoku: reading lines (every kind of bad input), printing, the model, the independent validator,
// the essay's puzzles and other sizes solved, and soundness of every rule set under every order
// and inference level on a few hundred generated puzzles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "problems/sudoku/sudoku.hpp"

namespace {

namespace sd = problems::sudoku;
using csp::Rule;
using csp::RuleSet;

const char* const kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const char* const kEasySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const char* const kHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const char* const kHardSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

sd::Puzzle must_parse(std::string_view line) {
  sd::ParsedLine p = sd::parse_line(line);
  INFO(p.reason);
  REQUIRE(p.kind == sd::ParsedLine::Kind::puzzle);
  return p.puzzle;
}

std::string reason_of(std::string_view line) {
  sd::ParsedLine p = sd::parse_line(line);
  REQUIRE(p.kind == sd::ParsedLine::Kind::invalid);
  return p.reason;
}

csp::SearchOptions options(const char* order, csp::Inference inference) {
  csp::SearchOptions o;
  o.order = csp::order::by_name(order);
  o.inference = inference;
  return o;
}

// Solves with the essay's set-up by default: naked and hidden singles, MRV, MAC.
std::vector<int> solve(const sd::Puzzle& p, const RuleSet& rules = csp::parse_rules("singles"),
                       const char* order = "mrv", csp::Inference inference = csp::Inference::mac) {
  sd::SudokuModel m(p.box, rules);
  csp::Solver solver(m.model(), options(order, inference));
  csp::SearchResult r = solver.solve(m.start(p));
  REQUIRE(r.found());
  return m.values(r.solution);
}

// A valid grid of any size by formula: row r is the base row shifted by box*(r % box) + r / box.
std::vector<int> pattern_grid(int box) {
  const int n = box * box;
  std::vector<int> g;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) g.push_back((box * (r % box) + r / box + c) % n + 1);
  return g;
}

// The grid with each cell blanked with probability `p`.
sd::Puzzle blank(const std::vector<int>& grid, int box, double p, std::mt19937& rng) {
  sd::Puzzle out;
  out.box = box;
  out.cells = grid;
  std::bernoulli_distribution coin(p);
  for (int& v : out.cells)
    if (coin(rng)) v = 0;
  return out;
}

}  // namespace

// ---- reading and writing lines ------------------------------------------------------------------

TEST_CASE("parse_line reads 81-cell lines with '.' or '0' blanks", "[sudoku]") {
  sd::Puzzle a = must_parse(kEasy);
  CHECK(a.box == 3);
  CHECK(a.cells.size() == 81);
  CHECK(a.cells[2] == 3);
  CHECK(a.cells[0] == 0);
  CHECK_FALSE(a.lowercase);
  sd::Puzzle b = must_parse(kHard);
  CHECK(b.cells[0] == 4);
  CHECK(b.cells[1] == 0);
  CHECK(sd::format_line(b.cells, b) == kHard);
}

TEST_CASE("parse_line rejects each kind of bad line with a reason", "[sudoku]") {
  const std::string easy = kEasy;
  SECTION("wrong length") {
    CHECK(reason_of(easy.substr(0, 80)) == "line has 80 cells, expected 16, 81, 256 or 625");
    CHECK(reason_of(easy + "1") == "line has 82 cells, expected 16, 81, 256 or 625");
    CHECK(reason_of("123") == "line has 3 cells, expected 16, 81, 256 or 625");
  }
  SECTION("bad character, with its 1-based column") {
    std::string bad = easy;
    bad[6] = 'x';
    CHECK(reason_of(bad) == "bad character 'x' at column 7");
    CHECK(reason_of("12 3x") == "bad character 'x' at column 5");  // spaces count as columns
    CHECK(reason_of(std::string("1\t2\x01")) == "bad character '\\x01' at column 4");
    CHECK(reason_of(easy.substr(0, 40) + "\r" + easy.substr(40)) == "bad character '\\x0d' at column 41");
  }
  SECTION("a symbol too large for the grid size") {
    std::string bad = easy;
    bad[11] = 'A';
    CHECK(reason_of(bad) == "bad character 'A' at column 12 (a 9x9 grid uses 1-9)");
    CHECK(reason_of("1234341221434325") == "bad character '5' at column 16 (a 4x4 grid uses 1-4)");
    std::string big(256, '.');
    big[3] = 'h';
    CHECK(reason_of(big) == "bad character 'h' at column 4 (a 16x16 grid uses 1-9 and a-g)");
  }
  SECTION("conflicting givens") {
    std::string row = std::string(81, '.');
    row[18] = '5';
    row[26] = '5';
    CHECK(reason_of(row) == "conflicting givens: 5 appears twice in row 3");
    std::string col = std::string(81, '.');
    col[4] = '7';
    col[8 * 9 + 4] = '7';
    CHECK(reason_of(col) == "conflicting givens: 7 appears twice in column 5");
    std::string box = std::string(81, '.');
    box[3 * 9 + 6] = '2';
    box[5 * 9 + 8] = '2';
    CHECK(reason_of(box) == "conflicting givens: 2 appears twice in box 6");
    std::string big(256, '.');
    big[0] = 'g';
    big[15] = 'g';
    CHECK(reason_of(big) == "conflicting givens: g appears twice in row 1");
  }
}

TEST_CASE("parse_line ignores CRLF endings and spaces, and skips blank and comment lines", "[sudoku]") {
  const std::string easy = kEasy;
  CHECK(must_parse(easy + "\r").cells == must_parse(easy).cells);
  std::string spaced;
  for (std::size_t i = 0; i < easy.size(); ++i) {
    spaced += i % 9 == 0 ? "  " : " ";
    spaced += easy[i];
  }
  CHECK(must_parse(spaced + "  \r").cells == must_parse(easy).cells);
  CHECK(must_parse(std::string("\t").append(easy)).cells == must_parse(easy).cells);
  for (const char* skip : {"", "\r", "   ", " \t \r", "# a comment", "  # indented comment", "#"}) {
    INFO('"' << skip << '"');
    sd::ParsedLine p = sd::parse_line(skip);
    CHECK(p.kind == sd::ParsedLine::Kind::skip);
  }
}

TEST_CASE("parse_line reads 4x4, 16x16 (either case) and 25x25 lines", "[sudoku]") {
  sd::Puzzle small = must_parse("1..4..1..4..3..2");
  CHECK(small.box == 2);
  CHECK(small.cells[3] == 4);

  std::string upper, lower;
  const std::vector<int> grid = pattern_grid(4);
  for (int v : grid) {
    upper += sd::symbol(v, false);
    lower += sd::symbol(v, true);
  }
  sd::Puzzle u = must_parse(upper), l = must_parse(lower);
  CHECK(u.box == 4);
  CHECK(u.cells == grid);
  CHECK(l.cells == grid);
  CHECK_FALSE(u.lowercase);
  CHECK(l.lowercase);
  CHECK(sd::format_line(l.cells, l) == lower);  // answers keep the input's case
  CHECK(sd::format_line(u.cells, u) == upper);

  std::string huge;
  for (int v : pattern_grid(5)) huge += sd::symbol(v, false);
  sd::Puzzle h = must_parse(huge);
  CHECK(h.box == 5);
  CHECK(h.cells == pattern_grid(5));
}

// A parse slower than linear would not finish on these lines within ctest's time limit; the test
// asserts what is read, not how fast (a timed check fails on a loaded machine).
TEST_CASE("parse_line reads 10 MB lines", "[sudoku]") {
  const std::size_t size = 10 * 1024 * 1024;
  CHECK(reason_of(std::string(size, '.')) == "line has 10485760 cells, expected 16, 81, 256 or 625");
  std::string bad(size, '1');
  bad.back() = '?';
  CHECK(reason_of(bad) == "bad character '?' at column 10485760");
  std::string spaces(size, ' ');
  spaces.replace(size / 2, 81, kEasy);
  CHECK(must_parse(spaces).cells == must_parse(kEasy).cells);
}

TEST_CASE("symbols and grid pictures", "[sudoku]") {
  CHECK(sd::symbol(0, false) == '.');
  CHECK(sd::symbol(1, false) == '1');
  CHECK(sd::symbol(9, true) == '9');
  CHECK(sd::symbol(10, false) == 'A');
  CHECK(sd::symbol(16, true) == 'g');
  CHECK(sd::symbol(25, false) == 'P');
  sd::Puzzle p = must_parse("1..4..1..4..3..2");
  CHECK(sd::format_grid(p.cells, p) ==
        "1 . | . 4\n"
        ". . | 1 .\n"
        "----+----\n"
        ". 4 | . .\n"
        "3 . | . 2\n");
  sd::Puzzle e = must_parse(kEasy);
  const std::string grid = sd::format_grid(e.cells, e);
  CHECK(grid.substr(0, 22) == ". . 3 | . 2 . | 6 . .\n");
  CHECK(grid.find("------+-------+------\n") == 22 * 3);
}

// ---- the model and the validator ----------------------------------------------------------------

TEST_CASE("SudokuModel: cells, groups, names and starting domains", "[sudoku]") {
  sd::SudokuModel m(3, {});
  CHECK(m.side() == 9);
  CHECK(m.model().var_count() == 81);
  CHECK(m.groups().size() == 27);
  CHECK(m.groups()[0].name == "row 1");
  CHECK(m.groups()[9].name == "column 1");
  CHECK(m.groups()[26].name == "box 9");
  CHECK(m.groups()[18 + 5].cells[0] == m.cell(3, 6));  // box 6 starts at r4c7
  CHECK(m.cell_name(m.cell(2, 4)) == "r3c5");
  CHECK(m.model().propagator_count() == 27);  // the checking all-differents only

  sd::Puzzle p = must_parse(kEasy);
  csp::Domains d = m.start(p);
  CHECK(d.fixed(m.cell(0, 2)));
  CHECK(d.value(m.cell(0, 2)) == 3);
  CHECK(d.size(m.cell(0, 0)) == 9);
  sd::Puzzle small = must_parse("1..4..1..4..3..2");
  CHECK_THROWS_AS(m.start(small), std::invalid_argument);
  CHECK_THROWS_AS(sd::SudokuModel(6, {}), std::invalid_argument);
  CHECK_THROWS_AS(sd::SudokuModel(1, {}), std::invalid_argument);

  sd::SudokuModel all(3, csp::all_rules());
  // One singles propagator over all groups, hosting locked candidates on the 54 box-line pairs,
  // and three pattern rules per group.
  CHECK(all.model().propagator_count() == 1 + 3 * 27);
  CHECK(all.model().propagator(0).name() == "naked-single+hidden-single+locked-candidates");
}

TEST_CASE("is_valid_solution checks cells, givens, rows, columns and boxes", "[sudoku]") {
  sd::Puzzle p = must_parse(kEasy);
  std::vector<int> s = must_parse(kEasySolution).cells;
  CHECK(sd::is_valid_solution(p, s));
  std::vector<int> bad = s;
  std::swap(bad[0], bad[1]);  // rows stay permutations, columns and a given break
  CHECK_FALSE(sd::is_valid_solution(p, bad));
  bad = s;
  bad[0] = 0;
  CHECK_FALSE(sd::is_valid_solution(p, bad));
  bad[0] = 10;
  CHECK_FALSE(sd::is_valid_solution(p, bad));
  CHECK_FALSE(sd::is_valid_solution(p, std::vector<int>(s.begin(), s.end() - 1)));
  // A different valid grid does not keep the givens.
  sd::Puzzle empty;
  empty.cells.assign(81, 0);
  CHECK(sd::is_valid_solution(empty, pattern_grid(3)));
  CHECK_FALSE(sd::is_valid_solution(p, pattern_grid(3)));
  // A Latin square whose boxes repeat: rows and columns fine, boxes not.
  std::vector<int> latin;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) latin.push_back((r + c) % 9 + 1);
  CHECK_FALSE(sd::is_valid_solution(empty, latin));
  for (int box = 2; box <= 5; ++box) {
    sd::Puzzle e;
    e.box = box;
    e.cells.assign(static_cast<std::size_t>(box * box * box * box), 0);
    CHECK(sd::is_valid_solution(e, pattern_grid(box)));
  }
}

// ---- solving ------------------------------------------------------------------------------------

TEST_CASE("the essay's puzzles are solved with singles, MRV and MAC", "[sudoku]") {
  sd::Puzzle easy = must_parse(kEasy);
  std::vector<int> s = solve(easy);
  CHECK(sd::is_valid_solution(easy, s));
  CHECK(sd::format_line(s, easy) == kEasySolution);

  sd::Puzzle hard = must_parse(kHard);
  s = solve(hard);
  CHECK(sd::is_valid_solution(hard, s));
  CHECK(sd::format_line(s, hard) == kHardSolution);

  sd::Puzzle empty = must_parse(std::string(81, '.'));
  s = solve(empty);
  CHECK(sd::is_valid_solution(empty, s));
}

TEST_CASE("the rules count their firings on the hard puzzle", "[sudoku]") {
  sd::SudokuModel m(3, csp::all_rules());
  csp::Solver solver(m.model(), options("mrv", csp::Inference::mac));
  sd::Puzzle hard = must_parse(kHard);
  csp::SearchResult r = solver.solve(m.start(hard));
  REQUIRE(r.found());
  CHECK(sd::is_valid_solution(hard, m.values(r.solution)));
  const auto& names = m.model().counter_names();
  REQUIRE(r.stats.counters.size() == names.size());
  std::uint64_t rule_removals = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    INFO(names[i]);
    if (names[i] == "naked-single" || names[i] == "hidden-single" || names[i] == "locked-candidates")
      CHECK(r.stats.counters[i] > 0);
    if (names[i].ends_with(".removals")) rule_removals += r.stats.counters[i];
  }
  CHECK(rule_removals == r.stats.removals);  // the checking all-differents remove nothing
}

TEST_CASE("4x4, 16x16 and 25x25 puzzles are solved", "[sudoku]") {
  std::mt19937 rng(16);
  for (int box = 2; box <= 5; ++box) {
    INFO("box " << box);
    const std::vector<int> grid = pattern_grid(box);
    sd::Puzzle p = blank(grid, box, box == 5 ? 0.4 : 0.6, rng);
    std::vector<int> s = solve(p);
    CHECK(sd::is_valid_solution(p, s));
  }
  sd::Puzzle small = must_parse("1..4..1..4..3..2");
  std::vector<int> s = solve(small);
  CHECK(sd::is_valid_solution(small, s));
}

TEST_CASE("every rule set, order and inference finds the unique solution of proper puzzles", "[sudoku][soundness]") {
  const std::vector<RuleSet> rule_sets{{},
                                       {csp::rule("naked-single")},
                                       {csp::rule("hidden-single")},
                                       {csp::rule("naked-single"), csp::rule("hidden-single")},
                                       csp::all_rules()};
  // One model per rule set and one solver per (rule set, order, inference), reused for every puzzle.
  std::vector<std::unique_ptr<sd::SudokuModel>> models;
  struct Config {
    std::string label;
    std::unique_ptr<csp::Solver> solver;
    sd::SudokuModel* model;
  };
  std::vector<Config> configs;
  for (const RuleSet& rules : rule_sets) {
    models.push_back(std::make_unique<sd::SudokuModel>(3, rules));
    for (const char* order : {"input", "mrv"})
      for (csp::Inference inf : {csp::Inference::forward, csp::Inference::mac})
        configs.push_back({csp::to_string(rules) + " / " + order + " / " + std::string(csp::to_string(inf)),
                           std::make_unique<csp::Solver>(models.back()->model(), options(order, inf)),
                           models.back().get()});
  }
  sd::SudokuModel& best = *models.back();
  csp::Solver counter(best.model(), options("mrv", csp::Inference::mac));

  int proper = 0, improper = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    // A random solved grid: the empty grid solved with random value order.
    csp::SearchOptions random = options("mrv", csp::Inference::mac);
    random.values = csp::values::random(seed);
    csp::Solver filler(best.model(), random);
    sd::Puzzle empty;
    empty.cells.assign(81, 0);
    csp::SearchResult full = filler.solve(best.start(empty));
    REQUIRE(full.found());
    const std::vector<int> grid = best.values(full.solution);
    REQUIRE(sd::is_valid_solution(empty, grid));

    std::mt19937 rng(static_cast<std::uint32_t>(seed));
    // 35-55% blanks: beyond that the configurations without pruning (no rules, or hidden singles
    // alone under forward checking) take seconds per puzzle; minimal puzzles are tested below.
    sd::Puzzle p = blank(grid, 3, std::uniform_real_distribution<double>(0.35, 0.55)(rng), rng);
    const bool unique = counter.count(best.start(p), 2).stats.solutions == 1;
    (unique ? proper : improper)++;
    for (Config& c : configs) {
      INFO("seed " << seed << ", " << c.label << ", puzzle " << sd::format_line(p.cells, p));
      csp::SearchResult r = c.solver->solve(c.model->start(p));
      REQUIRE(r.found());
      const std::vector<int> s = c.model->values(r.solution);
      REQUIRE(sd::is_valid_solution(p, s));
      if (unique) REQUIRE(s == grid);
    }
  }
  CHECK(proper >= 50);
  CHECK(improper >= 10);
}

TEST_CASE("rule sets with naked singles find the solution of minimal puzzles", "[sudoku][soundness]") {
  // Minimal puzzles (no given can be removed without losing uniqueness) are the hard end, where
  // pairs, triples and locked candidates fire; the configurations without naked singles are too
  // slow on them and are covered above.
  const std::vector<RuleSet> rule_sets{{csp::rule("naked-single")},
                                       {csp::rule("naked-single"), csp::rule("hidden-single")},
                                       csp::all_rules()};
  sd::SudokuModel best(3, csp::all_rules());
  csp::Solver counter(best.model(), options("mrv", csp::Inference::mac));
  std::vector<sd::Puzzle> puzzles;
  std::vector<std::vector<int>> grids;
  for (std::uint64_t seed = 1001; seed <= 1030; ++seed) {
    csp::SearchOptions random = options("mrv", csp::Inference::mac);
    random.values = csp::values::random(seed);
    csp::Solver filler(best.model(), random);
    sd::Puzzle p;
    p.cells.assign(81, 0);
    csp::SearchResult full = filler.solve(best.start(p));
    REQUIRE(full.found());
    p.cells = best.values(full.solution);
    grids.push_back(p.cells);
    // Blank the cells in a random order, putting back any whose removal allows a second solution.
    std::vector<std::size_t> order(81);
    for (std::size_t i = 0; i < 81; ++i) order[i] = i;
    std::mt19937 rng(static_cast<std::uint32_t>(seed));
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) {
      const int keep = p.cells[i];
      p.cells[i] = 0;
      if (counter.count(best.start(p), 2).stats.solutions != 1) p.cells[i] = keep;
    }
    puzzles.push_back(p);
  }
  std::vector<std::uint64_t> fired(best.model().counter_names().size(), 0);
  for (const RuleSet& rules : rule_sets) {
    sd::SudokuModel m(3, rules);
    for (const char* order : {"input", "mrv"}) {
      for (csp::Inference inf : {csp::Inference::forward, csp::Inference::mac}) {
        csp::Solver solver(m.model(), options(order, inf));
        for (std::size_t k = 0; k < puzzles.size(); ++k) {
          INFO(csp::to_string(rules) << " / " << order << " / " << csp::to_string(inf) << ", puzzle "
                                     << sd::format_line(puzzles[k].cells, puzzles[k]));
          csp::SearchResult r = solver.solve(m.start(puzzles[k]));
          REQUIRE(r.found());
          REQUIRE(m.values(r.solution) == grids[k]);
          if (rules.size() == csp::all_rules().size())
            for (std::size_t i = 0; i < fired.size(); ++i) fired[i] += r.stats.counters[i];
        }
      }
    }
  }
  // Every rule had its chance on these puzzles.
  for (std::size_t i = 0; i < fired.size(); ++i) {
    INFO(best.model().counter_names()[i]);
    CHECK(fired[i] > 0);
  }
}

TEST_CASE("sudoku: mrv-ddeg counts a cell's peers through the rule propagators' groups", "[sudoku][order]") {
  // With the singles and locked candidates posted, the model has no per-group propagator: the
  // order must learn the groups from Propagator::relations(), or every cell would look alike.
  for (const char* rules : {sd::kDefaultRules, "all", "naked-single,hidden-single,x-wing"}) {
    CAPTURE(rules);
    sd::SudokuModel m(3, csp::parse_rules(rules));
    std::unique_ptr<csp::VariableOrder> order = csp::order::mrv_ddeg()(m.model());
    std::mt19937_64 rng(42);
    csp::Domains d = m.model().initial_domains();
    int not_first = 0;
    for (int s = 0; s < 300; ++s) {
      for (int i = 0; i < 81; ++i) {
        const std::uint64_t r = rng();
        const int v = 1 + static_cast<int>(r % 9), w = 1 + static_cast<int>((r >> 8) % 9);
        d.set_bits(csp::Var{i}, 0);
        d.add(csp::Var{i}, v);
        if (r % 3 != 0) d.add(csp::Var{i}, w);  // one or two candidates
      }
      // Brute force: peers are the cells sharing a row, column or box.
      csp::Var want{};
      int best_open = -1;
      for (int r = 0; r < 9; ++r) {
        for (int c = 0; c < 9; ++c) {
          if (d.size(m.cell(r, c)) != 2) continue;
          int open = 0;
          for (int r2 = 0; r2 < 9; ++r2)
            for (int c2 = 0; c2 < 9; ++c2)
              if ((r2 != r || c2 != c) && (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3)))
                open += d.size(m.cell(r2, c2)) > 1 ? 1 : 0;
          if (open > best_open) {
            want = m.cell(r, c);
            best_open = open;
          }
        }
      }
      REQUIRE(order->select(d).id == want.id);
      if (want.id >= 0 && csp::order::mrv()(m.model())->select(d).id != want.id) ++not_first;
    }
    REQUIRE(not_first > 100);
  }
}
