// Alternating inference chain (AIC), of which X-chains and XY-chains are the single-value and
// bivalue-cell cases, and nice loops the closed ones: nodes are candidates, strong links are
// bivalue cells and values with two places in a group, weak links are two values of a cell or one
// value in two cells of a group (chain.hpp). A chain from A to B starting and ending with a strong
// link proves that A or B holds; a discontinuous loop (B = A) places A.
//
//   r1c1 =5= r1c6 -5- r4c6 =5|7= r4c6 -7- r4c2 =7= r6c2    (= strong, - weak; 5|7 within a cell)
//   A = 5 at r1c1, B = 7 at r6c2: if r1c1 sees r6c2, r1c1 loses 7 and r6c2 loses 5
// Step: the chain's nodes (cell, value) in order in cells and values, its links, the removals.
#include "csp/rules/detail/chain.hpp"
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_aic(const Position& p, Step& s) {
  return find_chain(p, s, ChainKind{.bilocal = true, .in_cell = true, .grouped = false}, "aic");
}

}  // namespace csp::techniques::detail
