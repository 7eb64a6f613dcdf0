// Naked and hidden singles over a whole set of exact groups, in one propagator.
//
// These two rules do almost all the work of solving a Sudoku, and a cell change touches every
// group the cell belongs to. Posting them as one propagator per group would send each change
// through the engine's queue up to six times; here one propagator keeps the set of groups whose
// cells changed and handles them with bitwise operations, waking nothing but the other rules. It
// works on its own copy of the cells (working_copy.hpp: narrowed cells are written back once, at
// the end of a run; a shadow of the last fixpoint tells which cells search changed since).
//
// The work is split the way it is cheapest. A cell that becomes fixed removes its value from its
// peers at once (a few word operations per peer); a group is scanned for hidden singles only when
// no such elimination is pending, once however many of its cells changed meanwhile. Placements
// feed new fixed cells back into the eliminations.
//
// naked single:  a fixed cell's value is removed from its peers (the other cells of its groups); a
//                value fixed in two cells of a group fails. Firings: fixed cells that removed
//                something.
// hidden single: a value with one place left in a group is placed there; a value with no place,
//                or a cell that is the only place of two values, fails. Firings: placements.
#include <string>

#include "csp/rules/group_rule.hpp"
#include "csp/rules/working_copy.hpp"

namespace csp::rules_detail {
namespace {

class Singles final : public Propagator {
 public:
  Singles(const std::vector<Group>& groups, const std::vector<Shape>& shapes, bool naked, bool hidden,
          Counters naked_counters, Counters hidden_counters)
      : Propagator(distinct_cells(groups), Trigger::any),
        naked_(naked),
        hidden_(hidden),
        naked_counters_(naked_counters),
        hidden_counters_(hidden_counters) {
    // Scope index of every variable, to describe groups and cells by small integers.
    const std::vector<int> index_of = scope_index(scope());
    const std::size_t n = scope().size();
    std::vector<std::uint32_t> word(n);
    std::vector<std::vector<std::uint32_t>> groups_of(n);
    for (std::size_t g = 0; g < groups.size(); ++g) {
      GroupInfo info;
      info.first = static_cast<std::uint32_t>(members_.size());
      info.size = static_cast<std::uint32_t>(groups[g].cells.size());
      info.values = shapes[g].values;
      for (std::size_t k = 0; k < groups[g].cells.size(); ++k) {
        const auto cell = static_cast<std::uint32_t>(index_of[static_cast<std::size_t>(groups[g].cells[k].id)]);
        members_.push_back(cell);
        word[cell] = shapes[g].word[k];
        groups_of[cell].push_back(static_cast<std::uint32_t>(g));
      }
      meaning_.add(groups[g], shapes[g], index_of);
      info.naked_reason = "naked-single in " + groups[g].name;
      info.hidden_reason = "hidden-single in " + groups[g].name;
      groups_.push_back(std::move(info));
    }
    // Per cell: its peers, each once, with the first group it shares with them (which names the
    // removal for a tracer).
    std::vector<std::uint32_t> peer_seen(n, UINT32_MAX);
    for (std::uint32_t cell = 0; cell < n; ++cell) {
      peers_start_.push_back(static_cast<std::uint32_t>(peers_.size()));
      for (std::uint32_t g : groups_of[cell]) {
        for (std::uint32_t k = 0; k < groups_[g].size; ++k) {
          const std::uint32_t peer = members_[groups_[g].first + k];
          if (peer == cell || peer_seen[peer] == cell) continue;
          peer_seen[peer] = cell;
          peers_.push_back(Peer{peer, g});
        }
      }
    }
    peers_start_.push_back(static_cast<std::uint32_t>(peers_.size()));
    cells_ = WorkingCopy(std::move(word));
    dirty_ = PartSet(groups_.size(), groups_of);
    fixed_.assign(n, 0);  // a cell becomes fixed at most once per run
  }

  std::string name() const override {
    return naked_ && hidden_ ? "naked-single+hidden-single" : naked_ ? "naked-single" : "hidden-single";
  }

  // An exact group's meaning, for each group: its cells take distinct values of the group.
  bool satisfied(std::span<const Value> values) const override { return meaning_.satisfied(values); }
  bool check(const Domains& d) const override { return meaning_.check(d); }

  PropStatus propagate(Context& ctx) override {
    fixed_count_ = 0;
    cells_.load(ctx, [&](std::uint32_t cell, std::uint64_t w) {
      dirty_.mark_parts_of(cell);
      if (naked_ && single(w)) fixed_[fixed_count_++] = cell;  // newly fixed: its value leaves its peers
    });
    tally_ = {};
    tracing_ = ctx.tracing();
    bool ok = run(ctx);
    if (!ok) dirty_.clear();  // some groups may still be marked
    ok = cells_.finish(ctx, scope(), ok);
    if (naked_) {
      if (tally_.naked_fired != 0) ctx.count(naked_counters_.fired, tally_.naked_fired);
      if (tally_.naked_removed != 0) ctx.count(naked_counters_.removed, tally_.naked_removed);
    }
    if (hidden_) {
      if (tally_.hidden_fired != 0) ctx.count(hidden_counters_.fired, tally_.hidden_fired);
      if (tally_.hidden_removed != 0) ctx.count(hidden_counters_.removed, tally_.hidden_removed);
    }
    return ok ? PropStatus::fixpoint : PropStatus::failed;
  }

 private:
  struct GroupInfo {
    std::uint32_t first = 0, size = 0;  // its cells are members_[first .. first + size)
    std::uint64_t values = 0;           // the values every cell of it draws from, as bits
    std::string naked_reason, hidden_reason;
  };
  struct Peer {
    std::uint32_t cell;   // a cell sharing a group with the owner of this entry
    std::uint32_t group;  // the first group they share
  };
  struct Tally {
    std::uint64_t naked_fired = 0, naked_removed = 0, hidden_fired = 0, hidden_removed = 0;
  };

  // Narrows a cell (not fixed) to `keep`, a non-empty strict subset of its candidates, and
  // records what follows: its groups need a scan, and if it is now fixed its value must leave its
  // peers (a cell becomes fixed once per run, so fixed_ never holds more than every cell).
  bool narrow(Context& ctx, std::uint32_t cell, std::uint64_t keep) {
    if (!cells_.set(ctx, scope()[cell], cell, keep, tracing_)) return false;
    if (hidden_) dirty_.mark_parts_of(cell);  // naked singles alone need no scan for what they did
    if (naked_ && single(keep)) fixed_[fixed_count_++] = cell;
    return true;
  }

  // Eliminations first, then one group scan at a time, until neither has work; false on failure.
  bool run(Context& ctx) {
    for (;;) {
      while (fixed_count_ != 0)
        if (!eliminate(ctx, fixed_[--fixed_count_])) return false;
      std::uint32_t g = 0;
      if (!dirty_.next(g)) return true;
      if (!scan(ctx, g)) return false;
    }
  }

  // Naked single: the fixed cell's value leaves every peer; a peer fixed to the same value is a
  // contradiction.
  bool eliminate(Context& ctx, std::uint32_t cell) {
    const std::uint64_t value = cells_[cell];
    bool fired = false;
    for (std::uint32_t k = peers_start_[cell]; k < peers_start_[cell + 1]; ++k) {
      const std::uint32_t peer = peers_[k].cell;
      const std::uint64_t x = cells_[peer];
      if ((x & value) == 0) continue;
      if (x == value) return false;  // two cells of a group fixed to one value
      if (tracing_) ctx.because(groups_[peers_[k].group].naked_reason);
      fired = true;
      ++tally_.naked_removed;
      if (!narrow(ctx, peer, x & ~value)) return false;
    }
    tally_.naked_fired += fired ? 1 : 0;
    return true;
  }

  // A group scan: in one sweep over the group, the values seen once, seen twice, fixed and fixed
  // twice, for all values at once; a value seen once in a cell not yet fixed goes there.
  bool scan(Context& ctx, std::uint32_t g) {
    const GroupInfo& info = groups_[g];
    const std::uint32_t* cells = members_.data() + info.first;
    std::uint64_t once = 0, twice = 0, fixed = 0, fixed_twice = 0;
    for (std::uint32_t i = 0; i < info.size; ++i) {
      const std::uint64_t x = cells_[cells[i]];
      const std::uint64_t one = single(x) ? x : 0;
      twice |= once & x;
      once |= x;
      fixed_twice |= fixed & one;
      fixed |= one;
    }
    // A value with no place left, or fixed in two cells (without naked singles nothing else would
    // notice that before the group is complete).
    if ((hidden_ && once != info.values) || fixed_twice != 0) return false;
    // Naked singles here too: this group's cells may differ from the state in which its fixed
    // cells' values were eliminated (search restored an older state of some of them).
    const std::uint64_t gone = naked_ ? fixed : 0;
    const std::uint64_t todo = hidden_ ? once & ~twice & ~fixed : 0;
    if ((gone | todo) == 0) return true;
    bool fired = false;
    for (std::uint32_t i = 0; i < info.size; ++i) {
      std::uint64_t x = cells_[cells[i]];
      if (single(x)) continue;  // a fixed cell owns its value
      if ((x & gone) != 0) {
        if (tracing_) ctx.because(info.naked_reason);
        fired = true;
        tally_.naked_removed += static_cast<std::uint64_t>(std::popcount(x & gone));
        x &= ~gone;
        if (x == 0) return false;
        if (!narrow(ctx, cells[i], x)) return false;
        if (single(x)) continue;  // fixed now: already queued for elimination
      }
      const std::uint64_t mine = x & todo;  // todo holds no fixed value, so the removal kept it
      if (mine == 0) continue;
      if (!single(mine)) return false;  // the only place of two values
      if (tracing_) ctx.because(info.hidden_reason);
      ++tally_.hidden_fired;
      tally_.hidden_removed += static_cast<std::uint64_t>(std::popcount(x) - 1);
      if (!narrow(ctx, cells[i], mine)) return false;
    }
    tally_.naked_fired += fired ? 1 : 0;
    return true;
  }

  bool naked_, hidden_;
  Counters naked_counters_, hidden_counters_;
  std::vector<GroupInfo> groups_;
  std::vector<std::uint32_t> members_;      // cells (scope indices) of every group, group after group
  GroupsMeaning meaning_;                   // every group, for satisfied() and check()
  std::vector<std::uint32_t> peers_start_;  // per cell: its peers in peers_
  std::vector<Peer> peers_;
  WorkingCopy cells_;                       // the cells' words during a run
  PartSet dirty_;                           // the groups waiting for a scan
  std::vector<std::uint32_t> fixed_;        // cells newly fixed whose value must leave their peers
  std::uint32_t fixed_count_ = 0;
  bool tracing_ = false;
  Tally tally_;
};

}  // namespace

std::unique_ptr<Propagator> make_singles(const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                         bool naked, bool hidden, Counters naked_counters, Counters hidden_counters) {
  return std::make_unique<Singles>(groups, shapes, naked, hidden, naked_counters, hidden_counters);
}

}  // namespace csp::rules_detail
