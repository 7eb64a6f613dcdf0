// csp color FILE: the chromatic number of a DIMACS graph (or whether K colours suffice);
// csp map australia|usa: a map coloured with K colours, and its check.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
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

}  // namespace

CLI::App* add_color(CLI::App& app, ColorCommand& c) {
  CLI::App* cmd = app.add_subcommand("color", "Colour a graph (DIMACS .col file) with the fewest colours");
  cmd->add_option("FILE", c.file, "The graph, in DIMACS .col format (-: standard input)")->required();
  cmd->add_option("--colors", c.colors, "Only answer whether this many colours suffice")->check(CLI::Range(1, 100000));
  cmd->add_option("--clique-budget", c.clique_budget, "Seconds for the exact clique search (the lower bound; 0: no limit)")
      ->check(apps_common::seconds())
      ->capture_default_str();
  cmd->add_flag("--strict", c.strict,
                "Refuse a file with a self-loop (`e V V`); by default self-loops are dropped with a warning");
  c.search.order = "dsatur";
  add_search_options(*cmd, c.search, {"dsatur"});
  return cmd;
}

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
  info.emplace_back("greedy", std::to_string(r.greedy));
  info.emplace_back("clique", std::to_string(r.clique.vertices.size()) + (r.clique.maximum ? " (maximum)" : ""));
  if (r.limit != csp::LimitHit::none) info.emplace_back("limit", std::string(csp::to_string(r.limit)));
  if (c.search.stats) print_stats(r.stats, info);
  print_colouring(r.colour, r.colours);
  std::printf("colors: %d %s\n", r.colours, r.optimal ? "optimal" : "feasible");
  return Exit::ok;
}

CLI::App* add_map(CLI::App& app, MapCommand& c) {
  CLI::App* cmd = app.add_subcommand("map", "Colour a map so that neighbouring regions differ");
  cmd->add_option("MAP", c.map, "australia or usa (the 48 contiguous states)")
      ->required()
      ->check(CLI::IsMember({"australia", "usa"}));
  cmd->add_option("--colors", c.colors, "Number of colours")->check(CLI::Range(1, 64))->capture_default_str();
  c.search.order = "dsatur";
  add_search_options(*cmd, c.search, {"dsatur"});
  return cmd;
}

int run_map(const MapCommand& c) {
  const problems::maps::Map& map = *problems::maps::map_by_name(c.map);
  const pc::Graph g = problems::maps::graph_of(map);
  pc::ColoringSettings settings = settings_of(c.search);
  settings.search.limits.time = settings.time_limit;
  const pc::KColoring r = pc::color_with(g, c.colors, {}, settings);
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
