// Search: the Solver facade of backtracking search over a model, with pluggable heuristics and
// inference level. Its options are csp/search/options.hpp, its results csp/search/result.hpp, its
// engine (depth-first) csp/search/detail/dfs.hpp.
//
// At each node the variable order (or the first phase with an unfixed variable) picks a variable
// and the value order gives its decisions: a list of candidates made when the node opens, or, for
// a lazy order, one decision at a time from the node's current domains (x = a, or a split x <= m).
// Each is tried in turn on a copy of the node's domains (state is restored by copying back, never
// by undoing). A decision that fails is negated on the node's own domains — and under MAC that is
// propagated too — before the next is tried. Every solution is checked against every constraint's
// satisfied() before it is reported. Optimisation is branch and bound over the same search.
#pragma once

#include <cstdint>
#include <memory>

#include "csp/kernel/domains.hpp"
#include "csp/kernel/model.hpp"
#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

class DepthFirstSearch;
class ParallelSearch;
struct Goal;

/// Searches one model: the facade over the search engine (depth-first, csp/search/detail/dfs.hpp).
/// Allocates its work space once; each search then allocates nothing per node.
/// Not thread-safe: one solver per thread (and one model per solver, see Model). With
/// SearchOptions::threads > 1 it runs that many threads itself for each search.
class Solver {
 public:
  /// Builds the heuristics from the options' factories and the work space for `model` (the
  /// threads' own, from options.worker_model, at their first search). Throws
  /// std::invalid_argument for options validate() refuses, threads over kMaxThreads, or
  /// threads > 1 without worker_model.
  explicit Solver(const Model& model, SearchOptions options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// The first solution from the model's initial domains.
  SearchResult solve();
  /// The first solution from `start` (the model's initial domains narrowed by the caller). Every
  /// search throws std::invalid_argument for a `start` not of this model (Domains::compatible).
  SearchResult solve(const Domains& start);
  /// Counts solutions, stopping once `cap` are found (status stopped_on_request) — 0: no cap.
  SearchResult count(const Domains& start, std::uint64_t cap = 0);
  /// Calls `on_solution` for every solution until it returns false.
  SearchResult for_each_solution(const Domains& start, const SolutionCallback& on_solution);
  /// Branch and bound: each solution found makes the objective's bound strictly tighter for the
  /// rest of the search, and `on_solution` is told of each (so of ever better ones; it may stop the
  /// search by returning false). Status exhausted: the last solution is optimal (none: no solution
  /// exists); `solution` holds the best found; stats.solutions counts the improving solutions.
  /// Throws std::invalid_argument for an objective whose variable is not of the model (Var{}).
  SearchResult optimize(const Domains& start, Objective objective, const SolutionCallback& on_solution = {});

  /// The model it searches.
  const Model& model() const { return model_; }
  /// The options it was built with.
  const SearchOptions& options() const;

 private:
  SearchResult run(const Domains& start, const Goal& goal);

  const Model& model_;
  std::unique_ptr<DepthFirstSearch> dfs_;
  std::unique_ptr<ParallelSearch> parallel_;  // threads > 1 only
};

}  // namespace csp
