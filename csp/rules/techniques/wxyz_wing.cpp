// WXYZ-wing. Four open cells holding four values between them, every value but one, z,
// *restricted*: the cells of the four holding it all see one another, so at most one of them takes
// it. The three restricted values then fill at most three of the four cells, so the fourth takes z:
// z is in the set, and leaves every cell that sees all the set's cells holding z.
//
//   r1c1 {1,2,3,4}   r1c5 {1,4}   r2c2 {2,4}   r3c3 {3,4}
//   1: r1c1, r1c5 (row 1)   2: r1c1, r2c2 (box 1)   3: r1c1, r3c3 (box 1)   4: r1c5 and r2c2 do not meet
//   -> 4 leaves r1c2 and r1c3 (row 1 with r1c1 and r1c5, box 1 with r2c2 and r3c3)
//
// The general "bent set" of four cells: no cell has to hold all four values (r1c1 {1,2,3} in the
// example does as well). The three-cell sets of this kind are the XY- and XYZ-wings (their own
// files, tried first). Cells with two to four candidates take part; a set whose four values are
// all restricted (a naked quad, an XY-ring) is not this pattern. Step: the four cells in cell
// order; the values, z last; the removals.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_wxyz_wing(const Position& p, Step& s) {
  const Structure& st = p.structure;
  // The cells that can take part (open, two to four candidates), kept in the step's working memory.
  std::vector<std::int32_t>& pool = s.scratch;
  pool.clear();
  for (Cell c = 0; c < st.cells(); ++c) {
    const int k = std::popcount(p.cands(c));
    if (k >= 2 && k <= 4) pool.push_back(static_cast<std::int32_t>(c));
  }
  const std::size_t n = pool.size();
  auto cell = [&](std::size_t i) { return static_cast<Cell>(pool[i]); };
  // The values shared by `c` and a cell of `set` it does not see: no longer restricted.
  auto loosened = [&](Cell c, std::initializer_list<Cell> set) {
    std::uint64_t loose = 0;
    for (Cell d : set)
      if (!st.sees(c, d)) loose |= p.cands(c) & p.cands(d);
    return loose;
  };
  // Adding cells only adds values and unrestricts values, so a partial set past four values or
  // with two unrestricted values is given up.
  auto viable = [](std::uint64_t values, std::uint64_t loose) {
    return std::popcount(values) <= 4 && std::popcount(loose) <= 1;
  };
  for (std::size_t i0 = 0; i0 < n; ++i0) {
    const Cell c0 = cell(i0);
    for (std::size_t i1 = i0 + 1; i1 < n; ++i1) {
      const Cell c1 = cell(i1);
      const std::uint64_t v1 = p.cands(c0) | p.cands(c1), l1 = loosened(c1, {c0});
      if (!viable(v1, l1)) continue;
      for (std::size_t i2 = i1 + 1; i2 < n; ++i2) {
        const Cell c2 = cell(i2);
        const std::uint64_t v2 = v1 | p.cands(c2), l2 = l1 | loosened(c2, {c0, c1});
        if (!viable(v2, l2)) continue;
        for (std::size_t i3 = i2 + 1; i3 < n; ++i3) {
          const Cell c3 = cell(i3);
          const std::uint64_t values = v2 | p.cands(c3), z = l2 | loosened(c3, {c0, c1, c2});
          if (std::popcount(values) != 4 || !single(z)) continue;
          const Cell set[4] = {c0, c1, c2, c3};
          // A cell outside the set holding z and seeing every cell of the set that holds z.
          auto target = [&](Cell c) {
            if ((p.cands(c) & z) == 0) return false;
            for (Cell d : set)
              if (c == d || ((p.cands(d) & z) != 0 && !st.sees(c, d))) return false;
            return true;
          };
          Cell first_z = c0;  // a holder of z: the targets are among its peers
          for (Cell d : set)
            if (p.cands(d) & z) {
              first_z = d;
              break;
            }
          bool any = false;
          for (Cell c : st.peers(first_z)) any = any || target(c);
          if (!any) continue;
          s.clear();
          s.technique = "wxyz-wing";
          s.cells.assign(std::begin(set), std::end(set));
          add_values(p, s, values & ~z);
          add_values(p, s, z);
          for (Cell c : st.peers(first_z))
            if (target(c)) remove_bits(p, s, c, z);
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
