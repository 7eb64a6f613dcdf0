// Unique rectangles (uniqueness: sound only for a puzzle known to have exactly one solution): the
// rectangles the four types read, found once (unique_rectangle.cpp), each type a function of one
// rectangle (unique_rectangle_1.cpp .. unique_rectangle_4.cpp).
//
// A deadly shape: four open cells at the corners of two rows and two columns (groups of two
// crossing families) where every group of a corner holds exactly two corners and diagonal corners
// share no group (on Sudoku: the rectangle lies in exactly two boxes). Were all four corners a or b,
// a and b could be swapped between the diagonals without breaking a group: a second solution. A
// puzzle with one solution never fills the shape with a and b only; each type reads that on a
// rectangle whose *floor* (one side: two corners sharing a row or a column) holds only a and b and
// whose *roof* (the opposite side) holds a, b and maybe more, so that the roof is not a and b alone.
#pragma once

#include "problems/sudoku/uniqueness/uniqueness.hpp"

namespace problems::sudoku::uniqueness {

struct Rectangle {
  Cell corners[4];                  ///< r0c0, r0c1, r1c0, r1c1 (corners i and 3 - i are diagonal)
  std::uint32_t rows[2], cols[2];   ///< the groups, as indices into Structure::groups()
  Cell floor[2];                    ///< a side whose cells hold exactly {a,b}
  Cell roof[2];                     ///< the other side, roof[i] in floor[i]'s column (or row)
  std::uint64_t ab;                 ///< a and b, as bits relative to the base
};

/// A type of unique rectangle: fills the step (its technique, cells, values, groups, removals) and
/// returns true when it makes progress on that rectangle.
using RectangleType = bool (*)(const Position&, Step&, const Rectangle&);

/// Calls `type` on every rectangle of a deadly shape with a floor (each side of two corners holding
/// exactly the same two values, in turn), the two other corners holding both values; the
/// rectangles in order of crossing, first row, first column, second row, second column. Returns
/// true as soon as `type` does (the step is then its step). Uses s.scratch.
bool find_unique_rectangle(const Position& p, Step& s, RectangleType type);

/// The groups holding both cells a and b, each call of f(group) in Structure::groups_of(a)'s order.
template <class F>
bool for_each_shared_group(const Structure& st, Cell a, Cell b, F&& f) {
  for (std::uint32_t g : st.groups_of(a))
    for (std::uint32_t h : st.groups_of(b))
      if (g == h && f(g)) return true;
  return false;
}

/// Starts the step of a type on a rectangle: the technique, the floor then the roof as cells, a and
/// b as values, the rows then the columns as groups.
void start_rectangle_step(const Position& p, Step& s, std::string_view technique, const Rectangle& r);

}  // namespace problems::sudoku::uniqueness
