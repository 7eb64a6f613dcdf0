// sudoku explain: how one puzzle gets solved, the way a person would, one step per line.
//
// The steps come from the logical solver (problems/sudoku/logic.hpp): at each step the simplest
// technique that makes progress (--techniques sets which and in what order). When none applies, a
// line says so and search takes over, its guesses and rule steps logged by the ExplainTracer; the
// last line is the solution. --format json prints the whole explanation as one JSON object
// (schema in logic.hpp).
#include <cstdio>

#include "batch.hpp"
#include "commands.hpp"
#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/logic.hpp"

namespace sudoku_app {

namespace sd = problems::sudoku;

int run_explain(const ExplainCommand& c) {
  sd::LogicOptions options;
  options.techniques = c.techniques;
  options.search_rules = c.search.rule_set();
  options.search = c.search.search_options();
  try {
    sd::parse_techniques(c.techniques);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--techniques: ") + e.what());
  }

  // The puzzle: the argument, or the first line of standard input that is not blank or a comment.
  sd::ParsedLine parsed;
  std::string where = "argument";
  std::string text = c.puzzle;
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
      text = line;
      if (parsed.kind != sd::ParsedLine::Kind::skip) break;
    }
  }
  Writer out(stdout);
  if (parsed.kind == sd::ParsedLine::Kind::skip) throw UsageError("explain: no puzzle given");
  const bool json = c.format == "json";
  if (parsed.kind == sd::ParsedLine::Kind::invalid) {
    out.buffer() = json ? sd::explain_json(std::string_view(text), options).dump() + "\n" : invalid_line(parsed.reason, where);
    return out.flush() ? Exit::not_all : output_failed(out, Exit::not_all);
  }

  const sd::Puzzle& p = parsed.puzzle;
  if (json) {
    const nlohmann::json j = sd::explain_json(p, options);
    out.buffer() = j.dump() + "\n";
    const int status = j.contains("solution") ? Exit::ok : Exit::not_all;
    return out.flush() ? status : output_failed(out, status);
  }

  // Steps stream out as they come (a long search can log a lot); a closed pipe stops the writing.
  auto sink = [&](std::string_view step) {
    out.buffer() += step;
    out.buffer() += '\n';
    if (out.buffer().size() >= (std::size_t{1} << 16)) out.flush();
  };
  sd::LogicSolver solver(p.box, options);
  const sd::LogicRun run = solver.run(p);
  for (const csp::techniques::Step& s : run.steps) sink(solver.text(s, p));

  std::vector<int> solution;
  int status = Exit::ok;
  if (run.result == sd::LogicResult::solved) {
    solution = run.grid;
  } else if (run.result == sd::LogicResult::unsolvable) {
    sink("contradiction: " + run.reason);
  } else if (run.result == sd::LogicResult::needs_search) {
    sink("no technique applies: " + std::to_string(run.candidates) + " candidates left in " +
         std::to_string(run.open) + " open cells; search continues");
    const sd::LineSink log = sink;
    const sd::Continuation more = sd::continue_search(solver, p, &log);
    if (more.result.found()) solution = more.solution;
    else if (more.result.status == csp::SearchStatus::limit) {
      out.buffer() += "limit: " + std::string(csp::to_string(more.result.limit)) + "\n";
      status = Exit::not_all;
    }
  } else {
    out.buffer() += invalid_line(run.reason, where);
    status = Exit::not_all;
  }
  if (!solution.empty()) {
    if (!sd::is_valid_solution(p, solution)) {
      std::fprintf(stderr, "internal error: invalid solution for %s\n", where.c_str());
      out.buffer() += "error: solver produced an invalid solution\n";
      status = Exit::internal;
    } else {
      std::string answer = c.format == "grid" ? sd::format_grid(solution, p) : sd::format_line(solution, p);
      if (answer.empty() || answer.back() != '\n') answer += '\n';
      out.buffer() += answer;
    }
  } else if (status == Exit::ok) {
    out.buffer() += "unsolvable\n";
    status = Exit::not_all;
  }
  return out.flush() ? status : output_failed(out, status);
}

}  // namespace sudoku_app
