// ALS-XY-wing. Three pairwise disjoint almost locked sets A, B and C (almost_locked_set.hpp): x is
// a restricted common candidate of A and C, y one of B and C, x != y. C lacks one value only, so it
// holds x or y: holding x, it leaves A without x, and A is locked on its other values; holding y,
// B is. So for a value z of both A and B, other than x and y, A or B holds z: z leaves every cell
// seeing all the z of A and of B. (ALS-XZ is the case without C; an XY-wing, that of three
// bivalue cells.)
//
//   C = r1c1 {1,2}   A = r1c5 {1,3}   B = r5c1 {2,3}, r5c2 {3,4}   x = 1 (row 1), y = 2 (column 1)
//   -> A or B holds z = 3: 3 leaves r5c5 (column 5 with A, row 5 with B's 3s)
//
// Step: the cells of A, B, then C; their groups in that order; the values x, y, then the values
// removed; the removals.
#include "csp/rules/detail/almost_locked_set.hpp"
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_als_xy_wing(const Position& p, Step& s) {
  const AlmostLockedSets& sets = almost_locked_sets(p);
  const std::vector<AlmostLockedSets::Restricted>& links = sets.restricted();
  thread_local Eliminations out;
  for (std::uint32_t c = 0; c < sets.size(); ++c) {
    const std::span<const std::uint32_t> around = sets.restricted_of(c);
    for (std::size_t i = 0; i < around.size(); ++i) {
      const AlmostLockedSets::Restricted& ac = links[around[i]];
      const std::uint32_t a = ac.a == c ? ac.b : ac.a;
      for (std::size_t j = i + 1; j < around.size(); ++j) {
        const AlmostLockedSets::Restricted& bc = links[around[j]];
        const std::uint32_t b = bc.a == c ? bc.b : bc.a;
        const std::uint64_t common = sets[a].values & sets[b].values;
        if (common == 0 || !cellset::disjoint(sets.cells(a), sets.cells(b))) continue;
        // Choose x of A-C and y of B-C, x != y, leaving some z in common.
        for (std::uint64_t xs = ac.rcc; xs != 0; xs &= xs - 1) {
          const std::uint64_t x = xs & (~xs + 1);
          for (std::uint64_t ys = bc.rcc & ~x; ys != 0; ys &= ys - 1) {
            const std::uint64_t y = ys & (~ys + 1);
            const std::uint64_t zs = common & ~(x | y);
            if (zs == 0) continue;
            out.reset(sets.words());
            for (std::uint64_t zz = zs; zz != 0; zz &= zz - 1) {
              const std::uint64_t z = zz & (~zz + 1);
              out.add(z, sets.seeing(a, z), sets.seeing(b, z), sets.holding(z));
            }
            if (out.values() == 0) continue;
            s.clear();
            s.technique = "als-xy-wing";
            for (const std::uint32_t side : {a, b, c}) {
              cellset::for_each(sets.cells(side), [&](Cell cell) { s.cells.push_back(cell); });
              s.groups.push_back(sets[side].group);
            }
            add_values(p, s, x);
            add_values(p, s, y);
            add_values(p, s, out.values());
            out.emit(p, s);
            return true;
          }
        }
      }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
