// X-chain: a chain of cells on one value whose links alternate strong (a conjugate pair: exactly
// one of the two holds the value) and weak (two cells sharing a group: at most one holds it),
// starting and ending with a strong link. If the first cell does not hold the value, the second
// does, the third does not, ..., the last does: one of the two ends holds it, so every cell seeing
// both ends loses it. Skyscrapers and two-string kites are the X-chains of three links.
//
//   r1c1 =5= r1c6 -5- r4c6 =5= r4c2        (= strong, - weak)
//   -> 5 leaves the cells seeing both r1c1 and r4c2 (r2c2, r3c2, r4c1.. as the boxes allow)
//
// Chains of three or more links are searched breadth first from every start cell, so the step is
// a shortest chain with an elimination. Step: the value, the chain's cells in order, the removals.
#include <algorithm>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_x_chain(const Position& p, Step& s) {
  const Structure& st = p.structure;
  const std::size_t n = st.cells();
  // Per cell: parent in the "on" layer (the cell holds the value if the start does not) and in the
  // "off" layer (it does not), their chain lengths, and a queue of states (cell * 2 + on).
  s.scratch.resize(6 * n);
  std::int32_t* parent_on = s.scratch.data();
  std::int32_t* parent_off = parent_on + n;
  std::int32_t* len_on = parent_off + n;
  std::int32_t* len_off = len_on + n;
  std::int32_t* queue = len_off + n;  // 2n entries
  std::uint64_t all = 0;
  for (const Structure::GroupInfo& g : st.groups()) all |= g.values;
  int best = 0;  // links in the chain reported so far (0: none)
  auto ends_remove = [&](Cell a, Cell b, std::uint64_t bit) {
    for (Cell c : st.peers(a))
      if (c != b && st.sees(c, b) && (p.cands(c) & bit)) return true;
    return false;
  };
  for (std::uint64_t vals = all; vals != 0; vals &= vals - 1) {
    const std::uint64_t bit = vals & (~vals + 1);
    for (Cell start = 0; start < n; ++start) {
      if ((p.cands(start) & bit) == 0 || p.is_placed(start)) continue;
      std::fill(parent_on, parent_on + 2 * n, -2);
      std::size_t head = 0, end = 0;
      parent_off[start] = -1;
      len_off[start] = 0;
      queue[end++] = static_cast<std::int32_t>(start * 2);
      int found = -1;
      while (head < end && found < 0) {
        const std::int32_t state = queue[head++];
        const auto c = static_cast<Cell>(state / 2);
        if ((state & 1) == 0) {  // off: a strong link makes the partner on
          if (best != 0 && len_off[c] + 1 >= best) continue;
          for (std::uint32_t g : st.groups_of(c)) {
            const int d = conjugate_partner(p, st.groups()[g], c, bit);
            if (d < 0 || parent_on[d] != -2) continue;
            parent_on[d] = static_cast<std::int32_t>(c);
            len_on[d] = len_off[c] + 1;
            queue[end++] = d * 2 + 1;
            if (len_on[d] >= 3 && static_cast<Cell>(d) != start && ends_remove(start, static_cast<Cell>(d), bit)) {
              found = d;
              break;
            }
          }
        } else {  // on: a weak link makes every peer holding the value off
          for (Cell d : st.peers(c)) {
            if ((p.cands(d) & bit) == 0 || parent_off[d] != -2) continue;
            parent_off[d] = static_cast<std::int32_t>(c);
            len_off[d] = len_on[c] + 1;
            queue[end++] = static_cast<std::int32_t>(d * 2);
          }
        }
      }
      if (found < 0) continue;
      best = len_on[found];
      s.clear();
      s.technique = "x-chain";
      add_values(p, s, bit);
      // Walk back: on(found) <- off <- on <- ... <- off(start).
      auto c = static_cast<std::int32_t>(found);
      bool on = true;
      while (c >= 0) {
        s.cells.push_back(static_cast<Cell>(c));
        c = on ? parent_on[c] : parent_off[c];
        on = !on;
      }
      std::reverse(s.cells.begin(), s.cells.end());
      const Cell last = static_cast<Cell>(found);
      for (Cell d : st.peers(start))
        if (d != last && st.sees(d, last) && (p.cands(d) & bit)) remove_bits(p, s, d, bit);
      if (best == 3) return true;  // no chain is shorter
    }
  }
  return best != 0;
}

}  // namespace csp::techniques::detail
