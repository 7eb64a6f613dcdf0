#include "problems/coloring/chromatic.hpp"

#include <map>

namespace problems::coloring {
namespace {

using Clock = std::chrono::steady_clock;

// Colours renumbered 0, 1, ... in order of first appearance, so that "uses m colours" means 0..m-1.
std::vector<int> renumbered(std::vector<int> colour) {
  std::map<int, int> to;
  for (int& c : colour) c = to.emplace(c, static_cast<int>(to.size())).first->second;
  return colour;
}

}  // namespace

std::chrono::nanoseconds clique_budget_within(std::chrono::nanoseconds budget, std::chrono::nanoseconds time_limit) {
  if (time_limit.count() == 0) return budget;
  const std::chrono::nanoseconds quarter = std::max(time_limit / 4, std::chrono::nanoseconds(1));  // 0 would mean none
  return budget.count() == 0 ? quarter : std::min(budget, quarter);
}

KColoringSearch k_coloring_search(const Graph& g, int k, const std::vector<int>& clique, const ColoringSettings& settings) {
  KColoringSearch out{make_coloring_model(g, k), settings.search, {}};
  if (settings.dsatur) out.options.order = dsatur_order(g);
  out.options.values = fresh_colour_values(out.options.values, static_cast<int>(out.coloring.colour.size()));
  if (out.options.threads > 1) out.options.worker_model = [&g, k] { return make_coloring_model(g, k).model; };
  out.start = out.coloring.model.initial_domains();
  for (std::size_t i = 0; i < clique.size(); ++i)
    out.start.assign(out.coloring.colour[static_cast<std::size_t>(clique[i])], static_cast<csp::Value>(i));
  return out;
}

KColoring color_with(const Graph& g, int k, const std::vector<int>& clique, const ColoringSettings& settings,
                     const csp::Path& part) {
  KColoring out;
  if (static_cast<int>(clique.size()) > k || (k < 1 && boost::num_vertices(g) > 0)) {
    out.status = KColoring::Status::infeasible;
    return out;
  }
  if (boost::num_vertices(g) == 0) {
    out.status = KColoring::Status::feasible;
    return out;
  }
  KColoringSearch search = k_coloring_search(g, k, clique, settings);
  // A decision of the part that needs a colour above k - 1 empties its vertex: no k-colouring there.
  if (!csp::apply(part, search.start)) {
    out.status = KColoring::Status::infeasible;
    return out;
  }
  csp::Solver solver(search.coloring.model, search.options);
  csp::SearchResult r = solver.solve(search.start);
  out.stats = r.stats;
  out.limit = r.limit;
  if (r.found()) {
    out.status = KColoring::Status::feasible;
    for (csp::Var v : search.coloring.colour) out.colour.push_back(r.solution[static_cast<std::size_t>(v.id)]);
  } else if (r.unsatisfiable()) {
    out.status = KColoring::Status::infeasible;
  }
  return out;
}

Chromatic chromatic_number(const Graph& g, const ColoringSettings& settings, const csp::Path& part) {
  const Clock::time_point started = Clock::now();
  const bool timed = settings.time_limit.count() != 0;
  auto remaining = [&] { return settings.time_limit - (Clock::now() - started); };

  Chromatic out;
  out.colour = renumbered(dsatur_greedy(g));
  out.colours = out.greedy = colours_used(out.colour);
  out.clique = max_clique(g, clique_budget_within(settings.clique_budget, settings.time_limit));
  const int lower = static_cast<int>(out.clique.vertices.size());

  while (out.colours > lower) {
    ColoringSettings s = settings;
    if (timed) {
      if (remaining().count() <= 0) {
        out.limit = csp::LimitHit::time;
        break;
      }
      s.search.limits.time = remaining();
    } else {
      s.search.limits.time = std::chrono::nanoseconds(0);
    }
    KColoring k = color_with(g, out.colours - 1, out.clique.vertices, s, part);
    out.stats += k.stats;
    if (k.status == KColoring::Status::feasible) {
      out.colour = renumbered(k.colour);
      out.colours = colours_used(out.colour);
    } else {
      if (k.status == KColoring::Status::limit) out.limit = k.limit;
      break;
    }
  }
  // Optimal when the clique meets the colouring, or when k - 1 colours were proved impossible.
  out.optimal = out.colours == lower || (out.limit == csp::LimitHit::none && out.colours > lower);
  out.stats.elapsed = Clock::now() - started;
  return out;
}

}  // namespace problems::coloring
