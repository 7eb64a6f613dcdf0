// XY-wing. A pivot cell with candidates {x,y} sees two pincers {x,z} and {y,z}. Whichever value the
// pivot takes, one pincer is left with z; so z leaves every cell that sees both pincers.
//
//   pivot r1c1 {1,2}   pincer r1c5 {1,3}   pincer r4c1 {2,3}
//   -> 3 leaves r4c5 (it sees r1c5 in column 5 and r4c1 in row 4)
//
// Step: the cells pivot, pincer, pincer; the values x, y, z (z last); the removals.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_xy_wing(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (Cell pivot = 0; pivot < st.cells(); ++pivot) {
    const std::uint64_t xy = p.cands(pivot);
    if (std::popcount(xy) != 2) continue;
    const std::span<const Cell> peers = st.peers(pivot);
    for (Cell a : peers) {
      const std::uint64_t xz = p.cands(a);
      if (std::popcount(xz) != 2 || !single(xz & xy)) continue;
      const std::uint64_t z = xz & ~xy;
      const std::uint64_t yz = (xy & ~xz) | z;  // the other pincer's candidates
      for (Cell b : peers) {
        if (b <= a || p.cands(b) != yz) continue;
        // z leaves the cells seeing both pincers.
        bool any = false;
        for (Cell c : st.peers(a))
          if (c != b && c != pivot && st.sees(c, b) && (p.cands(c) & z)) any = true;
        if (!any) continue;
        s.clear();
        s.technique = "xy-wing";
        s.cells = {pivot, a, b};
        add_values(p, s, xy);
        add_values(p, s, z);
        for (Cell c : st.peers(a))
          if (c != b && c != pivot && st.sees(c, b) && (p.cands(c) & z)) remove_bits(p, s, c, z);
        return true;
      }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
