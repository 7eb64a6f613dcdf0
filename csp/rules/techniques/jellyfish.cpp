// Jellyfish: a value confined to the same four columns in four rows leaves the rest of those
// columns. The fish of size 4 (fish_pattern.cpp).
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_jellyfish(const Position& p, Step& s) { return find_fish(p, s, 4, "jellyfish"); }

}  // namespace csp::techniques::detail
