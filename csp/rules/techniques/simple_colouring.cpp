// Simple colouring (single-value colouring). A conjugate pair is a group where a value has exactly
// two places: exactly one of them holds it. Chaining conjugate pairs on one value and colouring the
// cells alternately splits each chain into two colours, exactly one of which holds the value
// everywhere.
//   wrap: two cells of one colour share a group -> that colour is false: the value leaves them all
//   trap: a cell outside the chain that sees both colours cannot hold the value
//
//   5 in row 1 only at A=r1c1, B=r1c7; in column 7 only at B, C=r6c7; in row 6 only at C, D=r6c2
//   colours: A, C = blue; B, D = green.  r4c1? no.  r2c2 sees A (box 1) and D (column 2): not 5
//
// A chain with an odd cycle (inconsistent candidates) proves nothing here and is skipped.
// Step: the value, the chain's cells (one colour, then the other), the removals.
#include <algorithm>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {
namespace {

/// Calls f(partner) for each conjugate partner of c on `bit` (once per group: a partner sharing two
/// groups with c comes twice).
template <class F>
void for_each_conjugate(const Position& p, Cell c, std::uint64_t bit, F&& f) {
  for (std::uint32_t g : p.structure.groups_of(c)) {
    const int other = conjugate_partner(p, p.structure.groups()[g], c, bit);
    if (other >= 0) f(static_cast<Cell>(other));
  }
}

}  // namespace

bool find_simple_colouring(const Position& p, Step& s) {
  const Structure& st = p.structure;
  const std::size_t n = st.cells();
  s.scratch.resize(3 * n);
  std::int32_t* colour = s.scratch.data();  // -1: not coloured yet
  std::int32_t* queue = colour + n;
  std::int32_t* mark = queue + n;            // per cell: colours of the component it sees
  std::uint64_t all = 0;
  for (const Structure::GroupInfo& g : st.groups()) all |= g.values;
  for (std::uint64_t vals = all; vals != 0; vals &= vals - 1) {
    const std::uint64_t bit = vals & (~vals + 1);
    std::fill(colour, colour + n, -1);
    for (Cell start = 0; start < n; ++start) {
      if (colour[start] >= 0 || (p.cands(start) & bit) == 0 || p.is_placed(start)) continue;
      // Colour the component of `start` (breadth first); queue[0, end) are its cells.
      std::size_t end = 0;
      bool odd = false;
      colour[start] = 0;
      queue[end++] = static_cast<std::int32_t>(start);
      for (std::size_t head = 0; head < end; ++head) {
        const auto c = static_cast<Cell>(queue[head]);
        for_each_conjugate(p, c, bit, [&](Cell d) {
          if (colour[d] < 0) {
            colour[d] = 1 - colour[c];
            queue[end++] = static_cast<std::int32_t>(d);
          } else if (colour[d] == colour[c]) {
            odd = true;
          }
        });
      }
      if (end < 2 || odd) continue;
      // Wrap: two cells of one colour in one group.
      int wrong = -1;
      for (std::size_t i = 0; i < end && wrong < 0; ++i)
        for (std::size_t j = i + 1; j < end && wrong < 0; ++j) {
          const auto a = static_cast<Cell>(queue[i]), b = static_cast<Cell>(queue[j]);
          if (colour[a] == colour[b] && st.sees(a, b)) wrong = colour[a];
        }
      // Trap: cells outside the component seeing both colours.
      std::fill(mark, mark + n, 0);
      for (std::size_t i = 0; i < end; ++i) {
        const auto c = static_cast<Cell>(queue[i]);
        for (Cell d : st.peers(c)) mark[d] |= 1 << colour[c];
      }
      auto in_component = [&](Cell c) {
        for (std::size_t i = 0; i < end; ++i)
          if (queue[i] == static_cast<std::int32_t>(c)) return true;
        return false;
      };
      bool trap = false;
      if (wrong < 0)
        for (Cell c = 0; c < n && !trap; ++c)
          trap = mark[c] == 3 && (p.cands(c) & bit) && !in_component(c);
      if (wrong < 0 && !trap) continue;
      s.clear();
      s.technique = "simple-colouring";
      add_values(p, s, bit);
      for (int col = 0; col < 2; ++col)
        for (std::size_t i = 0; i < end; ++i)
          if (colour[queue[i]] == col) s.cells.push_back(static_cast<Cell>(queue[i]));
      if (wrong >= 0) {
        for (std::size_t i = 0; i < end; ++i)
          if (colour[queue[i]] == wrong) remove_bits(p, s, static_cast<Cell>(queue[i]), bit);
      } else {
        for (Cell c = 0; c < n; ++c)
          if (mark[c] == 3 && (p.cands(c) & bit) && !in_component(c)) remove_bits(p, s, c, bit);
      }
      return true;
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
