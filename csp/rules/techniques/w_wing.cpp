// W-wing: two cells A and B holding only the same two values x and y, and a conjugate pair of x
// (a group with exactly two places for it, e and f) where e sees A and f sees B. If A is not y it
// is x, so e is not x, so f is, so B is not x: B is y. So A or B holds y, and y leaves every cell
// seeing both.
//
//   A = r1c1 {4,7}   B = r6c9 {4,7}        row 5's 4s: only e = r5c1 (sees A) and f = r5c9 (sees B)
//   -> 7 leaves the cells seeing both A and B: r1c9, r6c1
//
// A and B do not see each other (then they would be a naked pair). Step: the cells A, B, e, f; the
// values y (the one removed) and x (the linked one); the group of the pair; the removals.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_w_wing(const Position& p, Step& s) {
  const Structure& st = p.structure;
  const std::size_t n = st.cells();
  auto removes = [&](Cell a, Cell b, std::uint64_t y) {
    for (Cell c : st.peers(a))
      if (c != b && st.sees(c, b) && (p.cands(c) & y)) return true;
    return false;
  };
  for (Cell a = 0; a < n; ++a) {
    const std::uint64_t xy = p.cands(a);
    if (std::popcount(xy) != 2) continue;
    for (Cell b = a + 1; b < n; ++b) {
      if (p.cands(b) != xy || st.sees(a, b)) continue;
      for (std::uint64_t xs = xy; xs != 0; xs &= xs - 1) {
        const std::uint64_t x = xs & (~xs + 1), y = xy & ~x;
        if (!removes(a, b, y)) continue;
        for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
          const Structure::GroupInfo& info = st.groups()[g];
          Cell place[2] = {0, 0};
          int count = 0;
          for (Cell c : info.cells)
            if ((p.cands(c) & x) && count++ < 2) place[count - 1] = c;
          if (count != 2 || place[0] == a || place[0] == b || place[1] == a || place[1] == b) continue;
          Cell e = place[0], f = place[1];
          if (!(st.sees(e, a) && st.sees(f, b))) std::swap(e, f);
          if (!(st.sees(e, a) && st.sees(f, b))) continue;
          s.clear();
          s.technique = "w-wing";
          s.cells = {a, b, e, f};
          add_values(p, s, y);
          add_values(p, s, x);
          s.groups.push_back(g);
          for (Cell c : st.peers(a))
            if (c != b && st.sees(c, b) && (p.cands(c) & y)) remove_bits(p, s, c, y);
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
