// Internal to csp/constraints/: explanations of all-different (Propagator::explain), shared by its
// strengths (all_different.cpp, all_different_domain.cpp).
//
// A value u leaves position p (the variable x_p, read as x_p + offset_p) because another position
// is fixed to u, or because u lies in a Hall interval [a, b] (b - a + 1 other positions whose
// values all lie in [a, b], which they use up), or in a Hall set with holes (found from a maximum
// matching: the positions that alternating paths reach from u's holder). The reason names that
// fixed position, or the bounds (and, for a set, the holes) of those positions. A bound moved or a
// variable fixed is the removal of each value passed over. A failure is two positions fixed to one
// value, or more positions than values in an interval; other failures take the default (the
// scope's domains), as do removals over a span of more than 1,024 values.
#pragma once

#include <span>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp::detail {

/// Propagator::explain() for all-different over vars[i] + offsets[i].
bool explain_all_different(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at,
                           const Lit* inferred, std::vector<Lit>& reason);

}  // namespace csp::detail
