// The search shared by skyscraper, two-string kite and turbot fish: chains of three links on one
// value, strong - weak - strong:
//
//   a =v= b -v- c =v= d       a, b: a conjugate pair (a group with exactly these two places for v)
//                             b, c: two cells sharing a group;  c, d: a conjugate pair
//
// If a does not hold v, b does, so c does not, so d does: a or d holds v, and v leaves every cell
// seeing both. The three names sort these chains by the groups of their links (HoDoKu's names):
//   - skyscraper: both pairs in lines of one family (two rows), b and c in one line of the crossing
//     family (a column);
//   - two-string kite: one pair in a row, the other in a column, b and c sharing a group that is not
//     a line (a box);
//   - turbot fish: every other such chain (a pair in a box, or b and c sharing only a box while the
//     pairs lie in parallel lines).
// Pairs are taken in order of value, then groups; the first chain of the asked kind with a removal
// is the step: the value; the cells a, b, c, d; the groups of the two pairs then the group b and c
// share; the removals.
#include <algorithm>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

namespace {

struct Link {
  Cell a, b;
  std::uint32_t group;
};

// The kind of the chain a =g1= b -shared- c =g2= d.
ThreeLinkKind kind_of(const Structure& st, std::uint32_t g1, std::uint32_t g2, Cell b, Cell c, std::uint32_t& weak) {
  const int f1 = st.groups()[g1].family, f2 = st.groups()[g2].family;
  const bool line1 = st.line_family(f1), line2 = st.line_family(f2);
  // The groups b and c share: prefer a line of another family (skyscraper), then a non-line group.
  int line_other = -1, box = -1, any = -1;
  for (std::uint32_t g : st.groups_of(b)) {
    const std::vector<Cell>& cells = st.groups()[g].cells;
    if (std::find(cells.begin(), cells.end(), c) == cells.end()) continue;
    any = static_cast<int>(g);
    const int f = st.groups()[g].family;
    if (st.line_family(f) && f != f1) line_other = static_cast<int>(g);
    if (!st.line_family(f)) box = static_cast<int>(g);
  }
  if (line1 && line2 && f1 == f2 && line_other >= 0) {
    weak = static_cast<std::uint32_t>(line_other);
    return ThreeLinkKind::skyscraper;
  }
  if (line1 && line2 && f1 != f2 && box >= 0) {
    weak = static_cast<std::uint32_t>(box);
    return ThreeLinkKind::two_string_kite;
  }
  weak = static_cast<std::uint32_t>(any);
  return ThreeLinkKind::turbot_fish;
}

}  // namespace

bool find_three_link_chain(const Position& p, Step& s, ThreeLinkKind want, std::string_view name) {
  const Structure& st = p.structure;
  std::uint64_t all = 0;
  for (const Structure::GroupInfo& g : st.groups()) all |= g.values;
  std::vector<std::int32_t>& links = s.scratch;  // a, b, group per conjugate pair
  for (std::uint64_t vals = all; vals != 0; vals &= vals - 1) {
    const std::uint64_t bit = vals & (~vals + 1);
    links.clear();
    for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
      std::int32_t place[2] = {0, 0};
      int count = 0;
      for (Cell c : st.groups()[g].cells)
        if ((p.cands(c) & bit) && count++ < 2) place[count - 1] = static_cast<std::int32_t>(c);
      if (count == 2) links.insert(links.end(), {place[0], place[1], static_cast<std::int32_t>(g)});
    }
    const std::size_t n = links.size() / 3;
    auto removes = [&](Cell a, Cell d) {
      for (Cell e : st.peers(a))
        if (e != d && st.sees(e, d) && (p.cands(e) & bit)) return true;
      return false;
    };
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        for (int o = 0; o < 4; ++o) {
          const auto g1 = static_cast<std::uint32_t>(links[3 * i + 2]), g2 = static_cast<std::uint32_t>(links[3 * j + 2]);
          const Cell a = static_cast<Cell>(links[3 * i + (o & 1)]), b = static_cast<Cell>(links[3 * i + 1 - (o & 1)]);
          const Cell d = static_cast<Cell>(links[3 * j + (o >> 1)]), c = static_cast<Cell>(links[3 * j + 1 - (o >> 1)]);
          if (a == c || a == d || b == c || b == d || !st.sees(b, c)) continue;
          std::uint32_t weak = 0;
          if (kind_of(st, g1, g2, b, c, weak) != want || !removes(a, d)) continue;
          s.clear();
          s.technique = name;
          add_values(p, s, bit);
          s.cells = {a, b, c, d};
          s.groups = {g1, g2, weak};
          for (Cell e : st.peers(a))
            if (e != d && st.sees(e, d) && (p.cands(e) & bit)) remove_bits(p, s, e, bit);
          return true;
        }
  }
  return false;
}

}  // namespace csp::techniques::detail
