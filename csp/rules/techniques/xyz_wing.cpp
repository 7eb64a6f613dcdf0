// XYZ-wing. A pivot cell with candidates {x,y,z} sees two pincers {x,z} and {y,z}. Whichever value
// the pivot takes, the pivot or one pincer holds z; so z leaves every cell that sees all three.
//
//   pivot r1c1 {1,2,3}   pincer r1c5 {1,3}   pincer r2c2 {2,3}
//   -> 3 leaves r1c2 and r1c3 (in row 1 with the pivot and r1c5, in box 1 with r2c2)
//
// Step: the cells pivot, pincer, pincer; the values x, y, z (z last); the removals.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_xyz_wing(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (Cell pivot = 0; pivot < st.cells(); ++pivot) {
    const std::uint64_t xyz = p.cands(pivot);
    if (std::popcount(xyz) != 3) continue;
    const std::span<const Cell> peers = st.peers(pivot);
    for (Cell a : peers) {
      const std::uint64_t xz = p.cands(a);
      if (std::popcount(xz) != 2 || (xz & ~xyz) != 0) continue;
      for (Cell b : peers) {
        const std::uint64_t yz = p.cands(b);
        if (b <= a || std::popcount(yz) != 2 || (yz & ~xyz) != 0 || (xz | yz) != xyz) continue;
        const std::uint64_t z = xz & yz;  // single: the two pairs differ and lie in three values
        auto target = [&](Cell c) { return c != a && c != b && st.sees(c, a) && st.sees(c, b) && (p.cands(c) & z); };
        bool any = false;
        for (Cell c : peers) any = any || target(c);
        if (!any) continue;
        s.clear();
        s.technique = "xyz-wing";
        s.cells = {pivot, a, b};
        add_values(p, s, xyz & ~z);
        add_values(p, s, z);
        for (Cell c : peers)
          if (target(c)) remove_bits(p, s, c, z);
        return true;
      }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
