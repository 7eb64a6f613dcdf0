#include "problems/coloring/coloring.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>

namespace problems::coloring {

Adjacency adjacency(const Graph& g) {
  Adjacency adj(boost::num_vertices(g));
  for (std::size_t v = 0; v < adj.size(); ++v) {
    for (auto [it, end] = boost::adjacent_vertices(v, g); it != end; ++it) adj[v].push_back(static_cast<int>(*it));
    std::sort(adj[v].begin(), adj[v].end());
  }
  return adj;
}

bool is_proper(const Graph& g, std::span<const int> colour, int k) {
  if (colour.size() != boost::num_vertices(g)) return false;
  for (int c : colour)
    if (c < 0 || c >= k) return false;
  for (auto [it, end] = boost::edges(g); it != end; ++it)
    if (colour[boost::source(*it, g)] == colour[boost::target(*it, g)]) return false;
  return true;
}

int colours_used(std::span<const int> colour) {
  return static_cast<int>(std::set<int>(colour.begin(), colour.end()).size());
}

ColoringModel make_coloring_model(const Graph& g, int k) {
  ColoringModel m;
  m.k = k;
  const int n = static_cast<int>(boost::num_vertices(g));
  for (int v = 0; v < n; ++v) {
    std::string name = "v";  // in two steps: GCC 12 warns falsely on "v" + std::to_string()
    name += std::to_string(v + 1);
    m.colour.push_back(m.model.add_var(0, k - 1, std::move(name)));
  }
  for (auto [it, end] = boost::edges(g); it != end; ++it)
    m.model.post(csp::not_equal(m.colour[boost::source(*it, g)], m.colour[boost::target(*it, g)]));
  return m;
}

namespace {

// The colours a model's vertex variables can take are 0..(largest initial max).
std::size_t colour_range(const csp::Model& m, int vertices) {
  csp::Value hi = 0;
  for (int v = 0; v < vertices; ++v) hi = std::max(hi, m.initial_domains().max(csp::Var{v}));
  return static_cast<std::size_t>(hi) + 1;
}

class DsaturOrder final : public csp::VariableOrder {
 public:
  DsaturOrder(const csp::Model& m, Adjacency adj)
      : adj_(std::move(adj)), seen_(colour_range(m, static_cast<int>(adj_.size())), 0) {}

  csp::Var select(const csp::Domains& d) override {
    csp::Var best{};
    int best_saturation = -1, best_degree = -1;
    for (std::size_t v = 0; v < adj_.size(); ++v) {
      if (d.fixed(csp::Var{static_cast<int>(v)})) continue;
      ++stamp_;  // a fresh mark for this vertex's count of distinct neighbour colours
      int saturation = 0, degree = 0;
      for (int u : adj_[v]) {
        if (!d.fixed(csp::Var{u})) {
          ++degree;
        } else if (std::uint32_t& s = seen_[static_cast<std::size_t>(d.value(csp::Var{u}))]; s != stamp_) {
          s = stamp_;
          ++saturation;
        }
      }
      if (saturation > best_saturation || (saturation == best_saturation && degree > best_degree)) {
        best = csp::Var{static_cast<int>(v)};
        best_saturation = saturation;
        best_degree = degree;
      }
    }
    return best;
  }

 private:
  Adjacency adj_;
  std::vector<std::uint32_t> seen_;  // seen_[colour] == stamp_: already counted for this vertex
  std::uint32_t stamp_ = 0;
};

class FreshColourValues final : public csp::ValueOrder {
 public:
  FreshColourValues(std::unique_ptr<csp::ValueOrder> inner, const csp::Model& m, int vertices)
      : inner_(std::move(inner)), vertices_(vertices), used_(colour_range(m, vertices), 0) {}

  void order(csp::Var v, const csp::Domains& d, std::vector<csp::Value>& out) override {
    inner_->order(v, d, out);
    std::fill(used_.begin(), used_.end(), 0);
    for (int u = 0; u < vertices_; ++u)
      if (d.fixed(csp::Var{u})) used_[static_cast<std::size_t>(d.value(csp::Var{u}))] = 1;
    bool fresh_kept = false;
    std::erase_if(out, [&](csp::Value c) {
      if (used_[static_cast<std::size_t>(c)] != 0) return false;
      if (fresh_kept) return true;
      fresh_kept = true;
      return false;
    });
  }

 private:
  std::unique_ptr<csp::ValueOrder> inner_;
  int vertices_;
  std::vector<char> used_;
};

}  // namespace

csp::VariableOrderFactory dsatur_order(const Graph& g) {
  return [adj = adjacency(g)](const csp::Model& m) { return std::make_unique<DsaturOrder>(m, adj); };
}

csp::ValueOrderFactory fresh_colour_values(csp::ValueOrderFactory inner, int vertices) {
  return [inner = std::move(inner), vertices](const csp::Model& m) {
    return std::make_unique<FreshColourValues>(inner(m), m, vertices);
  };
}

std::vector<int> dsatur_greedy(const Graph& g) {
  const Adjacency adj = adjacency(g);
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
    while (neighbour_colours[v].count(c) != 0) ++c;  // the smallest colour no neighbour has
    colour[v] = c;
    for (int u : adj[v]) {
      --uncoloured_degree[static_cast<std::size_t>(u)];
      neighbour_colours[static_cast<std::size_t>(u)].insert(c);
    }
  }
  return colour;
}

bool is_clique(const Graph& g, std::span<const int> vertices) {
  for (std::size_t i = 0; i < vertices.size(); ++i)
    for (std::size_t j = i + 1; j < vertices.size(); ++j)
      if (!boost::edge(static_cast<std::size_t>(vertices[i]), static_cast<std::size_t>(vertices[j]), g).second)
        return false;
  return true;
}

namespace {

// Tomita and Seki's MCQ on bitsets: vertices renumbered by decreasing degree (bit i = rank i), a
// candidate set coloured greedily so that |clique| + colour classes bounds what it can still give.
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

  Clique run() {
    greedy();
    std::vector<std::uint64_t> all(words_, 0);
    for (std::size_t r = 0; r < n_; ++r) set(all.data(), r);
    started_ = std::chrono::steady_clock::now();
    std::vector<std::size_t> current;
    expand(current, all);
    Clique c;
    for (std::size_t r : best_) c.vertices.push_back(rank_to_vertex_[r]);
    std::sort(c.vertices.begin(), c.vertices.end());
    c.maximum = !out_of_time_;
    return c;
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

  // Seeds the bound: from each vertex, keep adding the highest-ranked (highest-degree) candidate.
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
    if ((++steps_ & 255) == 0 && budget_.count() != 0 && std::chrono::steady_clock::now() - started_ > budget_)
      out_of_time_ = true;
    if (out_of_time_) return;
    // Greedy colouring of the candidates: order[i] can extend the clique by at most bound[i].
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
  std::vector<std::uint64_t> adj_;  // row r: the ranks adjacent to rank r
  std::vector<std::size_t> best_;
  std::chrono::nanoseconds budget_;
  std::chrono::steady_clock::time_point started_;
  std::uint64_t steps_ = 0;
  bool out_of_time_ = false;
};

}  // namespace

Clique max_clique(const Graph& g, std::chrono::nanoseconds budget) {
  if (boost::num_vertices(g) == 0) return {{}, true};
  return CliqueSearch(adjacency(g), budget).run();
}

}  // namespace problems::coloring
