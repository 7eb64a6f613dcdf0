// libFuzzer target: the DIMACS .col reader (problems/coloring) on any bytes, then, for a small
// graph, its colourings. A bad file must be an InputError naming the source; a good one gives a
// graph whose every edge joins two distinct vertices (a self-loop is dropped and its line
// recorded); the greedy DSATUR colouring is proper, and a k-colouring found by the solver (node
// limit 200) passes the independent check.
#include <algorithm>
#include <sstream>
#include <string>

#include "fuzz_check.hpp"
#include "problems/coloring/coloring.hpp"
#include "problems/coloring/dimacs.hpp"

namespace pc = problems::coloring;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  pc::DimacsGraph read;
  try {
    read = pc::read_dimacs(in, "fuzz.col");
  } catch (const pc::InputError& e) {
    FUZZ_CHECK(std::string_view(e.what()).starts_with("fuzz.col:"));
    return 0;
  }
  const pc::Graph& g = read.graph;
  const auto n = boost::num_vertices(g);
  FUZZ_CHECK(n >= 1 && n <= 1'000'000);
  FUZZ_CHECK(read.stated_chromatic >= 0 && read.stated_edges >= 0);
  for (auto [e, end] = boost::edges(g); e != end; ++e) FUZZ_CHECK(boost::source(*e, g) != boost::target(*e, g));
  for (const pc::SelfLoop& loop : read.self_loops)  // dropped, and recorded where they were
    FUZZ_CHECK(loop.line >= 2 && loop.vertex >= 1 && static_cast<std::size_t>(loop.vertex) <= n);
  if (n > 64) return 0;  // the colouring checks below are for graphs a search settles quickly

  const std::vector<int> greedy = pc::dsatur_greedy(g);
  const int used = pc::colours_used(greedy);
  FUZZ_CHECK(greedy.size() == n && pc::is_proper(g, greedy, used));
  const int k = std::clamp(read.stated_chromatic > 0 ? read.stated_chromatic : used - 1, 1, 8);
  pc::ColoringModel m = pc::make_coloring_model(g, k);
  csp::SearchOptions options;
  options.order = pc::dsatur_order(g);
  options.limits.nodes = 200;
  csp::Solver solver(m.model, options);
  const csp::SearchResult r = solver.solve();
  FUZZ_CHECK(r.stats.nodes <= 200);
  if (r.found()) {
    std::vector<int> colour(n);
    for (std::size_t v = 0; v < n; ++v) colour[v] = r.solution[static_cast<std::size_t>(m.colour[v].id)];
    FUZZ_CHECK(pc::is_proper(g, colour, k));
  }
  if (k >= used) FUZZ_CHECK(!r.unsatisfiable());  // the greedy colouring shows one exists
  return 0;
}
