// The enumeration of almost locked sets (almost_locked_set.hpp): per group, a depth-first walk over
// subsets of its open cells, pruned when their values exceed what a set of kMaxAlsCells can hold;
// then the restricted common candidates of every disjoint pair.
#include "csp/rules/detail/almost_locked_set.hpp"

#include <algorithm>

namespace csp::techniques {

namespace {

bool in_group(const Structure& st, Cell c, std::uint32_t g) {
  const int f = st.groups()[g].family;
  const int m = st.member(f, c);
  return m >= 0 && st.families()[static_cast<std::size_t>(f)][static_cast<std::size_t>(m)] == g;
}

}  // namespace

bool AlmostLockedSets::built_on(const Position& p) const {
  const Structure& st = p.structure;
  if (structure_ != st.id() || key_.size() != st.cells()) return false;
  for (Cell c = 0; c < st.cells(); ++c)
    if (key_[c] != p.cands(c)) return false;
  return true;
}

void AlmostLockedSets::add_set(const Position& p, std::uint32_t group, std::span<const Cell> cells,
                               std::uint64_t values) {
  const Structure& st = p.structure;
  // Listed once: in the first group holding all its cells.
  for (std::uint32_t h : st.groups_of(cells[0]))
    if (h < group && std::all_of(cells.begin() + 1, cells.end(), [&](Cell c) { return in_group(st, c, h); }))
      return;
  const auto at = static_cast<std::uint32_t>(bits_.size());
  sets_.push_back({group, static_cast<std::uint32_t>(cells.size()), values, at});
  bits_.resize(bits_.size() + (1 + 2 * static_cast<std::size_t>(std::popcount(values))) * words_, 0);
  std::uint64_t* const set = bits_.data() + at;
  for (Cell c : cells) set[c / 64] |= std::uint64_t{1} << (c % 64);
  std::uint64_t* holders = set + words_;
  for (std::uint64_t vs = values; vs != 0; vs &= vs - 1, holders += 2 * words_) {
    const std::uint64_t bit = vs & (~vs + 1);
    std::uint64_t* const seeing = holders + words_;
    bool first = true;
    for (Cell c : cells) {
      if ((p.cands(c) & bit) == 0) continue;
      holders[c / 64] |= std::uint64_t{1} << (c % 64);
      const std::span<const std::uint64_t> peers = st.peer_bits(c);
      for (std::size_t k = 0; k < words_; ++k) seeing[k] = first ? peers[k] : seeing[k] & peers[k];
      first = false;
    }
  }
}

void AlmostLockedSets::build(const Position& p) {
  const Structure& st = p.structure;
  const std::size_t n = st.cells();
  structure_ = st.id();
  words_ = st.cell_words();
  key_.resize(n);
  candidates_.assign(64 * words_, 0);
  for (Cell c = 0; c < n; ++c) {
    const std::uint64_t w = key_[c] = p.cands(c);
    if (std::popcount(w) < 2) continue;
    for (std::uint64_t vs = w; vs != 0; vs &= vs - 1)
      candidates_[static_cast<std::size_t>(std::countr_zero(vs)) * words_ + c / 64] |= std::uint64_t{1} << (c % 64);
  }
  sets_.clear();
  bits_.clear();

  Cell open[64], chosen[kMaxAlsCells];
  std::uint64_t cands[64];
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    int m = 0;
    for (Cell c : st.groups()[g].cells)
      if (std::popcount(p.cands(c)) >= 2) open[m] = c, cands[m++] = p.cands(c);
    // n cells out of the m open ones: n = m would hold the group's m missing values, not m + 1.
    const int most = std::min(m - 1, kMaxAlsCells);
    auto walk = [&](auto& self, int from, int depth, std::uint64_t values) -> void {
      if (depth >= kMaxAlsCells) return;  // (never: depth < most; says so to the compiler)
      for (int i = from; i < m; ++i) {
        const std::uint64_t v = values | cands[i];
        if (std::popcount(v) > most + 1) continue;  // values only grow as cells are added
        chosen[depth] = open[i];
        if (std::popcount(v) == depth + 2) add_set(p, g, {chosen, static_cast<std::size_t>(depth) + 1}, v);
        if (depth + 1 < most) self(self, i + 1, depth + 1, v);
      }
    };
    if (most >= 1) walk(walk, 0, 0, 0);
  }

  // Smallest sets first (stable: then by group and cells), so that the finders report the
  // simplest pattern they find first.
  sorted_.clear();
  sorted_bits_.clear();
  for (std::uint32_t size = 1; size <= static_cast<std::uint32_t>(kMaxAlsCells); ++size)
    for (const Set& s : sets_) {
      if (s.size != size) continue;
      const std::size_t len = (1 + 2 * static_cast<std::size_t>(std::popcount(s.values))) * words_;
      sorted_.push_back({s.group, s.size, s.values, static_cast<std::uint32_t>(sorted_bits_.size())});
      sorted_bits_.insert(sorted_bits_.end(), bits_.begin() + s.bits, bits_.begin() + s.bits + len);
    }
  sets_.swap(sorted_);
  bits_.swap(sorted_bits_);
  link();
}

// For each set a and value x, the sets b whose x all see every x of a have their lowest x among
// the cells holding x that see every x of a: the sets are indexed by (value, lowest cell holding
// it), so only those few are tested rather than every pair.
void AlmostLockedSets::link() {
  const std::size_t count = sets_.size();
  const std::size_t n = key_.size();
  auto key = [&](std::uint64_t bit, Cell c) { return static_cast<std::size_t>(std::countr_zero(bit)) * n + c; };
  auto lowest = [&](std::span<const std::uint64_t> set) {
    std::size_t k = 0;
    while (set[k] == 0) ++k;
    return static_cast<Cell>(k * 64 + std::countr_zero(set[k]));
  };
  by_lowest_start_.assign(64 * n + 1, 0);
  for (std::uint32_t i = 0; i < count; ++i)
    for (std::uint64_t vs = sets_[i].values; vs != 0; vs &= vs - 1) {
      const std::uint64_t bit = vs & (~vs + 1);
      ++by_lowest_start_[key(bit, lowest(holders(i, bit))) + 1];
    }
  for (std::size_t k = 0; k + 1 < by_lowest_start_.size(); ++k) by_lowest_start_[k + 1] += by_lowest_start_[k];
  by_lowest_.resize(by_lowest_start_.back());
  by_set_fill_.assign(by_lowest_start_.begin(), by_lowest_start_.end() - 1);
  for (std::uint32_t i = 0; i < count; ++i)
    for (std::uint64_t vs = sets_[i].values; vs != 0; vs &= vs - 1) {
      const std::uint64_t bit = vs & (~vs + 1);
      by_lowest_[by_set_fill_[key(bit, lowest(holders(i, bit)))]++] = i;
    }

  restricted_.clear();
  by_set_start_.assign(count + 1, 0);
  rcc_with_.assign(count, 0);
  for (std::uint32_t a = 0; a < count; ++a) {
    touched_.clear();
    for (std::uint64_t xs = sets_[a].values; xs != 0; xs &= xs - 1) {
      const std::uint64_t x = xs & (~xs + 1);
      const std::span<const std::uint64_t> seen = seeing(a, x), held = holding(x);
      for (std::size_t k = 0; k < words_; ++k)
        for (std::uint64_t w = seen[k] & held[k]; w != 0; w &= w - 1) {
          const std::size_t at = key(x, static_cast<Cell>(k * 64 + std::countr_zero(w)));
          for (std::uint32_t j = by_lowest_start_[at]; j < by_lowest_start_[at + 1]; ++j) {
            const std::uint32_t b = by_lowest_[j];
            if (b <= a || !cellset::within(holders(b, x), seen)) continue;
            if (rcc_with_[b] == 0) touched_.push_back(b);
            rcc_with_[b] |= x;
          }
        }
    }
    std::sort(touched_.begin(), touched_.end());
    for (std::uint32_t b : touched_) {
      if (cellset::disjoint(cells(a), cells(b))) {
        restricted_.push_back({a, b, rcc_with_[b]});
        ++by_set_start_[a + 1];
        ++by_set_start_[b + 1];
      }
      rcc_with_[b] = 0;
    }
  }
  for (std::size_t i = 0; i < count; ++i) by_set_start_[i + 1] += by_set_start_[i];
  by_set_.resize(restricted_.size() * 2);
  by_set_fill_.assign(by_set_start_.begin(), by_set_start_.end() - 1);
  for (std::uint32_t r = 0; r < restricted_.size(); ++r) {
    by_set_[by_set_fill_[restricted_[r].a]++] = r;
    by_set_[by_set_fill_[restricted_[r].b]++] = r;
  }
}

void Eliminations::reset(std::size_t words) {
  if (words != words_ || cells_.size() != 64 * words) {
    words_ = words;
    cells_.assign(64 * words, 0);
  } else {
    for (std::uint64_t vs = values_; vs != 0; vs &= vs - 1)
      std::fill_n(cells_.begin() + static_cast<std::ptrdiff_t>(std::countr_zero(vs) * words_), words_, 0);
  }
  values_ = 0;
}

void Eliminations::add(std::uint64_t bit, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                       std::span<const std::uint64_t> c) {
  std::uint64_t* const t = cells_.data() + static_cast<std::size_t>(std::countr_zero(bit)) * words_;
  for (std::size_t k = 0; k < words_; ++k) {
    t[k] |= a[k] & b[k] & c[k];
    if (t[k] != 0) values_ |= bit;
  }
}

void Eliminations::emit(const Position& p, Step& s) const {
  for (std::uint64_t vs = values_; vs != 0; vs &= vs - 1) {
    const int v = std::countr_zero(vs);
    const Value value = p.structure.base() + v;
    cellset::for_each(std::span<const std::uint64_t>(cells_.data() + static_cast<std::size_t>(v) * words_, words_),
                      [&](Cell c) { s.removals.push_back({c, value}); });
  }
}

const AlmostLockedSets& almost_locked_sets(const Position& p) {
  thread_local AlmostLockedSets sets;
  if (!sets.built_on(p)) sets.build(p);
  return sets;
}

}  // namespace csp::techniques
