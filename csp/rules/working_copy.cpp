#include "csp/rules/working_copy.hpp"

namespace csp::rules_detail {

std::vector<Var> distinct_cells(const std::vector<Group>& groups) {
  std::vector<Var> cells;
  std::vector<bool> seen;
  for (const Group& g : groups) {
    for (Var v : g.cells) {
      const auto id = static_cast<std::size_t>(v.id);
      if (seen.size() <= id) seen.resize(id + 1, false);
      if (!seen[id]) cells.push_back(v);
      seen[id] = true;
    }
  }
  return cells;
}

}  // namespace csp::rules_detail
