// ALS-XZ. Two disjoint almost locked sets A and B (almost_locked_set.hpp) and a restricted common
// candidate x: every x of A sees every x of B, so at most one of them holds x. The one that does
// not is locked on its other values; so for any other value z of both, A or B holds z, and z
// leaves every cell seeing all the z of A and of B.
//
//   A = r1c1 {1,2}   B = r7c1 {1,3}, r7c5 {2,3} (row 7)   x = 1: r1c1 sees r7c1 (column 1)
//   -> A or B holds z = 2: 2 leaves r1c5 (row 1 with r1c1, column 5 with r7c5)
//
// Doubly linked: two restricted commons x and y. A lacks exactly one of them and B the other
// (lacking anything else, A would hold both, and B, holding neither, would be short of a value).
// So every other value of A is in A and leaves the cells seeing all its places in A (the same for
// B), and x (and y) is in A or B, leaving the cells seeing all the x of both.
//
// Step: the cells of A then of B; their groups, A's then B's; the values: the restricted
// common(s), then the values removed; the removals.
#include "csp/rules/detail/almost_locked_set.hpp"
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_als_xz(const Position& p, Step& s) {
  const AlmostLockedSets& sets = almost_locked_sets(p);
  thread_local Eliminations out;
  for (const AlmostLockedSets::Restricted& r : sets.restricted()) {
    const std::uint64_t common = sets[r.a].values & sets[r.b].values;
    std::uint64_t rcc = r.rcc;
    while (std::popcount(rcc) > 2) rcc &= rcc - 1;  // (no solution then) two of them are enough
    // Singly linked and nothing else in common: nothing to remove.
    if (std::popcount(rcc) == 1 && common == rcc) continue;
    out.reset(sets.words());
    if (std::popcount(rcc) == 1) {
      for (std::uint64_t zs = common & ~rcc; zs != 0; zs &= zs - 1) {
        const std::uint64_t z = zs & (~zs + 1);
        out.add(z, sets.seeing(r.a, z), sets.seeing(r.b, z), sets.holding(z));
      }
    } else {
      for (std::uint64_t xs = rcc; xs != 0; xs &= xs - 1) {
        const std::uint64_t x = xs & (~xs + 1);
        out.add(x, sets.seeing(r.a, x), sets.seeing(r.b, x), sets.holding(x));
      }
      for (const std::uint32_t side : {r.a, r.b})
        for (std::uint64_t vs = sets[side].values & ~rcc; vs != 0; vs &= vs - 1) {
          const std::uint64_t v = vs & (~vs + 1);
          out.add(v, sets.seeing(side, v), sets.seeing(side, v), sets.holding(v));
        }
    }
    if (out.values() == 0) continue;
    s.clear();
    s.technique = "als-xz";
    for (const std::uint32_t side : {r.a, r.b}) {
      cellset::for_each(sets.cells(side), [&](Cell c) { s.cells.push_back(c); });
      s.groups.push_back(sets[side].group);
    }
    add_values(p, s, rcc);
    add_values(p, s, out.values() & ~rcc);
    out.emit(p, s);
    return true;
  }
  return false;
}

}  // namespace csp::techniques::detail
