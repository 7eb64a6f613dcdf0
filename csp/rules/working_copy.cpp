#include "csp/rules/detail/working_copy.hpp"

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

std::vector<int> scope_index(std::span<const Var> scope) {
  std::vector<int> index_of;
  for (std::size_t i = 0; i < scope.size(); ++i) {
    const auto id = static_cast<std::size_t>(scope[i].id);
    if (index_of.size() <= id) index_of.resize(id + 1, -1);
    index_of[id] = static_cast<int>(i);
  }
  return index_of;
}

}  // namespace csp::rules_detail
