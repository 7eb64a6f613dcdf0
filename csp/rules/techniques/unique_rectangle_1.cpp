// Unique rectangle, type 1 (uniqueness: only for a puzzle known to have exactly one solution).
// Four open cells at the corners of two rows and two columns, lying in exactly two boxes, where
// three corners hold only the values a and b and the fourth holds them and more. If the fourth took
// a or b, the four cells would all be a or b in a pattern whose a and b can be swapped (every group
// holds two of the corners, one a and one b): a second solution. So the fourth loses a and b.
//
//   r1:  {4,7} . . | . . . | {4,7} . .          the rectangle r1c1, r1c7, r2c1, r2c7 spans
//   r2:  {4,7} . . | . . . | {4,7,9} . .        boxes 1 and 3
//   -> 4 and 7 leave r2c7
//
// Generic: rows and columns from two crossing families; every group of every corner must hold
// exactly two corners and the diagonal corners share no group (so the swap keeps every group
// exact). Step: the three corners, then the fourth; the values a, b; the two rows then the two
// columns; the removals.
#include "csp/rules/techniques/finders.hpp"

namespace csp::techniques::detail {

namespace {

// The four cells can swap a and b between the diagonals without breaking a group.
bool deadly_shape(const Structure& st, const Cell (&q)[4]) {
  // q: r0c0, r0c1, r1c0, r1c1. Diagonals: (0,3), (1,2).
  if (st.sees(q[0], q[3]) || st.sees(q[1], q[2])) return false;
  for (Cell c : q)
    for (std::uint32_t g : st.groups_of(c)) {
      int inside = 0;
      for (Cell d : q)
        for (std::uint32_t h : st.groups_of(d)) inside += h == g;
      if (inside != 2) return false;
    }
  return true;
}

}  // namespace

bool find_unique_rectangle_1(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (const auto& [f1, f2] : st.crossings()) {
    const auto& rows = st.families()[static_cast<std::size_t>(f1)];
    const auto& cols = st.families()[static_cast<std::size_t>(f2)];
    const std::size_t nc = cols.size();
    // at[r * nc + k]: the cell of row r and column k.
    std::vector<std::int32_t>& at = s.scratch;
    at.assign(rows.size() * nc, -1);
    for (std::size_t r = 0; r < rows.size(); ++r)
      for (Cell c : st.groups()[rows[r]].cells) at[r * nc + static_cast<std::size_t>(st.member(f2, c))] = static_cast<std::int32_t>(c);
    for (std::size_t r0 = 0; r0 < rows.size(); ++r0)
      for (std::size_t k0 = 0; k0 < nc; ++k0) {
        const std::uint64_t ab = p.cands(static_cast<Cell>(at[r0 * nc + k0]));
        if (std::popcount(ab) != 2) continue;
        for (std::size_t r1 = r0 + 1; r1 < rows.size(); ++r1)
          for (std::size_t k1 = k0 + 1; k1 < nc; ++k1) {
            const Cell q[4] = {static_cast<Cell>(at[r0 * nc + k0]), static_cast<Cell>(at[r0 * nc + k1]),
                               static_cast<Cell>(at[r1 * nc + k0]), static_cast<Cell>(at[r1 * nc + k1])};
            int exact = 0, wider = -1;
            for (int i = 0; i < 4; ++i) {
              const std::uint64_t w = p.cands(q[i]);
              if (w == ab) ++exact;
              else if ((w & ab) == ab && std::popcount(w) > 2) wider = i;
            }
            if (exact != 3 || wider < 0 || !deadly_shape(st, q)) continue;
            s.clear();
            s.technique = "unique-rectangle-1";
            for (int i = 0; i < 4; ++i)
              if (i != wider) s.cells.push_back(q[i]);
            s.cells.push_back(q[wider]);
            add_values(p, s, ab);
            s.groups = {rows[r0], rows[r1], cols[k0], cols[k1]};
            remove_bits(p, s, q[wider], ab);
            return true;
          }
      }
  }
  return false;
}

}  // namespace csp::techniques::detail
