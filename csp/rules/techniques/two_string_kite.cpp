// Two-string kite: a conjugate pair of a value in a row and one in a column whose ends b, c share a
// box: one of the other two ends a, d holds the value, so every cell seeing both (the cell at a's
// column and d's row) loses it. The three-link chain a =v= b -v- c =v= d (three_link_chain.cpp)
// with pairs in crossing lines and a non-line group for the weak link.
//
//   row 1:    b 3 . . . . . a 3 .      box 1 holds b = r1c1 and c = r2c2
//   column 2: c 3 in r2, d 3 in r8     -> 3 leaves r8c8
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_two_string_kite(const Position& p, Step& s) {
  return find_three_link_chain(p, s, ThreeLinkKind::two_string_kite, "two-string-kite");
}

}  // namespace csp::techniques::detail
