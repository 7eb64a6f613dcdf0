// BUG+1, the bivalue universal grave plus one (uniqueness: only for a puzzle known to have exactly
// one solution). Every open cell holds two candidates except one cell with three, and every value
// has zero or two places in every group, except one value v with three places in each group of the
// three-candidate cell. Without v there, the candidates would form a "grave": a position where each
// value can be swapped along cycles, which has zero or at least two solutions. With one solution,
// that cell must take v.
//
//   every open cell {x,y}, except r5c5 {2,6,8}; 6 has three places in row 5, column 5 and box 5
//   -> r5c5 = 6
//
// Step: the cell; the value; the placement.
#include <algorithm>

#include "problems/sudoku/uniqueness/uniqueness.hpp"

namespace problems::sudoku::uniqueness {

bool find_bug_plus_1(const Position& p, Step& s) {
  const Structure& st = p.structure;
  int extra = -1;
  for (Cell c = 0; c < st.cells(); ++c) {
    if (p.is_placed(c)) continue;
    const int k = std::popcount(p.cands(c));
    if (k < 2) return false;  // a pending single or a contradiction: not this pattern
    if (k == 2) continue;
    if (k > 3 || extra >= 0) return false;
    extra = static_cast<int>(c);
  }
  if (extra < 0) return false;
  const auto e = static_cast<Cell>(extra);
  std::uint64_t three = p.cands(e);  // the values with three places in every group of e
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    const Structure::GroupInfo& info = st.groups()[g];
    const bool mine = std::find(info.cells.begin(), info.cells.end(), e) != info.cells.end();
    std::uint64_t seen_once = 0, seen_twice = 0, seen_thrice = 0, more = 0;
    for (Cell c : info.cells) {
      if (p.is_placed(c)) continue;
      const std::uint64_t w = p.cands(c);
      more |= seen_thrice & w;
      seen_thrice |= seen_twice & w;
      seen_twice |= seen_once & w;
      seen_once |= w;
    }
    const std::uint64_t exactly_three = seen_thrice & ~more;
    const std::uint64_t odd = (seen_once & ~seen_twice) | more;  // one place, or four and more
    if (odd != 0) return false;
    if (!mine) {
      if (seen_thrice != 0) return false;
    } else {
      if (std::popcount(seen_thrice) > 1) return false;
      three &= exactly_three;
    }
  }
  if (!single(three)) return false;
  s.clear();
  s.technique = "bug-plus-1";
  s.cells.push_back(e);
  add_values(p, s, three);
  s.placements.push_back({e, s.values[0]});
  return true;
}

}  // namespace problems::sudoku::uniqueness
