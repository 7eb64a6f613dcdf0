// Naked and hidden singles over a whole set of exact groups, in one propagator: the ACCELERATOR of
// the naked-single and hidden-single finders (csp/rules/techniques/naked_single.cpp,
// hidden_single.cpp), which define the deductions; tests/test_rules.cpp checks that its fixpoint is
// exactly the closure of those finders (with pointing and claiming when it hosts locked pairs).
//
// These two rules do almost all the work of solving a Sudoku, and a cell change touches every
// group the cell belongs to. Posting them as one propagator per group would send each change
// through the engine's queue up to six times; here one propagator keeps the set of (value, group)
// pairs to look at again, waking nothing but the other rules. It works on its own copy of the cells
// (working_copy.hpp: narrowed cells are written back once, at the end of a run; a shadow of its
// last fixpoint in this branch of the search tells which cells changed since) and on value boards
// (value_boards.hpp: for each value the cells holding it, and its count in each group, all in the
// search state), so that a question about one value in one group costs a few word operations.
//
// The work is split the way it is cheapest. A cell that becomes fixed removes its value from the
// other cells of its groups at once; a value whose count in a group falls to one place or none
// marks the pair, and each marked pair is looked at once, however often it was marked meanwhile.
// Placements feed new fixed cells back into the eliminations. When locked candidates are posted
// too, this propagator hosts them (locked_pairs.hpp): a pair of groups is looked at once the
// singles have nothing left, and what it removes feeds the singles in turn.
//
// naked single:  a fixed cell's value is removed from its peers (the other cells of its groups); a
//                value fixed in two cells of a group fails. Firings: fixed cells that removed
//                something.
// hidden single: a value with one place left in a group is placed there; a value with no place,
//                or a cell that is the only place of two values, fails. Firings: placements.
#include <string>

#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/detail/locked_pairs.hpp"
#include "csp/rules/detail/value_boards.hpp"
#include "csp/rules/detail/working_copy.hpp"

namespace csp::rules_detail {
namespace {

class Singles final : public Propagator {
 public:
  Singles(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes, bool naked, bool hidden,
          Counters naked_counters, Counters hidden_counters,
          const std::vector<std::pair<std::size_t, std::size_t>>& locked_pairs, Counters locked_counters)
      : Propagator(distinct_cells(groups), Trigger::any),
        naked_(naked),
        hidden_(hidden),
        locked_(!locked_pairs.empty()),
        naked_counters_(naked_counters),
        hidden_counters_(hidden_counters),
        locked_counters_(locked_counters) {
    // Cells are described by their scope index, groups by their index in `groups`.
    const std::vector<int> index_of = scope_index(scope());
    const std::size_t n = scope().size();
    std::vector<std::uint32_t> word(n);
    std::vector<std::vector<std::uint32_t>> cells_of(groups.size()), groups_of(n);
    std::uint64_t values = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      for (std::size_t k = 0; k < groups[g].cells.size(); ++k) {
        const auto cell = static_cast<std::uint32_t>(index_of[static_cast<std::size_t>(groups[g].cells[k].id)]);
        cells_of[g].push_back(cell);
        word[cell] = shapes[g].word[k];
        groups_of[cell].push_back(static_cast<std::uint32_t>(g));
      }
      values |= shapes[g].values;
      meaning_.add(groups[g], shapes[g], index_of);
      naked_reason_.push_back("naked-single in " + groups[g].name);
      hidden_reason_.push_back("hidden-single in " + groups[g].name);
    }
    const int width = 64 - std::countl_zero(values);
    cells_ = WorkingCopy(model, std::move(word));
    boards_ = ValueBoards(model, n, width, cells_of);
    marks_ = ValueSetMarks(width, groups.size(), groups_of);
    if (locked_) locked_rule_ = LockedPairs(model, groups, shapes, locked_pairs, index_of, n, naked && hidden);
    // When no rule applies to the initial domains (no cell fixed, every value with two places in
    // every group: a blank grid), they are the propagator's fixpoint, and each search starts from
    // there with only the cells its caller narrowed changed, not from nothing.
    std::vector<std::uint64_t> initial(n);
    bool quiet = true;
    for (std::uint32_t cell = 0; cell < n; ++cell) {
      initial[cell] = model.initial_domains().bits(scope()[cell]);
      quiet &= std::popcount(initial[cell]) >= 2;
    }
    for (std::size_t g = 0; g < groups.size() && quiet; ++g) {
      std::uint64_t once = 0, twice = 0;
      for (std::uint32_t cell : cells_of[g]) {
        twice |= once & initial[cell];
        once |= initial[cell];
      }
      quiet = (twice & shapes[g].values) == shapes[g].values;
    }
    if (locked_) quiet = quiet && locked_rule_.quiet(initial.data());
    if (quiet) {
      cells_.shadow_initial(model);
      boards_.start_from(model, initial);
    }
    fixed_.assign(n + 1, 0);  // a cell becomes fixed at most once per run (+1: see now_fixed_if)
    touched_.assign((n + 63) / 64, 0);
    changed_.resize(n);
  }

  std::string name() const override {
    return std::string(naked_ && hidden_ ? "naked-single+hidden-single" : naked_ ? "naked-single" : "hidden-single") +
           (locked_ ? "+locked-candidates" : "");
  }

  // An exact group's meaning, for each group: its cells take distinct values of the group.
  bool satisfied(std::span<const Value> values) const override { return meaning_.satisfied(values); }
  bool check(const Domains& d) const override { return meaning_.check(d); }
  std::vector<std::vector<Var>> relations() const override { return meaning_.groups(); }

  PropStatus propagate(Context& ctx) override {
    fixed_count_ = 0;
    boards_.bind(ctx);
    if (locked_) locked_rule_.bind(ctx);
    std::uint32_t changed = 0;
    const bool fresh = cells_.load(ctx, [&](std::uint32_t cell, std::uint64_t shadow, std::uint64_t now) {
      boards_.replace(cell, shadow, now);
      changed_[changed++] = Changed{cell, shadow, now};
      // A value that came back (a caller restored candidates) may give a fixed cell company in a
      // group, and a cell no longer fixed may be its old value's only place: look at them there.
      // A value that left is looked at where its count falls to one or none, below.
      if (const std::uint64_t come = now & ~shadow; come != 0)
        marks_.mark(std::has_single_bit(shadow) ? now : come, cell);
      now_fixed_if(cell, now, std::has_single_bit(now));  // newly fixed (the cell changed)
      if (locked_) locked_rule_.changed(cell, shadow, now);
    });
    // The counts follow the boards: cell by cell after a decision, afresh for a new puzzle or
    // when many cells changed. In that case the naked singles of the fixed cells (a puzzle's
    // givens, and the cells they fix in turn) go first, all of them, without the counts: about
    // 300 removals for a 17-clue puzzle, each of which would otherwise bring down three counts.
    // (Not with a tracer, which reports each removal with the group that made it.) A new search
    // has no fixpoint to compare with: every pair needs a look (a value without a place changed
    // no cell).
    tally_ = {};
    tracing_ = ctx.tracing();
    bool ok = true;
    if (fresh || changed > kRecountAbove) {
      ok = start_afresh(fresh);
    } else {
      for (std::uint32_t k = 0; k < changed; ++k) {
        if (boards_.packed())
          boards_.count_change_packed(changed_[k].cell, changed_[k].shadow, changed_[k].now,
                                      [&](int v, std::uint64_t low) { fell_in(v, low); });
        else
          boards_.count_change(changed_[k].cell, changed_[k].shadow, changed_[k].now,
                               [&](int v, std::uint32_t g, bool is_low) { fell(v, g, is_low); });
      }
    }
    if (ok) ok = run(ctx);
    if (!ok) {  // some pairs may still be marked
      marks_.clear();
      if (locked_) locked_rule_.clear();
    }
    ok = cells_.finish(ctx, scope(), ok);
    if (naked_) {
      if (tally_.naked_fired != 0) ctx.count(naked_counters_.fired, tally_.naked_fired);
      if (tally_.naked_removed != 0) ctx.count(naked_counters_.removed, tally_.naked_removed);
    }
    if (hidden_) {
      if (tally_.hidden_fired != 0) ctx.count(hidden_counters_.fired, tally_.hidden_fired);
      if (tally_.hidden_removed != 0) ctx.count(hidden_counters_.removed, tally_.hidden_removed);
    }
    if (locked_) locked_rule_.report(ctx, locked_counters_);
    return ok ? PropStatus::fixpoint : PropStatus::failed;
  }

  // The host side of LockedPairs: the cells' words, and narrowing with all that follows.
  const std::uint64_t* words() const { return cells_.data(); }
  // Narrows a cell (not fixed) to `keep`, a non-empty strict subset of its candidates, and records
  // what follows: a value left with one place in a group, or none, must be looked at there (only
  // hidden singles care), and if the cell is now fixed its value must leave its peers (or, without
  // naked singles, be checked for a second fixed place).
  bool narrow(Context& ctx, std::uint32_t cell, std::uint64_t keep) {
    const std::uint64_t lost = cells_[cell] & ~keep;
    if (!set(ctx, cell, keep)) return false;
    if (boards_.packed()) boards_.remove_packed(cell, lost, [&](int v, std::uint64_t low) { fell_in(v, low); });
    else boards_.remove(cell, lost, [&](int v, std::uint32_t g, bool is_low) { fell(v, g, is_low); });
    now_fixed_if(cell, keep, std::has_single_bit(keep));
    return true;
  }

 private:
  // Changed cells beyond which counting every (value, group) afresh is cheaper than following
  // each cell (a 9x9 Sudoku has 243 counts, and a cell changes up to 27).
  static constexpr std::uint32_t kRecountAbove = 12;
  struct Changed {
    std::uint32_t cell;
    std::uint64_t shadow, now;
  };
  struct Tally {
    std::uint64_t naked_fired = 0, naked_removed = 0, hidden_fired = 0, hidden_removed = 0;
  };

  // Writes a narrowed cell to the working copy; locked candidates must look at its pairs again.
  bool set(Context& ctx, std::uint32_t cell, std::uint64_t keep) {
    if (!cells_.set(ctx, scope()[cell], cell, keep, tracing_)) return false;
    if (locked_) locked_rule_.mark(cell);
    return true;
  }
  // Records a cell left with one value, `word`, when `fixed`: with naked singles its value must
  // leave its peers, without them it must be checked for a second fixed place. The naked case
  // goes without a branch, since which narrowed cells are left fixed is hard to predict (the slot
  // past the list is written either way; fixed_ has room for every cell and one more).
  void now_fixed_if(std::uint32_t cell, std::uint64_t word, bool fixed) {
    boards_.set_fixed_if(cell, fixed);
    if (naked_) {
      fixed_[fixed_count_] = cell;
      fixed_count_ += fixed ? 1 : 0;
    } else if (fixed) {
      marks_.mark(word, cell);
    }
  }

  // Eliminations first, then one (value, group) pair at a time, then (when hosted) one pair of
  // groups for locked candidates, until none has work; false on failure.
  bool run(Context& ctx) {
    for (;;) {
      while (fixed_count_ != 0)
        if (!eliminate(ctx, fixed_[--fixed_count_])) return false;
      int v = 0;
      std::uint32_t g = 0;
      if (marks_.next(v, g)) {
        if (!look(ctx, v, g)) return false;
        continue;
      }
      bool looked = false;
      if (locked_ && !locked_rule_.look_next(ctx, *this, looked)) return false;
      if (!looked) return true;
    }
  }

  // Naked single: `value` leaves `peer`, a cell of group g where another cell is fixed to it; false
  // when the peer is fixed to it too (two cells of a group fixed to one value).
  bool drop_from_peer(Context& ctx, std::uint32_t peer, std::uint64_t value, std::uint32_t g) {
    const std::uint64_t x = cells_[peer];
    if (x == value) return false;
    if (tracing_) ctx.because(naked_reason_[g]);
    ++tally_.naked_removed;
    if (!set(ctx, peer, x & ~value)) return false;
    now_fixed_if(peer, x & ~value, std::has_single_bit(x & ~value));
    return true;
  }
  // A (value, group) pair left with one place or none (`low`) needs a look (only hidden singles
  // care). Marked without a branch: which counts are low is hard to predict, and a mispredicted
  // branch at every count that falls cost a tenth of the time on hard puzzles.
  void fell(int v, std::uint32_t g, bool low) { marks_.mark_pair_if(hidden_ && low, v, g); }
  // The same for the groups `low` (bit g) of value v, at most 64 groups.
  void fell_in(int v, std::uint64_t low) { marks_.mark_sets(v, hidden_ ? low : 0); }

  // Takes value v out of group g's cells but `owner`, the cell fixed to it; false on failure.
  bool clear_group(Context& ctx, int v, std::uint32_t g, std::uint32_t owner, bool& fired) {
    const std::uint64_t value = std::uint64_t{1} << v;
    return boards_.take_from_set(
        v, g, owner,
        [&](std::uint32_t peer) {
          fired = true;
          return drop_from_peer(ctx, peer, value, g);
        },
        [&](int u, std::uint32_t h, bool is_low) { fell(u, h, is_low); });
  }

  // Naked single: the fixed cell's value leaves every peer; a peer fixed to the same value is a
  // contradiction. Afterwards the value has one place in each of the cell's groups, its own, so the
  // pairs its peers marked there need no look.
  bool eliminate(Context& ctx, std::uint32_t cell) {
    const int v = std::countr_zero(cells_[cell]);
    const std::uint64_t value = std::uint64_t{1} << v;
    bool fired = false;
    auto drop = [&](std::uint32_t peer) {
      fired = true;
      return drop_from_peer(ctx, peer, value, tracing_ ? boards_.common_set(cell, peer) : 0);
    };
    if (boards_.packed()) {  // at most 32 groups: the counts in registers (value_boards.hpp)
      std::uint64_t fallen = 0;
      if (!boards_.take_from_peers_packed(v, cell, drop, fallen)) return false;
      fell_in(v, fallen);
    } else {
      ValueSetMarks::OfValue fallen = marks_.of(v);
      const bool hidden = hidden_;
      const bool ok = boards_.take_from_peers(
          v, cell, drop, [&](int, std::uint32_t h, bool is_low) { fallen.mark_if(hidden && is_low, h); });
      marks_.add(v, fallen);
      if (!ok) return false;
    }
    marks_.unmark(v, cell);
    tally_.naked_fired += fired ? 1 : 0;
    return true;
  }

  // The start of a run that counts afresh (see propagate): the naked singles of every fixed cell
  // in the list and of the cells they fix in turn, without the counts, then every count, and the
  // pairs that need a look marked; false on failure. Out of line: it runs once per puzzle, and
  // inlined it changed how the compiler laid out the run after a decision (0.5% more
  // instructions there on hard puzzles, callgrind).
  [[gnu::noinline]] bool start_afresh(bool fresh) {
    if (naked_ && !tracing_ && !eliminate_uncounted()) return false;
    if (fresh) {
      boards_.recount();
      marks_.mark_all();
    } else if (hidden_) {
      boards_.recount_and_mark(marks_);
    } else {
      boards_.recount();
    }
    return true;
  }

  // Naked singles for every cell in the list of fixed cells, and for the cells they fix in turn,
  // round after round, leaving the counts behind (the caller counts afresh); false on failure.
  bool eliminate_uncounted() {
    while (fixed_count_ != 0) {
      const std::span<const std::uint32_t> round(fixed_.data(), fixed_count_);
      const bool ok = boards_.take_from_peers_at_once(
          round, [&](std::uint32_t cell) { return std::countr_zero(cells_[cell]); },
          [&](int v, std::uint32_t word, std::uint64_t lost) {
            tally_.naked_removed += static_cast<std::uint64_t>(std::popcount(lost));
            touched_[word] |= lost;
            cells_.remove_from(word, lost, std::uint64_t{1} << v);
          },
          tally_.naked_fired);
      fixed_count_ = 0;
      // The cells that lost values: none may be left empty, and those left with one value are
      // the next round.
      bool alive = ok;
      for (std::size_t word = 0; word < touched_.size(); ++word) {
        for (std::uint64_t m = touched_[word]; alive && m != 0; m &= m - 1) {
          const auto cell = static_cast<std::uint32_t>(word * 64) + static_cast<std::uint32_t>(std::countr_zero(m));
          const std::uint64_t now = cells_[cell];
          alive = now != 0;
          now_fixed_if(cell, now, std::has_single_bit(now));
          if (locked_) locked_rule_.mark(cell);
        }
        touched_[word] = 0;
      }
      if (!alive) return false;
    }
    return true;
  }

  // Value v in group g: both rules at once, from how many places it has and which are fixed.
  bool look(Context& ctx, int v, std::uint32_t g) {
    const int count = boards_.count(v, g);
    if (count == 0) return !hidden_;  // no place left
    if (count == 1) {
      const std::uint32_t cell = boards_.place(v, g);
      if (!hidden_ || boards_.fixed(cell)) return true;
      // The only place: the cell takes v (if it was also the only place of another value, that
      // value's pair, marked by this narrowing, finds no place left).
      if (tracing_) ctx.because(hidden_reason_[g]);
      ++tally_.hidden_fired;
      tally_.hidden_removed += static_cast<std::uint64_t>(std::popcount(cells_[cell]) - 1);
      return narrow(ctx, cell, std::uint64_t{1} << v);
    }
    // Several places: fine unless one is fixed (search restored a state in which others still hold
    // the value, and the naked single has work) or two are (without naked singles nobody else sees
    // it).
    std::uint32_t owner = 0;
    const int fixed = boards_.fixed_places(v, g, owner);
    if (fixed > 1) return false;
    if (fixed == 0 || !naked_) return true;
    bool fired = false;
    if (!clear_group(ctx, v, g, owner, fired)) return false;
    tally_.naked_fired += fired ? 1 : 0;
    return true;
  }

  bool naked_, hidden_, locked_;
  Counters naked_counters_, hidden_counters_, locked_counters_;
  GroupsMeaning meaning_;                   // every group, for satisfied() and check()
  std::vector<std::string> naked_reason_, hidden_reason_;  // per group, for a tracer
  WorkingCopy cells_;                       // the cells' words during a run
  ValueBoards boards_;                      // the same candidates, by value
  ValueSetMarks marks_;                     // the (value, group) pairs waiting for a look
  LockedPairs locked_rule_;                 // locked candidates, when hosted
  std::vector<std::uint32_t> fixed_;        // cells newly fixed whose value must leave their peers
  std::uint32_t fixed_count_ = 0;
  std::vector<Changed> changed_;            // cells changed since the shadow (scratch)
  std::vector<std::uint64_t> touched_;      // cells narrowed by a round of eliminate_uncounted (scratch)
  bool tracing_ = false;
  Tally tally_;
};

}  // namespace

std::unique_ptr<Propagator> make_singles(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                         bool naked, bool hidden, Counters naked_counters, Counters hidden_counters,
                                         const std::vector<std::pair<std::size_t, std::size_t>>& locked_pairs,
                                         Counters locked_counters) {
  return std::make_unique<Singles>(model, groups, shapes, naked, hidden, naked_counters, hidden_counters, locked_pairs,
                                   locked_counters);
}

bool singles_count_with_simd() {
#if defined(__SSE2__) && !defined(CSP_NO_SIMD)
  return true;
#else
  return false;
#endif
}

}  // namespace csp::rules_detail
