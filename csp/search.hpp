// Search: the options, results and Solver facade of backtracking search over a model (the engine,
// depth-first, is csp/dfs.hpp), with pluggable heuristics and inference level.
//
// At each node the variable order (or the first phase with an unfixed variable) picks a variable
// and the value order gives its decisions: a list of candidates made when the node opens, or, for
// a lazy order, one decision at a time from the node's current domains (x = a, or a split x <= m).
// Each is tried in turn on a copy of the node's domains (state is restored by copying back, never
// by undoing). A decision that fails is negated on the node's own domains — and under MAC that is
// propagated too — before the next is tried. Every solution is checked against every constraint's
// satisfied() before it is reported. Optimisation is branch and bound over the same search.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "csp/engine.hpp"
#include "csp/heuristics.hpp"
#include "csp/restarts.hpp"

namespace csp {

/// How much reasoning follows each decision.
enum class Inference : std::uint8_t {
  none,     ///< check the constraints whose fixed variables the decision touched; prune nothing
  forward,  ///< forward checking: run the decided variable's propagators once, wake nothing else
  mac,      ///< maintain arc consistency: propagate to the fixpoint of every propagator
};
/// Parses "none", "fc" or "mac"; throws std::invalid_argument otherwise.
Inference parse_inference(std::string_view name);
/// The names parse_inference() accepts, weakest first.
const std::vector<std::string_view>& inference_names();
/// "none", "fc" or "mac".
std::string_view to_string(Inference i);

/// Bounds on one search; zero means unbounded.
struct Limits {
  std::uint64_t nodes = 0;      ///< stop before the decision that would exceed this many nodes
  std::uint64_t failures = 0;   ///< stop once this many failures happened
  std::chrono::nanoseconds time{0};  ///< stop once this much wall-clock time has passed
  /// Stop as soon as this becomes true (set from another thread or a signal handler).
  const std::atomic<bool>* interrupt = nullptr;
};

/// Which limit stopped a search.
enum class LimitHit : std::uint8_t { none, nodes, failures, time, interrupted };
/// "nodes", "failures", "time", "interrupted" (or "none").
std::string_view to_string(LimitHit l);

/// What an optimising search (Solver::optimize) minimises or maximises: one variable's value.
struct Objective {
  enum class Sense : std::uint8_t { minimize, maximize };
  Var var;                          ///< the variable whose value is the objective
  Sense sense = Sense::minimize;    ///< which way is better
};

/// One phase of branching (a part of FlatZinc's seq_search): the variables it decides, and how.
/// Phases are branched in order, each until all its variables are fixed; then the options' own
/// order and values branch on whatever is left unfixed.
struct Phase {
  std::vector<Var> vars;            ///< the variables this phase branches on (others untouched)
  VariableOrderFactory order;       ///< which of them next
  ValueOrderFactory values;         ///< in which order to try its candidates
};

/// How to search: the heuristics, the inference level, the limits, checking and tracing.
struct SearchOptions {
  VariableOrderFactory order = order::mrv();       ///< which variable to branch on (one instance per solver)
  ValueOrderFactory values = values::ascending();  ///< in which order to try its candidates
  Inference inference = Inference::mac;            ///< the reasoning after each decision
  Limits limits;                                   ///< bounds on each search (none by default)
  /// Check every solution against every constraint's satisfied() before reporting it. Turn off
  /// only when the caller checks solutions itself (the sudoku command uses its own validator);
  /// under inference none or fc the check is part of the search and always happens.
  bool check_solutions = true;
  /// Observer of every decision, refutation and propagation step (nullptr: none).
  Tracer* tracer = nullptr;
  /// Branching phases taken before `order`/`values` (empty: those alone decide every variable).
  std::vector<Phase> phases;
  /// Two-way branching: once a decision x = a is refuted (x != a holds), the variable order
  /// chooses again, as at a new node, instead of going on with x's next value. FlatZinc's search
  /// annotations mean this (smallest, first_fail: the refutation changes which variable is best).
  /// Off: d-way branching, each node tries its variable's values in turn.
  bool reselect = false;
  /// Restarts on a failure schedule (csp/restarts.hpp), keeping the variable order's learned state
  /// and the optimisation bound. Every goal stays complete and exact: a satisfaction search stops
  /// restarting at its first solution, and the schedule grows without bound. Off by default.
  Restarts restarts;
  /// Threads searching one instance together (csp/parallel.hpp): the space is split into many
  /// more parts than threads, handed out in order. Counts and optimal objectives equal one
  /// thread's; the first solution may be another one (each is checked). 1: the sequential search,
  /// unchanged. With a tracer the search runs on one thread whatever this says.
  unsigned threads = 1;
  /// Builds `model` again, once for each thread after the first: a model's propagators keep
  /// scratch state, so two threads cannot search one model. It must build the same model (the
  /// same variables and propagators, in the same order). Required when threads > 1.
  std::function<Model()> worker_model;
};

/// How a search ended.
enum class SearchStatus : std::uint8_t {
  stopped_on_request,  ///< found what was asked for (the first solution, the cap, or the callback said stop)
  exhausted,           ///< searched the whole space: stats.solutions is the exact count (0: unsatisfiable)
  limit,               ///< a limit stopped it first; `limit` says which
};

/// What a search found and what it cost.
struct SearchResult {
  SearchStatus status = SearchStatus::exhausted;  ///< how it ended
  LimitHit limit = LimitHit::none;                ///< which limit stopped it (status limit), else none
  Stats stats;                                    ///< solutions, nodes, failures, time, counters
  /// The last solution found (the first one for solve()), one value per variable; empty when none.
  std::vector<Value> solution;

  /// True when at least one solution was found.
  bool found() const { return stats.solutions > 0; }
  /// True when the whole space was searched and holds no solution.
  bool unsatisfiable() const { return status == SearchStatus::exhausted && stats.solutions == 0; }
};

/// Called with each solution (one value per variable, by id); return false to stop the search.
using SolutionCallback = std::function<bool(std::span<const Value>)>;

class DepthFirstSearch;
class ParallelSearch;
struct Goal;

/// Searches one model: the facade over the search engine (depth-first, csp/dfs.hpp). Allocates its
/// work space once; each search then allocates nothing per node.
/// Not thread-safe: one solver per thread (and one model per solver, see Model). With
/// SearchOptions::threads > 1 it runs that many threads itself for each search.
class Solver {
 public:
  /// Builds the heuristics from the options' factories and the work space for `model` (the
  /// threads' own, from options.worker_model, at their first search). Throws
  /// std::invalid_argument when threads > 1 comes without worker_model.
  explicit Solver(const Model& model, SearchOptions options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// The first solution from the model's initial domains.
  SearchResult solve();
  /// The first solution from `start` (the model's initial domains narrowed by the caller).
  SearchResult solve(const Domains& start);
  /// Counts solutions, stopping once `cap` are found (status stopped_on_request) — 0: no cap.
  SearchResult count(const Domains& start, std::uint64_t cap = 0);
  /// Calls `on_solution` for every solution until it returns false.
  SearchResult for_each_solution(const Domains& start, const SolutionCallback& on_solution);
  /// Branch and bound: each solution found makes the objective's bound strictly tighter for the
  /// rest of the search, and `on_solution` is told of each (so of ever better ones; it may stop the
  /// search by returning false). Status exhausted: the last solution is optimal (none: no solution
  /// exists); `solution` holds the best found; stats.solutions counts the improving solutions.
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
