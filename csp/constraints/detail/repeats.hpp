// Whether a scope names some variable twice. A propagator whose reasoning treats its scope's
// variables as independent reaches its fixpoint in one run only when they are; with a repeat, its
// own narrowing can enable more, so it asks the engine to run it again (PropStatus::not_fixpoint)
// rather than leave a state, all fixed, that it never checked.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "csp/kernel/var.hpp"

namespace csp {

/// True when some variable occurs twice in `vars` (sorts a copy: for constructors, not hot paths).
inline bool repeats(std::span<const Var> vars) {
  std::vector<Var> sorted(vars.begin(), vars.end());
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

}  // namespace csp
