// Unique rectangle, type 1 (uniqueness: only for a puzzle known to have exactly one solution).
// Four open cells at the corners of two rows and two columns, lying in exactly two boxes, where
// three corners hold only the values a and b and the fourth holds them and more. If the fourth took
// a or b, the four cells would all be a or b in a pattern whose a and b can be swapped (every group
// holds two of the corners, one a and one b): a second solution. So the fourth loses a and b.
//
//   r1:  {4,7} . . | . . . | {4,7} . .          the rectangle r1c1, r1c7, r2c1, r2c7 spans
//   r2:  {4,7} . . | . . . | {4,7,9} . .        boxes 1 and 3
//   -> 4 and 7 leave r2c7
//
// Generic: rows and columns from two crossing families; every group of every corner must hold
// exactly two corners and the diagonal corners share no group (so the swap keeps every group
// exact); the rectangles are unique_rectangle.hpp's. Step: the three corners in corner order (r0c0,
// r0c1, r1c0, r1c1), then the fourth; the values a, b; the two rows then the two columns; the
// removals.
#include "problems/sudoku/uniqueness/unique_rectangle.hpp"

namespace problems::sudoku::uniqueness {

namespace {

bool type_1(const Position& p, Step& s, const Rectangle& r) {
  // One roof cell holds only a and b, the other more.
  const bool first_exact = p.cands(r.roof[0]) == r.ab, second_exact = p.cands(r.roof[1]) == r.ab;
  if (first_exact == second_exact) return false;
  const Cell wider = first_exact ? r.roof[1] : r.roof[0];
  s.clear();
  s.technique = "unique-rectangle-1";
  for (Cell c : r.corners)
    if (c != wider) s.cells.push_back(c);
  s.cells.push_back(wider);
  add_values(p, s, r.ab);
  s.groups = {r.rows[0], r.rows[1], r.cols[0], r.cols[1]};
  remove_bits(p, s, wider, r.ab);
  return true;
}

}  // namespace

bool find_unique_rectangle_1(const Position& p, Step& s) { return find_unique_rectangle(p, s, type_1); }

}  // namespace problems::sudoku::uniqueness
