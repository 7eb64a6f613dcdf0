// All-different: the variables take pairwise distinct values, at a strength chosen when posting.
//
// Strengths, weakest first (each promise is exactly what the brute-force tests check):
//  - check:    fails when two fixed variables share a value; prunes nothing.
//  - pairwise: the fixpoint of "a fixed variable's value leaves every other variable", which is
//              arc consistency on the clique of != constraints (Gecode's value consistency).
//  - value:    pairwise, plus counting: fails when the candidates of the unfixed variables cover
//              fewer values than there are unfixed variables, and when they cover exactly as many
//              (so every one of those values must be used) a value with one place left is fixed there.
//  - domain:   generalised arc consistency: every remaining candidate belongs to some assignment of
//              all the variables with distinct values (Régin's matching algorithm).
//
// Cost of pairwise and value per run: posted through all_different(model, ...), they keep which
// variables they have already handled (fixed, value removed from the rest) in the search state, so
// a run visits only the unfixed variables and sends the value of those fixed since the last run
// (Gecode's ValProp); value then counts with word operations when the unfixed variables' candidates
// lie in one window of 64 values. Built without a model, they rescan the whole scope at every run.
//
// With offsets c_0..c_{n-1} the constraint is "the x_i + c_i are pairwise distinct" (Gecode's
// distinct(c, x): the diagonals of n-queens are all-different over q_i + i and q_i - i, with no
// auxiliary variables). Every strength keeps its promise over the shifted values x_i + c_i; the
// propagators are the same, reading position i's candidates shifted by c_i. Offsets all 0 are the
// plain constraint. Each offset lies in [kMinValue, kMaxValue] (else std::invalid_argument), so a
// shifted value always fits in a Value.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/kernel/propagator.hpp"

namespace csp {

enum class AllDifferentStrength : std::uint8_t { check, pairwise, value, domain };

/// Parses "check", "pairwise", "value" or "domain"; throws std::invalid_argument otherwise.
AllDifferentStrength parse_all_different_strength(std::string_view name);
/// The names parse_all_different_strength() accepts, weakest first.
const std::vector<std::string_view>& all_different_strength_names();

/// The variables take pairwise distinct values.
std::unique_ptr<Propagator> all_different(std::vector<Var> vars,
                                          AllDifferentStrength strength = AllDifferentStrength::domain);
/// The same, incremental at the pairwise and value strengths: reserves their search state in
/// `model` (one bit per variable; none over an interval-form variable, which they rescan), where
/// the caller posts it.
std::unique_ptr<Propagator> all_different(Model& model, std::vector<Var> vars,
                                          AllDifferentStrength strength = AllDifferentStrength::domain);

/// The values x_i + offsets[i] are pairwise distinct; offsets.size() == vars.size() (else
/// std::invalid_argument).
std::unique_ptr<Propagator> all_different(std::vector<Var> vars, std::vector<Value> offsets,
                                          AllDifferentStrength strength = AllDifferentStrength::domain);
/// The same, with the search state of all_different(model, vars, strength).
std::unique_ptr<Propagator> all_different(Model& model, std::vector<Var> vars, std::vector<Value> offsets,
                                          AllDifferentStrength strength = AllDifferentStrength::domain);

}  // namespace csp
