// Turbot fish: a chain a =v= b -v- c =v= d of two conjugate pairs of a value whose inner ends b, c
// share a group, other than a skyscraper or a two-string kite (a pair lies in a box, or b and c
// share only a box while the pairs lie in parallel lines): a or d holds the value, so every cell
// seeing both loses it (three_link_chain.cpp).
//
//   box 1: a = r1c1, b = r3c2 (its only 9s)   row 3: c = r3c7   column 7: c =9= d = r6c7
//   -> 9 leaves the cells seeing r1c1 and r6c7 (r1c7, r6c1, ...)
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_turbot_fish(const Position& p, Step& s) {
  return find_three_link_chain(p, s, ThreeLinkKind::turbot_fish, "turbot-fish");
}

}  // namespace csp::techniques::detail
