// csp zebra: the zebra puzzle's houses, who owns the zebra and who drinks water.
#include <cstdio>
#include <string>

#include "commands.hpp"
#include "parts.hpp"
#include "problems/zebra/zebra.hpp"

namespace csp_app {

int run_zebra(const ZebraCommand& c) {
  namespace pz = problems::zebra;
  const pz::ZebraModel z = pz::make_model(strength_of(c.strength));
  const csp::SearchOptions options =
      c.search.search_options([&c] { return pz::make_model(strength_of(c.strength)).model; });
  if (c.search.split > 0) {
    print_part_lines(c.search, z.model, options, z.model.initial_domains());
    return Exit::ok;
  }
  if (!c.search.part.empty())
    return solve_part(
        c.search, z.model, options, z.model.initial_domains(), true,
        [&](std::span<const csp::Value> s) {
          if (!pz::clues_hold(z.houses(s))) throw InternalError("a solution breaking a clue was found");
        },
        [&](std::span<const csp::Value> s) {
          const pz::Houses h = z.houses(s);
          return "zebra: " + pz::zebra_owner(h) + ", water: " + pz::water_drinker(h);
        });
  csp::Solver solver(z.model, options);
  // Every solution is searched for, so that the answer printed is known to be the only one.
  std::vector<pz::Houses> found;
  const csp::SearchResult r = solver.for_each_solution(z.model.initial_domains(), [&](std::span<const csp::Value> s) {
    found.push_back(z.houses(s));
    if (!pz::clues_hold(found.back())) throw InternalError("a solution breaking a clue was found");
    return true;
  });
  apps_common::clear_search_progress();
  if (c.search.stats) print_stats(r.stats);
  if (r.status == csp::SearchStatus::limit) {
    std::printf("limit: %s\n", std::string(csp::to_string(r.limit)).c_str());
    return Exit::failed;
  }
  if (found.empty()) {
    std::printf("unsolvable\n");
    return Exit::ok;
  }
  const pz::Houses& h = found.front();
  for (int house = 1; house <= pz::kHouses; ++house) {
    std::string line = "house " + std::to_string(house) + ":";
    for (int kind = 0; kind < pz::kKinds; ++kind)
      for (int i = 0; i < pz::kHouses; ++i)
        if (h[static_cast<std::size_t>(kind)][static_cast<std::size_t>(i)] == house)
          line += std::string(kind == 0 ? " " : ", ") + pz::names()[static_cast<std::size_t>(kind)][static_cast<std::size_t>(i)];
    std::printf("%s\n", line.c_str());
  }
  std::printf("zebra: %s\nwater: %s\nsolutions: %zu\n", pz::zebra_owner(h).c_str(), pz::water_drinker(h).c_str(),
              found.size());
  return Exit::ok;
}

}  // namespace csp_app
