// The counting family: how many variables of an array take a value (count_eq), a value of a set
// (among), or each value of a cover (global_cardinality), as FlatZinc's fzn_count_eq, fzn_among
// and fzn_global_cardinality* state them.
//
// Strength, with the scope's variables distinct:
//  - count_eq: domain consistency, when y is fixed or has at most kCountValues candidates;
//    otherwise only bounds: c at most the number of x that may meet y, and y within the hull of
//    those x once c >= 1 (it still fails on a violating complete assignment);
//  - among: domain consistency;
//  - global_cardinality: each cover value's count on its own is domain consistent (the fixpoint
//    of one among(counts[j], x, {cover[j]}) per j, plus x in cover when closed); not the matching
//    based consistency of the whole.
// A variable repeated in the scope keeps all of it sound: the copies are reasoned about as if
// independent, which only weakens the pruning.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// Candidates of y above which count_eq reasons on bounds only (its scratch is sized by it).
inline constexpr int kCountValues = 64;

/// c = the number of i with x[i] == y.
std::unique_ptr<Propagator> count_eq(std::vector<Var> x, Var y, Var c);
/// n = the number of i with x[i] in `set` (any order, duplicates ignored).
std::unique_ptr<Propagator> among(Var n, std::vector<Var> x, std::vector<Value> set);
/// counts[j] = the number of i with x[i] == cover[j], for each j; when `closed`, every x[i] is in
/// cover too. cover and counts have the same length.
std::unique_ptr<Propagator> global_cardinality(std::vector<Var> x, std::vector<Value> cover, std::vector<Var> counts,
                                               bool closed);
/// low[j] <= the number of i with x[i] == cover[j] <= up[j], for each j; when `closed`, every x[i]
/// is in cover too. cover, low and up have the same length.
std::unique_ptr<Propagator> global_cardinality(std::vector<Var> x, std::vector<Value> cover, std::vector<Value> low,
                                               std::vector<Value> up, bool closed);

}  // namespace csp
