// Locked candidates (pointing and claiming) on every pair of groups that share two or more cells,
// in one propagator: on groups A and B, a value whose places in A all lie in A∩B is taken by a
// cell of B, so it leaves B\A; symmetrically for B. In Sudoku the pairs are a box with a row or a
// column (54 pairs); one propagator over all of them, with the working copy and the set of pairs
// to revisit of working_copy.hpp, costs a fraction of one propagator per pair, each woken through
// the engine's queue by every change to any of its cells.
//
// Unions of candidates over the three parts decide every value at once: `inter & ~a_rest` are the
// values locked in the intersection as seen from A (removed from B\A), and `inter & ~b_rest` as
// seen from B (removed from A\B). Both are sound for the same state, so they are applied together;
// each shrinks the other side's rest, which can lock more values, so a pair is looked at again
// until nothing is removed. Firings: one per value and side that removed something.
#include <algorithm>
#include <string>

#include "csp/rules/group_rule.hpp"
#include "csp/rules/working_copy.hpp"

namespace csp::rules_detail {
namespace {

class LockedCandidates final : public Propagator {
 public:
  LockedCandidates(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                   const std::vector<std::pair<std::size_t, std::size_t>>& pairs, bool with_singles, Counters c)
      : Propagator(distinct_cells(groups), Trigger::any), counters_(c), open_left_to_singles_(with_singles ? 1 : 0) {
    const std::vector<int> index_of = scope_index(scope());
    const std::size_t n = scope().size();
    std::vector<std::uint32_t> word(n);
    std::vector<std::vector<std::uint32_t>> pairs_of(n);
    auto in = [](const Group& g, Var v) { return std::find(g.cells.begin(), g.cells.end(), v) != g.cells.end(); };
    for (const auto& [a, b] : pairs) {
      const Group& ga = groups[a];
      const Group& gb = groups[b];
      PairInfo info;
      info.a_values = shapes[a].values;
      info.b_values = shapes[b].values;
      info.reason = "locked-candidates in " + ga.name + " and " + gb.name;
      info.first = static_cast<std::uint32_t>(members_.size());
      const auto p = static_cast<std::uint32_t>(pairs_.size());
      auto add = [&](Var v, std::uint32_t w) {
        const auto cell = static_cast<std::uint32_t>(index_of[static_cast<std::size_t>(v.id)]);
        members_.push_back(cell);
        word[cell] = w;
        pairs_of[cell].push_back(p);
      };
      // The pair's cells: A\B, then A∩B, then B\A, each part one contiguous range.
      for (std::size_t i = 0; i < ga.cells.size(); ++i)
        if (!in(gb, ga.cells[i])) add(ga.cells[i], shapes[a].word[i]);
      info.inter = static_cast<std::uint32_t>(members_.size());
      for (std::size_t i = 0; i < ga.cells.size(); ++i)
        if (in(gb, ga.cells[i])) add(ga.cells[i], shapes[a].word[i]);
      info.b_rest = static_cast<std::uint32_t>(members_.size());
      for (std::size_t i = 0; i < gb.cells.size(); ++i)
        if (!in(ga, gb.cells[i])) add(gb.cells[i], shapes[b].word[i]);
      info.end = static_cast<std::uint32_t>(members_.size());
      pairs_.push_back(std::move(info));
    }
    // The groups of the model's check and meaning: every group that takes part in a pair.
    std::vector<char> used(groups.size(), 0);
    for (const auto& [a, b] : pairs) used[a] = used[b] = 1;
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (used[g]) meaning_.add(groups[g], shapes[g], index_of);
    cells_ = WorkingCopy(model, std::move(word));
    dirty_ = PartSet(pairs_.size(), pairs_of);
    // When the rule finds nothing in the initial domains (a blank grid), they are the propagator's
    // fixpoint: each search then starts with only the cells its caller narrowed changed.
    std::vector<std::uint64_t> initial(n);
    for (std::size_t cell = 0; cell < n; ++cell) initial[cell] = model.initial_domains().bits(scope()[cell]);
    bool quiet = true;
    for (const PairInfo& info : pairs_) {
      const Locks l = locks(initial.data(), info);
      quiet &= !l.no_place && (l.from_a | l.from_b) == 0;
    }
    if (quiet) cells_.shadow_initial(model);
  }

  std::string name() const override { return "locked-candidates"; }

  bool satisfied(std::span<const Value> v) const override { return meaning_.satisfied(v); }
  bool check(const Domains& d) const override { return meaning_.check(d); }
  std::vector<std::vector<Var>> relations() const override { return meaning_.groups(); }

  PropStatus propagate(Context& ctx) override {
    cells_.load(ctx, [&](std::uint32_t cell, std::uint64_t, std::uint64_t) { dirty_.mark_parts_of(cell); });
    tracing_ = ctx.tracing();
    fired_ = removed_ = 0;
    bool ok = true;
    for (std::uint32_t p = 0; ok && dirty_.next(p);) ok = look(ctx, p);
    if (!ok) dirty_.clear();
    ok = cells_.finish(ctx, scope(), ok);
    if (fired_ != 0) ctx.count(counters_.fired, fired_);
    if (removed_ != 0) ctx.count(counters_.removed, removed_);
    return ok ? PropStatus::fixpoint : PropStatus::failed;
  }

 private:
  struct PairInfo {
    std::uint32_t first = 0, inter = 0, b_rest = 0, end = 0;  // A\B, A∩B, B\A in members_
    std::uint64_t a_values = 0, b_values = 0;
    std::string reason;
  };

  // The union of the words of the cells members_[from, to).
  std::uint64_t union_of(const std::uint64_t* words, std::uint32_t from, std::uint32_t to) const {
    std::uint64_t u = 0;
    for (std::uint32_t i = from; i < to; ++i) u |= words[members_[i]];
    return u;
  }

  // What the rule makes of one pair in the cells' `words`: a value of A or B without a place, or
  // the values to take from each rest.
  struct Locks {
    bool no_place;
    std::uint64_t from_a, from_b;
  };
  Locks locks(const std::uint64_t* words, const PairInfo& info) const {
    const std::uint64_t a_rest = union_of(words, info.first, info.inter);
    const std::uint64_t inter = union_of(words, info.inter, info.b_rest);
    const std::uint64_t b_rest = union_of(words, info.b_rest, info.end);
    return {(a_rest | inter) != info.a_values || (inter | b_rest) != info.b_values,
            inter & ~b_rest & a_rest,   // locked by B, still in A\B
            inter & ~a_rest & b_rest};  // locked by A, still in B\A
  }

  // Applies the rule to one pair until it removes nothing; false on failure.
  bool look(Context& ctx, std::uint32_t p) {
    const PairInfo& info = pairs_[p];
    // An intersection of fixed cells locks only values that the naked singles remove anyway:
    // leave them that work (most pairs, late in a solve). With both singles posted, so does one
    // with a single open cell x: a value locked there either is fixed in the intersection (the
    // naked single clears it from both groups) or has x for only place in A (a hidden single).
    int open = 0;
    for (std::uint32_t i = info.inter; i < info.b_rest; ++i) open += single(cells_[members_[i]]) ? 0 : 1;
    if (open <= open_left_to_singles_) return true;
    for (;;) {
      const auto [no_place, from_a, from_b] = locks(cells_.data(), info);
      if (no_place) return false;
      if ((from_a | from_b) == 0) break;
      if (tracing_) ctx.because(info.reason);
      fired_ += static_cast<std::uint64_t>(std::popcount(from_a) + std::popcount(from_b));
      if (!remove(ctx, info.first, info.inter, from_a) || !remove(ctx, info.b_rest, info.end, from_b)) return false;
    }
    return true;
  }

  // Removes `gone` from the cells members_[first, last); false when one is emptied.
  bool remove(Context& ctx, std::uint32_t first, std::uint32_t last, std::uint64_t gone) {
    if (gone == 0) return true;
    for (std::uint32_t i = first; i < last; ++i) {
      const std::uint32_t cell = members_[i];
      const std::uint64_t x = cells_[cell];
      if ((x & gone) == 0) continue;
      removed_ += static_cast<std::uint64_t>(std::popcount(x & gone));
      if ((x & ~gone) == 0 || !cells_.set(ctx, scope()[cell], cell, x & ~gone, tracing_)) return false;
      dirty_.mark_parts_of(cell);
    }
    return true;
  }

  Counters counters_;
  int open_left_to_singles_;  // pairs whose intersection has at most this many open cells are skipped
  std::vector<PairInfo> pairs_;
  std::vector<std::uint32_t> members_;  // cells (scope indices) of every pair, pair after pair
  GroupsMeaning meaning_;  // the groups of the pairs, for satisfied() and check()
  WorkingCopy cells_;
  PartSet dirty_;  // the pairs waiting for a look
  bool tracing_ = false;
  std::uint64_t fired_ = 0, removed_ = 0;
};

}  // namespace

std::unique_ptr<Propagator> make_locked_candidates(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                                   const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                                   bool with_singles, Counters c) {
  return std::make_unique<LockedCandidates>(model, groups, shapes, pairs, with_singles, c);
}

}  // namespace csp::rules_detail
