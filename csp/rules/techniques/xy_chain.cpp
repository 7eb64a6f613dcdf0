// XY-chain: a chain of bivalue cells, each linked to the next by a shared value in a group. If the
// first cell does not hold its first value x, it holds its other value, which the next cell then
// does not hold, so that cell holds its other value, ... and the last cell holds its last value.
// With the first value and the last the same (z), one of the two ends holds z: every cell seeing
// both ends loses it. XY-wings are the XY-chains of three cells. (The alternating inference
// chain of strong links within cells and weak links between cells: chain.hpp.)
//
//   r1c1 {2,5} -5- r1c6 {5,7} -7- r5c6 {7,2}     (the ends' 2: r1c1 or r5c6)
//   -> 2 leaves the cells seeing r1c1 and r5c6 (r5c1.., r1c4.. as the groups allow)
// Step: the chain's nodes (cell, value) in order in cells and values, its links, the removals.
#include "csp/rules/detail/chain.hpp"
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_xy_chain(const Position& p, Step& s) {
  return find_chain(p, s, ChainKind{.bilocal = false, .in_cell = false, .grouped = false}, "xy-chain");
}

}  // namespace csp::techniques::detail
