// The FlatZinc output format of one solution and of the statistics (what a FlatZinc solver prints
// for MiniZinc to read): `x = 3;`, `b = true;`, `q = array1d(1..3, [1, 2, 3]);` per output item,
// and `%%%mzn-stat: name=value` lines ending with `%%%mzn-stat-end`.
#pragma once

#include <span>
#include <string>

#include "csp/flatzinc/builder.hpp"
#include "csp/search/solver.hpp"

namespace csp::flatzinc {

/// The output items of `p` for one solution (one value per variable, by id), a line each, in
/// declaration order; without the `----------` that follows.
std::string solution_text(const Program& p, std::span<const Value> solution);

/// The %%%mzn-stat lines of a search (nodes, failures, propagations, solutions, solveTime,
/// objective when one was found, variables, propagators, initTime), ending with %%%mzn-stat-end.
std::string statistics_text(const Program& p, const SearchResult& r, double init_seconds);

}  // namespace csp::flatzinc
