// 3D Medusa: simple colouring over candidates of every value at once. Strong links (the two values
// of a bivalue cell; a value with two places in a group) chain candidates into components coloured
// alternately: in each component exactly one colour is all true. A colour is false when two of its
// candidates share a cell, or share a value in a group; then every candidate of that colour goes.
// Else an uncoloured candidate goes when it cannot coexist with either colour:
//   - its cell holds candidates of both colours;
//   - it sees its value in both colours;
//   - its cell holds one colour and it sees its value in the other.
//
//   r6c2 {5,8}: its 5 blue, its 8 green; 5 in row 6 only at r6c2, r6c7: r6c7's 5 green.
//   r2c7 holding 8 and seeing no 8 of either colour keeps it; r4c7 holding 5 sees r6c7's green
//   5 (column 7) and, with 8 of blue elsewhere in its row, that is one colour only: kept too.
//   A cell whose 5 sees blue r6c2's 5 (column 2) and green r6c7's 5 (box 6 / row) loses it.
// Step: the component's candidates (colour 0, then 1) in cells and values, the removals.
#include <algorithm>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_medusa_3d(const Position& p, Step& s) {
  const Structure& st = p.structure;
  const std::size_t n = st.cells();
  // Per candidate (cell * 64 + value index): component * 2 + colour, -1 when not coloured yet.
  thread_local std::vector<std::int32_t> colour;
  thread_local std::vector<std::int32_t> queue;
  colour.assign(n * 64, -1);
  queue.resize(n * 64);
  auto at = [](Cell c, std::uint64_t bit) { return c * 64 + static_cast<Cell>(std::countr_zero(bit)); };
  std::int32_t component = 0;
  // The colour (0, 1) of a candidate in the current component, -1 when it is not in it.
  auto coloured = [&](Cell c, std::uint64_t bit) {
    const std::int32_t k = colour[at(c, bit)];
    return k >= 0 && k / 2 == component ? k % 2 : -1;
  };
  for (Cell start = 0; start < n; ++start) {
    for (std::uint64_t sv = p.cands(start); sv != 0 && !single(p.cands(start)); sv &= sv - 1) {
      const std::uint64_t sbit = sv & (~sv + 1);
      if (colour[at(start, sbit)] >= 0) continue;
      ++component;
      // Colour the component breadth first; queue[0, end) its candidates.
      std::size_t end = 0;
      colour[at(start, sbit)] = 2 * component;
      queue[end++] = static_cast<std::int32_t>(at(start, sbit));
      for (std::size_t head = 0; head < end; ++head) {
        const auto c = static_cast<Cell>(queue[head] / 64);
        const std::uint64_t bit = std::uint64_t{1} << (queue[head] % 64);
        const std::int32_t next = 2 * component + 1 - colour[static_cast<std::size_t>(queue[head])] % 2;
        auto link = [&](Cell d, std::uint64_t b) {
          if (colour[at(d, b)] >= 0) return;
          colour[at(d, b)] = next;
          queue[end++] = static_cast<std::int32_t>(at(d, b));
        };
        const std::uint64_t w = p.cands(c);
        if (std::popcount(w) == 2) link(c, w & ~bit);
        for (std::uint32_t g : st.groups_of(c)) {
          const int other = conjugate_partner(p, st.groups()[g], c, bit);
          if (other >= 0 && !single(p.cands(static_cast<Cell>(other)))) link(static_cast<Cell>(other), bit);
        }
      }
      if (end < 3) continue;  // one link: nothing beyond the link itself
      // A false colour: twice in a cell, or twice on a value in a group.
      int wrong = -1;
      for (std::size_t i = 0; i < end && wrong < 0; ++i)
        for (std::size_t j = i + 1; j < end && wrong < 0; ++j) {
          const std::int32_t a = queue[i], b = queue[j];
          if (colour[static_cast<std::size_t>(a)] != colour[static_cast<std::size_t>(b)]) continue;
          const auto ca = static_cast<Cell>(a / 64), cb = static_cast<Cell>(b / 64);
          if (ca == cb || (a % 64 == b % 64 && st.sees(ca, cb))) wrong = colour[static_cast<std::size_t>(a)] % 2;
        }
      s.clear();
      if (wrong >= 0) {
        for (std::size_t i = 0; i < end; ++i)
          if (colour[static_cast<std::size_t>(queue[i])] % 2 == wrong)
            s.removals.push_back({static_cast<Cell>(queue[i] / 64), st.base() + queue[i] % 64});
      } else {
        // Uncoloured candidates that neither colour allows.
        for (Cell c = 0; c < n; ++c) {
          const std::uint64_t w = p.cands(c);
          if (single(w)) continue;
          int in_cell = 0;  // colours among the cell's candidates (bits 1, 2)
          for (std::uint64_t v = w; v != 0; v &= v - 1)
            if (coloured(c, v & (~v + 1)) >= 0) in_cell |= 1 << coloured(c, v & (~v + 1));
          for (std::uint64_t v = w; v != 0; v &= v - 1) {
            const std::uint64_t bit = v & (~v + 1);
            if (coloured(c, bit) >= 0) continue;
            int seen = in_cell;
            for (Cell d : st.peers(c))
              if ((p.cands(d) & bit) != 0 && coloured(d, bit) >= 0) seen |= 1 << coloured(d, bit);
            if (seen == 3) s.removals.push_back({c, st.base() + std::countr_zero(bit)});
          }
        }
      }
      if (s.removals.empty()) continue;
      s.technique = "3d-medusa";
      for (int col = 0; col < 2; ++col)
        for (std::size_t i = 0; i < end; ++i)
          if (colour[static_cast<std::size_t>(queue[i])] % 2 == col) {
            s.cells.push_back(static_cast<Cell>(queue[i] / 64));
            s.values.push_back(st.base() + queue[i] % 64);
          }
      return true;
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
