// csp color FILE: the chromatic number of a DIMACS graph (or whether K colours suffice);
// csp map australia|usa: a map coloured with K colours, and its check.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "parts.hpp"
#include "problems/coloring/chromatic.hpp"
#include "problems/maps/maps.hpp"

namespace csp_app {
namespace {

namespace pc = problems::coloring;

// The search settings of a colouring: DSATUR unless another order was asked for; the time limit
// covers the whole job (bounds and every search), not each search.
pc::ColoringSettings settings_of(const SearchConfig& c) {
  pc::ColoringSettings s;
  s.search = c.search_options();
  s.search.threads = c.threads;  // color_with builds the threads' models
  s.search.limits.time = std::chrono::nanoseconds(0);
  s.dsatur = c.order == "dsatur";
  s.time_limit = nanoseconds_of(c.time_limit);
  return s;
}

// One line for standard error about the self-loops the reader dropped ("" when none): the line of
// one, or how many and the first few lines, so that a file full of them does not flood the terminal.
std::string self_loop_warning(const pc::DimacsGraph& g, const std::string& source) {
  const std::vector<pc::SelfLoop>& loops = g.self_loops;
  if (loops.empty()) return "";
  const std::string why = " (a vertex cannot differ from itself; --strict refuses the file)";
  if (loops.size() == 1)
    return source + ":" + std::to_string(loops[0].line) + ": self-loop on vertex " + std::to_string(loops[0].vertex) +
           " dropped" + why;
  constexpr std::size_t kListed = 5;
  std::string lines;
  for (std::size_t i = 0; i < std::min(loops.size(), kListed); ++i)
    lines += (i == 0 ? "" : ", ") + std::to_string(loops[i].line);
  if (loops.size() > kListed) lines += ", ...";
  return source + ": " + std::to_string(loops.size()) + " self-loops dropped, lines " + lines + why;
}

// A colouring as the result line's solution: each vertex's colour (1-based), in vertex order.
std::string colouring_text(const std::vector<int>& colour) {
  std::string text;
  // (Appended piece by piece: GCC 12's -Wrestrict misreads "literal" + std::to_string() at -O3.)
  for (std::size_t v = 0; v < colour.size(); ++v) {
    if (v > 0) text += ' ';
    text += std::to_string(colour[v] + 1);
  }
  return text;
}

// The result line of a k-colouring search of one part.
int print_k_coloring_part(const SearchConfig& c, const pc::KColoring& r) {
  apps_common::clear_search_progress();
  PartResult p;
  p.part = c.part;
  p.status = r.status == pc::KColoring::Status::feasible ? PartResult::Status::found
             : r.status == pc::KColoring::Status::infeasible ? PartResult::Status::exhausted
                                                             : PartResult::Status::limit;
  if (p.status == PartResult::Status::limit) p.limit = csp::to_string(r.limit);
  p.solutions = r.status == pc::KColoring::Status::feasible ? 1 : 0;
  p.nodes = r.stats.nodes;
  p.failures = r.stats.failures;
  p.seconds = r.stats.seconds();
  if (r.status == pc::KColoring::Status::feasible) p.solution = colouring_text(r.colour);
  return print_result_line(p);
}

// --split and --part of csp color. The parts are those of the first search the command runs: the
// K-colouring for --colors K, else the descent's first (greedy - 1 colours), which holds every
// later one (chromatic.hpp). Every part must start from the same clique, so the exact clique
// search has to finish: one cut short by --clique-budget could stop elsewhere on another machine.
int color_parts(const ColorCommand& c, const pc::Graph& g, const pc::ColoringSettings& settings) {
  if (c.file == "-") throw UsageError("--split and --part need the graph in a file, not on standard input");
  const pc::Clique clique = pc::max_clique(g, pc::clique_budget_within(settings.clique_budget, settings.time_limit));
  if (!clique.maximum)
    throw UsageError("--split and --part need the clique search to finish (every part starts from the same clique): "
                     "raise --clique-budget (0: no limit)");
  const auto vertices = static_cast<int>(boost::num_vertices(g));
  const int greedy = pc::colours_used(pc::dsatur_greedy(g));
  const int k = c.colors > 0 ? c.colors : greedy - 1;
  const bool searched = vertices > 0 && k >= 1 && k >= static_cast<int>(clique.vertices.size());
  if (c.search.split > 0) {
    if (!searched) {
      print_part_lines({});
      return Exit::ok;
    }
    const pc::KColoringSearch s = pc::k_coloring_search(g, k, clique.vertices, settings);
    print_part_lines(c.search, s.coloring.model, s.options, s.start);
    return Exit::ok;
  }
  const csp::Path path = part_path(c.search, static_cast<std::size_t>(vertices));
  if (c.colors > 0) {
    pc::ColoringSettings timed = settings;
    timed.search.limits.time = settings.time_limit;
    return print_k_coloring_part(c.search, pc::color_with(g, c.colors, clique.vertices, timed, path));
  }
  const pc::Chromatic r = pc::chromatic_number(g, settings, path);
  if (!pc::is_proper(g, r.colour, r.colours)) throw InternalError("the colouring found is not proper");
  PartResult p;
  p.part = c.search.part;
  p.status = r.limit == csp::LimitHit::none ? PartResult::Status::exhausted : PartResult::Status::limit;
  if (r.limit != csp::LimitHit::none) p.limit = csp::to_string(r.limit);
  p.solutions = r.stats.solutions;
  p.nodes = r.stats.nodes;
  p.failures = r.stats.failures;
  p.seconds = r.stats.seconds();
  p.objective = r.colours;
  p.sense = PartResult::Sense::minimize;
  p.solution = colouring_text(r.colour);
  return print_result_line(p);
}

}  // namespace

int run_color(const ColorCommand& c) {
  pc::ColoringSettings settings = settings_of(c.search);
  settings.clique_budget = nanoseconds_of(c.clique_budget);
  std::string text;
  for (const std::string& line : read_lines(c.file)) text += line + '\n';
  std::istringstream in(text);
  const std::string source = c.file == "-" ? std::string("<stdin>") : c.file;
  pc::DimacsGraph dimacs;
  try {
    dimacs = pc::read_dimacs(in, source, c.strict ? pc::SelfLoops::refuse : pc::SelfLoops::drop);
  } catch (const pc::InputError& e) {
    throw InputError(e.what());
  }
  if (const std::string warning = self_loop_warning(dimacs, source); !warning.empty())
    std::fprintf(stderr, "csp: warning: %s\n", warning.c_str());
  const pc::Graph& g = dimacs.graph;
  if (c.search.parted()) return color_parts(c, g, settings);
  std::vector<std::pair<std::string, std::string>> info{{"vertices", std::to_string(boost::num_vertices(g))},
                                                        {"edges", std::to_string(boost::num_edges(g))}};
  auto print_colouring = [&](const std::vector<int>& colour, int k) {
    if (!pc::is_proper(g, colour, k)) throw InternalError("the colouring found is not proper");
    std::string out;
    for (std::size_t v = 0; v < colour.size(); ++v)
      out += std::to_string(v + 1) + ' ' + std::to_string(colour[v] + 1) + '\n';
    std::fputs(out.c_str(), stdout);
  };

  if (c.colors > 0) {
    const auto started = std::chrono::steady_clock::now();
    const pc::Clique clique = pc::max_clique(g, pc::clique_budget_within(settings.clique_budget, settings.time_limit));
    if (settings.time_limit.count() != 0)
      settings.search.limits.time =
          std::max(settings.time_limit - (std::chrono::steady_clock::now() - started), std::chrono::nanoseconds(1));
    const pc::KColoring r = pc::color_with(g, c.colors, clique.vertices, settings);
    apps_common::clear_search_progress();
    info.emplace_back("clique", std::to_string(clique.vertices.size()));
    if (c.search.stats) print_stats(r.stats, info);
    switch (r.status) {
      case pc::KColoring::Status::feasible:
        print_colouring(r.colour, c.colors);
        std::printf("colors: %d feasible\n", c.colors);
        return Exit::ok;
      case pc::KColoring::Status::infeasible: std::printf("colors: %d infeasible\n", c.colors); return Exit::ok;
      case pc::KColoring::Status::limit:
        std::printf("limit: %s\n", std::string(csp::to_string(r.limit)).c_str());
        return Exit::failed;
    }
  }

  const pc::Chromatic r = pc::chromatic_number(g, settings);
  apps_common::clear_search_progress();
  info.emplace_back("greedy", std::to_string(r.greedy));
  info.emplace_back("clique", std::to_string(r.clique.vertices.size()) + (r.clique.maximum ? " (maximum)" : ""));
  if (r.limit != csp::LimitHit::none) info.emplace_back("limit", std::string(csp::to_string(r.limit)));
  if (c.search.stats) print_stats(r.stats, info);
  print_colouring(r.colour, r.colours);
  std::printf("colors: %d %s\n", r.colours, r.optimal ? "optimal" : "feasible");
  return Exit::ok;
}

int run_map(const MapCommand& c) {
  const problems::maps::Map& map = *problems::maps::map_by_name(c.map);
  const pc::Graph g = problems::maps::graph_of(map);
  pc::ColoringSettings settings = settings_of(c.search);
  settings.search.limits.time = settings.time_limit;
  if (c.search.split > 0) {
    const pc::KColoringSearch s = pc::k_coloring_search(g, c.colors, {}, settings);
    print_part_lines(c.search, s.coloring.model, s.options, s.start);
    return Exit::ok;
  }
  if (!c.search.part.empty()) {
    const csp::Path path = part_path(c.search, map.regions.size());
    const pc::KColoring r = pc::color_with(g, c.colors, {}, settings, path);
    if (r.status == pc::KColoring::Status::feasible)
      for (const auto& [a, b] : map.borders)
        if (r.colour[static_cast<std::size_t>(a)] == r.colour[static_cast<std::size_t>(b)])
          throw InternalError("two neighbouring regions share a colour");
    return print_k_coloring_part(c.search, r);
  }
  const pc::KColoring r = pc::color_with(g, c.colors, {}, settings);
  apps_common::clear_search_progress();
  if (c.search.stats)
    print_stats(r.stats, {{"regions", std::to_string(map.regions.size())}, {"borders", std::to_string(map.borders.size())}});
  if (r.status == pc::KColoring::Status::limit) {
    std::printf("limit: %s\n", std::string(csp::to_string(r.limit)).c_str());
    return Exit::failed;
  }
  if (r.status == pc::KColoring::Status::infeasible) {
    std::printf("colors: %d infeasible\n", c.colors);
    return Exit::ok;
  }
  std::string out;
  for (std::size_t i = 0; i < map.regions.size(); ++i)
    out += map.regions[i] + ' ' + problems::maps::colour_name(r.colour[i]) + '\n';
  // The check reads the map's border list, not the model.
  for (const auto& [a, b] : map.borders)
    if (r.colour[static_cast<std::size_t>(a)] == r.colour[static_cast<std::size_t>(b)])
      throw InternalError(map.regions[static_cast<std::size_t>(a)] + " and " + map.regions[static_cast<std::size_t>(b)] +
                          " share a border and a colour");
  out += "check: all " + std::to_string(map.borders.size()) + " borders join different colours\n";
  std::fputs(out.c_str(), stdout);
  std::printf("colors: %d feasible\n", c.colors);
  return Exit::ok;
}

}  // namespace csp_app
