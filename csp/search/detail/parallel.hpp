// Parallel search: one instance, many threads (SearchOptions::threads), behind Solver.
//
// Embarrassingly parallel search (Régin et al., EPS): a short sequential probe first (an instance
// it finishes never starts a thread), then the space is split (csp/search/subproblem.hpp) into many more
// parts than threads — kPartsPerThread each — and the threads take the parts in depth-first order
// from one atomic index, each part searched by the thread's own depth-first search over its own
// model (SearchOptions::worker_model). Taking parts dynamically balances uneven parts without
// stealing. The threads share (dfs.hpp's SharedSearch) a stop flag, one budget of nodes, failures
// and time, and, when optimising, the best objective found so far, which every thread's search
// reads before each decision.
#pragma once

#include <cstddef>
#include <cstdint>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

class DepthFirstSearch;
struct Goal;

/// The threads of one Solver. Not thread-safe itself: one search at a time, as Solver.
class ParallelSearch {
 public:
  /// Parts per thread: enough that a thread that drew big parts is not left alone at the end.
  static constexpr std::size_t kPartsPerThread = 64;
  /// Nodes of the sequential probe: an instance searched within them never starts a thread (and
  /// costs what one thread costs); past them the probe's work is thrown away, except its best
  /// objective when optimising. Under a node limit of at most kProbeNodes + 8 parts a thread, the
  /// probe is the whole search (the threads would get little of the budget).
  static constexpr std::uint64_t kProbeNodes = 2000;

  /// `options.threads` threads over `model`; `sequential` (the Solver's own search, on `model`)
  /// runs the probe. The threads' models and searches are built at the first search that needs them.
  ParallelSearch(const Model& model, SearchOptions options, DepthFirstSearch& sequential);
  ~ParallelSearch();
  ParallelSearch(const ParallelSearch&) = delete;
  ParallelSearch& operator=(const ParallelSearch&) = delete;

  /// Searches from `start` towards `goal` as DepthFirstSearch::run does, on every thread.
  /// Solutions reach goal.on_solution one at a time (under a lock); when optimising, only those
  /// better than every one before. Statistics are summed over the threads (elapsed is wall-clock).
  SearchResult run(const Domains& start, const Goal& goal);

 private:
  struct Worker;
  bool relay_progress(std::size_t worker, const Stats& s);
  void part_done(std::size_t worker, const Stats& s);

  const Model& model_;
  SearchOptions options_;
  DepthFirstSearch& sequential_;
  std::vector<std::unique_ptr<Worker>> workers_;
  // SearchOptions::progress over every thread: each thread's search reports its part's statistics
  // to relay_progress(), which adds them to the finished parts' and, when a report is due, calls
  // the caller's callback (under progress_lock_: one thread at a time).
  std::mutex progress_lock_;
  std::vector<Stats> live_;   // per thread: its part's statistics at its last report
  Stats finished_;            // the probe's, the split's and every finished part's
  Stats total_;               // what the callback is told (kept to reuse its counters)
  std::chrono::steady_clock::time_point begin_, next_report_;
  std::uint64_t reported_nodes_ = 0;
  bool progress_stopped_ = false;  // the callback said stop: it is not called again in this run
};

}  // namespace csp
