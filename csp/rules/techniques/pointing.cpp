// Pointing: a value whose places in a box all lie in one line (row or column) is taken by that line
// within the box, so it leaves the rest of the line.
//
//   box 1: 5 only in r1c1, r1c2   ->  5 leaves r1c4..r1c9
//
// In a general structure: the value is confined in a group that is not a line (or both are
// lines), to its intersection with another group (locked_intersection.cpp). Accelerated, as a
// search rule, by locked pairs (csp/rules/detail/locked_pairs.hpp) with claiming.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_pointing(const Position& p, Step& s) { return find_locked(p, s, false); }

}  // namespace csp::techniques::detail
