// libFuzzer target: problems::sudoku::parse_line on any bytes.
// Beyond "no crash, no leak, no undefined behaviour": every answer is one of the three kinds, an
// invalid line says why, a puzzle has a supported size with every cell in range, what
// format_line() prints reads back as the same puzzle, and leading spaces change nothing.
#include <string>

#include "fuzz_check.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sd = problems::sudoku;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const sd::ParsedLine parsed = sd::parse_line(line);
  const sd::ParsedLine shifted = sd::parse_line(" \t" + std::string(line));
  FUZZ_CHECK(parsed.kind == shifted.kind);
  switch (parsed.kind) {
    case sd::ParsedLine::Kind::skip: break;
    case sd::ParsedLine::Kind::invalid: FUZZ_CHECK(!parsed.reason.empty()); break;
    case sd::ParsedLine::Kind::puzzle: {
      const sd::Puzzle& p = parsed.puzzle;
      FUZZ_CHECK(p.box >= 2 && p.box <= 5);
      FUZZ_CHECK(p.cells.size() == static_cast<std::size_t>(p.side() * p.side()));
      for (int v : p.cells) FUZZ_CHECK(v >= 0 && v <= p.side());
      FUZZ_CHECK(shifted.puzzle.cells == p.cells);
      const sd::ParsedLine again = sd::parse_line(sd::format_line(p.cells, p));
      FUZZ_CHECK(again.kind == sd::ParsedLine::Kind::puzzle);
      FUZZ_CHECK(again.puzzle.box == p.box && again.puzzle.cells == p.cells);
      FUZZ_CHECK(!sd::format_grid(p.cells, p).empty());
      break;
    }
  }
  return 0;
}
