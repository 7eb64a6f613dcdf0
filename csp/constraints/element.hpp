// Element: z = a[x] with a 1-based index x as in FlatZinc (array_int_element,
// array_var_int_element); x outside 1..n has no solution.
//
// Strength: domain consistency on x and z for a constant array. For an array of variables also
// domain consistency (over x, z and every a[i]) when x, z and the a[i] are distinct variables:
// x keeps i while a[i] and z share a value, z keeps the values some remaining a[i] can take, and
// a[i] is narrowed to z's candidates once x is fixed to i (before that every a[i] is free).
// In the interval form, which keeps no holes, that is bounds: the least and greatest supported
// index and value. The variable form costs one pass over x's candidates: a bit-form z meets each
// a[i] a word at a time, an interval-form z only asks for a[i]'s first and last candidate inside
// it (detail/domain_words.hpp), so no wide domain is ever walked value by value.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// z = array[x - 1] (the scope is x, z).
std::unique_ptr<Propagator> element(Var x, std::vector<Value> array, Var z);
/// z = array[x - 1] (the scope is x, z, array...).
std::unique_ptr<Propagator> element(Var x, std::vector<Var> array, Var z);

}  // namespace csp
