// Integer arithmetic as in FlatZinc's int_times, int_div, int_mod, int_abs, int_min, int_max and
// int_pow: z = f(x, y) (z = |x| for abs), over any int32 bounds, negative values included.
//
// Strength: domain consistency (every candidate left of x, y and z is used by some solution),
// reached by enumerating the pairs of candidates of x and y, whenever |x| * |y| <= kArithmeticPairs
// and neither x nor y is an interval-form variable with more than kArithmeticIntervalValues
// candidates (always for the small domains of puzzles, and as soon as x or y is nearly fixed);
// min and max over three domains without holes reach it by their bounds alone.
// Otherwise it reasons on bounds, soundly but not to any named consistency: times narrows z to the
// products of the bounds and x, y to the quotients (removing 0 from x and y when z excludes it);
// div narrows z to the truncated quotients and x to z * y plus the remainders of x's sign (exact
// bounds for a constant divisor and a one-signed x); mod keeps z within x's sign and below |y|; abs narrows z
// and x both ways; min and max run extremum.hpp's bounds(Z) propagator; pow only checks. On
// every path it fails exactly when x, y and z are fixed and z != f(x, y). Results are computed in
// 64 bits; a result outside int32 is simply no candidate of z.
#pragma once

#include <cstdint>
#include <memory>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// The most pairs of candidates of x and y a propagation enumerates by default (each factory's
/// max_pairs; 0 always takes the bounds path).
inline constexpr std::int64_t kArithmeticPairs = std::int64_t{1} << 16;
/// An interval-form x or y with more candidates than this takes the bounds path, whatever the
/// pairs: it has no holes to make, and enumerating it each propagation would cost its width.
inline constexpr int kArithmeticIntervalValues = 64;

/// z = x * y.
std::unique_ptr<Propagator> times(Var x, Var y, Var z, std::int64_t max_pairs = kArithmeticPairs);
/// z = x div y, rounded toward zero; y != 0.
std::unique_ptr<Propagator> divide(Var x, Var y, Var z, std::int64_t max_pairs = kArithmeticPairs);
/// z = x mod y = x - y * (x div y): the sign of x, as MiniZinc's int_mod; y != 0.
std::unique_ptr<Propagator> modulo(Var x, Var y, Var z, std::int64_t max_pairs = kArithmeticPairs);
/// z = |x|.
std::unique_ptr<Propagator> absolute(Var x, Var z, std::int64_t max_pairs = kArithmeticPairs);
/// z = min(x, y).
std::unique_ptr<Propagator> minimum(Var x, Var y, Var z, std::int64_t max_pairs = kArithmeticPairs);
/// z = max(x, y).
std::unique_ptr<Propagator> maximum(Var x, Var y, Var z, std::int64_t max_pairs = kArithmeticPairs);
/// z = x^y (0^0 = 1); for y < 0, z = 1 div x^|y| as MiniZinc's int_pow (1 for x = 1, +-1 for x = -1,
/// 0 for |x| > 1), and x = 0 with y < 0 has no solution.
std::unique_ptr<Propagator> power(Var x, Var y, Var z, std::int64_t max_pairs = kArithmeticPairs);

}  // namespace csp
