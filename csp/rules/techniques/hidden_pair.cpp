// Hidden pair: two values whose places in a group are the same two cells fill those cells, which
// then hold nothing else.
//
//   box 1:  4 only in r1c2, r3c1;  9 only in r1c2, r3c1   ->  r1c2 and r3c1 keep only 4 and 9
//
// Shared search with hidden-triple and hidden-quad: hidden_subset.cpp.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_hidden_pair(const Position& p, Step& s) { return find_hidden_subset(p, s, 2, "hidden-pair"); }

}  // namespace csp::techniques::detail
