// Unique rectangle, type 4 (uniqueness: only for a puzzle known to have exactly one solution).
// A rectangle of a deadly shape (unique_rectangle.hpp) whose floor holds only a and b and whose
// roof cells both hold a, b and more, where a group G holding both roof cells has no other place
// for a: one roof cell is a. Were the other b, the four corners would all be a or b: a second
// solution. So b leaves both roof cells.
//
//   r1:  {4,7}   . . | . . . | {4,7}     . .     floor r1c1, r1c7; roof r2c1, r2c7
//   r2:  {4,7,9} . . | . . . | {4,7,8,9} . .     row 2's 4s: only r2c1 and r2c7
//   -> 7 leaves r2c1 and r2c7
//
// G is the roof's row or column, or a box holding both roof cells; a is tried before b. Step: the
// floor then the roof; the values a, b (the one confined to the roof first); the two rows, the
// two columns, then G when it is none of them (a box); the removals.
#include "problems/sudoku/uniqueness/unique_rectangle.hpp"

namespace problems::sudoku::uniqueness {

namespace {

bool type_4(const Position& p, Step& s, const Rectangle& r) {
  if (p.cands(r.roof[0]) == r.ab || p.cands(r.roof[1]) == r.ab) return false;  // type 1's
  const Structure& st = p.structure;
  return for_each_shared_group(st, r.roof[0], r.roof[1], [&](std::uint32_t g) {
    for (std::uint64_t vs = r.ab; vs != 0; vs &= vs - 1) {
      const std::uint64_t a = vs & (~vs + 1), b = r.ab & ~a;
      if (conjugate_partner(p, st.groups()[g], r.roof[0], a) != static_cast<int>(r.roof[1])) continue;
      start_rectangle_step(p, s, "unique-rectangle-4", r);
      s.values.clear();
      add_values(p, s, a);
      add_values(p, s, b);
      if (g != r.rows[0] && g != r.rows[1] && g != r.cols[0] && g != r.cols[1]) s.groups.push_back(g);
      remove_bits(p, s, r.roof[0], b);
      remove_bits(p, s, r.roof[1], b);
      return true;
    }
    return false;
  });
}

}  // namespace

bool find_unique_rectangle_4(const Position& p, Step& s) { return find_unique_rectangle(p, s, type_4); }

}  // namespace problems::sudoku::uniqueness
