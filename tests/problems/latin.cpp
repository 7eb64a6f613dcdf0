// Latin square completion: the reader, the model on the rule modules, answers checked independently.
#include <catch2/catch.hpp>

#include <fstream>

#include "problems/latin/latin.hpp"

namespace pl = problems::latin;

namespace {

// Completes a square with the given rules; empty when unsolvable.
std::vector<int> complete(const pl::Square& s, const csp::RuleSet& rules) {
  pl::LatinModel m(s.side, rules);
  csp::Solver solver(m.model());
  const csp::SearchResult r = solver.solve(m.start(s));
  REQUIRE(r.status != csp::SearchStatus::limit);
  return r.found() ? m.values(r.solution) : std::vector<int>{};
}

// Independent of the library: rows and columns hold 1..n once, and the givens are kept.
bool latin(const std::string& givens, const std::string& answer) {
  std::size_t n = 0;
  while ((n + 1) * (n + 1) <= answer.size()) ++n;
  if (n * n != answer.size() || givens.size() != answer.size()) return false;
  for (std::size_t i = 0; i < answer.size(); ++i)
    if (givens[i] != '.' && givens[i] != answer[i]) return false;
  for (std::size_t g = 0; g < n; ++g) {
    std::string row, column;
    for (std::size_t i = 0; i < n; ++i) {
      row += answer[g * n + i];
      column += answer[i * n + g];
    }
    std::sort(row.begin(), row.end());
    std::sort(column.begin(), column.end());
    if (row != column || std::unique(row.begin(), row.end()) != row.end()) return false;
    if (row.find('.') != std::string::npos || row.find('0') != std::string::npos) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the Latin squares of data/latin are completed under every rule set", "[problems][latin]") {
  std::ifstream in(CSP_SOURCE_DIR "/data/latin/squares.txt");
  REQUIRE(in);
  int squares = 0;
  for (std::string line; std::getline(in, line);) {
    const pl::ParsedLine p = pl::parse_line(line);
    if (p.kind == pl::ParsedLine::Kind::skip) continue;
    REQUIRE(p.kind == pl::ParsedLine::Kind::square);
    ++squares;
    for (const char* rules : {"none", "naked-single,hidden-single", "all"}) {
      // Without rules only two equal fixed cells are caught: fine up to 9x9, a minute at 12x12.
      if (std::string(rules) == "none" && p.square.side > 9) continue;
      CAPTURE(line, rules);
      const std::vector<int> cells = complete(p.square, csp::parse_rules(rules));
      REQUIRE(pl::is_completion(p.square, cells));
      REQUIRE(latin(line, pl::format_line(cells, p.square)));
    }
  }
  REQUIRE(squares == 9);
}

TEST_CASE("an unsolvable Latin square is reported as such", "[problems][latin]") {
  // Row 1 must end in 3, but column 4 already has it: no completion, though no given repeats.
  const pl::ParsedLine p = pl::parse_line("12.." "..3." "...." "...3");
  REQUIRE(p.kind == pl::ParsedLine::Kind::square);
  REQUIRE(complete(p.square, csp::parse_rules("naked-single,hidden-single")).empty());
  const pl::ParsedLine one = pl::parse_line(".");
  REQUIRE(one.kind == pl::ParsedLine::Kind::square);
  REQUIRE(complete(one.square, {}) == std::vector<int>{1});
}

TEST_CASE("the Latin square reader: sizes, symbols, case and invalid lines", "[problems][latin]") {
  auto reason = [](std::string_view line) {
    const pl::ParsedLine p = pl::parse_line(line);
    return p.kind == pl::ParsedLine::Kind::invalid ? p.reason : std::string("valid");
  };
  REQUIRE(pl::parse_line("").kind == pl::ParsedLine::Kind::skip);
  REQUIRE(pl::parse_line("  \r").kind == pl::ParsedLine::Kind::skip);
  REQUIRE(pl::parse_line("# a comment").kind == pl::ParsedLine::Kind::skip);
  CHECK(reason("1 2 0 1\r") == "valid");
  CHECK(reason("12.") == "line has 3 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35)");
  CHECK(reason(std::string(1296, '.')) == "line has 1296 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35)");
  CHECK(reason("12.%") == "bad character '%' at column 4");
  CHECK(reason("12.x") == "symbol 'x' in cell 4 is too large for a square of side 2");
  CHECK(reason("12\x01.") == "bad character '\\x01' at column 3");
  CHECK(reason("1234" "...." "...." "...5") == "symbol '5' in cell 16 is too large for a square of side 4");
  CHECK(reason("1.1." "...." "...." "....") == "conflicting givens: 1 appears twice in row 1");
  CHECK(reason("1..." "...." "1..." "....") == "conflicting givens: 1 appears twice in column 1");
  // Letters stand for 10..35 and the answer keeps the input's case.
  std::string ten(100, '.');
  ten[0] = 'a';
  const pl::ParsedLine p = pl::parse_line(ten);
  REQUIRE(p.kind == pl::ParsedLine::Kind::square);
  REQUIRE(p.square.side == 10);
  REQUIRE(p.square.cells[0] == 10);
  const std::vector<int> cells = complete(p.square, csp::parse_rules("naked-single,hidden-single"));
  const std::string answer = pl::format_line(cells, p.square);
  REQUIRE(answer[0] == 'a');
  REQUIRE(latin(ten, answer));
}
