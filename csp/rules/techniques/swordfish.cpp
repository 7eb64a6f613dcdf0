// Swordfish: a value confined to the same three columns in three rows (each row with two or three
// of the places) fills the three columns within those rows, so it leaves the rest of the columns.
// The fish of size 3 (fish_pattern.cpp).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_swordfish(const Position& p, Step& s) { return find_fish(p, s, 3, "swordfish"); }

}  // namespace csp::techniques::detail
