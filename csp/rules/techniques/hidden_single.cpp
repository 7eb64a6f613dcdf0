// Hidden single: in a group, a value not yet placed that is a candidate of one open cell only
// must go there, whatever else that cell could hold.
//
//   box 5:  7 is a candidate of r5c5 only   ->  r5c5 = 7
//
// Step: the group, the cell, the placement. Groups are scanned in order (rows, columns, boxes in
// Sudoku), values from the smallest.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_hidden_single(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    const Structure::GroupInfo& info = st.groups()[g];
    std::uint64_t once = 0, twice = 0, held = 0;
    for (Cell c : info.cells) {
      const std::uint64_t w = p.cands(c);
      if (p.is_placed(c)) {
        held |= w;
        continue;
      }
      twice |= once & w;
      once |= w;
    }
    const std::uint64_t hidden = once & ~twice & ~held & info.values;
    if (hidden == 0) continue;
    const std::uint64_t bit = hidden & (~hidden + 1);
    for (Cell c : info.cells) {
      if (p.is_placed(c) || (p.cands(c) & bit) == 0) continue;
      s.clear();
      s.technique = "hidden-single";
      s.groups.push_back(g);
      s.cells.push_back(c);
      s.placements.push_back({c, st.base() + std::countr_zero(bit)});
      return true;
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
