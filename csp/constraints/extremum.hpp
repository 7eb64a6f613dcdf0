// The least or greatest of an array: m = min(xs), m = max(xs) (FlatZinc's array_int_minimum,
// array_int_maximum, and int_min / int_max over two variables if bounds reasoning is preferred
// to arithmetic.hpp's enumeration).
//
// Strength: bounds(Z) consistency, with distinct variables: for min, m lies between the least
// minimum and the least maximum of the xs, every x is at least m's minimum, and when only one x
// can still be at most m's maximum it is cut there; repeated to the fixpoint. Only bounds move.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// m = min(xs); xs must not be empty.
std::unique_ptr<Propagator> array_min(std::vector<Var> xs, Var m);
/// m = max(xs); xs must not be empty.
std::unique_ptr<Propagator> array_max(std::vector<Var> xs, Var m);

}  // namespace csp
