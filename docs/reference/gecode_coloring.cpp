// The Gecode reference for the colouring comparison (docs/compare_coloring.sh builds it when Gecode
// is installed; the project does not depend on Gecode). It finds the chromatic number of a DIMACS
// .col file the way `csp color FILE` does (problems/coloring/chromatic.cpp), so that the comparison
// is of the two engines, not of two algorithms:
//   - upper bound: the same greedy DSATUR colouring; lower bound: the same clique search (Tomita's
//     MCQ on bitsets, seeded by a greedy clique, 1 s budget), both ported from problems/coloring/;
//   - then, while the best colouring uses k > clique colours, a satisfaction search for k - 1
//     colours (not branch and bound): a colouring lowers k, "no solution" proves k optimal;
//   - each search: an IntVar 0..k-1 per vertex, rel(!=) per edge (binary, as ours), the clique's
//     vertices fixed to colours 0..q-1; branching on the smallest domain with the most unassigned
//     neighbours as tie-break (INT_VAR_SIZE_MIN tie-broken by INT_VAR_DEGREE_MAX: with only
//     binary != propagators, which Gecode disposes of once one end is assigned, the domain size
//     is k minus the DSATUR saturation and the degree is the number of uncoloured neighbours —
//     DSATUR exactly, ties to the lowest vertex as ours); smallest colour first;
//   - colour symmetry: LDSB with the colours q..k-1 declared interchangeable (ValueSymmetry). A
//     colour used by a decision leaves the set, so once "vertex = fresh colour" fails the other
//     fresh colours are excluded for that vertex: the same pruning as our fresh_colour_values().
// Output, as `csp color`: "VERTEX COLOUR" lines (both 1-based), then "colors: K optimal" (or
// "feasible" when the time limit stopped the proof). On standard error: nodes and failures of all
// the searches together (Gecode counts both branches of every choice as nodes).
//   gecode_coloring FILE [TIME-LIMIT-SECONDS]
#include <gecode/int.hh>
#include <gecode/search.hh>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace Gecode;

namespace {

using Clock = std::chrono::steady_clock;
using Adjacency = std::vector<std::vector<int>>;

struct Graph {
  int n = 0;
  std::vector<std::pair<int, int>> edges;  // 0-based, each once, u < v
  Adjacency adj;                           // sorted neighbour lists
};

Graph read_dimacs(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "gecode_coloring: %s: cannot open\n", path);
    std::exit(2);
  }
  Graph g;
  std::set<std::pair<int, int>> seen;
  for (std::string line; std::getline(in, line);) {
    std::istringstream s(line);
    std::string kind;
    if (!(s >> kind)) continue;
    if (kind == "p") {
      std::string format;
      s >> format >> g.n;
      g.adj.assign(static_cast<std::size_t>(g.n), {});
    } else if (kind == "e") {
      int u = 0, v = 0;
      s >> u >> v;
      if (u < 1 || v < 1 || u > g.n || v > g.n) {
        std::fprintf(stderr, "gecode_coloring: %s: bad edge: %s\n", path, line.c_str());
        std::exit(1);
      }
      if (u == v) continue;  // a self-loop (homer.col has one): dropped, as `csp color` does
      std::pair<int, int> e{std::min(u, v) - 1, std::max(u, v) - 1};
      if (seen.insert(e).second) g.edges.push_back(e);
    }
  }
  for (auto [u, v] : g.edges) {
    g.adj[static_cast<std::size_t>(u)].push_back(v);
    g.adj[static_cast<std::size_t>(v)].push_back(u);
  }
  for (auto& a : g.adj) std::sort(a.begin(), a.end());
  return g;
}

// Greedy DSATUR, as problems::coloring::dsatur_greedy().
std::vector<int> dsatur_greedy(const Adjacency& adj) {
  const std::size_t n = adj.size();
  std::vector<int> colour(n, -1), uncoloured_degree(n);
  std::vector<std::set<int>> neighbour_colours(n);
  for (std::size_t v = 0; v < n; ++v) uncoloured_degree[v] = static_cast<int>(adj[v].size());
  for (std::size_t step = 0; step < n; ++step) {
    std::size_t v = n;
    for (std::size_t u = 0; u < n; ++u) {
      if (colour[u] >= 0) continue;
      if (v == n || neighbour_colours[u].size() > neighbour_colours[v].size() ||
          (neighbour_colours[u].size() == neighbour_colours[v].size() && uncoloured_degree[u] > uncoloured_degree[v]))
        v = u;
    }
    int c = 0;
    while (neighbour_colours[v].count(c) != 0) ++c;
    colour[v] = c;
    for (int u : adj[v]) {
      --uncoloured_degree[static_cast<std::size_t>(u)];
      neighbour_colours[static_cast<std::size_t>(u)].insert(c);
    }
  }
  return colour;
}

std::vector<int> renumbered(std::vector<int> colour) {
  std::map<int, int> to;
  for (int& c : colour) c = to.emplace(c, static_cast<int>(to.size())).first->second;
  return colour;
}

int colours_used(const std::vector<int>& colour) { return static_cast<int>(std::set<int>(colour.begin(), colour.end()).size()); }

// Tomita and Seki's MCQ on bitsets, as problems::coloring::max_clique() (same ranking, greedy seed,
// colouring bound and budget).
class CliqueSearch {
 public:
  CliqueSearch(const Adjacency& adj, std::chrono::nanoseconds budget)
      : n_(adj.size()), words_((n_ + 63) / 64), rank_to_vertex_(n_), budget_(budget) {
    for (std::size_t v = 0; v < n_; ++v) rank_to_vertex_[v] = static_cast<int>(v);
    auto degree = [&](int v) { return adj[static_cast<std::size_t>(v)].size(); };
    std::stable_sort(rank_to_vertex_.begin(), rank_to_vertex_.end(), [&](int a, int b) { return degree(a) > degree(b); });
    std::vector<std::size_t> rank(n_);
    for (std::size_t r = 0; r < n_; ++r) rank[static_cast<std::size_t>(rank_to_vertex_[r])] = r;
    adj_.assign(n_ * words_, 0);
    for (std::size_t v = 0; v < n_; ++v)
      for (int u : adj[v]) set(row(rank[v]), rank[static_cast<std::size_t>(u)]);
  }

  std::vector<int> run() {
    greedy();
    std::vector<std::uint64_t> all(words_, 0);
    for (std::size_t r = 0; r < n_; ++r) set(all.data(), r);
    started_ = Clock::now();
    std::vector<std::size_t> current;
    expand(current, all);
    std::vector<int> vertices;
    for (std::size_t r : best_) vertices.push_back(rank_to_vertex_[r]);
    std::sort(vertices.begin(), vertices.end());
    return vertices;
  }

 private:
  std::uint64_t* row(std::size_t r) { return adj_.data() + r * words_; }
  static void set(std::uint64_t* bits, std::size_t i) { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
  static void clear(std::uint64_t* bits, std::size_t i) { bits[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }
  std::size_t first(const std::vector<std::uint64_t>& bits) const {
    for (std::size_t w = 0; w < words_; ++w)
      if (bits[w] != 0) return w * 64 + static_cast<std::size_t>(std::countr_zero(bits[w]));
    return n_;
  }

  void greedy() {
    for (std::size_t start = 0; start < n_; ++start) {
      std::vector<std::size_t> clique{start};
      std::vector<std::uint64_t> cand(row(start), row(start) + words_);
      for (std::size_t r = first(cand); r < n_; r = first(cand)) {
        clique.push_back(r);
        for (std::size_t w = 0; w < words_; ++w) cand[w] &= row(r)[w];
      }
      if (clique.size() > best_.size()) best_ = clique;
    }
  }

  void expand(std::vector<std::size_t>& current, std::vector<std::uint64_t> cand) {
    if ((++steps_ & 255) == 0 && budget_.count() != 0 && Clock::now() - started_ > budget_) out_of_time_ = true;
    if (out_of_time_) return;
    std::vector<std::size_t> order, bound;
    std::vector<std::uint64_t> uncoloured = cand;
    for (std::size_t colour = 1; first(uncoloured) < n_; ++colour) {
      std::vector<std::uint64_t> free = uncoloured;
      for (std::size_t r = first(free); r < n_; r = first(free)) {
        order.push_back(r);
        bound.push_back(colour);
        clear(uncoloured.data(), r);
        clear(free.data(), r);
        for (std::size_t w = 0; w < words_; ++w) free[w] &= ~row(r)[w];
      }
    }
    for (std::size_t i = order.size(); i-- > 0;) {
      if (current.size() + bound[i] <= best_.size() || out_of_time_) return;
      const std::size_t r = order[i];
      current.push_back(r);
      std::vector<std::uint64_t> next(words_);
      for (std::size_t w = 0; w < words_; ++w) next[w] = cand[w] & row(r)[w];
      if (first(next) == n_) {
        if (current.size() > best_.size()) best_ = current;
      } else {
        expand(current, std::move(next));
      }
      current.pop_back();
      clear(cand.data(), r);
    }
  }

  std::size_t n_, words_;
  std::vector<int> rank_to_vertex_;
  std::vector<std::uint64_t> adj_;
  std::vector<std::size_t> best_;
  std::chrono::nanoseconds budget_;
  Clock::time_point started_;
  std::uint64_t steps_ = 0;
  bool out_of_time_ = false;
};

// "Can g be coloured with k colours?", the clique fixed to 0..q-1.
class KColoring : public Space {
 public:
  IntVarArray x;
  KColoring(const Graph& g, int k, const std::vector<int>& clique) : x(*this, g.n, 0, k - 1) {
    for (auto [u, v] : g.edges) rel(*this, x[u], IRT_NQ, x[v]);
    const int q = static_cast<int>(clique.size());
    for (int i = 0; i < q; ++i) rel(*this, x[clique[static_cast<std::size_t>(i)]], IRT_EQ, i);
    Symmetries syms;
    if (k - q >= 2) syms << ValueSymmetry(IntSet(q, k - 1));
    branch(*this, x, tiebreak(INT_VAR_SIZE_MIN(), INT_VAR_DEGREE_MAX()), INT_VAL_MIN(), syms);
  }
  KColoring(KColoring& s) : Space(s) { x.update(*this, s.x); }
  Space* copy() override { return new KColoring(*this); }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: gecode_coloring FILE [TIME-LIMIT-SECONDS]\n");
    return 2;
  }
  const Clock::time_point started = Clock::now();
  const double limit_s = argc > 2 ? std::atof(argv[2]) : 0.0;
  const Graph g = read_dimacs(argv[1]);

  std::vector<int> colour = renumbered(dsatur_greedy(g.adj));
  int colours = colours_used(colour);
  // As clique_budget_within(): 1 s, at most a quarter of the time limit.
  std::chrono::nanoseconds budget = std::chrono::seconds(1);
  if (limit_s > 0)
    budget = std::min(budget, std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(limit_s / 4)));
  const std::vector<int> clique = g.n == 0 ? std::vector<int>{} : CliqueSearch(g.adj, budget).run();
  const int lower = static_cast<int>(clique.size());

  bool stopped = false;
  unsigned long long nodes = 0, failures = 0;
  while (colours > lower) {
    Search::Options o;
    Search::TimeStop* stop = nullptr;
    if (limit_s > 0) {
      const double left_ms = limit_s * 1000 - std::chrono::duration<double, std::milli>(Clock::now() - started).count();
      if (left_ms <= 0) {
        stopped = true;
        break;
      }
      stop = new Search::TimeStop(static_cast<unsigned long>(left_ms) + 1);
      o.stop = stop;
    }
    KColoring* root = new KColoring(g, colours - 1, clique);
    DFS<KColoring> search(root, o);
    delete root;
    KColoring* s = search.next();
    nodes += search.statistics().node;
    failures += search.statistics().fail;
    const bool hit_limit = search.stopped();
    delete stop;
    if (s != nullptr) {
      for (int v = 0; v < g.n; ++v) colour[static_cast<std::size_t>(v)] = s->x[v].val();
      delete s;
      colour = renumbered(colour);
      colours = colours_used(colour);
    } else {
      stopped = hit_limit;
      break;
    }
  }
  const bool optimal = colours == lower || !stopped;

  std::string out;
  for (std::size_t v = 0; v < colour.size(); ++v) out += std::to_string(v + 1) + ' ' + std::to_string(colour[v] + 1) + '\n';
  std::fputs(out.c_str(), stdout);
  std::printf("colors: %d %s\n", colours, optimal ? "optimal" : "feasible");
  std::fprintf(stderr, "vertices: %d\nedges: %zu\nclique: %d\nnodes: %llu\nfailures: %llu\n", g.n, g.edges.size(), lower,
               nodes, failures);
  return 0;
}
