// What a search reports: how it ended, which limit stopped it, its statistics and last solution.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "csp/kernel/stats.hpp"
#include "csp/kernel/var.hpp"

namespace csp {

/// Which limit stopped a search.
enum class LimitHit : std::uint8_t {
  none,
  nodes,
  failures,
  time,
  interrupted,
  progress,  ///< the progress callback (SearchOptions::progress) returned false
};
/// "nodes", "failures", "time", "interrupted", "progress" (or "none").
std::string_view to_string(LimitHit l);

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

}  // namespace csp
