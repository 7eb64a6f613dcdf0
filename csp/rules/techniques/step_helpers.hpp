// Helpers for writing a finder (technique.hpp): filling a Step from candidate bits, conjugate
// pairs, k-subsets of a bit set. Public, so that a problem's own deductions (Sudoku's uniqueness
// rows, problems/sudoku/uniqueness/) are written the way the library's are.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "csp/rules/techniques/technique.hpp"

namespace csp::techniques {

/// True when the word holds exactly one candidate.
constexpr bool single(std::uint64_t w) { return w != 0 && (w & (w - 1)) == 0; }

/// Adds a removal for each bit of `bits` (relative to the base) at cell c.
inline void remove_bits(const Position& p, Step& s, Cell c, std::uint64_t bits) {
  for (; bits != 0; bits &= bits - 1) s.removals.push_back({c, p.structure.base() + std::countr_zero(bits)});
}
/// The values of `bits` into s.values.
inline void add_values(const Position& p, Step& s, std::uint64_t bits) {
  for (; bits != 0; bits &= bits - 1) s.values.push_back(p.structure.base() + std::countr_zero(bits));
}

/// Starts a step of `technique` on one group with the values of `bits` (the subset deductions).
inline void start_step(const Position& p, Step& s, std::string_view technique, std::uint32_t group,
                       std::uint64_t bits) {
  s.clear();
  s.technique = technique;
  s.groups.push_back(group);
  add_values(p, s, bits);
}

/// The other place of `bit` in group g when g has exactly two places for it, one of them c (a
/// conjugate pair: exactly one of the two holds the value); -1 otherwise.
inline int conjugate_partner(const Position& p, const Structure::GroupInfo& g, Cell c, std::uint64_t bit) {
  int other = -1, count = 0;
  for (Cell d : g.cells)
    if (p.cands(d) & bit) {
      ++count;
      if (d != c) other = static_cast<int>(d);
    }
  return count == 2 ? other : -1;
}

/// Calls f(mask) for every k-subset of the set bits of `from` (at most 64 bits), as masks, in
/// lexicographic order of positions; stops when f returns true and returns true then.
template <class F>
bool for_each_subset(std::uint64_t from, int k, F&& f) {
  int pos[64];
  int n = 0;
  for (std::uint64_t b = from; b != 0; b &= b - 1) pos[n++] = std::countr_zero(b);
  if (k <= 0 || k > n) return false;
  int idx[8];
  for (int i = 0; i < k; ++i) idx[i] = i;
  for (;;) {
    std::uint64_t m = 0;
    for (int i = 0; i < k; ++i) m |= std::uint64_t{1} << pos[idx[i]];
    if (f(m)) return true;
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) --i;
    if (i < 0) return false;
    ++idx[i];
    for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  }
}

}  // namespace csp::techniques
