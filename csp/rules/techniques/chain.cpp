// The chain engine (chain.hpp): nodes, links, a breadth-first search from every node.
//
// Cost: the finders run at every step of a grade until one applies, so on the positions that need
// forcing nets every chain search runs to the end and finds nothing. The links are therefore
// listed once per search (adjacency arrays in the order strong() and weak() give them, so that the
// search visits nodes in the same order as when it asked them), the visited marks are stamped per
// start rather than cleared, and whether a chain end removes anything is a test on precomputed
// masks (productive()), the removals being listed only for the chain reported.
#include "csp/rules/detail/chain.hpp"

#include <algorithm>
#include <bit>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {
namespace {

struct Node {
  std::uint64_t bit;
  std::uint32_t first, count;  // its cells: cells[first, first + count)
};

// The nodes of a position and their links; rebuilt per search, kept per thread (no allocation once
// grown).
struct Graph {
  const Position* p = nullptr;
  ChainKind kind{};
  std::vector<Node> nodes;
  std::vector<Cell> cells;
  std::vector<std::int32_t> by_candidate;  // cell * 64 + value index -> node, -1: none
  std::size_t candidates = 0;              // nodes [0, candidates) are single candidates
  // The grouped nodes by value, each value's in increasing order: by_value[value_start[v],
  // value_start[v + 1]) (what node_of() and weak() look through).
  std::vector<std::int32_t> by_value;
  std::vector<std::uint32_t> value_start;
  // The links, per node n: strong_to[strong_start[n], strong_start[n + 1]) (n false -> these true),
  // weak_to likewise (n true -> these false), in the order strong() and weak() give them.
  std::vector<std::int32_t> strong_to, weak_to;
  std::vector<std::uint32_t> strong_start, weak_start;
  // Per node, `words` words: the cells outside it that hold its value (and another), seeing all of
  // its cells: the cells a chain between two nodes of one value clears (eliminate()).
  std::size_t words = 0;
  std::vector<std::uint64_t> targets;
  // Per node: a loop from it back to itself removes something (eliminate(n, n) is not empty).
  std::vector<std::uint8_t> loop_removes;

  std::span<const Cell> of(std::int32_t n) const { return {cells.data() + nodes[n].first, nodes[n].count}; }
  bool in_group(std::uint32_t g, Cell c) const {
    const std::vector<Cell>& gc = p->structure.groups()[g].cells;
    return std::find(gc.begin(), gc.end(), c) != gc.end();
  }
  bool contains(std::int32_t n, Cell c) const {
    const auto cs = of(n);
    return std::find(cs.begin(), cs.end(), c) != cs.end();
  }
  // Every cell of n sees c (and c is not one of them).
  bool seen_by_all(std::int32_t n, Cell c) const {
    for (Cell d : of(n))
      if (!p->structure.sees(d, c)) return false;
    return true;
  }

  void build(const Position& pos, ChainKind k) {
    p = &pos;
    kind = k;
    const Structure& st = pos.structure;
    nodes.clear();
    cells.clear();
    by_candidate.assign(st.cells() * 64, -1);
    for (Cell c = 0; c < st.cells(); ++c) {
      const std::uint64_t w = pos.cands(c);
      if (single(w)) continue;
      for (std::uint64_t b = w; b != 0; b &= b - 1) {
        by_candidate[c * 64 + static_cast<Cell>(std::countr_zero(b))] = static_cast<std::int32_t>(nodes.size());
        nodes.push_back({b & (~b + 1), static_cast<std::uint32_t>(cells.size()), 1});
        cells.push_back(c);
      }
    }
    candidates = nodes.size();
    value_start.assign(65, 0);  // no grouped node yet
    by_value.clear();
    if (!k.grouped) return;
    for (const Structure::Overlap& o : st.overlaps()) {
      std::uint64_t any = 0;
      for (Cell c : o.shared)
        if (!single(pos.cands(c))) any |= pos.cands(c);
      for (; any != 0; any &= any - 1) {
        const std::uint64_t bit = any & (~any + 1);
        Node n{bit, static_cast<std::uint32_t>(cells.size()), 0};
        for (Cell c : o.shared)
          if ((pos.cands(c) & bit) != 0 && !single(pos.cands(c))) cells.push_back(c), ++n.count;
        if (n.count >= 2) nodes.push_back(n);
        else cells.resize(n.first);
      }
    }
    // A counting sort of the grouped nodes by value, keeping their order within a value.
    for (std::size_t m = candidates; m < nodes.size(); ++m) ++value_start[std::countr_zero(nodes[m].bit) + 1];
    for (std::size_t v = 1; v < value_start.size(); ++v) value_start[v] += value_start[v - 1];
    by_value.resize(nodes.size() - candidates);
    thread_local std::vector<std::uint32_t> next;
    next.assign(value_start.begin(), value_start.end() - 1);
    for (std::size_t m = candidates; m < nodes.size(); ++m)
      by_value[next[std::countr_zero(nodes[m].bit)]++] = static_cast<std::int32_t>(m);
  }

  // The grouped nodes of a value (bit), in increasing order.
  std::span<const std::int32_t> grouped_of(std::uint64_t bit) const {
    const auto v = static_cast<std::size_t>(std::countr_zero(bit));
    return {by_value.data() + value_start[v], value_start[v + 1] - value_start[v]};
  }

  // Lists every node's links (strong_to, weak_to) and its elimination masks (targets,
  // loop_removes); after build().
  void link() {
    const Structure& st = p->structure;
    const std::size_t n = nodes.size();
    strong_to.clear();
    weak_to.clear();
    strong_start.assign(1, 0);
    weak_start.assign(1, 0);
    words = (st.cells() + 63) / 64;
    targets.assign(n * words, 0);
    loop_removes.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const auto a = static_cast<std::int32_t>(i);
      strong(a, [&](std::int32_t m) {
        if (m >= 0) strong_to.push_back(m);
      });
      weak(a, [&](std::int32_t m) {
        if (m >= 0) weak_to.push_back(m);
      });
      strong_start.push_back(static_cast<std::uint32_t>(strong_to.size()));
      weak_start.push_back(static_cast<std::uint32_t>(weak_to.size()));
      const Node& x = nodes[i];
      std::uint64_t* t = targets.data() + i * words;
      for (Cell d : st.peers(cells[x.first]))
        if ((p->cands(d) & x.bit) != 0 && !single(p->cands(d)) && !contains(a, d) && seen_by_all(a, d))
          t[d / 64] |= std::uint64_t{1} << (d % 64);
      if (x.count == 1) {
        loop_removes[i] = (p->cands(cells[x.first]) & ~x.bit) != 0 ? 1 : 0;
      } else {
        for (std::uint32_t g : st.groups_of(cells[x.first])) {
          bool holds_all = true;
          for (Cell d : of(a)) holds_all = holds_all && in_group(g, d);
          if (!holds_all) continue;
          for (Cell d : st.groups()[g].cells)
            if ((p->cands(d) & x.bit) != 0 && !contains(a, d)) loop_removes[i] = 1;
        }
      }
    }
  }

  // True when eliminate(a, b) would list something: a chain from a to b is productive.
  bool productive(std::int32_t a, std::int32_t b) const {
    if (a == b) return loop_removes[a] != 0;
    const Node &na = nodes[a], &nb = nodes[b];
    if (na.bit == nb.bit) {
      const std::uint64_t* ta = targets.data() + static_cast<std::size_t>(a) * words;
      const std::uint64_t* tb = targets.data() + static_cast<std::size_t>(b) * words;
      for (std::size_t w = 0; w < words; ++w)
        if ((ta[w] & tb[w]) != 0) return true;
      return false;
    }
    if (na.count != 1 || nb.count != 1) return false;
    const Cell ca = cells[na.first], cb = cells[nb.first];
    if (ca == cb) return (p->cands(ca) & ~na.bit & ~nb.bit) != 0;
    return p->structure.sees(ca, cb) && ((p->cands(ca) & nb.bit) != 0 || (p->cands(cb) & na.bit) != 0);
  }

  // The node of exactly these cells and value, -1 when none.
  std::int32_t node_of(std::span<const Cell> cs, std::uint64_t bit) const {
    if (cs.size() == 1) return by_candidate[cs[0] * 64 + static_cast<Cell>(std::countr_zero(bit))];
    for (std::int32_t n : grouped_of(bit)) {
      if (nodes[n].count != cs.size()) continue;
      bool same = true;
      for (Cell c : cs) same = same && contains(n, c);
      if (same) return n;
    }
    return -1;
  }

  // f(m) for each node m strongly linked to n (n false -> m true).
  template <class F>
  void strong(std::int32_t n, F&& f) const {
    const Node& x = nodes[n];
    const Cell c0 = cells[x.first];
    if (x.count == 1) {
      const std::uint64_t w = p->cands(c0);
      if (std::popcount(w) == 2) f(by_candidate[c0 * 64 + static_cast<Cell>(std::countr_zero(w & ~x.bit))]);
    }
    if (!kind.bilocal) return;
    Cell rest[64];
    for (std::uint32_t g : p->structure.groups_of(c0)) {
      bool holds_all = true;
      for (Cell c : of(n)) holds_all = holds_all && in_group(g, c);
      if (!holds_all) continue;
      std::size_t k = 0;
      bool fits = true;
      for (Cell c : p->structure.groups()[g].cells)
        if ((p->cands(c) & x.bit) != 0 && !contains(n, c)) {
          if (k == 64 || single(p->cands(c))) fits = false;
          else rest[k++] = c;
        }
      if (!fits || k == 0) continue;
      const std::int32_t m = node_of({rest, k}, x.bit);
      if (m >= 0) f(m);
    }
  }

  // f(m) for each node m weakly linked to n (n true -> m false).
  template <class F>
  void weak(std::int32_t n, F&& f) const {
    const Node& y = nodes[n];
    const Cell c0 = cells[y.first];
    if (y.count == 1 && kind.in_cell)
      for (std::uint64_t w = p->cands(c0) & ~y.bit; w != 0; w &= w - 1)
        f(by_candidate[c0 * 64 + static_cast<Cell>(std::countr_zero(w))]);
    const auto vi = static_cast<Cell>(std::countr_zero(y.bit));
    for (Cell d : p->structure.peers(c0)) {
      const std::int32_t m = by_candidate[d * 64 + vi];
      if (m >= 0 && !contains(n, d) && seen_by_all(n, d)) f(m);
    }
    for (std::int32_t m : grouped_of(y.bit)) {
      if (m == n) continue;
      bool ok = true;
      for (Cell d : of(m)) ok = ok && !contains(n, d) && seen_by_all(n, d);
      if (ok) f(m);
    }
  }

  // The eliminations of a chain from a (false) to b (true): A or B holds (chain.hpp).
  void eliminate(std::int32_t a, std::int32_t b, std::vector<Candidate>& out) const {
    const Structure& st = p->structure;
    const Node &na = nodes[a], &nb = nodes[b];
    const Value base = st.base();
    auto value = [&](std::uint64_t bit) { return base + std::countr_zero(bit); };
    if (a == b) {
      const Cell c = cells[na.first];
      if (na.count == 1) {
        for (std::uint64_t w = p->cands(c) & ~na.bit; w != 0; w &= w - 1) out.push_back({c, value(w & (~w + 1))});
        return;
      }
      for (std::uint32_t g : st.groups_of(c)) {
        bool holds_all = true;
        for (Cell d : of(a)) holds_all = holds_all && in_group(g, d);
        if (!holds_all) continue;
        for (Cell d : st.groups()[g].cells)
          if ((p->cands(d) & na.bit) != 0 && !contains(a, d) &&
              std::find(out.begin(), out.end(), Candidate{d, value(na.bit)}) == out.end())
            out.push_back({d, value(na.bit)});
      }
      return;
    }
    if (na.bit == nb.bit) {
      for (Cell d : st.peers(cells[na.first]))
        if ((p->cands(d) & na.bit) != 0 && !single(p->cands(d)) && !contains(a, d) && !contains(b, d) &&
            seen_by_all(a, d) && seen_by_all(b, d))
          out.push_back({d, value(na.bit)});
      return;
    }
    if (na.count != 1 || nb.count != 1) return;
    const Cell ca = cells[na.first], cb = cells[nb.first];
    if (ca == cb) {
      for (std::uint64_t w = p->cands(ca) & ~na.bit & ~nb.bit; w != 0; w &= w - 1)
        out.push_back({ca, value(w & (~w + 1))});
    } else if (st.sees(ca, cb)) {
      if ((p->cands(ca) & nb.bit) != 0) out.push_back({ca, value(nb.bit)});
      if ((p->cands(cb) & na.bit) != 0) out.push_back({cb, value(na.bit)});
    }
  }
};

}  // namespace

bool find_chain(const Position& p, Step& s, ChainKind kind, std::string_view name) {
  thread_local Graph graph;
  // Per state (node * 2 + 1 when true): the start whose search reached it (stamp), its parent
  // state (-1: the start) and its links from the start.
  thread_local std::vector<std::uint32_t> stamp;
  thread_local std::vector<std::int32_t> parent, length, queue;
  thread_local std::uint32_t search = 0;
  graph.build(p, kind);
  graph.link();
  const std::size_t nodes = graph.nodes.size();
  if (stamp.size() < 2 * nodes) stamp.resize(2 * nodes, 0);
  parent.resize(2 * nodes);
  length.resize(2 * nodes);
  queue.resize(2 * nodes);
  int best = 0;  // links of the chain reported so far (0: none)
  for (std::size_t start = 0; start < nodes; ++start) {
    if (++search == 0) {  // the stamps wrapped: clear them once
      std::fill(stamp.begin(), stamp.end(), 0);
      search = 1;
    }
    const auto a = static_cast<std::int32_t>(start);
    std::size_t head = 0, end = 0;
    auto reach = [&](std::int32_t state, std::int32_t from, std::int32_t len) {
      stamp[static_cast<std::size_t>(state)] = search;
      parent[static_cast<std::size_t>(state)] = from;
      length[static_cast<std::size_t>(state)] = len;
      queue[end++] = state;
    };
    reach(2 * a, -1, 0);  // state: node * 2 + (1: true)
    std::int32_t found = -1;
    while (head < end && found < 0) {
      const std::int32_t state = queue[head++];
      const std::int32_t n = state / 2, len = length[static_cast<std::size_t>(state)];
      if (best != 0 && len + 1 >= best) continue;
      if ((state & 1) == 0) {
        for (std::uint32_t k = graph.strong_start[n]; k < graph.strong_start[n + 1]; ++k) {
          const std::int32_t m = graph.strong_to[k];
          if (stamp[static_cast<std::size_t>(2 * m + 1)] == search) continue;
          reach(2 * m + 1, state, len + 1);
          if (len + 1 >= 3 && graph.productive(a, m)) {
            found = 2 * m + 1;
            break;
          }
        }
      } else {
        for (std::uint32_t k = graph.weak_start[n]; k < graph.weak_start[n + 1]; ++k) {
          const std::int32_t m = graph.weak_to[k];
          if (stamp[static_cast<std::size_t>(2 * m)] != search) reach(2 * m, state, len + 1);
        }
      }
    }
    if (found < 0) continue;
    best = length[static_cast<std::size_t>(found)];
    s.clear();
    s.technique = name;
    // Walk back from B (true) to A (false), then reverse: nodes and links in chain order.
    thread_local std::vector<std::int32_t> chain;
    chain.clear();
    for (std::int32_t st = found; st >= 0; st = parent[static_cast<std::size_t>(st)]) chain.push_back(st / 2);
    std::reverse(chain.begin(), chain.end());
    const bool grouped = std::any_of(chain.begin(), chain.end(),
                                     [&](std::int32_t n) { return graph.nodes[static_cast<std::size_t>(n)].count > 1; });
    for (std::int32_t n : chain) {
      const Node& x = graph.nodes[static_cast<std::size_t>(n)];
      s.values.push_back(p.structure.base() + std::countr_zero(x.bit));
      if (!grouped) {
        s.cells.push_back(graph.cells[x.first]);
        continue;
      }
      const auto cs = graph.of(n);
      s.cells.insert(s.cells.end(), cs.begin(), cs.end());
      s.node_sizes.push_back(x.count);
    }
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
      const Node &x = graph.nodes[static_cast<std::size_t>(chain[i])], &y = graph.nodes[static_cast<std::size_t>(chain[i + 1])];
      s.links.push_back({{graph.cells[x.first], s.values[i]}, {graph.cells[y.first], s.values[i + 1]}, i % 2 == 0});
    }
    graph.eliminate(a, found / 2, s.removals);
    if (best == 3) return true;  // no chain is shorter
  }
  return best != 0;
}

}  // namespace csp::techniques::detail
