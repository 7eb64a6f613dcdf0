// sudoku explain: how one puzzle gets solved, in plain words, one step per line.
#include <cstdio>

#include "batch.hpp"
#include "commands.hpp"
#include "problems/sudoku/explain.hpp"

namespace sudoku_app {

namespace sd = problems::sudoku;

CLI::App* add_explain(CLI::App& app, ExplainCommand& c) {
  CLI::App* cmd = app.add_subcommand("explain", "Explain how a puzzle is solved, step by step");
  cmd->add_option("PUZZLE", c.puzzle, "The puzzle (none or -: the first puzzle line of standard input)");
  // Explanations show every rule by default: that is what makes them readable.
  c.search.rules = "all";
  add_search_options(*cmd, c.search);
  cmd->add_option("--format", c.format, "Layout of the final solution")
      ->check(CLI::IsMember({"line", "grid"}))
      ->capture_default_str();
  return cmd;
}

int run_explain(const ExplainCommand& c) {
  const csp::RuleSet rules = c.search.rule_set();
  const csp::SearchOptions options = c.search.search_options();

  // The puzzle: the argument, or the first line of standard input that is not blank or a comment.
  sd::ParsedLine parsed;
  std::string where = "argument";
  if (!c.puzzle.empty() && c.puzzle != "-") {
    parsed = sd::parse_line(c.puzzle);
  } else {
    LineReader in({});
    std::string line;
    std::uint32_t file = 0;
    std::uint64_t number = 0;
    while (in.next(line, file, number)) {
      parsed = sd::parse_line(line);
      where = in.where(file, number);
      if (parsed.kind != sd::ParsedLine::Kind::skip) break;
    }
  }
  Writer out(stdout);
  if (parsed.kind == sd::ParsedLine::Kind::skip) throw UsageError("explain: no puzzle given");
  if (parsed.kind == sd::ParsedLine::Kind::invalid) {
    out.buffer() = invalid_line(parsed.reason, where);
    return out.flush() ? Exit::not_all : output_failed(out, Exit::not_all);
  }

  const sd::Puzzle& p = parsed.puzzle;
  // Steps stream out as they come (a long search can log a lot); a closed pipe stops the writing.
  auto sink = [&](std::string_view step) {
    out.buffer() += step;
    out.buffer() += '\n';
    if (out.buffer().size() >= (std::size_t{1} << 16)) out.flush();
  };
  const sd::Explanation e = sd::explain(p, rules, options, sink);
  int status = Exit::ok;
  if (!e.result.found()) {
    status = Exit::not_all;
    out.buffer() += e.result.status == csp::SearchStatus::limit
                        ? "limit: " + std::string(csp::to_string(e.result.limit)) + "\n"
                        : std::string("unsolvable\n");
  } else if (!sd::is_valid_solution(p, e.solution)) {
    std::fprintf(stderr, "internal error: invalid solution for %s\n", where.c_str());
    out.buffer() += "error: solver produced an invalid solution\n";
    status = Exit::internal;
  } else {
    std::string answer = c.format == "grid" ? sd::format_grid(e.solution, p) : sd::format_line(e.solution, p);
    if (answer.empty() || answer.back() != '\n') answer += '\n';
    out.buffer() += answer;
  }
  return out.flush() ? status : output_failed(out, status);
}

}  // namespace sudoku_app
