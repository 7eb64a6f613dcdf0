// Finned swordfish: a swordfish (size 3) whose base groups also hold the value outside the cover
// (fins); every base group keeps two or more places in the cover, the fins are extra places. Either
// no fin holds the value and the swordfish stands, or a fin does: a cell of the cover outside the
// base that sees every fin loses the value. The search is shared with the other finned fish
// (find_finned_fish in fish_pattern.cpp, where the diagram is).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_finned_swordfish(const Position& p, Step& s) { return find_finned_fish(p, s, 3, false, "finned-swordfish"); }

}  // namespace csp::techniques::detail
