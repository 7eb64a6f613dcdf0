// Graph colouring: the DIMACS reader, the bounds, DSATUR, and chromatic numbers proved optimal.
// Every colouring is re-checked here by code that reads the edges itself, not through the model.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "problems/coloring/chromatic.hpp"

namespace pc = problems::coloring;

namespace {

pc::DimacsGraph read_text(const std::string& text, pc::SelfLoops self_loops = pc::SelfLoops::drop) {
  std::istringstream in(text);
  return pc::read_dimacs(in, "g.col", self_loops);
}

// The edges of a .col text, read with nothing but sscanf: the independent side of every check.
std::vector<std::pair<int, int>> raw_edges(std::istream& in) {
  std::vector<std::pair<int, int>> edges;
  for (std::string line; std::getline(in, line);) {
    int u = 0, v = 0;
    if (std::sscanf(line.c_str(), "e %d %d", &u, &v) == 2) edges.emplace_back(u, v);
  }
  return edges;
}

// True when no edge joins two vertices (1-based in the edge list) of the same colour.
bool proper(const std::vector<std::pair<int, int>>& edges, const std::vector<int>& colour) {
  for (const auto& [u, v] : edges)
    if (colour.at(static_cast<std::size_t>(u - 1)) == colour.at(static_cast<std::size_t>(v - 1))) return false;
  return true;
}

// The Mycielski graph M_k (M_2 = one edge): triangle-free with chromatic number k, so the clique
// bound stays 2 and every proof of optimality is a search. M_{k+1} adds a twin u_i for each vertex
// v_i (adjacent to v_i's neighbours) and a vertex w adjacent to every twin.
pc::Graph mycielski(int k) {
  pc::Graph g(2);
  boost::add_edge(0, 1, g);
  for (int level = 2; level < k; ++level) {
    const std::size_t n = boost::num_vertices(g);
    pc::Graph next(2 * n + 1);
    for (auto [it, end] = boost::edges(g); it != end; ++it) {
      const std::size_t a = boost::source(*it, g), b = boost::target(*it, g);
      boost::add_edge(a, b, next);
      boost::add_edge(n + a, b, next);
      boost::add_edge(a, n + b, next);
    }
    for (std::size_t i = 0; i < n; ++i) boost::add_edge(n + i, 2 * n, next);
    g = next;
  }
  return g;
}

// A search for k colours with no symmetry breaking and no clique: the plain model only.
bool plain_colourable(const pc::Graph& g, int k) {
  pc::ColoringModel m = pc::make_coloring_model(g, k);
  csp::Solver s(m.model);
  return s.solve().found();
}

}  // namespace

TEST_CASE("the DIMACS reader reads edges, skips comments, absorbs duplicates", "[problems][coloring]") {
  const pc::DimacsGraph d = read_text(
      "c a triangle with a pendant vertex\n"
      "p edge 4 5\r\n"
      "\n"
      "e 1 2\ne 2 3\ne 3 1\ne 2 1\ne 3 4\n"
      "n 1 5\n"
      "s 3\n");
  REQUIRE(boost::num_vertices(d.graph) == 4);
  REQUIRE(boost::num_edges(d.graph) == 4);
  REQUIRE(d.stated_edges == 5);
  REQUIRE(d.stated_chromatic == 3);
  REQUIRE(boost::edge(0, 2, d.graph).second);
  REQUIRE_FALSE(boost::edge(0, 3, d.graph).second);
  // "p col" and a third number on the p line (as in le450_5a.col) are accepted.
  REQUIRE(boost::num_vertices(read_text("p col 3 0 7\n").graph) == 3);
}

TEST_CASE("the DIMACS reader names file and line of every error", "[problems][coloring]") {
  auto error_of = [](const std::string& text) {
    try {
      read_text(text);
    } catch (const pc::InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error_of("e 1 2\n") == "g.col:1: edge before the 'p' line");
  CHECK(error_of("c x\np edge\n") == "g.col:2: bad 'p' line: expected 'p edge VERTICES EDGES'");
  CHECK(error_of("p graph 3 2\n") == "g.col:1: bad 'p' line: expected 'p edge VERTICES EDGES'");
  CHECK_THAT(error_of("p edge x 2\n"), Catch::StartsWith("g.col:1: bad 'p' line: vertex count 'x'"));
  CHECK_THAT(error_of("p edge 0 2\n"), Catch::StartsWith("g.col:1: bad 'p' line: vertex count '0'"));
  CHECK(error_of("p edge 3 -2\n") == "g.col:1: bad 'p' line: edge count '-2' is not a number");
  CHECK(error_of("p edge 3 2\np edge 3 2\n") == "g.col:2: second 'p' line (the first is line 1)");
  CHECK(error_of("p edge 3 2\ne 1 4\n") == "g.col:2: edge 1 4: vertex '4' is not in 1..3");
  CHECK(error_of("p edge 3 2\ne 0 1\n") == "g.col:2: edge 0 1: vertex '0' is not in 1..3");
  CHECK(error_of("p edge 3 2\ne 1 2x\n") == "g.col:2: edge 1 2x: vertex '2x' is not in 1..3");
  CHECK(error_of("p edge 3 2\ne 1 2 3\n") == "g.col:2: bad edge line: expected 'e U V'");
  CHECK(error_of("p edge 3 2\nx 1 2\n") == "g.col:2: unknown line type 'x' (expected c, p, e, n or s)");
  CHECK(error_of("p edge 3 2\ns\n") == "g.col:2: bad 's' line: expected 's COLOURS'");
  CHECK(error_of("c only comments\n") == "g.col:1: no 'p' line: expected 'p edge VERTICES EDGES'");
  CHECK(error_of("") == "g.col:0: no 'p' line: expected 'p edge VERTICES EDGES'");
}

TEST_CASE("the DIMACS reader drops self-loops and says where, or refuses them when asked", "[problems][coloring]") {
  // A triangle, with self-loops on lines 3 and 5 (the second repeats the first, as homer.col does).
  const std::string text = "p edge 3 5\ne 1 2\ne 2 2\ne 2 3\ne 2 2\ne 3 1\n";
  const pc::DimacsGraph d = read_text(text);
  REQUIRE(boost::num_vertices(d.graph) == 3);
  REQUIRE(boost::num_edges(d.graph) == 3);
  REQUIRE_FALSE(boost::edge(1, 1, d.graph).second);
  REQUIRE(d.self_loops.size() == 2);
  CHECK(d.self_loops[0].line == 3);
  CHECK(d.self_loops[0].vertex == 2);
  CHECK(d.self_loops[1].line == 5);
  const pc::Chromatic c = pc::chromatic_number(d.graph, {});
  CHECK(c.colours == 3);
  CHECK(c.optimal);
  CHECK(read_text("p edge 3 2\ne 1 2\n").self_loops.empty());

  try {
    read_text(text, pc::SelfLoops::refuse);
    FAIL("a self-loop was accepted with SelfLoops::refuse");
  } catch (const pc::InputError& e) {
    CHECK(std::string(e.what()) == "g.col:3: self-loop on vertex 2: no colouring exists");
  }
}

TEST_CASE("DSATUR greedy, cliques and the colour symmetry breaking on small graphs", "[problems][coloring]") {
  std::ifstream file(CSP_SOURCE_DIR "/data/petersen.col");
  REQUIRE(file);
  std::stringstream text;
  text << file.rdbuf();
  const pc::DimacsGraph d = read_text(text.str());
  std::istringstream again(text.str());
  const auto edges = raw_edges(again);
  REQUIRE(boost::num_edges(d.graph) == 15);

  const std::vector<int> greedy = pc::dsatur_greedy(d.graph);
  REQUIRE(proper(edges, greedy));
  const pc::Clique clique = pc::max_clique(d.graph, std::chrono::seconds(0));
  REQUIRE(clique.maximum);
  REQUIRE(clique.vertices.size() == 2);  // Petersen has no triangle
  REQUIRE(pc::is_clique(d.graph, clique.vertices));

  const pc::Chromatic c = pc::chromatic_number(d.graph, {});
  REQUIRE(c.colours == 3);
  REQUIRE(c.optimal);
  REQUIRE(proper(edges, c.colour));

  // The fresh-colour value order claims "infeasible" on far fewer nodes than plain search: it must
  // agree with plain search (no symmetry breaking, no clique) on every small k, for every order.
  pc::Graph wheel(6);  // a 5-cycle and a hub: 4 colours, clique 3
  for (int i = 0; i < 5; ++i) {
    boost::add_edge(static_cast<std::size_t>(i), static_cast<std::size_t>((i + 1) % 5), wheel);
    boost::add_edge(static_cast<std::size_t>(i), 5, wheel);
  }
  for (const pc::Graph* g : std::initializer_list<const pc::Graph*>{&d.graph, &wheel}) {
    for (int k = 1; k <= 4; ++k) {
      for (const char* order : {"dsatur", "input", "dom-wdeg"}) {
        for (const char* inference : {"none", "fc", "mac"}) {
          CAPTURE(k, order, inference);
          pc::ColoringSettings s;
          s.dsatur = std::string(order) == "dsatur";
          if (!s.dsatur) s.search.order = csp::order::by_name(order);
          s.search.inference = csp::parse_inference(inference);
          const pc::KColoring r = pc::color_with(*g, k, {}, s);
          REQUIRE((r.status == pc::KColoring::Status::feasible) == plain_colourable(*g, k));
          if (r.status == pc::KColoring::Status::feasible) REQUIRE(pc::is_proper(*g, r.colour, k));
        }
      }
    }
  }
}

TEST_CASE("a time limit too short for the proof answers feasible, never a false optimal", "[problems][coloring]") {
  // The Petersen graph needs a search to prove 2 colours fail (its clique bound is only 2).
  std::ifstream file(CSP_SOURCE_DIR "/data/petersen.col");
  const pc::DimacsGraph d = pc::read_dimacs(file, "petersen.col");
  pc::ColoringSettings s;
  s.time_limit = std::chrono::nanoseconds(1);
  const pc::Chromatic c = pc::chromatic_number(d.graph, s);
  REQUIRE(pc::is_proper(d.graph, c.colour, c.colours));
  REQUIRE_FALSE(c.optimal);
  REQUIRE(c.limit == csp::LimitHit::time);
}

TEST_CASE("Mycielski graphs: optimality proved by search; a node limit leaves it unproved", "[problems][coloring]") {
  const pc::Graph m4 = mycielski(4), m5 = mycielski(5);
  REQUIRE(boost::num_vertices(m5) == 23);
  REQUIRE(boost::num_edges(m5) == 71);
  for (const auto& [g, chromatic] : {std::pair{&m4, 4}, std::pair{&m5, 5}}) {
    const pc::Chromatic c = pc::chromatic_number(*g, {});
    REQUIRE(c.clique.vertices.size() == 2);
    REQUIRE(c.colours == chromatic);
    REQUIRE(c.optimal);
    REQUIRE(pc::is_proper(*g, c.colour, chromatic));
    REQUIRE_FALSE(plain_colourable(*g, chromatic - 1));  // the same verdict without symmetry breaking
  }
  pc::ColoringSettings s;
  s.search.limits.nodes = 5;
  const pc::Chromatic c = pc::chromatic_number(mycielski(6), s);
  REQUIRE(pc::is_proper(mycielski(6), c.colour, c.colours));
  REQUIRE_FALSE(c.optimal);
  REQUIRE(c.limit == csp::LimitHit::nodes);
  REQUIRE(pc::color_with(mycielski(6), 5, {}, s).status == pc::KColoring::Status::limit);
}

TEST_CASE("DIMACS benchmarks: chromatic numbers found and proved optimal", "[problems][coloring][dimacs]") {
  const std::filesystem::path dir = std::filesystem::path(CSP_SOURCE_DIR) / ".." / "shared" / "data" / "dimacs";
  if (!std::filesystem::is_directory(dir)) {
    WARN("SKIPPED (no shared data): " << dir.string() << " is not present");  // ctest: skipped
    return;
  }
  const std::pair<const char*, int> instances[] = {
      {"myciel3", 4}, {"myciel4", 5}, {"myciel5", 6}, {"queen5_5", 5}, {"queen6_6", 7}, {"huck", 11},
      {"jean", 10},   {"david", 11},  {"anna", 11},   {"games120", 9}, {"miles250", 8},
  };
  for (const auto& [name, chromatic] : instances) {
    CAPTURE(name);
    const std::filesystem::path path = dir / (std::string(name) + ".col");
    std::ifstream file(path);
    REQUIRE(file);
    std::stringstream text;
    text << file.rdbuf();
    const pc::DimacsGraph d = read_text(text.str());
    pc::ColoringSettings s;
    s.time_limit = std::chrono::seconds(20);  // a safety net: each proof takes well under a second
    const pc::Chromatic c = pc::chromatic_number(d.graph, s);
    std::istringstream again(text.str());
    const auto edges = raw_edges(again);
    REQUIRE(proper(edges, c.colour));
    REQUIRE(std::set<int>(c.colour.begin(), c.colour.end()).size() == static_cast<std::size_t>(chromatic));
    REQUIRE(c.colours == chromatic);
    REQUIRE(c.optimal);
    REQUIRE(pc::is_clique(d.graph, c.clique.vertices));
  }
}
