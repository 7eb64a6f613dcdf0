// Linear sums in more than 64 bits, where they need it (linear.hpp, linear_reified.hpp,
// linear_domain.hpp). One term c * x with |c| <= 2^30 and |x| <= kMaxValue fits in 64 bits, but
// nine of them may not, nor a right-hand side (any int64) minus a sum, nor a coefficient of
// linear_not_equal (any int64) times a value: those are computed in 128 bits.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "csp/kernel/var.hpp"

namespace csp {

/// A signed 128-bit integer (a GCC and Clang extension; __extension__ keeps -Wpedantic quiet).
__extension__ typedef __int128 WideSum;

/// True when v fits in an int64.
inline bool fits_int64(WideSum v) {
  return v >= std::numeric_limits<std::int64_t>::min() && v <= std::numeric_limits<std::int64_t>::max();
}

/// True when sum c_i * x_i over any values of [kMinValue, kMaxValue], every partial sum, and rhs
/// minus any of them stay within +-2^62: then 64-bit sums are exact, and a propagator may take its
/// 64-bit path (far cheaper: no 128-bit multiply or division).
inline bool sums_fit_int64(std::span<const std::int64_t> c, std::int64_t rhs) {
  const WideSum limit = WideSum{1} << 62;
  WideSum reach = rhs < 0 ? -WideSum{rhs} : WideSum{rhs};
  for (const std::int64_t k : c) reach += (k < 0 ? -WideSum{k} : WideSum{k}) * kMaxValue;
  return reach <= limit;
}

}  // namespace csp
