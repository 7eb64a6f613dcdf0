// Supports: the scratch marks of a propagator that reaches domain consistency by enumeration.
//
// During one propagation it marks, per scope variable, the candidates found in some satisfying
// tuple; prune() then removes the others. The buffers are sized on the first reset() from the
// variables' layouts (which never change once a model is built), so later propagations allocate
// nothing. Not search state: the marks mean nothing between two propagations. An interval-form
// variable (no holes) keeps only the least and greatest marked value, and prune() cuts its bounds
// to them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "csp/kernel/domains.hpp"

namespace csp {

class Context;

class Supports {
 public:
  /// Forgets every mark of `vars` (the propagator's scope, always the same list).
  void reset(const Domains& d, std::span<const Var> vars);
  /// Marks x, a candidate of vars[i], as supported.
  void mark(std::size_t i, Value x) {
    if (words_[i] == 0) return mark_hull(i, x);
    const std::uint64_t k = static_cast<std::uint64_t>(static_cast<std::int64_t>(x) - base_[i]);
    bits_[first_[i] + k / 64] |= std::uint64_t{1} << (k % 64);
  }
  /// True when x, a candidate of vars[i], was marked since the last reset().
  bool marked(std::size_t i, Value x) const {
    if (words_[i] == 0) return hull(i, 0) <= x && x <= hull(i, 1);
    const std::uint64_t k = static_cast<std::uint64_t>(static_cast<std::int64_t>(x) - base_[i]);
    return (bits_[first_[i] + k / 64] >> (k % 64)) & 1U;
  }
  /// Removes the unmarked candidates of vars[i] through ctx; false on a wipe-out.
  bool prune(Context& ctx, std::size_t i, Var v) const;

 private:
  std::vector<std::int64_t> base_;   // per variable: the value of its first bit
  std::vector<std::size_t> first_;   // per variable: its first word in bits_
  std::vector<std::size_t> words_;   // per variable: its number of words (0: interval form)
  std::vector<std::uint64_t> bits_;  // per bit-form variable its marks; per interval one [least, greatest]

  std::int64_t hull(std::size_t i, std::size_t end) const { return static_cast<std::int64_t>(bits_[first_[i] + end]); }
  void mark_hull(std::size_t i, Value x) {
    if (x < hull(i, 0)) bits_[first_[i]] = static_cast<std::uint64_t>(std::int64_t{x});
    if (x > hull(i, 1)) bits_[first_[i] + 1] = static_cast<std::uint64_t>(std::int64_t{x});
  }
};

}  // namespace csp
