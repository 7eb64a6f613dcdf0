// Disjunctive (unary resource): tasks with start s[i] and duration d[i] on a machine that runs one
// task at a time (MiniZinc's non-strict disjunctive): for every two tasks i, j with d[i] > 0 and
// d[j] > 0, s[i] + d[i] <= s[j] or s[j] + d[j] <= s[i]; every d[i] >= 0. A task of duration 0
// may be anywhere. It is cumulative with every use 1 and capacity 1, with stronger reasoning.
//
// Strength: sound, and failing on every violating complete assignment. The reasoning treats task
// i as running for min(d[i]) (a task that may last 0 takes no part), which is sound: shortening
// tasks keeps a schedule valid. Within a run it applies, to the earliest starts and, mirrored, to
// the latest completions, Vilím's rules: overload checking and edge finding over a Θ-Λ-tree,
// O(n log n); detectable precedences and not-first/not-last over a Θ-tree, O(n log n), or, up to
// 64 tasks, by direct scans, O(n^2) but cheaper there, with the same bounds; and repeats the
// whole round until no start bound moves, so a run ends at the fixpoint of these rules
// (idempotent). Only the bounds of the starts are narrowed (and negative durations removed); the
// durations prune nothing else. Scratch is sized once by the number of tasks; a run allocates
// nothing.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// The unary resource over the tasks (s[i], d[i]); s and d the same length.
std::unique_ptr<Propagator> disjunctive(std::vector<Var> s, std::vector<Var> d);

}  // namespace csp
