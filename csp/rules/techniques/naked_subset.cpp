// The search shared by naked-pair, naked-triple and naked-quad. In a group, k open cells whose candidates together are k values
// take those k values between them, so no other cell of the group can hold any of them.
//
//   row 2:  r2c1 {3,8}  r2c7 {3,8}          (naked pair)
//   -> 3 and 8 leave r2c2..r2c6, r2c8, r2c9
//   row 5:  {1,2} {2,4} {1,4}               (naked triple: a cell may hold two of the three)
//
// Only cells with 2..k candidates take part (a cell with one is a single). Groups are scanned in
// order, subsets of cells in lexicographic order; the first subset that removes something is the
// step: the group, the k cells, the k values, the removals. k cells holding fewer than k values
// between them cannot all be filled: the position has no solution, and the step says so by
// removing the first cell's candidates (then empty), which any caller sees as a contradiction.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_naked_subset(const Position& p, Step& s, int k, std::string_view name) {
  const Structure& st = p.structure;
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    const Structure::GroupInfo& info = st.groups()[g];
    const std::size_t n = info.cells.size();
    std::uint64_t small = 0;  // group positions of the cells with 2..k candidates
    for (std::size_t i = 0; i < n; ++i) {
      const int size = std::popcount(p.cands(info.cells[i]));
      if (size >= 2 && size <= k) small |= std::uint64_t{1} << i;
    }
    if (std::popcount(small) < k) continue;
    std::uint64_t found_cells = 0, found_values = 0;
    const bool found = for_each_subset(small, k, [&](std::uint64_t cells) {
      std::uint64_t vals = 0;
      for (std::uint64_t b = cells; b != 0; b &= b - 1) vals |= p.cands(info.cells[std::countr_zero(b)]);
      if (std::popcount(vals) > k) return false;
      if (std::popcount(vals) < k) {
        found_cells = cells, found_values = vals;
        return true;
      }
      for (std::size_t i = 0; i < n; ++i)
        if (!((cells >> i) & 1U) && (p.cands(info.cells[i]) & vals) != 0) {
          found_cells = cells, found_values = vals;
          return true;
        }
      return false;
    });
    if (!found) continue;
    start_step(p, s, name, g, found_values);
    if (std::popcount(found_values) < k) {
      for (std::uint64_t b = found_cells; b != 0; b &= b - 1) s.cells.push_back(info.cells[std::countr_zero(b)]);
      remove_bits(p, s, s.cells[0], p.cands(s.cells[0]));
      return true;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const Cell c = info.cells[i];
      if ((found_cells >> i) & 1U) s.cells.push_back(c);
      else if (p.cands(c) & found_values) remove_bits(p, s, c, p.cands(c) & found_values);
    }
    return true;
  }
  return false;
}

}  // namespace csp::techniques::detail
