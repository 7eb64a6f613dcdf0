// Unique rectangle, type 2 (uniqueness: only for a puzzle known to have exactly one solution).
// A rectangle of a deadly shape (unique_rectangle.hpp) whose floor holds only a and b and whose
// two roof cells hold a, b and one more value c, the same in both. Were neither roof cell c, the
// four corners would all be a or b: a second solution. So a roof cell holds c, and c leaves every
// cell that sees both roof cells.
//
//   r1:  {4,7}   . . | . . . | {4,7}   . .      floor r1c1, r1c7; roof r2c1, r2c7 (row 2)
//   r2:  {4,7,9} . . | . . . | {4,7,9} . .
//   -> 9 leaves the rest of row 2
//
// The roof cells share a row or a column (a side of the rectangle; with diagonal roof cells it
// would be HoDoKu's type 5), and a box when the rectangle's columns meet one. Step: the floor then
// the roof; the values a, b, c; the two rows then the two columns; the removals.
#include "problems/sudoku/uniqueness/unique_rectangle.hpp"

namespace problems::sudoku::uniqueness {

namespace {

bool type_2(const Position& p, Step& s, const Rectangle& r) {
  const std::uint64_t roof = p.cands(r.roof[0]);
  if (p.cands(r.roof[1]) != roof || std::popcount(roof) != 3) return false;
  const std::uint64_t c = roof & ~r.ab;
  auto target = [&](Cell t) { return t != r.roof[1] && p.structure.sees(t, r.roof[1]) && (p.cands(t) & c) != 0; };
  bool any = false;
  for (Cell t : p.structure.peers(r.roof[0])) any = any || target(t);
  if (!any) return false;
  start_rectangle_step(p, s, "unique-rectangle-2", r);
  add_values(p, s, c);
  for (Cell t : p.structure.peers(r.roof[0]))
    if (target(t)) remove_bits(p, s, t, c);
  return true;
}

}  // namespace

bool find_unique_rectangle_2(const Position& p, Step& s) { return find_unique_rectangle(p, s, type_2); }

}  // namespace problems::sudoku::uniqueness
