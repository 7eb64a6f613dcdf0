// Internal to csp/constraints/: explanations of all-different (Propagator::explain), shared by its
// strengths (all_different.cpp, all_different_domain.cpp).
//
// A value u leaves position p (the variable x_p, read as x_p + offset_p) because another position
// is fixed to u, or because u lies in a Hall interval [a, b]: b - a + 1 other positions whose
// values all lie in [a, b], which they use up. The reason names that fixed position, or the bounds
// of those positions. A bound moved or a variable fixed is the removal of each value passed over.
// A failure is two positions fixed to one value, or more positions than values in an interval.
// Removals that need a Hall set with holes (domain consistency finds those too) are not explained
// here: explain() then says no, and the search takes the scope's domains.
#pragma once

#include <span>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp::detail {

/// Propagator::explain() for all-different over vars[i] + offsets[i].
bool explain_all_different(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at,
                           const Lit* inferred, std::vector<Lit>& reason);

}  // namespace csp::detail
