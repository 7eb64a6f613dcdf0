// Constraints over 0/1 variables, as FlatZinc's bool_clause, array_bool_and / array_bool_or,
// bool_xor and array_bool_xor. (bool2int, bool_eq / bool_le / bool_lt / bool_not are equal,
// less_equal, less and not_equal of binary.hpp; bool_lin_* are linear.hpp's.)
//
// Strength: domain consistency, when the listed variables are distinct. Every variable is first
// cut to {0, 1}.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// positive[0] or ... or not negative[0] or ...: at least one positive is 1 or one negative is 0.
std::unique_ptr<Propagator> clause(std::vector<Var> positive, std::vector<Var> negative);
/// b <-> (xs[0] and xs[1] and ...); true for no xs.
std::unique_ptr<Propagator> and_all(std::vector<Var> xs, Var b);
/// b <-> (xs[0] or xs[1] or ...); false for no xs.
std::unique_ptr<Propagator> or_all(std::vector<Var> xs, Var b);
/// An odd number of xs are 1 when `odd`, an even number otherwise (b = x xor y is {x, y, b}, even).
std::unique_ptr<Propagator> parity(std::vector<Var> xs, bool odd);

}  // namespace csp
