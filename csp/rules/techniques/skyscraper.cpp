// Skyscraper: two conjugate pairs of a value in parallel lines (rows r1, r2) whose ends b, c share
// a crossing line (column): one of the other two ends a, d holds the value, so every cell seeing
// both loses it. The three-link chain a =v= b -v- c =v= d (three_link_chain.cpp) with both pairs in
// one family of lines.
//
//   r1:  a 5 . . . . b 5 . .        column 7 holds b and c
//   r4:  . . d 5 . . c 5 . .   ->   5 leaves the cells seeing both a = r1c1 and d = r4c3
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_skyscraper(const Position& p, Step& s) {
  return find_three_link_chain(p, s, ThreeLinkKind::skyscraper, "skyscraper");
}

}  // namespace csp::techniques::detail
