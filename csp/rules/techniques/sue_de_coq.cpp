// Sue de Coq (two-sector disjoint subsets). A line and a box share cells (in general: two groups
// meeting in two or more cells). Take n open cells C of the intersection (2 or 3) holding values V,
// |V| >= n + 2: C is k = |V| - n values short of a locked set. Add open cells L of the line and B
// of the box (outside C, disjoint) with values VL and VB, no value of V in both, such that
//     |L| = aL + |VL \ V|,   |B| = aB + |VB \ V|,   aL + aB = k,   aL, aB >= 1.
// L's cells take |L| distinct values, at most |VL \ V| of them outside V: at least aL values of V.
// Likewise B takes at least aB, and C takes n. No value is taken twice (C and L share the line, C
// and B the box, VL and VB share no value of V), so C ∪ L ∪ B takes at least n + aL + aB = |V|
// values of V: exactly, each value of V once, and L takes all of VL \ V and B all of VB \ V. Hence
//   - a value of VL lies in L or C: it leaves the rest of the line;
//   - a value of VB lies in B or C: it leaves the rest of the box;
//   - a value of V in neither lies in C: it leaves both.
// This is HoDoKu's extended form: L and B may be several cells, hold values outside V (the same one
// in both, even), and take the intersection's third cell when C is two of its three. Its basic form:
//
//   row 7 / box 7:  C = r7c1 {3,4,5,9}, r7c3 {3,4,5,9}   L = r7c7 {4,5}   B = r8c3 {3,9}
//   -> 4 and 5 leave the rest of row 7; 3 and 9 the rest of box 7
//
// L and B are no locked sets themselves (|VL| > |L|, |VB| > |B|: those are naked subsets). The
// first pattern with a removal is reported, by overlap, then the fewest cells in C, L and B.
// Step: the groups line then box; the values V; the cells C, then L, then B; the removals.
#include <algorithm>
#include <array>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

namespace {

constexpr int kMaxIntersection = 3;  // cells of C
constexpr int kMaxSide = 4;          // cells of L and of B (bounds the search; HoDoKu's examples use 1-3)
constexpr int kMaxPool = 32;         // open cells a side draws from (a larger group: the first 32)

// The open cells of a group outside C, with their candidates; bit i of a subset is cells[i].
struct Pool {
  std::array<Cell, kMaxPool> cells{};
  std::array<std::uint64_t, kMaxPool> cands{};
  int size = 0;

  std::uint64_t values(std::uint64_t subset) const {
    std::uint64_t v = 0;
    for (; subset != 0; subset &= subset - 1) v |= cands[static_cast<std::size_t>(std::countr_zero(subset))];
    return v;
  }
  bool holds(std::uint64_t subset, Cell c) const {
    for (; subset != 0; subset &= subset - 1)
      if (cells[static_cast<std::size_t>(std::countr_zero(subset))] == c) return true;
    return false;
  }
  std::uint64_t all() const { return (std::uint64_t{1} << size) - 1; }
};

// One intersection set C of overlap o: the search for L and B, and the step.
class Intersection {
 public:
  Intersection(const Position& p, const Structure::Overlap& o, std::uint32_t line, std::uint32_t box,
               std::span<const Cell> c_cells)
      : p_(p), o_(o), line_(line), box_(box), c_(c_cells) {
    for (Cell c : c_) v_ |= p.cands(c);
    fill(line_pool_, line);
    fill(box_pool_, box);
  }

  bool find(Step& s) {
    const int k = std::popcount(v_) - static_cast<int>(c_.size());
    if (k < 2) return false;
    for (int nl = 1; nl <= std::min(kMaxSide, line_pool_.size); ++nl)
      if (for_each_subset(line_pool_.all(), nl, [&](std::uint64_t l) { return with_line(s, l, k); })) return true;
    return false;
  }

 private:
  void fill(Pool& pool, std::uint32_t g) const {
    for (Cell c : p_.structure.groups()[g].cells)
      if (pool.size < kMaxPool && !p_.is_placed(c) && std::find(c_.begin(), c_.end(), c) == c_.end()) {
        pool.cells[static_cast<std::size_t>(pool.size)] = c;
        pool.cands[static_cast<std::size_t>(pool.size++)] = p_.cands(c);
      }
  }

  // L chosen (a subset of the line's pool): the box sets B that complete it.
  bool with_line(Step& s, std::uint64_t l, int k) {
    const std::uint64_t vl = line_pool_.values(l);
    const int nl = std::popcount(l);
    const int al = nl - std::popcount(vl & ~v_);
    if (al < 1 || al > k - 1 || std::popcount(vl) <= nl) return false;
    // B's cells: none holding a value of VL ∩ V, none in L (an intersection cell is in both pools).
    std::uint64_t usable = 0;
    for (int i = 0; i < box_pool_.size; ++i) {
      const std::size_t u = static_cast<std::size_t>(i);
      if ((box_pool_.cands[u] & vl & v_) == 0 && !line_pool_.holds(l, box_pool_.cells[u])) usable |= std::uint64_t{1} << i;
    }
    for (int nb = 1; nb <= std::min(kMaxSide, std::popcount(usable)); ++nb) {
      const bool found = for_each_subset(usable, nb, [&](std::uint64_t b) {
        const std::uint64_t vb = box_pool_.values(b);
        if (nb - std::popcount(vb & ~v_) != k - al || std::popcount(vb) <= nb) return false;
        return removals(s, l, vl, b, vb, false) && removals(s, l, vl, b, vb, true);
      });
      if (found) return true;
    }
    return false;
  }

  // Whether the pattern removes anything; with `emit`, the step itself.
  bool removals(Step& s, std::uint64_t l, std::uint64_t vl, std::uint64_t b, std::uint64_t vb, bool emit) const {
    const Structure& st = p_.structure;
    const std::uint64_t from_line = vl | (v_ & ~vb), from_box = vb | (v_ & ~vl);
    auto in_c = [&](Cell c) { return std::find(c_.begin(), c_.end(), c) != c_.end(); };
    auto in_box = [&](Cell c) { return std::find(o_.shared.begin(), o_.shared.end(), c) != o_.shared.end(); };
    if (emit) {
      s.clear();
      s.technique = "sue-de-coq";
      s.groups = {line_, box_};
      add_values(p_, s, v_);
      s.cells.assign(c_.begin(), c_.end());
      for (std::uint64_t m = l; m != 0; m &= m - 1) s.cells.push_back(line_pool_.cells[static_cast<std::size_t>(std::countr_zero(m))]);
      for (std::uint64_t m = b; m != 0; m &= m - 1) s.cells.push_back(box_pool_.cells[static_cast<std::size_t>(std::countr_zero(m))]);
    }
    bool any = false;
    auto lose = [&](Cell c, std::uint64_t bits) {
      bits &= p_.cands(c);
      if (bits == 0) return;
      any = true;
      if (emit) remove_bits(p_, s, c, bits);
    };
    // The line's cells (the intersection's among them: in the box too), then the rest of the box.
    for (Cell c : st.groups()[line_].cells) {
      if (in_c(c)) continue;
      std::uint64_t bits = line_pool_.holds(l, c) ? 0 : from_line;
      if (in_box(c) && !box_pool_.holds(b, c)) bits |= from_box;
      lose(c, bits);
    }
    for (Cell c : st.groups()[box_].cells)
      if (!in_box(c) && !box_pool_.holds(b, c)) lose(c, from_box);
    return any;
  }

  const Position& p_;
  const Structure::Overlap& o_;
  std::uint32_t line_, box_;
  std::span<const Cell> c_;
  std::uint64_t v_ = 0;
  Pool line_pool_, box_pool_;
};

}  // namespace

bool find_sue_de_coq(const Position& p, Step& s) {
  const Structure& st = p.structure;
  for (const Structure::Overlap& o : st.overlaps()) {
    // The line first (when one of the two is a line and the other not); the rule is symmetric.
    std::uint32_t line = o.a, box = o.b;
    if (!st.line_family(st.groups()[o.a].family) && st.line_family(st.groups()[o.b].family)) std::swap(line, box);
    std::array<Cell, kMaxPool> open{};
    int n_open = 0;
    for (Cell c : o.shared)
      if (n_open < kMaxPool && !p.is_placed(c)) open[static_cast<std::size_t>(n_open++)] = c;
    const std::uint64_t all = (std::uint64_t{1} << n_open) - 1;
    for (int n = 2; n <= std::min(n_open, kMaxIntersection); ++n) {
      const bool found = for_each_subset(all, n, [&](std::uint64_t subset) {
        std::array<Cell, kMaxIntersection> c{};
        std::size_t size = 0;
        for (; subset != 0; subset &= subset - 1) c[size++] = open[static_cast<std::size_t>(std::countr_zero(subset))];
        return Intersection(p, o, line, box, std::span<const Cell>(c.data(), size)).find(s);
      });
      if (found) return true;
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
