// The rectangles of the unique-rectangle types (unique_rectangle.hpp).
#include "problems/sudoku/uniqueness/unique_rectangle.hpp"

namespace problems::sudoku::uniqueness {

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

// The sides of a rectangle as (floor, roof) corner indices, roof[i] across from floor[i]: the first
// row, the second row, the first column, the second column as the floor.
constexpr int kSides[4][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}};

}  // namespace

bool find_unique_rectangle(const Position& p, Step& s, RectangleType type) {
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
    auto cell = [&](std::size_t r, std::size_t k) { return static_cast<Cell>(at[r * nc + k]); };
    for (std::size_t r0 = 0; r0 < rows.size(); ++r0)
      for (std::size_t k0 = 0; k0 < nc; ++k0)
        for (std::size_t r1 = r0 + 1; r1 < rows.size(); ++r1)
          for (std::size_t k1 = k0 + 1; k1 < nc; ++k1) {
            Rectangle rect{{cell(r0, k0), cell(r0, k1), cell(r1, k0), cell(r1, k1)},
                           {rows[r0], rows[r1]},
                           {cols[k0], cols[k1]},
                           {},
                           {},
                           0};
            bool shape_checked = false;
            for (const auto& side : kSides) {
              const std::uint64_t ab = p.cands(rect.corners[side[0]]);
              if (std::popcount(ab) != 2 || p.cands(rect.corners[side[1]]) != ab) continue;
              if ((p.cands(rect.corners[side[2]]) & ab) != ab || (p.cands(rect.corners[side[3]]) & ab) != ab) continue;
              if (!shape_checked) {
                if (!deadly_shape(st, rect.corners)) break;
                shape_checked = true;
              }
              rect.floor[0] = rect.corners[side[0]];
              rect.floor[1] = rect.corners[side[1]];
              rect.roof[0] = rect.corners[side[2]];
              rect.roof[1] = rect.corners[side[3]];
              rect.ab = ab;
              if (type(p, s, rect)) return true;
            }
          }
  }
  return false;
}

void start_rectangle_step(const Position& p, Step& s, std::string_view technique, const Rectangle& r) {
  s.clear();
  s.technique = technique;
  s.cells = {r.floor[0], r.floor[1], r.roof[0], r.roof[1]};
  add_values(p, s, r.ab);
  s.groups = {r.rows[0], r.rows[1], r.cols[0], r.cols[1]};
}

}  // namespace problems::sudoku::uniqueness
