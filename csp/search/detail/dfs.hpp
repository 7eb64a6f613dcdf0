// Depth-first search: the search engine behind Solver (csp/search/solver.hpp), in a file of its own
// as Gecode keeps each of its engines, so that another engine can come next to it over the same
// contract: built once per solver from a model and options, then run from any start domains
// towards a Goal, allocating nothing per node.
//
// The loop is a machine of four steps (Step). A node is the domains in `current_` after its
// decision was propagated; opening it pushes a frame holding a copy of those domains, the variable
// the order picked and either its candidates in the value order's order or, for a lazy value
// order, nothing: its decisions are then asked for one at a time (x = a, or a split x <= m). Each
// decision is tried on a fresh copy; one that fails, or whose subtree is finished, is refuted:
// its negation is posted on the frame's own copy (and under MAC propagated too), so that later
// decisions start from a stronger state. A frame whose refutation fails is popped, and the
// refutation moves up. Splits may branch on one variable several times down a path, so the frame
// stack grows when a path gets deeper than it (amortised: never again at that depth).
//
// Branch and bound (Goal::objective): each solution raises a bound, the objective strictly better
// than that solution; every frame applies the newest bound to its domains before its next
// decision, so every node after a solution is searched under it.
//
// Restarts (SearchOptions::restarts, csp/search/restarts.hpp): once a run has failed as often as the
// schedule allows, the frames are dropped and search begins again from a copy of the propagated
// root (under the newest bound, when optimising); the orders are not restarted, so what they
// learned carries over. A satisfaction search stops restarting at its first solution.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/kernel/literal.hpp"
#include "csp/search/detail/branching.hpp"
#include "csp/search/options.hpp"
#include "csp/search/result.hpp"
#include "csp/search/subproblem.hpp"

namespace csp {

class LearningSearch;
class PortfolioSearch;

/// What the runs of one parallel search share (csp/search/detail/parallel.cpp). A run given one stops when told
/// to, draws its nodes from a common budget in batches of kBatch (so the budget is never exceeded
/// and the counters are touched once per batch), and before each decision prunes with the best
/// objective any run found.
struct SharedSearch {
  static constexpr std::uint64_t kBatch = 32;
  static constexpr std::int64_t kNoBound = INT64_MIN;
  std::atomic<bool> stop{false};           ///< every run stops (status limit, LimitHit::interrupted)
  std::uint64_t node_limit = 0;            ///< nodes for all runs together (0: none)
  std::uint64_t failure_limit = 0;         ///< failures for all runs together, checked once a batch (0: none)
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::atomic<std::uint64_t> nodes{0};     ///< nodes handed out (whole batches)
  std::atomic<std::uint64_t> failures{0};  ///< failures reported, once a batch
  std::atomic<std::int64_t> bound{kNoBound};  ///< the best objective found by any run, or kNoBound

  /// A learnt clause a learning run offers the others (SearchOptions::share_learnt): it holds in
  /// the whole space, as the runs learn under assumptions (Goal::assumptions).
  struct SharedClause {
    const void* from;        ///< the run that learnt it (which does not take it back)
    std::vector<Lit> lits;
  };
  static constexpr std::size_t kPoolLimit = 1 << 20;  ///< clauses offered at most (memory stays bounded)
  std::mutex pool_lock;                    ///< guards pool
  std::vector<SharedClause> pool;          ///< in the order offered; runs read from their own cursor
};

/// Which of one run's own limits (nodes, failures, interrupt, time) its statistics reach, if any:
/// what every search engine checks before a decision. The clock is read every 32 nodes only.
LimitHit own_limit(const Limits& limits, const Stats& stats, std::chrono::steady_clock::time_point started);

class ProgressCountdown;

/// The start of a turn (resume() of a search that takes turns): the run's limit cleared and its
/// clock set to count the time of its turns only (its elapsed so far, then this turn's); its
/// progress counting on from where it was.
void begin_turn(SearchResult& result, std::chrono::steady_clock::time_point& started, ProgressCountdown& progress,
                const Progress& p);
/// True when `offered` (another search's objective value) is a bound better than a run's own
/// (`own`, when `bounded`) for `objective` (never without one).
bool improves(const Objective* objective, std::optional<Value> offered, bool bounded, Value own);

/// The countdown behind SearchOptions::progress, for every search engine: tick() once per node
/// costs one decrement; when it reaches zero, due() looks whether a report is due (the nodes, or
/// the clock, read only then) and makes it.
class ProgressCountdown {
 public:
  /// A run starts at `started` (reports say how long since): counts down afresh (no report when
  /// p.report is empty), or, with `go_on` (the parts of a parallel search, mostly shorter than
  /// the interval), from where the last run left off.
  void start(const Progress& p, std::chrono::steady_clock::time_point started, bool go_on = false);
  /// Once per node, before it is counted: true when the callback asked the search to stop.
  bool tick(Stats& s) { return left_ != 0 && --left_ == 0 && !due(s); }

 private:
  static constexpr std::uint64_t kClockEvery = 32;  // nodes between looks at the clock (every_time)
  bool due(Stats& s);
  void rearm();
  const Progress* p_ = nullptr;
  std::uint64_t left_ = 0;         // ticks to the next look (0: off)
  std::uint64_t armed_ = 0;        // what left_ was set to
  std::uint64_t nodes_to_go_ = 0;  // nodes to the next report by nodes
  std::chrono::steady_clock::time_point started_, next_;  // the run's start; the next report by time
};

/// What one run of a search is asked for.
struct Goal {
  std::uint64_t cap = 0;                         ///< stop after this many solutions (0: all of them)
  const SolutionCallback* on_solution = nullptr; ///< told of each solution; stops the search on false
  const Objective* objective = nullptr;          ///< branch and bound on it (nullptr: satisfaction)
  SharedSearch* shared = nullptr;                ///< a parallel search's common state (nullptr: none)
  /// Learning search only: decisions made first, one level each, so that every clause it learns
  /// names those it depends on and holds outside the part they lead to as well (a part of a
  /// parallel search, whose clauses can then be kept and shared). The depth-first search ignores
  /// them: its caller narrows `start` by the path itself. nullptr: none.
  const Path* assumptions = nullptr;
  /// Learning search only: start with the clauses this search learnt in its previous run, which
  /// searched from the same start under other assumptions (so they still hold).
  bool keep_learnt = false;
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
  /// the space is exhausted or a limit fires. Under Inference::learn the learning search
  /// (csp/search/detail/learning_search.hpp) runs instead, on the same contract, and under
  /// Inference::portfolio the two taking turns (csp/search/detail/portfolio.hpp).
  SearchResult run(const Domains& start, Goal goal);
  /// Taking turns with another search (a portfolio, csp/search/detail/portfolio.hpp): start_turns()
  /// begins a run as run() does but within `limits` instead of the options' (nodes and failures
  /// counted over the run, time over the turns it searched); the result stays here, for resume()
  /// to go on from where a turn stopped on a limit, within new limits and first under `bound` (an
  /// objective value the other search reached) when it is better. Not under learning.
  const SearchResult& start_turns(const Domains& start, Goal goal, const Limits& limits, std::optional<Value> bound);
  const SearchResult& resume(const Limits& limits, std::optional<Value> bound);
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

  void loop(Step step);
  Step start(const Domains& start);
  Step open();
  Step solution();
  Step next();
  Step refute();
  Step stop(SearchStatus status);
  Step restart();
  bool apply_bound(Domains& d);
  bool refuted(Frame& f);
  bool bounded(Frame& f);
  void reselect(Frame& f);
  static constexpr int kReserveUpTo = 1024;  // frames reserve a candidate list up to this wide
  static constexpr std::size_t kFramesUpFront = 64;  // frames made before the first search (more on demand)
  void note_failure(PropagatorId by);
  void add_frame();
  bool infer_after_decision(Var v, Domains& d);
  bool infer_at_root(Domains& d);
  bool limit_reached();
  bool shared_limit_reached();
  void adopt_shared_bound();

  const Model& model_;
  SearchOptions options_;
  std::unique_ptr<LearningSearch> learning_;  // Inference::learn only
  std::unique_ptr<PortfolioSearch> portfolio_;  // Inference::portfolio only
  Engine engine_;
  Branching branching_;  // the variable and value orders, the phases' first
  std::vector<Frame> frames_;  // one per depth reached so far (kFramesUpFront at first)
  int widest_ = 0;             // the largest initial domain: what a frame's candidate list may hold
  Domains current_;
  Domains root_;  // the root after inference (and the newest bound, once a restart applied it)
  std::vector<Value> assignment_;
  // The run under way.
  SearchResult result_;
  Goal goal_;
  Limits limits_;  // the run's: the options' own, or a turn's
  std::chrono::steady_clock::time_point started_;
  std::size_t depth_ = 0;         // frames open: frames_[depth_ - 1] is the deepest
  bool current_is_saved_ = false; // current_ equals the deepest frame's domains (it was just opened)
  std::uint64_t bounds_ = 0;      // how many times branch and bound tightened the bound in this run
  Value bound_ = 0;               // the objective must be below it (minimize) or above it (maximize)
  bool restarting_ = false;       // restarts are on for this run (and no satisfying solution was found yet)
  std::uint64_t restart_run_ = 0; // the run under way, from 1 (restart_allowance's `run`)
  std::uint64_t restart_at_ = 0;  // restart once stats.failures reaches this
  std::uint64_t granted_ = 0;     // nodes left of the batch drawn from Goal::shared's budget
  std::uint64_t failures_told_ = 0;  // this run's failures already added to Goal::shared's
  ProgressCountdown progress_;
};

}  // namespace csp
