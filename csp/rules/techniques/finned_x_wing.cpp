// Finned X-wing: an x-wing (size 2) whose base groups also hold the value outside the cover (fins);
// every base group keeps two or more places in the cover, the fins are extra places. Either no fin
// holds the value and the x-wing stands, or a fin does: a cell of the cover outside the base that
// sees every fin loses the value. The search is shared with the other finned fish (find_finned_fish
// in fish_pattern.cpp, where the diagram is).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_finned_x_wing(const Position& p, Step& s) { return find_finned_fish(p, s, 2, false, "finned-x-wing"); }

}  // namespace csp::techniques::detail
