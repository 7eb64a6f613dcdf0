// Linear comparisons beyond linear.hpp: sum(c_i * x_i) != rhs, and the reified forms of =, !=,
// <= and < (FlatZinc's int_lin_ne, int_lin_eq/ne/le_reif and _imp; the bool_lin ones too).
//
// Strength: linear_not_equal is domain consistent (with distinct variables it can only prune the
// last unfixed one). linear_reified, over the scope (vars..., b), reasons on bounds: while b is open,
// b = 0 when the bounds of the sum already exclude the comparison and, for b <-> C, b = 1 when they
// imply it; once b is fixed it runs C's own propagator (linear.hpp's bounds(R) for = and <=, or
// linear_not_equal), or the negation's (b <-> C with b = 0). Coefficients are any int64 (zero
// too); sums are 128-bit where 64 could overflow.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "csp/constraints/reified.hpp"

namespace csp {

/// sum(coefficients[i] * vars[i]) != rhs.
std::unique_ptr<Propagator> linear_not_equal(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                             std::int64_t rhs);
/// b tied (as `mode` says) to sum(coefficients[i] * vars[i]) REL rhs.
std::unique_ptr<Propagator> linear_reified(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                           Comparison relation, std::int64_t rhs, Var b, Reify mode);

}  // namespace csp
