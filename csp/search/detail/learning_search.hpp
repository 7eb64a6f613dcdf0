// Learning search (Inference::learn): depth-first search that learns a clause from each failure,
// in the manner of lazy clause generation (Ohrimenko, Stuckey and Codish 2009).
//
// Each decision is one literal ([x = a], or a bound, [x <= m], for a variable in the interval
// form) at a new decision level; the trail keeps the domains as each level ended (as depth-first
// search saves its nodes), and the Learner (csp/learning/learner.hpp) records every narrowing on it. When
// propagation fails, the conflict is analysed into a clause (csp/learning/analysis.hpp), search
// backjumps to the highest level among the clause's other literals, and there the clause makes
// its first literal true. There is no refutation step: the learnt clause is the refutation, and
// more. Learnt clauses are propagated with the model's propagators from then on, in every branch.
//
// Goals:
// - satisfaction: the first solution;
// - every solution (count, for_each_solution): each solution is blocked by a permanent clause, the
//   negation of its decisions, and search goes on from the level below its last decision;
// - optimisation: each solution's objective becomes a bound posted at level 0 (search restarts
//   from the root under it, keeping its clauses, which stay valid under a tighter bound).
// Restarts (SearchOptions::restarts) go back to level 0 and keep the clauses; with restarts every
// goal stays exact, because blocking clauses are never deleted.
//
// A part of a parallel search is searched under assumptions (Goal::assumptions): its path's
// decisions take levels 1..k before any other, so analysis names those a clause depends on, and
// every learnt clause holds in the whole space. A thread then keeps its learnt clauses from part to
// part (Goal::keep_learnt), and may pass the short ones to the others (SearchOptions::share_learnt),
// who take them in at level 0: at their next part, restart or bound.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/learning/learner.hpp"
#include "csp/search/detail/branching.hpp"
#include "csp/search/detail/dfs.hpp"
#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

class LearningSearch {
 public:
  /// Builds the orders, the learner and the engine for `model` (options.inference is learn).
  LearningSearch(const Model& model, const SearchOptions& options);

  /// Searches from `start` until the goal is met, the space is exhausted or a limit fires.
  SearchResult run(const Domains& start, Goal goal);
  /// Taking turns with another search, as DepthFirstSearch::start_turns and resume: a turn stops
  /// on a limit before a decision, and the next goes on from there; a better `bound` sends search
  /// back to the root under it, keeping what it learnt.
  const SearchResult& start_turns(const Domains& start, Goal goal, const Limits& limits, std::optional<Value> bound);
  const SearchResult& resume(const Limits& limits, std::optional<Value> bound);
  /// The trail and clauses of the last run, as it ended (for tests and statistics).
  const learning::Learner& learner() const { return learner_; }

 private:
  enum class Step : std::uint8_t { decide, conflict, solution, stop };

  Step begin(const Domains& start, Goal goal);
  void loop(Step step);
  Step decide();
  Step conflict();
  Step solution();
  Step stop(SearchStatus status);
  // Goes back to `level`: its saved domains, the learner's trail and clause queue.
  void backjump(std::uint32_t level);
  // Posts `l` at the current level with `cause` and propagates; false on a conflict.
  bool assert_and_propagate(Lit l, learning::Cause cause);
  // The literal of the value order's decision on v.
  Lit decision_on(Var v, ValueOrder* values);
  // Goes to level 0 under the newest objective bound; false when nothing better can exist.
  bool post_bound();
  // Opens the level of the next assumption and makes it true; an assumption that is already true
  // gets an empty level, so that level k + 1 is always assumption k.
  Step assume(Lit a);
  // Adds a clause that holds in the whole space at level 0 (kept from the last run, or another
  // thread's): its false literals left out, dropped when satisfied, asserted when one literal is
  // left. False when none is left or asserting fails: the space under the root is empty.
  bool add_at_root(const std::vector<Lit>& lits);
  // Takes in the clauses the other threads offered since the last call (at level 0); false as
  // add_at_root.
  bool take_shared();
  // Offers the clause just learnt to the other threads when it is short enough.
  void offer(const std::vector<Lit>& lits);
  bool limit_reached();
  // A learnt clause with the model's names, for the trace log.
  std::string describe(const learning::Learnt& l) const;

  const Model& model_;
  const SearchOptions& options_;
  Engine engine_;
  Branching branching_;
  learning::Learner learner_;
  Domains current_;
  std::vector<Value> values_;   // scratch: a listed value order's candidates
  std::vector<Value> assignment_;
  learning::Learnt learnt_;
  std::vector<Var> touched_;
  std::vector<Lit> assumptions_;             // the run's assumptions as literals (Goal::assumptions)
  std::vector<std::vector<Lit>> kept_;       // the learnt clauses carried into the next run
  std::vector<Lit> units_;                   // clauses of one literal learnt, asserted at level 0
  std::vector<std::vector<Lit>> incoming_;   // scratch: the other threads' clauses taken in
  std::vector<Lit> simplified_;              // scratch: add_at_root's clause
  std::size_t pool_read_ = 0;                // the first clause of SharedSearch::pool not read yet
  // The run under way.
  SearchResult result_;
  Goal goal_;
  Limits limits_;  // the run's: the options' own, or a turn's
  std::chrono::steady_clock::time_point started_;
  ProgressCountdown progress_;
  Value bound_ = 0;               // the objective must be below it (minimize) or above it (maximize)
  bool bounded_ = false;          // a solution set bound_
  std::uint64_t restart_run_ = 0; // the run under way, from 1
  std::uint64_t restart_at_ = 0;  // restart once stats.failures reaches this (0: never)
};

}  // namespace csp
