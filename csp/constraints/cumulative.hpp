// Cumulative: tasks with start s[i], duration d[i] and resource use r[i] never use more than the
// capacity b at any time (FlatZinc's fzn_cumulative): for every time t, the r[i] of the tasks with
// s[i] <= t < s[i] + d[i] sum to at most b, and b >= 0 when there is a task. As MiniZinc assumes,
// durations and uses are non-negative: the propagator removes negative candidates.
//
// Strength: time-tabling, sound and failing on every violating complete assignment. The profile
// of compulsory parts (task i surely runs in [max(s), min(s) + min(d)), using min(r)) must stay
// within max(b) and raises min(b); a task that cannot fit beside the rest of the profile where its
// own compulsory part is not has its earliest start pushed past, and its latest start pulled
// before, each such segment (bounds only); and a task's use is at most max(b) less the others'
// profile where it surely runs, whatever its use (so a variable use, mspsp's bool2int of a
// worker's choice, drops where the profile is full). At the time-tabling fixpoint, edge finding
// (cumulative_edge_finding.hpp) on the tasks of positive least duration and use, against max(b),
// moves start bounds; a run that moves anything reports not_fixpoint. Durations and b prune
// nothing else. Scratch is sized once by the number of tasks; a run sorts the 2n part ends and
// sweeps them once for the profile, then each task scans only the segments its window overlaps
// (O(n^2) at worst); edge finding is O(n^2), plus O(n^2) per distinct use of the tasks it detects.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// The cumulative resource of capacity b over the tasks (s[i], d[i], r[i]); s, d, r the same length.
std::unique_ptr<Propagator> cumulative(std::vector<Var> s, std::vector<Var> d, std::vector<Var> r, Var b);

}  // namespace csp
