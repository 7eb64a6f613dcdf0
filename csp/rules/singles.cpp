// Naked and hidden singles over a whole set of exact groups, in one propagator.
//
// These two rules do almost all the work of solving a Sudoku, and a cell change touches every
// group the cell belongs to. Posting them as one propagator per group would send each change
// through the engine's queue up to six times; here one propagator keeps a queue of the groups
// whose cells changed and settles each with bitwise passes, waking nothing but the other rules.
//
// Which groups changed since the last run? The propagator keeps a shadow copy of every cell's word
// as it left them after its last successful run (a fixpoint of every group) and compares: a group
// whose cells all match its shadow is still at its fixpoint, whatever search did in between, so
// comparing words replaces any bookkeeping of backtracking.
//
// naked single:  a fixed cell's value is removed from the other cells of the group; a value fixed
//                in two cells fails. Firings: fixed values that removed something.
// hidden single: a value with one place left in a group is placed there; a value with no place,
//                or a cell that is the only place of two values, fails. Firings: placements.
#include <string>

#include "csp/rules/group_rule.hpp"

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
    std::vector<int> index_of;
    for (std::size_t i = 0; i < scope().size(); ++i) {
      const auto id = static_cast<std::size_t>(scope()[i].id);
      if (index_of.size() <= id) index_of.resize(id + 1, -1);
      index_of[id] = static_cast<int>(i);
    }
    word_.resize(scope().size());
    bases_.resize(scope().size());
    std::vector<std::vector<std::uint32_t>> groups_of(scope().size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
      GroupInfo info;
      info.first = static_cast<std::uint32_t>(members_.size());
      info.size = static_cast<std::uint32_t>(groups[g].cells.size());
      info.values = shapes[g].values;
      for (std::size_t k = 0; k < groups[g].cells.size(); ++k) {
        const auto cell = static_cast<std::uint32_t>(index_of[static_cast<std::size_t>(groups[g].cells[k].id)]);
        members_.push_back(cell);
        word_[cell] = shapes[g].word[k];
        bases_[cell] = shapes[g].base;
        groups_of[cell].push_back(static_cast<std::uint32_t>(g));
      }
      info.naked_reason = "naked-single in " + groups[g].name;
      info.hidden_reason = "hidden-single in " + groups[g].name;
      groups_.push_back(std::move(info));
    }
    for (const auto& list : groups_of) {
      groups_of_start_.push_back(static_cast<std::uint32_t>(groups_of_.size()));
      groups_of_.insert(groups_of_.end(), list.begin(), list.end());
    }
    groups_of_start_.push_back(static_cast<std::uint32_t>(groups_of_.size()));
    shadow_.assign(scope().size(), 0);  // no domain is empty: every group starts dirty
    dirty_.assign(groups_.size(), 0);
    queue_.assign(groups_.size(), 0);  // a ring: each group is queued at most once at a time
  }

  std::string name() const override {
    return naked_ && hidden_ ? "naked-single+hidden-single" : naked_ ? "naked-single" : "hidden-single";
  }

  // An exact group's meaning, for each group: its cells take distinct values of the group.
  bool satisfied(std::span<const Value> values) const override {
    for (const GroupInfo& g : groups_) {
      std::uint64_t seen = 0;
      for (std::uint32_t k = 0; k < g.size; ++k) {
        const std::uint32_t cell = members_[g.first + k];
        const long bit = static_cast<long>(values[cell]) - bases_[cell];
        if (bit < 0 || bit >= 64 || (g.values >> bit & 1) == 0 || (seen >> bit & 1) != 0) return false;
        seen |= bit_of(static_cast<int>(bit));
      }
    }
    return true;
  }

  bool check(const Domains& d) const override {
    for (const GroupInfo& g : groups_) {
      std::uint64_t seen = 0;
      for (std::uint32_t k = 0; k < g.size; ++k) {
        const std::uint64_t w = d.words()[word_[members_[g.first + k]]];
        if (!single(w)) continue;
        if ((seen & w) != 0) return false;
        seen |= w;
      }
    }
    return true;
  }

  PropStatus propagate(Context& ctx) override {
    const std::uint64_t* words = ctx.domains().words().data();
    for (std::size_t cell = 0; cell < shadow_.size(); ++cell)
      if (words[word_[cell]] != shadow_[cell]) mark_groups_of(cell, UINT32_MAX);
    tally_ = {};
    PropStatus status = PropStatus::fixpoint;
    // First in, first out: a group waiting in the queue collects the changes of several cells
    // before it is settled once (last in, first out settled groups more often).
    while (queued_ != 0) {
      const std::uint32_t g = queue_[head_];
      head_ = head_ + 1 == queue_.size() ? 0 : head_ + 1;
      --queued_;
      dirty_[g] = 0;
      if (!settle(ctx, g)) {
        status = PropStatus::failed;
        break;
      }
    }
    for (; queued_ != 0; --queued_) {  // after a failure some groups are still queued
      dirty_[queue_[head_]] = 0;
      head_ = head_ + 1 == queue_.size() ? 0 : head_ + 1;
    }
    if (status != PropStatus::failed) {
      for (std::size_t cell = 0; cell < shadow_.size(); ++cell) shadow_[cell] = words[word_[cell]];
    }
    if (naked_) {
      if (tally_.naked_fired != 0) ctx.count(naked_counters_.fired, tally_.naked_fired);
      if (tally_.naked_removed != 0) ctx.count(naked_counters_.removed, tally_.naked_removed);
    }
    if (hidden_) {
      if (tally_.hidden_fired != 0) ctx.count(hidden_counters_.fired, tally_.hidden_fired);
      if (tally_.hidden_removed != 0) ctx.count(hidden_counters_.removed, tally_.hidden_removed);
    }
    return status;
  }

 private:
  struct GroupInfo {
    std::uint32_t first = 0, size = 0;  // its cells are members_[first .. first + size)
    std::uint64_t values = 0;           // the values every cell of it draws from, as bits
    std::string naked_reason, hidden_reason;
  };
  struct Tally {
    std::uint64_t naked_fired = 0, naked_removed = 0, hidden_fired = 0, hidden_removed = 0;
  };

  static std::vector<Var> distinct_cells(const std::vector<Group>& groups) {
    std::vector<Var> cells;
    std::vector<bool> seen;
    for (const Group& g : groups) {
      for (Var v : g.cells) {
        const auto id = static_cast<std::size_t>(v.id);
        if (seen.size() <= id) seen.resize(id + 1, false);
        if (!seen[id]) cells.push_back(v);
        seen[id] = true;
      }
    }
    return cells;
  }


  // Queues every group of the cell but `except` (the group being settled settles itself).
  void mark_groups_of(std::size_t cell, std::uint32_t except) {
    for (std::uint32_t k = groups_of_start_[cell]; k < groups_of_start_[cell + 1]; ++k) {
      const std::uint32_t h = groups_of_[k];
      if (h == except || dirty_[h]) continue;
      dirty_[h] = 1;
      const std::size_t tail = head_ + queued_;
      queue_[tail < queue_.size() ? tail : tail - queue_.size()] = h;
      ++queued_;
    }
  }

  // Narrows one cell of group g to `keep`, through the engine (so the other rules hear of it).
  bool narrow(Context& ctx, std::uint32_t g, std::uint32_t cell, std::uint64_t keep) {
    mark_groups_of(cell, g);
    return ctx.keep_bits(scope()[cell], keep);
  }

  // Applies both rules to group g until neither changes anything; false on a contradiction.
  // Each pass makes one sweep that collects, for all values at once, the values seen once, seen
  // twice, fixed, and fixed twice; then one sweep applies both rules. Both deductions come from
  // the same state and never disagree: a value fixed elsewhere is never some cell's only place.
  bool settle(Context& ctx, std::uint32_t g) {
    const GroupInfo& info = groups_[g];
    const std::uint32_t* cells = members_.data() + info.first;
    const std::uint32_t n = info.size;
    Words w;
    const std::uint64_t* words = ctx.domains().words().data();
    for (std::uint32_t i = 0; i < n; ++i) w[i] = words[word_[cells[i]]];
    const bool tracing = ctx.tracing();
    std::uint64_t eliminated = 0;  // fixed values already removed from the other cells
    for (;;) {
      std::uint64_t once = 0, twice = 0, fixed = 0, fixed_twice = 0;
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint64_t x = w[i];
        const std::uint64_t one = single(x) ? x : 0;
        twice |= once & x;
        once |= x;
        fixed_twice |= fixed & one;
        fixed |= one;
      }
      // A value fixed in two cells fails under either rule (each would notice it only later).
      if (fixed_twice != 0) return false;
      if (hidden_ && once != info.values) return false;  // a value has no place left
      const std::uint64_t fresh = naked_ ? fixed & ~eliminated : 0;
      const std::uint64_t todo = hidden_ ? once & ~twice & ~fixed : 0;
      if ((fresh | todo) == 0) return true;
      eliminated = fixed;
      std::uint64_t naked_fired = 0;
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint64_t x = w[i];
        if (single(x)) continue;  // a fixed cell owns its value
        const std::uint64_t gone = x & fresh;
        const std::uint64_t mine = x & todo;
        if (gone != 0) {
          naked_fired |= gone;
          tally_.naked_removed += static_cast<std::uint64_t>(std::popcount(gone));
          w[i] = x & ~fresh;
          if (tracing) ctx.because(info.naked_reason);
          if (!narrow(ctx, g, cells[i], w[i])) return false;
        }
        if (mine != 0) {
          if (!single(mine)) return false;  // the only place of two values
          ++tally_.hidden_fired;
          tally_.hidden_removed += static_cast<std::uint64_t>(std::popcount(w[i]) - 1);
          w[i] = mine;
          if (tracing) ctx.because(info.hidden_reason);
          if (!narrow(ctx, g, cells[i], mine)) return false;
        }
      }
      tally_.naked_fired += static_cast<std::uint64_t>(std::popcount(naked_fired));
    }
  }

  bool naked_, hidden_;
  Counters naked_counters_, hidden_counters_;
  std::vector<GroupInfo> groups_;
  std::vector<std::uint32_t> members_;  // cells (scope indices) of every group, group after group
  std::vector<std::uint32_t> word_;     // per cell: its word in Domains::words()
  std::vector<Value> bases_;            // per cell: the value of bit 0
  std::vector<std::uint32_t> groups_of_start_, groups_of_;  // per cell: the groups holding it
  std::vector<std::uint64_t> shadow_;   // per cell: its word after the last successful run
  std::vector<std::uint8_t> dirty_;     // per group: waiting in queue_
  std::vector<std::uint32_t> queue_;    // groups to settle, a ring of queued_ entries from head_
  std::size_t head_ = 0, queued_ = 0;
  Tally tally_;
};

}  // namespace

std::unique_ptr<Propagator> make_singles(const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                         bool naked, bool hidden, Counters naked_counters, Counters hidden_counters) {
  return std::make_unique<Singles>(groups, shapes, naked, hidden, naked_counters, hidden_counters);
}

}  // namespace csp::rules_detail
