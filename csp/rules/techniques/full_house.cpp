// Full house: a group with one open cell left. Its other cells are placed, so the value they do
// not hold is the only one left for it.
//
//   row 3:  1 2 3 | 4 . 6 | 7 8 9   ->  r3c5 = 5
//
// Step: the group, the cell, the placement.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_full_house(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    const Structure::GroupInfo& info = st.groups()[g];
    int open = -1;
    int count = 0;
    std::uint64_t held = 0;
    for (Cell c : info.cells) {
      if (p.is_placed(c)) held |= p.cands(c);
      else open = static_cast<int>(c), ++count;
    }
    if (count != 1) continue;
    const std::uint64_t missing = info.values & ~held;
    const auto c = static_cast<Cell>(open);
    if (!single(missing) || (p.cands(c) & missing) == 0) continue;  // a contradiction, not a step
    s.clear();
    s.technique = "full-house";
    s.groups.push_back(g);
    s.cells.push_back(c);
    s.placements.push_back({c, st.base() + std::countr_zero(missing)});
    return true;
  }
  return false;
}

}  // namespace csp::techniques::detail
