// Restarts: a search that has failed a given number of times since it last began goes back to the
// root and starts again, keeping what its variable order learned (dom/wdeg's failure weights) and,
// when optimising, the best bound. The number of failures allowed to each run comes from a
// schedule that grows without bound (Luby's universal sequence, or a geometric one), so that a run
// eventually lasts long enough to finish: restarts never make a search incomplete.
//
// What stays exact (DepthFirstSearch applies this): a satisfaction search restarts only until its
// first solution; from there it goes on depth-first to the end of that run, never restarting
// again, so every solution is reported once and counts stay exact (no earlier run found any).
// Optimisation restarts throughout, each run from the root under the best bound so far, and its
// last run, which is never cut short, proves the optimum (or that none exists).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace csp {

/// Which schedule restarts follow.
enum class RestartKind : std::uint8_t {
  none,       ///< never restart: plain depth-first search
  luby,       ///< run i may fail base * luby(i) times (1, 1, 2, 1, 1, 2, 4, 1, ...)
  geometric,  ///< run i may fail base * factor^(i-1) times (rounded down, at least 1)
};
/// Parses "none", "luby" or "geometric"; throws std::invalid_argument otherwise.
RestartKind parse_restart_kind(std::string_view name);
/// The names parse_restart_kind() accepts.
const std::vector<std::string_view>& restart_kind_names();
/// "none", "luby" or "geometric".
std::string_view to_string(RestartKind k);

/// Which orders the runs after a restart branch with (Chuffed's --switch-to-vsids-after and
/// --toggle-vsids): a model's own search (its phases, its order) finds the first solutions fast,
/// and activity then follows what the failures taught. A run by activity still takes the phases'
/// variables first, each phase's by activity (parity_learning of docs/learning.md: proved in 37 s
/// so, not in 60 s by activity over every variable).
enum class RestartSearch : std::uint8_t {
  same,       ///< every run branches with the search's own orders
  activity,   ///< the first run with the search's orders, every later run by activity (VSIDS)
  alternate,  ///< odd runs with the search's orders, even runs by activity; each order's runs take the
              ///< schedule's terms in turn (restart_allowance pairs them)
};
/// Parses "same", "activity" or "alternate"; throws std::invalid_argument otherwise.
RestartSearch parse_restart_search(std::string_view name);
/// The names parse_restart_search() accepts.
const std::vector<std::string_view>& restart_search_names();
/// "same", "activity" or "alternate".
std::string_view to_string(RestartSearch s);

/// How a search restarts (SearchOptions::restarts).
struct Restarts {
  RestartKind kind = RestartKind::none;  ///< the schedule (none: no restarts)
  std::uint64_t base = 100;              ///< failures allowed to the first run (scale of every run; >= 1, else Solver throws)
  double factor = 1.5;                   ///< geometric only: each run's allowance over the previous one (> 1, else Solver throws)
  RestartSearch search = RestartSearch::same;  ///< the orders of the runs after a restart
};

/// The i-th term (i >= 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: 2^(k-1)
/// when i = 2^k - 1, else the term i - (2^(k-1) - 1) for the k with 2^(k-1) <= i < 2^k - 1.
std::uint64_t luby(std::uint64_t i);

/// The failures allowed to run `run` (>= 1) of `r` (r.kind not none): never 0, and growing without
/// bound as runs go on (saturating at UINT64_MAX). Under RestartSearch::alternate, runs 2k - 1 and
/// 2k both get the schedule's term k, so that the two orders get the same allowances.
std::uint64_t restart_allowance(const Restarts& r, std::uint64_t run);

}  // namespace csp
