// branch(): a search phase in one call, as Gecode's branch(home, vars, order, values).
#pragma once

#include <vector>

#include "csp/kernel/var.hpp"
#include "csp/search/options.hpp"

namespace csp {

/// Adds a phase to `options` (SearchOptions::phases, after those already there): branch on `vars`
/// until they are all fixed, choosing among them with `order` and trying values with `values`
/// (either empty: the options' own). Returns `options`, so calls chain. Throws
/// std::invalid_argument for an empty list of variables (a phase that would branch on nothing).
SearchOptions& branch(SearchOptions& options, std::vector<Var> vars, VariableOrderFactory order = {},
                      ValueOrderFactory values = {});

}  // namespace csp
