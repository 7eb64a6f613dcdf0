// Unique rectangle, type 3 (uniqueness: only for a puzzle known to have exactly one solution).
// A rectangle of a deadly shape (unique_rectangle.hpp) whose floor holds only a and b and whose
// roof cells both hold a, b and more; E, their other values. One roof cell takes a value of E
// (else the four corners are all a or b: a second solution), so the roof acts in a group G it
// shares as one cell holding E. With k - 1 other open cells of G whose candidates and E make k
// values V (k = 2..4), those k cells of G take all of V (a naked subset): V leaves the rest of G.
//
//   r1:  {4,7}   . . | . . . | {4,7}     . .     floor r1c1, r1c7; roof r2c1, r2c7: E = {1,9}
//   r2:  {1,4,7} . . | {1,9} . | {4,7,9} . .     r2c4 {1,9}: with the roof, a pair {1,9} of row 2
//   -> 1 and 9 leave the rest of row 2
//
// G is the roof's row or column, or a box holding both roof cells; the other cells are exactly the
// open cells of G (outside the roof) whose candidates lie in V. Step: the floor, the roof, then the
// other cells; the values a, b, then V; the two rows, the two columns, then G when it is none of
// them (a box); the removals.
#include "problems/sudoku/uniqueness/unique_rectangle.hpp"

namespace problems::sudoku::uniqueness {

namespace {

// The largest naked subset the roof joins, counting the roof as one cell.
constexpr int kMaxSubset = 4;

bool type_3(const Position& p, Step& s, const Rectangle& r) {
  const std::uint64_t w0 = p.cands(r.roof[0]), w1 = p.cands(r.roof[1]);
  if (w0 == r.ab || w1 == r.ab) return false;  // type 1's
  const std::uint64_t extra = (w0 | w1) & ~r.ab;
  const Structure& st = p.structure;
  auto other = [&](Cell c) { return c != r.roof[0] && c != r.roof[1] && !p.is_placed(c); };
  return for_each_shared_group(st, r.roof[0], r.roof[1], [&](std::uint32_t g) {
    const Structure::GroupInfo& group = st.groups()[g];
    // V = E and `more` values of the group: a naked subset of k "cells", the roof one of them.
    auto subset = [&](int k, std::uint64_t more) {
      const std::uint64_t v = extra | more;
      int inside = 0, outside = 0;
      std::uint64_t seen = extra;
      for (Cell c : group.cells) {
        if (!other(c)) continue;
        if ((p.cands(c) & ~v) == 0) ++inside, seen |= p.cands(c);
        else if (p.cands(c) & v) ++outside;
      }
      if (inside != k - 1 || seen != v || outside == 0) return false;
      start_rectangle_step(p, s, "unique-rectangle-3", r);
      for (Cell c : group.cells)
        if (other(c) && (p.cands(c) & ~v) == 0) s.cells.push_back(c);
      add_values(p, s, v);
      if (g != r.rows[0] && g != r.rows[1] && g != r.cols[0] && g != r.cols[1]) s.groups.push_back(g);
      for (Cell c : group.cells)
        if (other(c) && (p.cands(c) & ~v) != 0) remove_bits(p, s, c, p.cands(c) & v);
      return true;
    };
    for (int k = std::max(2, std::popcount(extra)); k <= kMaxSubset; ++k) {
      const int need = k - std::popcount(extra);
      if (need == 0 ? subset(k, 0)
                    : for_each_subset(group.values & ~extra, need, [&](std::uint64_t more) { return subset(k, more); }))
        return true;
    }
    return false;
  });
}

}  // namespace

bool find_unique_rectangle_3(const Position& p, Step& s) { return find_unique_rectangle(p, s, type_3); }

}  // namespace problems::sudoku::uniqueness
