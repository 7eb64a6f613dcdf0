// X-wing: a value confined to the same two columns in two rows takes two opposite corners of the
// rectangle, so it leaves the rest of those two columns (and symmetrically with rows and columns
// swapped).
//
//   x-wing on 4:    c3  c5
//            r2  .  4 . 4 .
//            r7  .  4 . 4 .      ->  4 leaves the rest of columns 3 and 5
//
// The fish of size 2; the search is shared with swordfish and jellyfish (fish_pattern.cpp).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_x_wing(const Position& p, Step& s) { return find_fish(p, s, 2, "x-wing"); }

}  // namespace csp::techniques::detail
