#include "batch.hpp"

#include "commands.hpp"

namespace sudoku_app {

std::string overlong_reason() {
  return "line longer than " + std::to_string(kMaxLineBytes) + " bytes: not a puzzle";
}

std::optional<problems::sudoku::Puzzle> puzzle_of(Item& it, const LineReader& in, std::uint8_t skipped,
                                                  std::uint8_t invalid) {
  namespace sd = problems::sudoku;
  if (it.overlong) {
    it.outcome = invalid;
    it.out = invalid_line(overlong_reason(), in.where(it.file, it.number));
    return std::nullopt;
  }
  sd::ParsedLine parsed = sd::parse_line(it.line);
  if (parsed.kind == sd::ParsedLine::Kind::skip) {
    it.outcome = skipped;
    return std::nullopt;
  }
  if (parsed.kind == sd::ParsedLine::Kind::invalid) {
    it.outcome = invalid;
    it.out = invalid_line(parsed.reason, in.where(it.file, it.number));
    return std::nullopt;
  }
  return std::move(parsed.puzzle);
}

}  // namespace sudoku_app
