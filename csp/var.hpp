// Variables and values: the two kinds of integer a model talks about, kept apart by type.
#pragma once

#include <cstdint>
#include <functional>

namespace csp {

/// A value a variable can take.
using Value = int;

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
