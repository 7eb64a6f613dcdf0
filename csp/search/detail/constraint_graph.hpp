// Internal to mrv-ddeg (csp/search/orders/mrv_ddeg.cpp): the constraint graph and its count of
// unfixed neighbours. Not installed.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "csp/kernel/model.hpp"

namespace csp::detail {

// The constraint graph: two variables are neighbours when some relation of a propagator holds
// both (Propagator::relations). Small models keep each variable's neighbours as a bit set, so that
// counting the unfixed ones is a few ANDs and popcounts; large ones as a list.
class ConstraintGraph {
 public:
  explicit ConstraintGraph(const Model& m) : words_((static_cast<std::size_t>(m.var_count()) + 63) / 64) {
    const auto n = static_cast<std::size_t>(m.var_count());
    bitsets_ = n <= kBitsetUpTo;
    std::vector<std::vector<std::uint32_t>> lists(bitsets_ ? 0 : n);
    if (bitsets_) rows_.assign(n * words_, 0);
    for (PropagatorId p = 0; p < m.propagator_count(); ++p) {
      for (const std::vector<Var>& rel : m.propagator(p).relations()) {
        for (Var a : rel) {
          for (Var b : rel) {
            if (a == b) continue;
            const auto ia = static_cast<std::size_t>(a.id), ib = static_cast<std::size_t>(b.id);
            if (bitsets_) rows_[ia * words_ + ib / 64] |= std::uint64_t{1} << (ib % 64);
            else lists[ia].push_back(static_cast<std::uint32_t>(ib));
          }
        }
      }
    }
    if (!bitsets_) {
      start_.push_back(0);
      for (auto& l : lists) {
        std::sort(l.begin(), l.end());
        l.erase(std::unique(l.begin(), l.end()), l.end());
        flat_.insert(flat_.end(), l.begin(), l.end());
        start_.push_back(static_cast<std::uint32_t>(flat_.size()));
      }
    }
    open_.assign(words_, 0);
  }

  /// The unfixed variables, as a bit set (variable i is bit i % 64 of word i / 64), for the caller
  /// to fill before counting.
  std::uint64_t* open() { return open_.data(); }
  /// Number of v's neighbours marked unfixed.
  int open_neighbours(int v) const {
    int n = 0;
    if (bitsets_) {
      const std::uint64_t* row = rows_.data() + static_cast<std::size_t>(v) * words_;
      for (std::size_t k = 0; k < words_; ++k) n += std::popcount(row[k] & open_[k]);
    } else {
      for (std::uint32_t k = start_[static_cast<std::size_t>(v)]; k < start_[static_cast<std::size_t>(v) + 1]; ++k)
        n += static_cast<int>(open_[flat_[k] / 64] >> (flat_[k] % 64) & 1);
    }
    return n;
  }

 private:
  static constexpr std::size_t kBitsetUpTo = 2048;  // n^2 bits: 512 KB at most
  std::size_t words_;
  bool bitsets_ = true;
  std::vector<std::uint64_t> rows_;             // bit sets: n rows of words_ words
  std::vector<std::uint32_t> start_, flat_;     // lists: per variable, its neighbours
  std::vector<std::uint64_t> open_;             // the unfixed variables
};

}  // namespace csp::detail
