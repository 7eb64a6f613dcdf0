// Search: depth-first backtracking over a model, with pluggable heuristics and inference level.
//
// At each node the variable order picks an unfixed variable and the value order lists its
// candidates; each is tried in turn on a copy of the node's domains (state is restored by copying
// back, never by undoing). A value that fails is removed from the node's own domains — and under
// MAC that removal is propagated too — before the next value is tried. Every solution is checked
// against every constraint's satisfied() before it is reported.
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

struct SearchOptions {
  VariableOrderFactory order = order::mrv();
  ValueOrderFactory values = values::ascending();
  Inference inference = Inference::mac;
  Limits limits;
  /// Check every solution against every constraint's satisfied() before reporting it. Turn off
  /// only when the caller checks solutions itself (the sudoku command uses its own validator);
  /// under inference none or fc the check is part of the search and always happens.
  bool check_solutions = true;
  /// Observer of every decision, refutation and propagation step (nullptr: none).
  Tracer* tracer = nullptr;
};

/// How a search ended.
enum class SearchStatus : std::uint8_t {
  stopped_on_request,  ///< found what was asked for (the first solution, the cap, or the callback said stop)
  exhausted,           ///< searched the whole space: stats.solutions is the exact count (0: unsatisfiable)
  limit,               ///< a limit stopped it first; `limit` says which
};

struct SearchResult {
  SearchStatus status = SearchStatus::exhausted;
  LimitHit limit = LimitHit::none;
  Stats stats;
  /// The last solution found (the first one for solve()), one value per variable; empty when none.
  std::vector<Value> solution;

  bool found() const { return stats.solutions > 0; }
  bool unsatisfiable() const { return status == SearchStatus::exhausted && stats.solutions == 0; }
};

/// Called with each solution (one value per variable, by id); return false to stop the search.
using SolutionCallback = std::function<bool(std::span<const Value>)>;

/// Searches one model. Allocates its work space once; each search then allocates nothing per node.
/// Not thread-safe: one solver per thread (and one model per solver, see Model).
class Solver {
 public:
  explicit Solver(const Model& model, SearchOptions options = {});
  ~Solver();

  /// The first solution from the model's initial domains.
  SearchResult solve();
  /// The first solution from `start` (the model's initial domains narrowed by the caller).
  SearchResult solve(const Domains& start);
  /// Counts solutions, stopping once `cap` are found (status stopped_on_request) — 0: no cap.
  SearchResult count(const Domains& start, std::uint64_t cap = 0);
  /// Calls `on_solution` for every solution until it returns false.
  SearchResult for_each_solution(const Domains& start, const SolutionCallback& on_solution);

  const Model& model() const { return model_; }
  const SearchOptions& options() const { return options_; }

 private:
  struct Frame;
  enum class Step : std::uint8_t { descend, backtrack, stop };
  SearchResult run(const Domains& start, std::uint64_t cap, const SolutionCallback* on_solution);
  bool infer_after_decision(Var v, Domains& d, Stats& s);
  bool infer_at_root(Domains& d, Stats& s);
  bool limit_reached(SearchResult& r, std::chrono::steady_clock::time_point started);

  const Model& model_;
  SearchOptions options_;
  Engine engine_;
  std::unique_ptr<VariableOrder> var_order_;
  std::unique_ptr<ValueOrder> value_order_;
  std::vector<Frame> frames_;
  Domains current_;
  std::vector<Value> assignment_;
};

}  // namespace csp
