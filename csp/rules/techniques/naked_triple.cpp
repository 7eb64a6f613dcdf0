// Naked triple: three open cells of a group whose candidates together are three values take them
// all (a cell may hold two of the three), so no other cell of the group can hold any of them.
//
//   row 5:  {1,2} {2,4} {1,4}   ->  1, 2 and 4 leave the rest of row 5
//
// Shared search: naked_subset.cpp.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_naked_triple(const Position& p, Step& s) { return find_naked_subset(p, s, 3, "naked-triple"); }

}  // namespace csp::techniques::detail
