// Internal to the rules library (csp/rules/detail/: not part of the public API, not installed).
// Locked candidates (pointing and claiming) as a rule over pairs of groups: the ACCELERATOR of the
// pointing and claiming finders (csp/rules/techniques/pointing.cpp, claiming.cpp), which define the
// deductions (with the singles, tests/test_rules.cpp checks that both reach the same closure). On
// its own it also removes what a value's single place in A∩B implies, which the singles would. It
// is for a propagator that hosts it on its working copy: the locked-candidates propagator on its own
// (locked_candidates.cpp), or the singles propagator when both rules are posted (singles.cpp), so
// that the two share one copy of the cells and one run instead of waking each other through the
// engine after every change.
//
// On groups A and B sharing two or more cells, a value whose places in A all lie in A∩B is taken
// by a cell of B, so it leaves B\A; symmetrically for B. Unions of candidates over the three parts
// decide every value at once: `inter & ~a_rest` are the values locked in the intersection as seen
// from A (removed from B\A), and `inter & ~b_rest` as seen from B (removed from A\B). Both are
// sound for the same state, so they are applied together; each shrinks the other side's rest,
// which can lock more values, so a pair is looked at again until nothing is removed. Firings: one
// per value and side that removed something.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/detail/working_copy.hpp"

namespace csp::rules_detail {

/// The pairs of groups and which of them wait for a look. Cells are the host's scope indices.
class LockedPairs {
 public:
  LockedPairs() = default;
  /// `pairs`: indices into `groups`, each pair sharing two or more cells; `index_of`: each
  /// variable's index in the host's scope; `cells`: the host's number of cells. `with_singles`:
  /// naked and hidden singles run in the same fixpoint, so pairs they settle may be left to them.
  /// Reserves its words of search state (the retired pairs, below) in `model`.
  LockedPairs(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
              const std::vector<std::pair<std::size_t, std::size_t>>& pairs, const std::vector<int>& index_of,
              std::size_t cells, bool with_singles);

  /// Binds to the search state being propagated (call at the start of each run).
  void bind(Context& ctx) { retired_ = ctx.state(state_); }

  /// True when the rule finds nothing in the cells' `words` (no value without a place, nothing to
  /// remove): the host may take them as its initial fixpoint.
  bool quiet(const std::uint64_t* words) const;

  /// Marks the pairs of a cell that changed (but the retired ones).
  void mark(std::uint32_t cell) { dirty_.mark_parts_of(cell, retired_); }
  /// Marks the pairs of a cell that changed from word `before` to `now` since the host's last
  /// run: a cell that got candidates back (a caller restored some) revives its retired pairs too.
  void changed(std::uint32_t cell, std::uint64_t before, std::uint64_t now) {
    if ((now & ~before) != 0) dirty_.remove_parts_of(cell, retired_);
    mark(cell);
  }
  /// Unmarks every pair (after a failed run).
  void clear() { dirty_.clear(); }

  /// Looks at the next marked pair until it removes nothing, reading the cells' words from
  /// `host.words()` and narrowing cells through `host.narrow(ctx, cell, keep)` (which must mark()
  /// the cell). Sets `looked` to false when no
  /// pair was marked; returns false on failure.
  template <class Host>
  bool look_next(Context& ctx, Host& host, bool& looked);

  /// Adds the run's firings and removals to the counters, and starts the next run's tally.
  void report(Context& ctx, Counters c) {
    if (fired_ != 0) ctx.count(c.fired, fired_);
    if (removed_ != 0) ctx.count(c.removed, removed_);
    fired_ = removed_ = 0;
  }

 private:
  struct PairInfo {
    std::uint32_t first = 0, inter = 0, b_rest = 0, end = 0;  // A\B, A∩B, B\A in members_
    std::uint64_t a_values = 0, b_values = 0;
    std::string reason;
  };
  // What the rule makes of one pair in the cells' `words`: a value of A or B without a place, or
  // the values to take from each rest.
  struct Locks {
    bool no_place;
    std::uint64_t from_a, from_b;
  };

  // The union of the words of the cells members_[from, to).
  std::uint64_t union_of(const std::uint64_t* words, std::uint32_t from, std::uint32_t to) const {
    std::uint64_t u = 0;
    for (std::uint32_t i = from; i < to; ++i) u |= words[members_[i]];
    return u;
  }
  Locks locks(const std::uint64_t* words, const PairInfo& info) const {
    const std::uint64_t a_rest = union_of(words, info.first, info.inter);
    const std::uint64_t inter = union_of(words, info.inter, info.b_rest);
    const std::uint64_t b_rest = union_of(words, info.b_rest, info.end);
    return {(a_rest | inter) != info.a_values || (inter | b_rest) != info.b_values,
            inter & ~b_rest & a_rest,   // locked by B, still in A\B
            inter & ~a_rest & b_rest};  // locked by A, still in B\A
  }
  // Removes `gone` from the cells members_[first, last); false when one is emptied.
  template <class Host>
  bool remove(Context& ctx, Host& host, std::uint32_t first, std::uint32_t last, std::uint64_t gone);

  int open_left_to_singles_ = 0;  // pairs whose intersection has at most this many open cells are skipped
  std::vector<PairInfo> pairs_;
  std::vector<std::uint32_t> members_;  // cells of every pair, pair after pair
  PartSet dirty_;                       // the pairs waiting for a look
  // The pairs skipped for good in this branch of the search: their intersection has at most
  // open_left_to_singles_ open cells, and cells only lose candidates as search goes down, so they
  // are not marked again (on hard puzzles most marks were of such pairs). In the search state, so
  // that backtracking brings retired pairs back; bound by bind().
  std::uint32_t state_ = 0;
  std::uint64_t* retired_ = nullptr;
  std::uint64_t fired_ = 0, removed_ = 0;
};

template <class Host>
bool LockedPairs::look_next(Context& ctx, Host& host, bool& looked) {
  std::uint32_t p = 0;
  looked = dirty_.next(p);
  if (!looked) return true;
  const PairInfo& info = pairs_[p];
  // An intersection of fixed cells locks only values that the naked singles remove anyway:
  // leave them that work (most pairs, late in a solve). With both singles posted, so does one
  // with a single open cell x: a value locked there either is fixed in the intersection (the
  // naked single clears it from both groups) or has x for only place in A (a hidden single).
  // (Counted without a branch: the cells are not empty, so a word with its lowest bit cleared is
  // non-zero exactly when the cell is open.)
  int open = 0;
  for (std::uint32_t i = info.inter; i < info.b_rest; ++i) {
    const std::uint64_t w = host.words()[members_[i]];
    open += (w & (w - 1)) != 0 ? 1 : 0;
  }
  if (open <= open_left_to_singles_) {
    retired_[p / 64] |= std::uint64_t{1} << (p % 64);
    return true;
  }
  for (;;) {
    const auto [no_place, from_a, from_b] = locks(host.words(), info);
    if (no_place) return false;
    if ((from_a | from_b) == 0) return true;
    if (ctx.tracing()) ctx.because(info.reason);
    fired_ += static_cast<std::uint64_t>(std::popcount(from_a) + std::popcount(from_b));
    if (!remove(ctx, host, info.first, info.inter, from_a) || !remove(ctx, host, info.b_rest, info.end, from_b))
      return false;
  }
}

template <class Host>
bool LockedPairs::remove(Context& ctx, Host& host, std::uint32_t first, std::uint32_t last, std::uint64_t gone) {
  if (gone == 0) return true;
  for (std::uint32_t i = first; i < last; ++i) {
    const std::uint32_t cell = members_[i];
    const std::uint64_t x = host.words()[cell];
    if ((x & gone) == 0) continue;
    removed_ += static_cast<std::uint64_t>(std::popcount(x & gone));
    if ((x & ~gone) == 0 || !host.narrow(ctx, cell, x & ~gone)) return false;
  }
  return true;
}

}  // namespace csp::rules_detail
