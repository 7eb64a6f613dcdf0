// Variables and values: the two kinds of integer a model talks about, kept apart by type.
#pragma once

#include <cstdint>
#include <functional>

namespace csp {

/// A value a variable can take.
using Value = int;

/// The supported value range: every variable's domain lies in [kMinValue, kMaxValue]
/// (Model::add_var throws otherwise). With |x| <= 2^30 - 1, the sum, difference, negation and
/// absolute value of any two values fit in a Value and a domain's size (at most 2^31 - 1) fits
/// in an int, so only products, powers and linear sums need 64 bits (their propagators compute
/// in int64 and clamp). A front end rejects literals outside this range and gives an unbounded
/// `var int` these bounds.
inline constexpr Value kMaxValue = (1 << 30) - 1;
/// The least supported value, -kMaxValue (so negation stays inside the range).
inline constexpr Value kMinValue = -kMaxValue;

/// A handle to a variable of one Model: an index, typed so it cannot be confused with a Value.
struct Var {
  int id = -1;
  constexpr bool operator==(const Var& other) const = default;
  constexpr auto operator<=>(const Var& other) const = default;
};

}  // namespace csp

template <>
struct std::hash<csp::Var> {
  std::size_t operator()(csp::Var v) const noexcept { return std::hash<int>{}(v.id); }
};
