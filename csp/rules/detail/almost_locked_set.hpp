// Internal to the rules library (csp/rules/detail/: not part of the public API, not installed).
// Almost locked sets (ALS): n open cells of one group whose candidates together are n+1 values.
// Whichever value the set lacks, it holds all the others; that is the lever of ALS-XZ and
// ALS-XY-wing (als_xz.cpp, als_xy_wing.cpp), and of any later ALS deduction.
//
// The enumeration is shared: almost_locked_sets(p) lists every ALS of a position, with per value
// the cells of the set holding it and the cells seeing all of those, and the restricted common
// candidates between disjoint sets (x is restricted common to A and B when every x of A sees every
// x of B: at most one of them holds x). It is built once per position and thread and kept until a
// finder asks about another position, so the finders tried one after the other on one position
// (als-xz, then als-xy-wing) pay for one enumeration; once its vectors have grown it allocates
// nothing (the finders are search rules too).
//
// Generic over exact groups: an ALS is found in any group of the Structure, once (a set of cells
// lying in two groups, say a box and a row, is listed for the first of them).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "csp/rules/techniques/technique.hpp"

namespace csp::techniques {

/// Sets of n cells up to this size are enumerated (HoDoKu's bound: on 9x9 grids every ALS; on
/// larger ones the count grows as the binomial coefficients of the open cells of a group).
inline constexpr int kMaxAlsCells = 8;

/// The almost locked sets of one position.
class AlmostLockedSets {
 public:
  /// One ALS. Its cell sets (Structure::cell_words() words each) are read through the accessors.
  struct Set {
    std::uint32_t group;   ///< the first group (by index) holding all its cells
    std::uint32_t size;    ///< n, its number of cells (1..kMaxAlsCells)
    std::uint64_t values;  ///< its n+1 values, as bits relative to Structure::base()
    std::uint32_t bits;    ///< where its cell sets start in bits_
  };
  /// A pair of disjoint sets a < b (indices) with at least one restricted common candidate.
  struct Restricted {
    std::uint32_t a, b;
    std::uint64_t rcc;  ///< the restricted common values, as bits
  };

  /// Enumerates the sets of the position: open cells (two or more candidates) only, smallest sets
  /// first (then by group, then by cells), and the restricted commons of every disjoint pair.
  void build(const Position& p);
  /// True when built on this position (same structure, same candidates in every cell).
  bool built_on(const Position& p) const;

  std::size_t size() const { return sets_.size(); }
  const Set& operator[](std::size_t i) const { return sets_[i]; }
  /// The cells of set i.
  std::span<const std::uint64_t> cells(std::size_t i) const { return span(sets_[i].bits); }
  /// The cells of set i holding the value `bit` (one bit of its values).
  std::span<const std::uint64_t> holders(std::size_t i, std::uint64_t bit) const {
    return span(sets_[i].bits + (1 + 2 * rank(i, bit)) * words_);
  }
  /// The cells (anywhere) seeing every cell of set i that holds the value `bit`; none of those
  /// cells is in it.
  std::span<const std::uint64_t> seeing(std::size_t i, std::uint64_t bit) const {
    return span(sets_[i].bits + (2 + 2 * rank(i, bit)) * words_);
  }
  /// The open cells of the position holding the value `bit`.
  std::span<const std::uint64_t> holding(std::uint64_t bit) const {
    return {candidates_.data() + static_cast<std::size_t>(std::countr_zero(bit)) * words_, words_};
  }
  /// Every pair of disjoint sets with a restricted common candidate, by a then b.
  const std::vector<Restricted>& restricted() const { return restricted_; }
  /// The indices into restricted() of the pairs that set i is part of.
  std::span<const std::uint32_t> restricted_of(std::size_t i) const {
    return {by_set_.data() + by_set_start_[i], by_set_start_[i + 1] - by_set_start_[i]};
  }
  std::size_t words() const { return words_; }

 private:
  std::span<const std::uint64_t> span(std::size_t at) const { return {bits_.data() + at, words_}; }
  std::uint32_t rank(std::size_t i, std::uint64_t bit) const {
    return static_cast<std::uint32_t>(std::popcount(sets_[i].values & (bit - 1)));
  }
  void add_set(const Position& p, std::uint32_t group, std::span<const Cell> cells, std::uint64_t values);
  void link();

  // What the sets were built on.
  std::uint64_t structure_ = 0;
  std::vector<std::uint64_t> key_;  // every cell's candidates
  std::size_t words_ = 0;
  std::vector<Set> sets_;
  std::vector<std::uint64_t> bits_;        // per set: cells, then per value holders and seeing
  std::vector<std::uint64_t> candidates_;  // per value (64) the open cells holding it
  std::vector<Restricted> restricted_;
  std::vector<std::uint32_t> by_set_, by_set_start_, by_set_fill_;
  std::vector<std::uint32_t> by_lowest_, by_lowest_start_;  // sets by (value, lowest cell holding it)
  std::vector<std::uint64_t> rcc_with_;                       // scratch of link(): per set b
  std::vector<std::uint32_t> touched_;
  std::vector<Set> sorted_;                // scratch of build()
  std::vector<std::uint64_t> sorted_bits_;
};

/// The almost locked sets of the position: this thread's enumeration, rebuilt when the position
/// is not the one it was built on. Valid until the next call on this thread.
const AlmostLockedSets& almost_locked_sets(const Position& p);

/// The removals an ALS finder gathers: per value the cells losing it, each counted once however
/// many reasons remove it. Allocates only when the structure is wider than any before.
class Eliminations {
 public:
  /// Empty, for cell sets of `words` words.
  void reset(std::size_t words);
  /// The cells in a, b and c lose the value `bit` (c: the cells still holding it).
  void add(std::uint64_t bit, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
           std::span<const std::uint64_t> c);
  /// The values some cell loses, as bits.
  std::uint64_t values() const { return values_; }
  /// Appends the removals to s.removals, by value, then by cell.
  void emit(const Position& p, Step& s) const;

 private:
  std::size_t words_ = 0;
  std::uint64_t values_ = 0;
  std::vector<std::uint64_t> cells_;  // 64 values' sets
};

/// Set operations on cell sets of equal length.
namespace cellset {
inline bool empty(std::span<const std::uint64_t> a) {
  for (std::uint64_t w : a)
    if (w != 0) return false;
  return true;
}
inline bool disjoint(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  for (std::size_t k = 0; k < a.size(); ++k)
    if ((a[k] & b[k]) != 0) return false;
  return true;
}
/// a is a subset of b.
inline bool within(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  for (std::size_t k = 0; k < a.size(); ++k)
    if ((a[k] & ~b[k]) != 0) return false;
  return true;
}
/// Calls f(cell) for every cell of the set, in increasing order.
template <class F>
void for_each(std::span<const std::uint64_t> a, F&& f) {
  for (std::size_t k = 0; k < a.size(); ++k)
    for (std::uint64_t w = a[k]; w != 0; w &= w - 1) f(static_cast<Cell>(k * 64 + std::countr_zero(w)));
}
}  // namespace cellset

}  // namespace csp::techniques
