// Both bounds of a variable from one look at its layout. Propagators that sweep a whole scope
// (linear sums, clauses, parity) need min and max of every variable on every run; a one-word
// domain gives both from the same word, where two separate reads look the layout up twice.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "csp/kernel/domains.hpp"

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

/// Where each variable of a propagator's scope keeps its word, found on the first run (a model's
/// layout never changes), so that a propagator sweeping its whole scope on every run reads each
/// one-word domain straight from the word array, without looking its layout up.
class ScopeWords {
 public:
  /// For a scope of n variables.
  explicit ScopeWords(std::size_t n) : slot_(n) {}
  /// True when every variable of `vars` (the same scope on every call) is a one-word domain.
  bool one_word(const Domains& d, const std::vector<Var>& vars) {
    if (!known_) learn(d, vars);
    return one_word_;
  }
  /// The value bit 0 of vars[i] stands for (after one_word() said true).
  Value base(std::size_t i) const { return slot_[i].base; }
  /// The word of vars[i] (after one_word() said true).
  std::uint64_t word(const Domains& d, std::size_t i) const { return d.words()[slot_[i].index]; }
  /// The bounds of vars[i] (after one_word() said true).
  Bounds bounds(const Domains& d, std::size_t i) const {
    const std::uint64_t w = word(d, i);
    return {slot_[i].base + std::countr_zero(w), slot_[i].base + 63 - std::countl_zero(w)};
  }

 private:
  void learn(const Domains& d, const std::vector<Var>& vars) {
    known_ = true;
    one_word_ = true;
    for (std::size_t i = 0; i < vars.size(); ++i) {
      const VarLayout& l = d.layout(vars[i]);
      if (l.words != 1 || l.interval) one_word_ = false;
      slot_[i] = {l.first_word, l.base};
    }
  }
  struct Slot {
    std::uint32_t index = 0;  // of the variable's (first) word in Domains::words()
    Value base = 0;           // the value of bit 0
  };
  bool known_ = false, one_word_ = false;
  std::vector<Slot> slot_;  // per scope position
};

}  // namespace csp
