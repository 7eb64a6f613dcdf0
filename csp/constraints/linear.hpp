// Linear constraints sum(c_i * x_i) REL rhs with REL one of =, <=, >=, kept bounds consistent.
//
// Strength: bounds(R) consistency — afterwards each variable's min and max has a support when the
// other variables may take any real value between their own min and max. Computed with the usual
// rule: c_i * x_i <= rhs - (least possible sum of the other terms), rounded inward, repeated to the
// fixpoint, on the sum divided by the coefficients' gcd (the same bounds), so that an equality
// whose gcd does not divide rhs fails at once (2x + 2y = 3 would take 2^30 rounds over var int). Coefficients are any non-zero int64. Terms and sums of bounds are computed in 64 bits
// while no term, sum or rhs minus a sum can overflow that (checked at posting), and in 128 bits
// beyond (nine terms of 2^30 * kMaxValue, a coefficient of 2^40, a right-hand side near +-2^63).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

enum class LinearRelation : std::uint8_t { equal, less_equal, greater_equal };

/// sum(coefficients[i] * vars[i]) REL rhs; coefficients and vars have the same length.
std::unique_ptr<Propagator> linear(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                   LinearRelation relation, std::int64_t rhs);
/// sum(vars) REL rhs.
std::unique_ptr<Propagator> sum(std::vector<Var> vars, LinearRelation relation, std::int64_t rhs);

}  // namespace csp
