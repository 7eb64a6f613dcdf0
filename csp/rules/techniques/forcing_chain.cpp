// Forcing chains: assume a candidate true (or false) and follow its chains of single-premise
// inferences — a bivalue cell losing one value takes the other, a value with two places in a
// group losing one takes the other, a placed value leaves its peers — to a contradiction, or from
// every value of a cell, or every place of a value in a group, to the same removal
// (forcing_search.cpp, implications.hpp).
//
//   r1c1 {1,2}, r1c5 {1,3}, r4c1 {2,3}:  r1c1 = 1 -> r1c5 = 3;  r1c1 = 2 -> r4c1 = 3
//   -> 3 leaves r4c5 (it sees both) whichever value r1c1 takes
#include "csp/rules/detail/finders.hpp"
#include "csp/rules/detail/implications.hpp"

namespace csp::techniques::detail {

bool find_forcing_chain(const Position& p, Step& s) { return find_forcing(p, s, Spread::chains, "forcing-chain"); }

}  // namespace csp::techniques::detail
