// Locked candidates (pointing and claiming) on every pair of groups that share two or more cells,
// as a propagator of its own: the rule (locked_pairs.hpp) on a working copy of the cells
// (working_copy.hpp). In Sudoku the pairs are a box with a row or a column (54 pairs); one
// propagator over all of them costs a fraction of one propagator per pair, each woken through the
// engine's queue by every change to any of its cells. When the singles are posted too, they host
// the rule instead (singles.cpp) and this propagator is not posted.
#include <algorithm>
#include <string>

#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/detail/locked_pairs.hpp"
#include "csp/rules/detail/working_copy.hpp"

namespace csp::rules_detail {

LockedPairs::LockedPairs(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                         const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                         const std::vector<int>& index_of, std::size_t cells, bool with_singles)
    : open_left_to_singles_(with_singles ? 1 : 0) {
  std::vector<std::vector<std::uint32_t>> pairs_of(cells);
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
    auto add = [&](Var v) {
      const auto cell = static_cast<std::uint32_t>(index_of[static_cast<std::size_t>(v.id)]);
      members_.push_back(cell);
      pairs_of[cell].push_back(p);
    };
    // The pair's cells: A\B, then A∩B, then B\A, each part one contiguous range.
    for (Var v : ga.cells)
      if (!in(gb, v)) add(v);
    info.inter = static_cast<std::uint32_t>(members_.size());
    for (Var v : ga.cells)
      if (in(gb, v)) add(v);
    info.b_rest = static_cast<std::uint32_t>(members_.size());
    for (Var v : gb.cells)
      if (!in(ga, v)) add(v);
    info.end = static_cast<std::uint32_t>(members_.size());
    pairs_.push_back(std::move(info));
  }
  dirty_ = PartSet(pairs_.size(), pairs_of);
  state_ = model.add_state(dirty_.words());
}

bool LockedPairs::quiet(const std::uint64_t* words) const {
  for (const PairInfo& info : pairs_) {
    const Locks l = locks(words, info);
    if (l.no_place || (l.from_a | l.from_b) != 0) return false;
  }
  return true;
}

namespace {

class LockedCandidates final : public Propagator {
 public:
  LockedCandidates(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                   const std::vector<std::pair<std::size_t, std::size_t>>& pairs, Counters c)
      : Propagator(distinct_cells(groups), Trigger::any), counters_(c) {
    const std::vector<int> index_of = scope_index(scope());
    const std::size_t n = scope().size();
    // The groups of the model's check and meaning: every group that takes part in a pair.
    std::vector<char> used(groups.size(), 0);
    for (const auto& [a, b] : pairs) used[a] = used[b] = 1;
    std::vector<std::uint32_t> word(n);
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (!used[g]) continue;
      meaning_.add(groups[g], shapes[g], index_of);
      for (std::size_t k = 0; k < groups[g].cells.size(); ++k)
        word[static_cast<std::size_t>(index_of[static_cast<std::size_t>(groups[g].cells[k].id)])] = shapes[g].word[k];
    }
    rule_ = LockedPairs(model, groups, shapes, pairs, index_of, n, false);
    cells_ = WorkingCopy(model, std::move(word));
    // When the rule finds nothing in the initial domains (a blank grid), they are the propagator's
    // fixpoint: each search then starts with only the cells its caller narrowed changed.
    std::vector<std::uint64_t> initial(n);
    for (std::size_t cell = 0; cell < n; ++cell) initial[cell] = model.initial_domains().bits(scope()[cell]);
    if (rule_.quiet(initial.data())) cells_.shadow_initial(model);
  }

  std::string name() const override { return "locked-candidates"; }

  bool satisfied(std::span<const Value> v) const override { return meaning_.satisfied(v); }
  bool check(const Domains& d) const override { return meaning_.check(d); }
  std::vector<std::vector<Var>> relations() const override { return meaning_.groups(); }

  PropStatus propagate(Context& ctx) override {
    rule_.bind(ctx);
    cells_.load(ctx, [&](std::uint32_t cell, std::uint64_t before, std::uint64_t now) {
      rule_.changed(cell, before, now);
    });
    bool ok = true;
    for (bool looked = true; ok && looked;) ok = rule_.look_next(ctx, *this, looked);
    if (!ok) rule_.clear();
    ok = cells_.finish(ctx, scope(), ok);
    rule_.report(ctx, counters_);
    return ok ? PropStatus::fixpoint : PropStatus::failed;
  }

  // The host side of LockedPairs.
  const std::uint64_t* words() const { return cells_.data(); }
  bool narrow(Context& ctx, std::uint32_t cell, std::uint64_t keep) {
    if (!cells_.set(ctx, scope()[cell], cell, keep, ctx.tracing())) return false;
    rule_.mark(cell);
    return true;
  }

 private:
  Counters counters_;
  GroupsMeaning meaning_;  // the groups of the pairs, for satisfied() and check()
  LockedPairs rule_;
  WorkingCopy cells_;
};

}  // namespace

std::unique_ptr<Propagator> make_locked_candidates(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                                   const std::vector<std::pair<std::size_t, std::size_t>>& pairs, Counters c) {
  return std::make_unique<LockedCandidates>(model, groups, shapes, pairs, c);
}

}  // namespace csp::rules_detail
