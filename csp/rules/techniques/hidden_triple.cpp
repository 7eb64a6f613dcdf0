// Hidden triple: three values whose places in a group are three cells fill those cells, which
// then hold nothing else. Shared search: hidden_subset.cpp.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_hidden_triple(const Position& p, Step& s) { return find_hidden_subset(p, s, 3, "hidden-triple"); }

}  // namespace csp::techniques::detail
