// Naked pair: two open cells of a group whose candidates are the same two values take those two
// values between them, so no other cell of the group can hold either.
//
//   row 2:  r2c1 {3,8}  r2c7 {3,8}   ->  3 and 8 leave r2c2..r2c6, r2c8, r2c9
//
// The search for k cells holding k values is shared with naked-triple and naked-quad
// (naked_subset.cpp).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_naked_pair(const Position& p, Step& s) { return find_naked_subset(p, s, 2, "naked-pair"); }

}  // namespace csp::techniques::detail
