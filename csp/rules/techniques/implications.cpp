// The propagation of an assumed candidate (implications.hpp).
#include "csp/rules/detail/implications.hpp"

#include <algorithm>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool Implications::start(const Position& p, Spread spread) {
  base_.resize(p.structure.cells());
  for (Cell c = 0; c < p.structure.cells(); ++c) base_[c] = p.cands(c);
  return start(p.structure, base_, spread);
}

bool Implications::start(const Structure& st, std::span<const std::uint64_t> cands, Spread spread) {
  st_ = &st;
  spread_ = spread;
  const std::size_t n = st.cells();
  if (cands.data() != base_.data()) base_.assign(cands.begin(), cands.end());
  work_.resize(n);
  done_.assign(n, 0);
  passes_.assign(n, 0);
  bilocal_.assign(st.groups().size(), 0);
  dirty_.assign(st.groups().size(), 1);
  pending_.resize(n);
  for (Cell c = 0; c < n; ++c) pending_[c] = c;
  is_pending_.assign(n, 1);
  if (spread == Spread::nested && !inner_) inner_ = std::make_unique<Implications>();
  assumptions_ = inner_total_ = 0;
  // The position's own consequences first (the fixed cells' values leave their peers; nets: every
  // single and locked candidate), so that the assumptions start from a closed position. Each cell
  // fixed in the position may pass its value on, in both reaches.
  work_ = base_;
  for (Cell c = 0; c < n; ++c) passes_[c] = single(work_[c]) ? 1 : 0;
  if (!propagate()) return false;
  base_ = work_;
  base_done_ = done_;
  base_passes_.resize(n);
  for (Cell c = 0; c < n; ++c) base_passes_[c] = std::popcount(base_[c]) == 2 ? 1 : 0;
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    std::uint64_t once = 0, twice = 0, thrice = 0;
    for (Cell c : st.groups()[g].cells) {
      const std::uint64_t m = base_[c];
      thrice |= twice & m;
      twice |= once & m;
      once |= m;
    }
    bilocal_[g] = twice & ~thrice;
  }
  return true;
}

bool Implications::assume(Cell c, std::uint64_t bit, bool holds) {
  ++assumptions_;
  work_ = base_;
  done_ = base_done_;
  passes_ = base_passes_;
  passes_[c] = 1;
  const std::uint64_t before = work_[c];
  work_[c] = holds ? (work_[c] & bit) : (work_[c] & ~bit);
  if (work_[c] == 0) return false;
  // The started position is closed: only the cells and groups changed since need a look.
  std::fill(dirty_.begin(), dirty_.end(), 0);
  for (Cell d : pending_) is_pending_[d] = 0;
  pending_.clear();
  if (work_[c] != before) touched(c);
  else pend(c);
  return propagate();
}

// A cell whose single value may pass on: nets, any; chains, one marked in passes_ (bivalue in the
// position: its other value gone, this one follows; the assumed cell; a cell a bilocal value was
// placed in).
bool Implications::spread_singles(bool& changed) {
  const Structure& st = *st_;
  // The cells changed (or newly passing) since they were last looked at; the list grows as values
  // leave peers.
  for (std::size_t k = 0; k < pending_.size(); ++k) {
    const Cell c = pending_[k];
    is_pending_[c] = 0;
    const std::uint64_t w = work_[c];
    if (done_[c] != 0 || !single(w)) continue;
    if (spread_ == Spread::chains && passes_[c] == 0) continue;
    done_[c] = 1;
    for (Cell d : st.peers(c)) {
      if ((work_[d] & w) == 0) continue;
      work_[d] &= ~w;
      if (work_[d] == 0) return false;
      touched(d);
      changed = true;
    }
  }
  pending_.clear();
  return true;
}

bool Implications::hidden_singles(bool& changed) {
  const Structure& st = *st_;
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    if (dirty_[g] == 0) continue;
    dirty_[g] = 0;
    const Structure::GroupInfo& info = st.groups()[g];
    std::uint64_t once = 0, twice = 0;
    for (Cell c : info.cells) {
      twice |= once & work_[c];
      once |= work_[c];
    }
    if ((info.values & ~once) != 0) return false;  // a value without a place
    std::uint64_t singles = once & ~twice;
    if (spread_ == Spread::chains) singles &= bilocal_[g];
    for (; singles != 0; singles &= singles - 1) {
      const std::uint64_t bit = singles & (~singles + 1);
      for (Cell c : info.cells)
        if ((work_[c] & bit) != 0) {
          if (work_[c] != bit) {
            work_[c] = bit;
            touched(c);
            changed = true;
          }
          // Chains: the value arrived by a strong link (a bilocal value), so it passes on.
          if (spread_ == Spread::chains && passes_[c] == 0) {
            passes_[c] = 1;
            pend(c);
            changed = true;
          }
          break;
        }
    }
  }
  return true;
}

void Implications::locked(bool& changed) {
  const Structure& st = *st_;
  auto in = [](const std::vector<Cell>& shared, Cell c) {
    return std::find(shared.begin(), shared.end(), c) != shared.end();
  };
  for (const Structure::Overlap& o : st.overlaps()) {
    std::uint64_t inside = 0;
    for (Cell c : o.shared) inside |= work_[c];
    for (int side = 0; side < 2; ++side) {
      const Structure::GroupInfo& from = st.groups()[side == 0 ? o.a : o.b];
      const Structure::GroupInfo& to = st.groups()[side == 0 ? o.b : o.a];
      std::uint64_t outside = 0;
      for (Cell c : from.cells)
        if (!in(o.shared, c)) outside |= work_[c];
      const std::uint64_t locked_values = inside & ~outside & from.values;
      if (locked_values == 0) continue;
      for (Cell c : to.cells)
        if (!in(o.shared, c) && (work_[c] & locked_values) != 0) {
          work_[c] &= ~locked_values;
          touched(c);
          changed = true;
        }
    }
  }
}

// Nested: every candidate of an open cell assumed as a net on the branch's candidates; those that
// contradict leave the branch (all of one round at once: each is excluded by the same branch).
bool Implications::nested_contradictions(bool& changed) {
  const bool started = inner_->start(*st_, work_, Spread::nets);
  inner_total_ += 1;  // the inner start's own propagation
  if (!started) return false;
  for (Cell c = 0; c < st_->cells(); ++c) {
    const std::uint64_t cands = work_[c];
    if (single(cands)) continue;
    for (std::uint64_t vals = cands; vals != 0; vals &= vals - 1) {
      const std::uint64_t bit = vals & (~vals + 1);
      ++inner_total_;
      if (inner_->assume(c, bit, true)) continue;
      work_[c] &= ~bit;
      touched(c);
      changed = true;
    }
    if (work_[c] == 0) return false;
  }
  return true;
}

void Implications::pend(Cell c) {
  if (is_pending_[c] != 0) return;
  is_pending_[c] = 1;
  pending_.push_back(c);
}

void Implications::touched(Cell c) {
  for (std::uint32_t g : st_->groups_of(c)) dirty_[g] = 1;
  pend(c);
}

bool Implications::propagate() {
  for (;;) {
    bool changed = false;
    if (!spread_singles(changed)) return false;
    if (!hidden_singles(changed)) return false;
    if (!changed && spread_ != Spread::chains) {
      locked(changed);
      // A cell emptied by locked candidates (spread_singles() sees only the cells it changes).
      for (std::uint64_t w : work_)
        if (w == 0) return false;
    }
    if (!changed && spread_ == Spread::nested && !nested_contradictions(changed)) return false;
    if (!changed) return true;
  }
}

}  // namespace csp::techniques::detail
