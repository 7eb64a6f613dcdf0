// Portfolio search (Inference::portfolio): learning and MAC take turns on one model.
//
// Neither search wins everywhere. On MiniZinc's benchmark survey learning proves 13 instances MAC
// does not, and MAC proves 5 that learning does not (costas_16, market_split_u4_01, cvrp_simple2
// among them, in 3-5 s; docs/learning.md). The portfolio runs a LearningSearch and a
// DepthFirstSearch under MAC in turns of equal time, each turn twice as long as the last pair's
// (from PortfolioTurns::first to ::longest), so it finishes within about twice the time of the better
// of the two, whichever that is. Neither search starts over: a turn stops before a decision and
// the next turn of the same search goes on from there (start_turns / resume), so no work is lost
// but the other search's.
//
// Optimisation: every solution either search finds is reported once, in the order found, and is
// better than all before it; the other search takes its objective as a bound when its turn comes
// (the depth-first search on each frame's next decision, the learning search by going back to its
// root under it, keeping its clauses). Either search exhausting its space under the bound proves
// the best solution optimal. Satisfaction: the first solution of either. Counting and enumeration
// (cap other than 1, no objective) are MAC alone: the turns would not change the count, and one
// search counts each solution once.
//
// Limits (SearchOptions::limits) hold for the two together: nodes and failures summed, time on the
// wall clock. Progress reports add the other search's statistics to the one searching.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/search/detail/dfs.hpp"
#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

class LearningSearch;

/// How long a PortfolioSearch's turns are: the first pair of turns lasts `first` each, and each pair after it
/// twice as long as the last, up to `longest`. With `nodes` set, turns are counted in nodes
/// instead (the same doubling, from `nodes` to 1024 times it), which makes a run reproducible.
struct PortfolioTurns {
  std::chrono::nanoseconds first = std::chrono::milliseconds(50);
  std::chrono::nanoseconds longest = std::chrono::seconds(2);
  std::uint64_t nodes = 0;
};

class PortfolioSearch {
 public:
  /// The two searches over `model`, with `options` but for their inference level.
  PortfolioSearch(const Model& model, const SearchOptions& options, PortfolioTurns turns = {});
  ~PortfolioSearch();
  PortfolioSearch(const PortfolioSearch&) = delete;
  PortfolioSearch& operator=(const PortfolioSearch&) = delete;

  /// Searches from `start` towards `goal`, as DepthFirstSearch::run does; the result's
  /// stats.turns says how many turns the two searches took.
  SearchResult run(const Domains& start, Goal goal);

 private:
  bool take(std::span<const Value> solution);
  Limits turn_limits(const Stats& own, std::uint64_t turn_nodes, std::chrono::nanoseconds turn_time) const;
  std::optional<LimitHit> beyond_limits(const SearchResult& last) const;

  SearchOptions mac_options_;    // the options under MAC (DepthFirstSearch keeps its own copy)
  SearchOptions learn_options_;  // the options under learning (LearningSearch refers to these)
  PortfolioTurns turns_;
  std::unique_ptr<DepthFirstSearch> mac_;
  std::unique_ptr<LearningSearch> learn_;
  // The run under way.
  Goal goal_;                                // the caller's goal
  SolutionCallback on_solution_;             // take(): what the two searches report solutions to
  std::vector<Value> best_;                  // the last solution either search found
  std::optional<Value> best_value_;          // its objective value (optimisation)
  Stats mac_stats_, learn_stats_;            // each search's statistics as its last turn ended
  const Stats* other_ = nullptr;             // the statistics of the search not searching now (progress)
  std::chrono::steady_clock::time_point started_;
};

}  // namespace csp
