// Depth-first search: the search engine behind Solver (csp/search.hpp), in a file of its own as
// Gecode keeps each of its engines, so that another engine can come next to it over the same
// contract: built once per solver from a model and options, then run from any start domains
// towards a Goal, allocating nothing per node.
//
// The loop is a machine of four steps (Step). A node is the domains in `current_` after its
// decision was propagated; opening it pushes a frame holding a copy of those domains, the variable
// the order picked and its candidates in the value order's order. Each candidate is tried on a
// fresh copy; a candidate that fails, or whose subtree is finished, is refuted: removed from the
// frame's own copy (and under MAC that removal is propagated too), so that later candidates start
// from a stronger state. A frame whose refutation fails is popped, and the refutation moves up.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "csp/search.hpp"

namespace csp {

/// What one run of a search is asked for.
struct Goal {
  std::uint64_t cap = 0;                         ///< stop after this many solutions (0: all of them)
  const SolutionCallback* on_solution = nullptr; ///< told of each solution; stops the search on false
};

/// Depth-first search over one model. Not thread-safe: one per thread, as Solver.
class DepthFirstSearch {
 public:
  /// Builds the heuristics from the options' factories and allocates every frame.
  DepthFirstSearch(const Model& model, SearchOptions options);
  ~DepthFirstSearch();
  DepthFirstSearch(const DepthFirstSearch&) = delete;
  DepthFirstSearch& operator=(const DepthFirstSearch&) = delete;

  /// Searches from `start` (the model's initial domains, narrowed or not) until the goal is met,
  /// the space is exhausted or a limit fires.
  SearchResult run(const Domains& start, Goal goal);
  /// The options it was built with.
  const SearchOptions& options() const { return options_; }

 private:
  struct Frame;
  /// What the search does next.
  enum class Step : std::uint8_t {
    open,    ///< current_ is a node that inference accepted: branch on it, or it is a solution
    next,    ///< try the next candidate of the deepest frame
    refute,  ///< the deepest frame's tried value failed or is finished: remove it from the frame
    stop,    ///< the search is over; result_.status says why
  };

  Step start(const Domains& start);
  Step open();
  Step solution();
  Step next();
  Step refute();
  Step stop(SearchStatus status);
  bool refuted(Frame& f, Value a);
  void note_failure(PropagatorId by);
  bool infer_after_decision(Var v, Domains& d);
  bool infer_at_root(Domains& d);
  bool limit_reached();

  const Model& model_;
  SearchOptions options_;
  Engine engine_;
  std::unique_ptr<VariableOrder> var_order_;
  std::unique_ptr<ValueOrder> value_order_;
  std::vector<Frame> frames_;  // one per variable, and one spare: a depth never exceeds it
  Domains current_;
  std::vector<Value> assignment_;
  // The run under way.
  SearchResult result_;
  Goal goal_;
  std::chrono::steady_clock::time_point started_;
  std::size_t depth_ = 0;         // frames open: frames_[depth_ - 1] is the deepest
  bool current_is_saved_ = false; // current_ equals the deepest frame's domains (it was just opened)
};

}  // namespace csp
