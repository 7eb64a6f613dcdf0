// Sashimi X-wing: an x-wing (size 2) whose base groups also hold the value outside the cover
// (fins); a base group keeps only one place in the cover (the fish without its fins would be
// degenerate). Either no fin holds the value and the x-wing stands, or a fin does: a cell of the
// cover outside the base that sees every fin loses the value. The search is shared with the other
// finned fish (find_finned_fish in fish_pattern.cpp, where the diagram is).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_sashimi_x_wing(const Position& p, Step& s) { return find_finned_fish(p, s, 2, true, "sashimi-x-wing"); }

}  // namespace csp::techniques::detail
