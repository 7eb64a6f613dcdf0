// Linear equality sum(c_i * x_i) = rhs kept domain consistent, for FlatZinc's int_lin_eq with the
// `:: domain` annotation (MiniZinc puts it on the equality that computes the flat index of a 2-D
// array access, a[i, j] -> (i - 1) * n + j, whose holes element then uses).
//
// Strength: domain consistency (every candidate left is used by some solution), reached by
// enumerating the candidates of every variable but the one with the most candidates, whose value
// each combination then fixes; partial sums that the remaining terms' bounds cannot complete are
// cut. Enumerated when the product of those candidate counts is at most max_tuples; beyond that
// (wide domains, long sums) it runs linear()'s bounds(R) propagator instead (see linear.hpp).
// Coefficients as in linear() (any non-zero int64); partial sums are 128-bit (detail/wide_sum.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// The most combinations a propagation enumerates by default (linear_domain's max_tuples).
inline constexpr std::int64_t kLinearDomainTuples = 4096;

/// sum(coefficients[i] * vars[i]) = rhs, domain consistent within max_tuples (see above).
std::unique_ptr<Propagator> linear_domain(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                          std::int64_t rhs, std::int64_t max_tuples = kLinearDomainTuples);

}  // namespace csp
