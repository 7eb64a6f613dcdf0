// The search shared by the fish: x-wing (size 2), swordfish (3), jellyfish (4), over any two crossing families of groups
// (Sudoku or Latin-square rows and columns: every row meets every column in exactly one cell).
//
// Take n groups of one family (the base: n rows) in each of which a value's places all lie in the
// same n groups of the other family (the cover: n columns). The base rows are disjoint and each
// holds the value once, so the value sits in n distinct cells inside the cover; the cover columns
// are disjoint and hold the value exactly n times, all of them in those cells. So the value leaves
// every other cell of the cover columns.
//
//   x-wing on 4:    c3  c5                 swordfish: the same with 3 rows and 3 columns, a row
//            r2  .  4 . 4 .                may have 2 or 3 of the places
//            r7  .  4 . 4 .
//   -> 4 leaves the rest of columns 3 and 5
//
// Both directions are tried (rows as base, then columns). A base group has 2..n places (one place
// is a single). Step: the base groups then the cover groups, the value, the base places, the
// removals.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {
namespace {

// A value's places in the base groups of one direction, the scan every fish starts from.
struct BaseScan {
  std::uint64_t usable = 0;  ///< base groups (by index in their family) with 2..max places, all in cover groups
  std::uint64_t cover_of[64];         ///< per base group: the cover groups (by index) of its places
  int places_of[64];                  ///< per usable base group: how many places
  Cell place[64][8];                  ///< per usable base group: its places, in the group's order
  std::uint8_t place_cover[64][8];    ///< and the cover group (by index) of each
};

// Scans the base family for `bit`: a base group is usable when it has 2..max_places places
// (max_places <= 8), each in a group of the cover family.
void scan_bases(const Position& p, std::uint64_t bit, const std::vector<std::uint32_t>& bases, int cover_family,
                int max_places, BaseScan& out) {
  const Structure& st = p.structure;
  out.usable = 0;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const Structure::GroupInfo& g = st.groups()[bases[i]];
    if ((g.values & bit) == 0) continue;
    std::uint64_t m = 0;
    int places = 0;
    bool ok = true;
    for (Cell c : g.cells) {
      if ((p.cands(c) & bit) == 0) continue;
      const int k = st.member(cover_family, c);
      if (k < 0 || places == max_places) {
        ok = false;
        break;
      }
      out.place[i][places] = c;
      out.place_cover[i][places] = static_cast<std::uint8_t>(k);
      ++places;
      m |= std::uint64_t{1} << k;
    }
    out.cover_of[i] = m;
    out.places_of[i] = places;
    if (ok && places >= 2) out.usable |= std::uint64_t{1} << i;
  }
}

// Calls f(chosen, cover) for the k-subsets `chosen` of `from` (base groups) whose places lie in at
// most max_width cover groups (`cover`: their union of cover_of), in the order of for_each_subset,
// skipping every extension of a part already wider; stops when f returns true and returns true.
template <class F>
bool for_each_narrow_subset(const std::uint64_t* cover_of, std::uint64_t from, int k, int max_width, F&& f,
                            std::uint64_t chosen = 0, std::uint64_t cover = 0) {
  if (k == 0) return f(chosen, cover);
  for (std::uint64_t rest = from; std::popcount(rest) >= k; rest &= rest - 1) {
    const int i = std::countr_zero(rest);
    const std::uint64_t wider = cover | cover_of[i];
    if (std::popcount(wider) > max_width) continue;
    if (for_each_narrow_subset(cover_of, rest & (rest - 1), k - 1, max_width, f, chosen | (std::uint64_t{1} << i),
                               wider))
      return true;
  }
  return false;
}

}  // namespace

bool find_fish(const Position& p, Step& s, int n, std::string_view name) {
  const Structure& st = p.structure;
  thread_local BaseScan scan;  // per thread: no allocation, and off the stack
  std::uint64_t all = 0;
  for (const Structure::GroupInfo& g : st.groups()) all |= g.values;
  for (std::uint64_t vals = all; vals != 0; vals &= vals - 1) {
    const int v = std::countr_zero(vals);
    const std::uint64_t bit = std::uint64_t{1} << v;
    for (const auto& [f1, f2] : st.crossings()) {
      for (int dir = 0; dir < 2; ++dir) {
        const int base_family = dir == 0 ? f1 : f2, cover_family = dir == 0 ? f2 : f1;
        const std::vector<std::uint32_t>& bases = st.families()[static_cast<std::size_t>(base_family)];
        const std::vector<std::uint32_t>& covers = st.families()[static_cast<std::size_t>(cover_family)];
        scan_bases(p, bit, bases, cover_family, n, scan);
        const std::uint64_t usable = scan.usable;
        const std::uint64_t* cover_of = scan.cover_of;
        if (std::popcount(usable) < n) continue;
        std::uint64_t base_set = 0, cover_set = 0;
        const bool found = for_each_narrow_subset(cover_of, usable, n, n, [&](std::uint64_t chosen, std::uint64_t cover) {
          if (std::popcount(cover) != n) return false;
          for (std::uint64_t b = cover; b != 0; b &= b - 1) {
            const Structure::GroupInfo& g = st.groups()[covers[static_cast<std::size_t>(std::countr_zero(b))]];
            if ((g.values & bit) == 0) return false;
            for (Cell c : g.cells) {
              const int k = st.member(base_family, c);
              const bool in_base = k >= 0 && ((chosen >> k) & 1U);
              if (!in_base && (p.cands(c) & bit)) {
                base_set = chosen, cover_set = cover;
                return true;
              }
            }
          }
          return false;
        });
        if (!found) continue;
        s.clear();
        s.technique = name;
        s.values.push_back(st.base() + v);
        for (std::uint64_t b = base_set; b != 0; b &= b - 1) {
          const std::uint32_t g = bases[static_cast<std::size_t>(std::countr_zero(b))];
          s.groups.push_back(g);
          for (Cell c : st.groups()[g].cells)
            if (p.cands(c) & bit) s.cells.push_back(c);
        }
        for (std::uint64_t b = cover_set; b != 0; b &= b - 1) {
          const std::uint32_t g = covers[static_cast<std::size_t>(std::countr_zero(b))];
          s.groups.push_back(g);
          for (Cell c : st.groups()[g].cells) {
            const int k = st.member(base_family, c);
            if (!(k >= 0 && ((base_set >> k) & 1U)) && (p.cands(c) & bit)) remove_bits(p, s, c, bit);
          }
        }
        return true;
      }
    }
  }
  return false;
}

// The finned fish: the same base and cover, except that some base places (the fins) lie outside
// the cover. If no fin holds the value, the fish stands and the value leaves the rest of the cover;
// if one does, the value leaves every cell that fin sees. So a cell of the cover (outside the base)
// that sees every fin loses the value either way. Sashimi: a base group keeps one place in the cover
// (the fish without its fins would be degenerate); finned: every base group keeps two or more.
//
//   finned x-wing on 4:   c3  c5                  the fin r7c6 shares box 8 with r8c5, r9c5:
//            r2  .  4 . 4 . .                     4 leaves them (column 5, outside the base,
//            r7  .  4 . 4 4 .                     seeing the fin)
//
// Each base group has 2..n+3 places; the cover is n of the cover groups its places meet, chosen
// among at most n+3 (so at most three fins' lines); the fins see one another (Sudoku: they share a
// box), which every target's view of them implies on Sudoku and keeps the search short; every base group and cover group keeps a place of the body (base ∩ cover).
// Step: the base groups then the cover groups, the value, the body's places then the fins, the
// removals.
bool find_finned_fish(const Position& p, Step& s, int n, bool sashimi, std::string_view name) {
  const Structure& st = p.structure;
  const int max_places = n + 3;  // per base group: the body's n and up to 3 fins
  std::uint64_t all = 0;
  for (const Structure::GroupInfo& g : st.groups()) all |= g.values;
  Cell fins[64];
  int fin_count = 0;
  thread_local BaseScan scan;
  const auto& place = scan.place;
  const auto& place_cover = scan.place_cover;
  const int* places_of = scan.places_of;
  const std::uint64_t* cover_of = scan.cover_of;
  // Per cover group (by index): the base groups (by index) where it holds the value, and whether it
  // holds it in a cell of no base group: where targets can be.
  std::uint64_t bases_in[64];
  bool loose[64];
  // Per chosen base groups (for_each_narrow_subset below): their places ranked.
  Cell rank_cell[64];
  std::uint8_t rank_cover[64];
  int first_rank[64];
  std::uint64_t seen_by_all[64];
  for (std::uint64_t vals = all; vals != 0; vals &= vals - 1) {
    const int v = std::countr_zero(vals);
    const std::uint64_t bit = std::uint64_t{1} << v;
    for (const auto& [f1, f2] : st.crossings()) {
      for (int dir = 0; dir < 2; ++dir) {
        const int base_family = dir == 0 ? f1 : f2, cover_family = dir == 0 ? f2 : f1;
        const std::vector<std::uint32_t>& bases = st.families()[static_cast<std::size_t>(base_family)];
        const std::vector<std::uint32_t>& covers = st.families()[static_cast<std::size_t>(cover_family)];
        scan_bases(p, bit, bases, cover_family, max_places, scan);
        const std::uint64_t usable = scan.usable;
        // A fish of n lines out of N has a complement of N - n lines the other way, so sizes up to N / 2
        // find them all; past that (a finned swordfish or jellyfish on a 4x4 grid) subsets only cost time.
        if (std::popcount(usable) < n || 2 * static_cast<std::size_t>(n) > bases.size()) continue;
        for (std::size_t j = 0; j < covers.size(); ++j) {
          bases_in[j] = 0;
          loose[j] = false;
          for (Cell c : st.groups()[covers[j]].cells) {
            if ((p.cands(c) & bit) == 0) continue;
            const int k = st.member(base_family, c);
            if (k >= 0) bases_in[j] |= std::uint64_t{1} << k;
            else loose[j] = true;
          }
        }
        std::uint64_t base_set = 0, cover_set = 0;
        // A target: in a cover group (cover), outside the base (chosen), holding the value, seeing
        // every fin (so it is one of the first fin's peers).
        auto target = [&](Cell c, std::uint64_t chosen, std::uint64_t cover) {
          const int k = st.member(base_family, c), j = st.member(cover_family, c);
          if ((k >= 0 && ((chosen >> k) & 1U)) || j < 0 || ((cover >> j) & 1U) == 0 || (p.cands(c) & bit) == 0)
            return false;
          for (int f = 1; f < fin_count; ++f)
            if (!st.sees(c, fins[f])) return false;
          return true;
        };
        const bool found = for_each_narrow_subset(cover_of, usable, n, n + 3, [&](std::uint64_t chosen, std::uint64_t seen) {
          if (std::popcount(seen) <= n) return false;
          // The places of the chosen base groups in the order fins are listed (base group, then
          // place): per place its cover group, and the cover groups whose places (other than
          // this one) all see it. A cover leaves the fins in the other groups of `seen`; they are
          // acceptable when every one sees the first of them (the one of lowest rank).
          int ranks = 0;
          for (std::uint64_t b = chosen; b != 0; b &= b - 1) {
            const int i = std::countr_zero(b);
            for (int j = 0; j < places_of[i]; ++j, ++ranks) {
              rank_cell[ranks] = place[i][j];
              rank_cover[ranks] = place_cover[i][j];
            }
          }
          for (int r = ranks - 1; r >= 0; --r) first_rank[rank_cover[r]] = r;
          std::uint64_t known = 0;  // the ranks whose seen_by_all is worked out (only first ones are asked)
          auto seen_by_all_of = [&](int r) {
            if (((known >> r) & 1U) == 0) {
              std::uint64_t unseen = 0;  // cover groups with a place (not r) that does not see r
              for (int q = 0; q < ranks; ++q)
                if (q != r && !st.sees(rank_cell[q], rank_cell[r])) unseen |= std::uint64_t{1} << rank_cover[q];
              seen_by_all[r] = ~unseen;
              known |= std::uint64_t{1} << r;
            }
            return seen_by_all[r];
          };
          return for_each_subset(seen, n, [&](std::uint64_t cover) {
            const std::uint64_t finned = seen & ~cover;
            int first = ranks;
            for (std::uint64_t b = finned; b != 0; b &= b - 1) first = std::min(first, first_rank[std::countr_zero(b)]);
            if ((seen_by_all_of(first) & finned) != finned) return false;
            // Cheap tests first (masks): a cover cell outside the base holds the value (else no
            // target), every base group keeps a body place and every cover group one, and some
            // base group keeps only one exactly when sashimi.
            bool outside = false;
            for (std::uint64_t b = cover; b != 0 && !outside; b &= b - 1) {
              const int j = std::countr_zero(b);
              outside = (bases_in[j] & ~chosen) != 0 || loose[j];
            }
            if (!outside) return false;
            bool thin = false;  // some base group keeps one body place
            std::uint64_t body_covers = 0;
            for (std::uint64_t b = chosen; b != 0; b &= b - 1) {
              const std::uint64_t body = cover_of[std::countr_zero(b)] & cover;
              if (body == 0) return false;
              thin = thin || single(body);
              body_covers |= body;
            }
            if (body_covers != cover || thin != sashimi) return false;
            // The fins, which must see one another.
            fin_count = 0;
            for (std::uint64_t b = chosen; b != 0; b &= b - 1) {
              const int i = std::countr_zero(b);
              for (int j = 0; j < places_of[i]; ++j) {
                if ((cover >> place_cover[i][j]) & 1U) continue;
                if (fin_count > 0 && !st.sees(place[i][j], fins[0])) return false;
                fins[fin_count++] = place[i][j];
              }
            }
            for (Cell c : st.peers(fins[0]))
              if (target(c, chosen, cover)) {
                base_set = chosen, cover_set = cover;
                return true;
              }
            return false;
          });
        });
        if (!found) continue;
        s.clear();
        s.technique = name;
        s.values.push_back(st.base() + v);
        for (std::uint64_t b = base_set; b != 0; b &= b - 1) {
          const int i = std::countr_zero(b);
          s.groups.push_back(bases[static_cast<std::size_t>(i)]);
          for (int j = 0; j < places_of[i]; ++j)
            if ((cover_set >> place_cover[i][j]) & 1U) s.cells.push_back(place[i][j]);
        }
        s.cells.insert(s.cells.end(), fins, fins + fin_count);
        for (std::uint64_t b = cover_set; b != 0; b &= b - 1) {
          const std::uint32_t g = covers[static_cast<std::size_t>(std::countr_zero(b))];
          s.groups.push_back(g);
          for (Cell c : st.groups()[g].cells)
            if (c != fins[0] && st.sees(c, fins[0]) && target(c, base_set, cover_set)) remove_bits(p, s, c, bit);
        }
        return true;
      }
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
