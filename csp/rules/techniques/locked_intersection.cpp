// The search shared by pointing and claiming (the locked candidates). Two groups A and B share cells (a box and a row). When a value's places in A
// all lie in A∩B, the cell of A that takes it is also in B, so it leaves B\A.
//
//   pointing (A a box, B a line)          claiming (A a line, B a box)
//     box 1: 5 only in r1c1, r1c2           row 1: 5 only in r1c1, r1c3
//     -> 5 leaves r1c4..r1c9                -> 5 leaves r2c1..r3c3
//
// Which is which in a general structure: A is a "line" when its family crosses another (rows and
// columns cross; see Structure::crossings()); claiming confines in a line and clears a non-line,
// pointing is every other case. A value with a single place in A (a single) does not count.
// Step: the groups A then B, the value, A's places of the value, the removals from B\A.
#include <algorithm>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_locked(const Position& p, Step& s, bool claiming) {
  const Structure& st = p.structure;
  for (const Structure::Overlap& o : st.overlaps()) {
    for (int side = 0; side < 2; ++side) {
      const std::uint32_t a = side == 0 ? o.a : o.b, b = side == 0 ? o.b : o.a;
      const bool a_line = st.line_family(st.groups()[a].family), b_line = st.line_family(st.groups()[b].family);
      if ((a_line && !b_line) != claiming) continue;
      const Structure::GroupInfo& ga = st.groups()[a];
      const Structure::GroupInfo& gb = st.groups()[b];
      auto shared = [&](Cell c) { return std::find(o.shared.begin(), o.shared.end(), c) != o.shared.end(); };
      std::uint64_t inside = 0, outside = 0, twice = 0;  // values in A∩B, in A\B; twice: 2+ places in A∩B
      for (Cell c : o.shared) {
        twice |= inside & p.cands(c);
        inside |= p.cands(c);
      }
      for (Cell c : ga.cells)
        if (!shared(c)) outside |= p.cands(c);
      std::uint64_t in_rest = 0;  // values still in B\A
      for (Cell c : gb.cells)
        if (!shared(c)) in_rest |= p.cands(c);
      const std::uint64_t locked = twice & ~outside & in_rest & ga.values;
      if (locked == 0) continue;
      const std::uint64_t bit = locked & (~locked + 1);
      s.clear();
      s.technique = claiming ? "claiming" : "pointing";
      s.groups.push_back(a);
      s.groups.push_back(b);
      add_values(p, s, bit);
      for (Cell c : o.shared)
        if (p.cands(c) & bit) s.cells.push_back(c);
      for (Cell c : gb.cells)
        if (!shared(c) && (p.cands(c) & bit)) remove_bits(p, s, c, bit);
      return true;
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
