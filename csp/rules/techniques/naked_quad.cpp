// Naked quad: four open cells of a group whose candidates together are four values take them all,
// so no other cell of the group can hold any of them. Shared search: naked_subset.cpp.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_naked_quad(const Position& p, Step& s) { return find_naked_subset(p, s, 4, "naked-quad"); }

}  // namespace csp::techniques::detail
