// The search shared by hidden-pair, hidden-triple and hidden-quad. In a group, k values whose places together are k cells must
// fill those k cells, so those cells hold nothing else.
//
//   box 1:  4 only in r1c2, r3c1;  9 only in r1c2, r3c1      (hidden pair)
//   -> r1c2 and r3c1 keep only 4 and 9
//
// Only values with 2..k places take part (a value with one place is a hidden single). Groups are
// scanned in order, subsets of values in increasing order; the first that removes something is the
// step: the group, the k cells, the k values, the removals.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_hidden_subset(const Position& p, Step& s, int k, std::string_view name) {
  const Structure& st = p.structure;
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    const Structure::GroupInfo& info = st.groups()[g];
    const std::size_t n = info.cells.size();
    std::uint64_t places[64];  // by value bit: the group positions holding it
    std::uint64_t candidates = 0;  // values with 2..k places
    for (std::uint64_t vals = info.values; vals != 0; vals &= vals - 1) {
      const int v = std::countr_zero(vals);
      std::uint64_t m = 0;
      for (std::size_t i = 0; i < n; ++i)
        if ((p.cands(info.cells[i]) >> v) & 1U) m |= std::uint64_t{1} << i;
      places[v] = m;
      const int count = std::popcount(m);
      if (count >= 2 && count <= k) candidates |= std::uint64_t{1} << v;
    }
    if (std::popcount(candidates) < k) continue;
    std::uint64_t found_cells = 0, found_values = 0;
    const bool found = for_each_subset(candidates, k, [&](std::uint64_t vals) {
      std::uint64_t cells = 0;
      for (std::uint64_t b = vals; b != 0; b &= b - 1) cells |= places[std::countr_zero(b)];
      if (std::popcount(cells) != k) return false;
      for (std::uint64_t b = cells; b != 0; b &= b - 1)
        if (p.cands(info.cells[std::countr_zero(b)]) & ~vals) {
          found_cells = cells, found_values = vals;
          return true;
        }
      return false;
    });
    if (!found) continue;
    start_step(p, s, name, g, found_values);
    for (std::uint64_t b = found_cells; b != 0; b &= b - 1) {
      const Cell c = info.cells[std::countr_zero(b)];
      s.cells.push_back(c);
      remove_bits(p, s, c, p.cands(c) & ~found_values);
    }
    return true;
  }
  return false;
}

}  // namespace csp::techniques::detail
