// csp queens N: the first placement, every placement, or their number.
#include <cstdio>
#include <string>

#include "commands.hpp"
#include "parts.hpp"
#include "problems/queens/queens.hpp"

namespace csp_app {

int run_queens(const QueensCommand& c) {
  const auto make = [&c] {
    return problems::make_queens(
        c.n, c.model == "binary" ? problems::QueensModel::binary : problems::QueensModel::all_different,
        strength_of(c.strength));
  };
  problems::Queens q = make();
  const csp::SearchOptions options = c.search.search_options([&make] { return make().model; });
  if (c.search.parted() && c.all)
    throw UsageError("--all prints every placement, a part prints one result line: use --count or --first");
  if (c.search.split > 0) {
    print_part_lines(c.search, q.model, options, q.model.initial_domains());
    return Exit::ok;
  }
  // A placement as the row (1..N) of the queen in each column, left to right.
  auto rows_of = [&](std::span<const csp::Value> s) {
    std::vector<csp::Value> rows(s.begin(), s.begin() + c.n);
    if (!problems::queens_valid(rows)) throw InternalError("an invalid placement was found");
    return rows;
  };
  auto text_of = [&](std::span<const csp::Value> s) {
    std::string text;
    // (Appended piece by piece: GCC 12's -Wrestrict misreads "literal" + std::to_string() at -O3.)
    for (int i = 0; i < c.n; ++i) {
      if (i > 0) text += ' ';
      text += std::to_string(s[static_cast<std::size_t>(i)] + 1);
    }
    return text;
  };
  if (!c.search.part.empty())
    return solve_part(c.search, q.model, options, q.model.initial_domains(), c.count,
                      [&](std::span<const csp::Value> s) { rows_of(s); }, text_of);

  csp::Solver solver(q.model, options);
  std::uint64_t valid = 0;
  std::string out;
  auto on_solution = [&](std::span<const csp::Value> s) {
    rows_of(s);
    ++valid;
    if (!c.count) {
      apps_common::clear_search_progress();
      out = text_of(s) + '\n';
      std::fputs(out.c_str(), stdout);
    }
    return c.count || c.all;  // --first (the default) stops at the first placement
  };
  // The first placement by solve() (which every search takes, the portfolio's turns too); every
  // placement, or their count, by for_each_solution.
  csp::SearchResult r;
  if (c.count || c.all) {
    r = solver.for_each_solution(q.model.initial_domains(), on_solution);
  } else {
    r = solver.solve();
    if (r.found()) on_solution(r.solution);
  }
  apps_common::clear_search_progress();
  if (c.search.stats) print_stats(r.stats, {{"solutions", std::to_string(r.stats.solutions)}});
  if (r.status == csp::SearchStatus::limit) {
    std::printf("limit: %s\n", std::string(csp::to_string(r.limit)).c_str());
    return Exit::failed;
  }
  if (c.count || c.all) std::printf("solutions: %llu\n", static_cast<unsigned long long>(valid));
  else if (valid == 0) std::printf("unsolvable\n");
  return Exit::ok;
}

}  // namespace csp_app
