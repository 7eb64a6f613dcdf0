// Integer arithmetic as in FlatZinc's int_times, int_div, int_mod, int_abs, int_min, int_max and
// int_pow: z = f(x, y) (z = |x| for abs), over any int32 bounds, negative values included.
//
// Strength: domain consistency (every candidate left of x, y and z is used by some solution),
// reached by enumerating the pairs of candidates of x and y, whenever |x| * |y| <= kArithmeticPairs
// (always for the small domains of puzzles, and as soon as x or y is nearly fixed). Above that the
// propagator only checks: it fails exactly when x, y and z are fixed and z != f(x, y).
// Results are computed in 64 bits; a result outside int32 is simply no candidate of z.
#pragma once

#include <cstdint>
#include <memory>

#include "csp/propagator.hpp"

namespace csp {

/// The most pairs of candidates of x and y a propagation enumerates.
inline constexpr std::int64_t kArithmeticPairs = std::int64_t{1} << 16;

/// z = x * y.
std::unique_ptr<Propagator> times(Var x, Var y, Var z);
/// z = x div y, rounded toward zero; y != 0.
std::unique_ptr<Propagator> divide(Var x, Var y, Var z);
/// z = x mod y = x - y * (x div y): the sign of x, as MiniZinc's int_mod; y != 0.
std::unique_ptr<Propagator> modulo(Var x, Var y, Var z);
/// z = |x|.
std::unique_ptr<Propagator> absolute(Var x, Var z);
/// z = min(x, y).
std::unique_ptr<Propagator> minimum(Var x, Var y, Var z);
/// z = max(x, y).
std::unique_ptr<Propagator> maximum(Var x, Var y, Var z);
/// z = x^y with y >= 0 (0^0 = 1); a negative y has no solution.
std::unique_ptr<Propagator> power(Var x, Var y, Var z);

}  // namespace csp
