// Hidden quad: four values whose places in a group are four cells fill those cells, which then
// hold nothing else. Shared search: hidden_subset.cpp.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_hidden_quad(const Position& p, Step& s) { return find_hidden_subset(p, s, 4, "hidden-quad"); }

}  // namespace csp::techniques::detail
