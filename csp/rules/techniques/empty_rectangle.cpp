// Empty rectangle: in a box (a group that is not a line), a value's places all lie in one row R
// and one column C crossing the box, with places on both arms (R outside C and C outside R). The
// box's value is then in R or in C. A conjugate pair x =v= y in another column, with x in row R
// (outside the box) and y outside the box's rows: if y lacks v, x holds it, so the box's v is not in
// R but in C; if y holds it, y's row cannot. So the cell t where y's row meets column C loses v
// (when t is outside the box). The same with rows and columns swapped.
//
//   box 1 on 7:   7 . .  |                 box 1's 7s lie in row 3 and column 1
//                 7 . .  |
//                 7 7 .  |  . 7 .          x = r3c5 =7= y = r6c5 (column 5's only places)
//                        ...
//   r6:           * . .  |  . 7 .          -> 7 leaves t = r6c1
//
// Generic: the box is any group that is not a line; R and C come from two crossing families. Step:
// the value; the cells: the box's places, x, y; the groups: the box, R, C, the pair's line; the
// removal.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

namespace {

// The cell shared by groups g and h, -1 when none (lines of crossing families meet in one cell).
int meet(const Structure& st, std::uint32_t g, std::uint32_t h) {
  const int f = st.groups()[h].family;
  for (Cell c : st.groups()[g].cells) {
    const int k = st.member(f, c);
    if (k >= 0 && st.families()[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)] == h)
      return static_cast<int>(c);
  }
  return -1;
}

bool in_group(const Structure& st, std::uint32_t g, Cell c) {
  const int f = st.groups()[g].family;
  const int k = st.member(f, c);
  return k >= 0 && st.families()[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)] == g;
}

}  // namespace

bool find_empty_rectangle(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (std::uint32_t box = 0; box < st.groups().size(); ++box) {
    const Structure::GroupInfo& bg = st.groups()[box];
    if (st.line_family(bg.family)) continue;
    for (std::uint64_t vals = bg.values; vals != 0; vals &= vals - 1) {
      const std::uint64_t bit = vals & (~vals + 1);
      for (const auto& [f1, f2] : st.crossings())
        for (int dir = 0; dir < 2; ++dir) {
          // R from family fr (the arm the pair's x lies on), C from family fc (the pair's line family).
          const int fr = dir == 0 ? f1 : f2, fc = dir == 0 ? f2 : f1;
          const auto& rows = st.families()[static_cast<std::size_t>(fr)];
          const auto& cols = st.families()[static_cast<std::size_t>(fc)];
          // The rows and columns meeting the box's places.
          std::uint64_t place_rows = 0, place_cols = 0;
          bool lined = true;
          for (Cell c : bg.cells)
            if (p.cands(c) & bit) {
              const int r = st.member(fr, c), k = st.member(fc, c);
              if (r < 0 || k < 0) lined = false;
              else place_rows |= std::uint64_t{1} << r, place_cols |= std::uint64_t{1} << k;
            }
          if (!lined || std::popcount(place_rows) < 2 || std::popcount(place_cols) < 2) continue;
          for (std::uint64_t rb = place_rows; rb != 0; rb &= rb - 1)
            for (std::uint64_t cb = place_cols; cb != 0; cb &= cb - 1) {
              const int r = std::countr_zero(rb), k = std::countr_zero(cb);
              // Every place on row r or column k, with places off the crossing on both arms.
              bool covered = true, arm_r = false, arm_c = false;
              for (Cell c : bg.cells)
                if (p.cands(c) & bit) {
                  const bool on_r = st.member(fr, c) == r, on_c = st.member(fc, c) == k;
                  covered = covered && (on_r || on_c);
                  arm_r = arm_r || (on_r && !on_c);
                  arm_c = arm_c || (on_c && !on_r);
                }
              if (!covered || !arm_r || !arm_c) continue;
              const std::uint32_t R = rows[static_cast<std::size_t>(r)], C = cols[static_cast<std::size_t>(k)];
              // A conjugate pair x, y in a column L: x on R outside the box, y outside the box.
              for (Cell x : st.groups()[R].cells) {
                if ((p.cands(x) & bit) == 0 || in_group(st, box, x)) continue;
                const std::uint32_t L = cols[static_cast<std::size_t>(st.member(fc, x))];
                if (L == C) continue;
                const int y = conjugate_partner(p, st.groups()[L], x, bit);
                if (y < 0) continue;
                const int yr = st.member(fr, static_cast<Cell>(y));
                if (yr < 0 || in_group(st, box, static_cast<Cell>(y))) continue;
                const int t = meet(st, rows[static_cast<std::size_t>(yr)], C);
                if (t < 0 || in_group(st, box, static_cast<Cell>(t)) || (p.cands(static_cast<Cell>(t)) & bit) == 0)
                  continue;
                s.clear();
                s.technique = "empty-rectangle";
                add_values(p, s, bit);
                for (Cell c : bg.cells)
                  if (p.cands(c) & bit) s.cells.push_back(c);
                s.cells.push_back(x);
                s.cells.push_back(static_cast<Cell>(y));
                s.groups = {box, R, C, L};
                remove_bits(p, s, static_cast<Cell>(t), bit);
                return true;
              }
            }
        }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
