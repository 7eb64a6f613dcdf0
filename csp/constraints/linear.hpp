// Linear constraints sum(c_i * x_i) REL rhs with REL one of =, <=, >=, kept bounds consistent.
//
// Strength: bounds(R) consistency — afterwards each variable's min and max has a support when the
// other variables may take any real value between their own min and max. Computed with the usual
// rule: c_i * x_i <= rhs - (least possible sum of the other terms), rounded inward, repeated to the
// fixpoint. All arithmetic is 64-bit; posting checks that no sum of bounds can overflow it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "csp/propagator.hpp"

namespace csp {

enum class LinearRelation : std::uint8_t { equal, less_equal, greater_equal };

/// sum(coefficients[i] * vars[i]) REL rhs; coefficients and vars have the same length.
std::unique_ptr<Propagator> linear(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                   LinearRelation relation, std::int64_t rhs);
/// sum(vars) REL rhs.
std::unique_ptr<Propagator> sum(std::vector<Var> vars, LinearRelation relation, std::int64_t rhs);

}  // namespace csp
