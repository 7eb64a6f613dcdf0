// Both bounds of a variable from one look at its layout. Propagators that sweep a whole scope
// (linear sums, clauses, parity) need min and max of every variable on every run; a one-word
// domain gives both from the same word, where two separate reads look the layout up twice.
#pragma once

#include <bit>

#include "csp/domains.hpp"

namespace csp {

/// The least and greatest candidate of a variable.
struct Bounds {
  Value min;  ///< smallest candidate
  Value max;  ///< largest candidate
};

/// v's least and greatest candidate; v must not be empty.
inline Bounds bounds(const Domains& d, Var v) {
  const VarLayout& l = d.layout(v);
  if (l.words != 1) return {d.min(v), d.max(v)};
  const std::uint64_t w = d.bits(v);
  return {l.base + std::countr_zero(w), l.base + 63 - std::countl_zero(w)};
}

}  // namespace csp
