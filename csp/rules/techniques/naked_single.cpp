// Naked single: an open cell with one candidate left takes it (and the value leaves its peers).
//
//   r3c5: {7}   ->  r3c5 = 7
//
// Step: the cell, the placement; no group.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_naked_single(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (Cell c = 0; c < st.cells(); ++c) {
    const std::uint64_t w = p.cands(c);
    if (!single(w) || p.is_placed(c)) continue;
    s.clear();
    s.technique = "naked-single";
    s.cells.push_back(c);
    s.placements.push_back({c, st.base() + std::countr_zero(w)});
    return true;
  }
  return false;
}

}  // namespace csp::techniques::detail
