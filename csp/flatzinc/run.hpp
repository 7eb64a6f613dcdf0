// Solving a built FlatZinc program the way a FlatZinc solver answers MiniZinc: each solution's
// output items then `----------`, `==========` once the search is complete (every solution listed,
// or the last one proved optimal), `=====UNSATISFIABLE=====` when there is none, and
// `=====UNKNOWN=====` when a limit stopped the search before anything was found.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "csp/flatzinc/builder.hpp"
#include "csp/search/solver.hpp"

namespace csp::flatzinc {

/// What the standard FlatZinc solver flags ask for.
struct RunOptions {
  bool all = false;             ///< -a: every solution (optimisation: every improving one)
  std::uint64_t solutions = 0;  ///< -n N: stop after N solutions (0: 1 for satisfy, no cap for optimisation)
  bool intermediate = false;    ///< -i: print every improving solution of an optimisation
  bool ignore_annotations = false;  ///< search as if the model had no search annotations
  std::uint64_t seed = 1;       ///< -r: the seed of random value orders
  /// The rest of the search (order and values for what the annotations leave, inference, limits).
  SearchOptions search;
  /// Called before each write to `out` (fzn-csp clears its progress line on the terminal).
  std::function<void()> before_write;
};

/// Solves `p` as `options` say, writing solutions and the final status line to `out` (flushed after
/// each solution) and what was ignored to `notes`. Returns the search's result.
SearchResult run(const Program& p, const RunOptions& options, std::FILE* out, std::vector<std::string>& notes);

}  // namespace csp::flatzinc
