// Forcing nets: forcing chains whose inferences may have several premises — a cell whose other
// values were removed by different branches takes the last one, a value leaves a line when its
// places in a box are all on it — so the implications branch and join (every single and locked
// candidate over the candidates the assumption leaves; forcing_search.cpp, implications.hpp).
// The last resort before search: a contradiction net is what a person does when trying a value
// and following it through.
#include "csp/rules/detail/finders.hpp"
#include "csp/rules/detail/implications.hpp"

namespace csp::techniques::detail {

bool find_forcing_net(const Position& p, Step& s) { return find_forcing(p, s, Spread::nets, "forcing-net"); }

}  // namespace csp::techniques::detail
