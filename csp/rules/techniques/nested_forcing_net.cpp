// Nested forcing nets: forcing nets whose branches run forcing nets of their own. Within the
// branch of an assumption, every candidate is assumed in turn (as a net on the branch's
// candidates), and those that contradict leave the branch before it goes on; the branch's
// contradiction or its common removals are then used as a forcing net's (forcing_search.cpp,
// implications.hpp). Trial and error two levels deep: what the hardest known puzzles (rated 11
// and up by Sudoku Explainer) need, and the costliest search of the catalogue, so its last row.
//
// Bounded: a step of the hardest forum puzzles takes at most a few thousand assumptions (nested
// ones included; 3,123 over the first 20 of tdoku_forum_hardest_1905_11plus), an empty grid
// would take half a million. Past kBudget the finder gives up (finds nothing).
#include "csp/rules/detail/finders.hpp"
#include "csp/rules/detail/implications.hpp"

namespace csp::techniques::detail {

namespace {
constexpr std::uint64_t kBudget = 20000;
}  // namespace

bool find_nested_forcing_net(const Position& p, Step& s) {
  return find_forcing(p, s, Spread::nested, "nested-forcing-net", kBudget);
}

}  // namespace csp::techniques::detail
