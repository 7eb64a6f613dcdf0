// Reified comparisons and set membership: a 0/1 variable b tied to a condition C, either
// b <-> C (Reify::equivalent, FlatZinc's _reif) or b -> C (Reify::implies, FlatZinc's _imp).
//
// Strength: domain consistency over the scope (x, y, b) or (x, b): afterwards b keeps 1 only when
// C can still hold, 0 only when it can fail (always, for b -> C), and each candidate of x and y is
// used by a solution, when x and y are distinct variables (x REL x stays sound, only weaker).
// b is cut to {0, 1}.
// The linear forms are in linear_reified.hpp.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// How b is tied to the condition C.
enum class Reify : std::uint8_t {
  equivalent,  ///< b <-> C
  implies,     ///< b -> C (half reification)
};

/// The comparisons of FlatZinc's int_eq, int_ne, int_le and int_lt.
enum class Comparison : std::uint8_t { equal, not_equal, less_equal, less };

/// A set of integers as closed ranges [first, second] (any order; overlaps allowed).
using Ranges = std::vector<std::pair<Value, Value>>;

/// b tied to (x REL y + offset).
std::unique_ptr<Propagator> compare_reified(Var x, Comparison relation, Var y, Value offset, Var b, Reify mode);
/// b tied to (x REL c): a membership in the ranges the comparison allows.
std::unique_ptr<Propagator> compare_reified(Var x, Comparison relation, Value c, Var b, Reify mode);
/// x in S (FlatZinc's set_in): removes x's candidates outside S.
std::unique_ptr<Propagator> member(Var x, Ranges set);
/// b tied to (x in S) (FlatZinc's set_in_reif, set_in_imp).
std::unique_ptr<Propagator> member_reified(Var x, Ranges set, Var b, Reify mode);

}  // namespace csp
