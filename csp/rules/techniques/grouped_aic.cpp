// Grouped alternating inference chain: an AIC (aic.cpp) whose nodes may also be a value's places
// in a box-line intersection (two or three cells of a box within a line), true when one of them
// holds the value. A group whose places are one cell and such a node, or two such nodes, links them
// strongly; grouped X-chains and grouped nice loops are its cases (chain.hpp).
//
//   r1c1 =5= {r3c4,r3c5} -5- r3c8 =5= r7c8      (5 in row 3: r3c4, r3c5 or r3c8 ... )
// Step: the chain's nodes in order in cells and values (every cell of a grouped node, the nodes'
// sizes in node_sizes), its links, the removals.
#include "csp/rules/detail/chain.hpp"
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_grouped_aic(const Position& p, Step& s) {
  return find_chain(p, s, ChainKind{.bilocal = true, .in_cell = true, .grouped = true}, "grouped-aic");
}

}  // namespace csp::techniques::detail
