// csp cryptarithm EQUATION: every solution, each checked arithmetically, then their number.
#include <cstdio>
#include <string>

#include "commands.hpp"
#include "parts.hpp"
#include "problems/cryptarithm/cryptarithm.hpp"

namespace csp_app {

int run_cryptarithm(const CryptarithmCommand& c) {
  namespace pc = problems::cryptarithm;
  pc::Puzzle puzzle;
  try {
    puzzle = pc::parse(c.equation);
  } catch (const pc::ParseError& e) {
    throw InputError("cryptarithm '" + c.equation + "': " + e.what());
  }
  const pc::CryptarithmModel m = pc::make_model(puzzle, strength_of(c.strength));
  const csp::SearchOptions options =
      c.search.search_options([&] { return pc::make_model(puzzle, strength_of(c.strength)).model; });
  if (c.search.split > 0) {
    print_part_lines(c.search, m.model, options, m.model.initial_domains());
    return Exit::ok;
  }
  if (!c.search.part.empty())
    return solve_part(
        c.search, m.model, options, m.model.initial_domains(), true,
        [&](std::span<const csp::Value> s) {
          if (!pc::is_solution(puzzle, m.assignment(s)))
            throw InternalError("a wrong solution was found: " + pc::format_digits(puzzle, m.assignment(s)));
        },
        [&](std::span<const csp::Value> s) {
          const pc::Assignment a = m.assignment(s);
          return pc::format_letters(puzzle, a) + "  " + pc::format_digits(puzzle, a);
        });
  csp::Solver solver(m.model, options);
  const csp::SearchResult r = solver.for_each_solution(m.model.initial_domains(), [&](std::span<const csp::Value> s) {
    const pc::Assignment a = m.assignment(s);
    if (!pc::is_solution(puzzle, a)) throw InternalError("a wrong solution was found: " + pc::format_digits(puzzle, a));
    apps_common::clear_search_progress();
    std::printf("%s  %s\n", pc::format_letters(puzzle, a).c_str(), pc::format_digits(puzzle, a).c_str());
    return true;
  });
  apps_common::clear_search_progress();
  if (c.search.stats) print_stats(r.stats, {{"letters", std::to_string(puzzle.letters.size())}});
  if (r.status == csp::SearchStatus::limit) {
    std::printf("limit: %s\n", std::string(csp::to_string(r.limit)).c_str());
    return Exit::failed;
  }
  std::printf("solutions: %llu\n", static_cast<unsigned long long>(r.stats.solutions));
  return Exit::ok;
}

}  // namespace csp_app
