// Internals of csp/rules/techniques/: the finders (one technique per .cpp file) and small helpers.
#pragma once

#include <bit>
#include <cstdint>

#include "csp/rules/techniques/technique.hpp"

namespace csp::techniques::detail {

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

// The searches shared by deductions of one family (each in its own file, used by the deductions'
// files): k cells holding k values (naked_subset.cpp), k values with k places
// (hidden_subset.cpp), a fish of size n (fish_pattern.cpp), a value locked in the intersection of
// two groups, as claiming or as pointing (locked_intersection.cpp).
bool find_naked_subset(const Position& p, Step& s, int k, std::string_view name);
bool find_hidden_subset(const Position& p, Step& s, int k, std::string_view name);
bool find_fish(const Position& p, Step& s, int n, std::string_view name);
bool find_finned_fish(const Position& p, Step& s, int n, bool sashimi, std::string_view name);
bool find_locked(const Position& p, Step& s, bool claiming);
/// The kinds of three-link chains strong - weak - strong on one value (three_link_chain.cpp).
enum class ThreeLinkKind : std::uint8_t { skyscraper, two_string_kite, turbot_fish };
bool find_three_link_chain(const Position& p, Step& s, ThreeLinkKind kind, std::string_view name);
/// Forcing chains or nets, by the reach of the implications (implications.hpp, forcing_search.cpp);
/// a budget other than 0 bounds the assumptions propagated (then it may give up: false).
enum class Spread : std::uint8_t;
bool find_forcing(const Position& p, Step& s, Spread spread, std::string_view name, std::uint64_t budget = 0);

// The finders, one per deduction and file (csp/rules/techniques/<name>.cpp).
bool find_full_house(const Position& p, Step& s);
bool find_naked_single(const Position& p, Step& s);
bool find_hidden_single(const Position& p, Step& s);
bool find_pointing(const Position& p, Step& s);
bool find_claiming(const Position& p, Step& s);
bool find_naked_pair(const Position& p, Step& s);
bool find_naked_triple(const Position& p, Step& s);
bool find_naked_quad(const Position& p, Step& s);
bool find_hidden_pair(const Position& p, Step& s);
bool find_hidden_triple(const Position& p, Step& s);
bool find_hidden_quad(const Position& p, Step& s);
bool find_x_wing(const Position& p, Step& s);
bool find_swordfish(const Position& p, Step& s);
bool find_jellyfish(const Position& p, Step& s);
bool find_xy_wing(const Position& p, Step& s);
bool find_xyz_wing(const Position& p, Step& s);
bool find_wxyz_wing(const Position& p, Step& s);
bool find_simple_colouring(const Position& p, Step& s);
bool find_x_chain(const Position& p, Step& s);
bool find_finned_x_wing(const Position& p, Step& s);
bool find_sashimi_x_wing(const Position& p, Step& s);
bool find_finned_swordfish(const Position& p, Step& s);
bool find_sashimi_swordfish(const Position& p, Step& s);
bool find_finned_jellyfish(const Position& p, Step& s);
bool find_sashimi_jellyfish(const Position& p, Step& s);
bool find_skyscraper(const Position& p, Step& s);
bool find_two_string_kite(const Position& p, Step& s);
bool find_turbot_fish(const Position& p, Step& s);
bool find_empty_rectangle(const Position& p, Step& s);
bool find_w_wing(const Position& p, Step& s);
bool find_sue_de_coq(const Position& p, Step& s);
bool find_unique_rectangle_1(const Position& p, Step& s);
bool find_unique_rectangle_2(const Position& p, Step& s);
bool find_unique_rectangle_3(const Position& p, Step& s);
bool find_unique_rectangle_4(const Position& p, Step& s);
bool find_bug_plus_1(const Position& p, Step& s);
bool find_xy_chain(const Position& p, Step& s);
bool find_medusa_3d(const Position& p, Step& s);
bool find_aic(const Position& p, Step& s);
bool find_als_xz(const Position& p, Step& s);
bool find_als_xy_wing(const Position& p, Step& s);
bool find_grouped_aic(const Position& p, Step& s);
bool find_forcing_chain(const Position& p, Step& s);
bool find_forcing_net(const Position& p, Step& s);
bool find_nested_forcing_net(const Position& p, Step& s);

}  // namespace csp::techniques::detail
