// The clause database: learnt clauses (and the permanent ones a search adds, such as the nogoods
// that block solutions already counted), propagated by two watched literals.
//
// A clause is a disjunction of literals over integer variables. Two of its literals, the first two,
// are watched: as long as neither is false the clause cannot propagate, so it is looked at only
// when a watched literal becomes false. Watch lists are kept per variable (a literal over an
// integer variable has no index of its own): a change of x reads each watch on x, which holds its
// literal, and opens the clause only when that literal is now false and its blocker (another of
// its literals) does not hold. Nothing about them is undone
// on backtracking: a literal that was not false stays not false when domains widen again.
//
// Learnt clauses are reduced when there are too many: the least active half of those that are not
// the reason of a current event is deleted (their slots reused), so memory stays bounded by the
// limit that grows slowly with the number of conflicts.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/learning/trail.hpp"

namespace csp::learning {

struct Clause {
  std::vector<Lit> lits;  ///< lits[0], lits[1]: watched; a reason's implied literal is lits[0]
  double activity = 0;    ///< bumped when it takes part in a conflict's analysis
  std::uint32_t lbd = 0;  ///< decision levels among its literals when learnt (literal-block distance)
  bool learnt = true;     ///< false: permanent (never deleted by reduce())
};

class ClauseDatabase {
 public:
  explicit ClauseDatabase(const Model& model);

  /// Forgets every clause (a new search).
  void clear();
  /// Adds a clause of at least two literals, lits[0] not false and lits[1] false at the highest
  /// level among the others (as a learnt clause right after the backjump); returns its index.
  std::uint32_t add(std::vector<Lit> lits, bool learnt, std::uint32_t lbd);
  const Clause& operator[](std::uint32_t i) const { return *clauses_[i]; }
  /// Number of clause slots; at(i) is nullptr for a free one (a deleted clause's).
  std::uint32_t slots() const { return static_cast<std::uint32_t>(clauses_.size()); }
  const Clause* at(std::uint32_t i) const { return clauses_[i].get(); }
  /// Number of learnt clauses kept now.
  std::uint64_t learnt_count() const { return learnt_; }

  /// True when events of the trail were not looked at yet.
  bool pending(const Trail& trail) const { return next_ < trail.size(); }
  /// The trail shrank to `size` events (a backjump): look again from there.
  void backtracked(std::uint32_t size) { next_ = std::min(next_, size); }
  /// Looks at the clauses watching the variables of the trail's new events: moves watches, makes
  /// unit clauses' last literal true (each write's cause is the clause, through `unit`). False on a
  /// conflict: every literal of clause conflict() is false.
  template <class Unit>
  bool propagate(Context& ctx, const Trail& trail, Unit&& unit);
  /// The clause found false by the last failed propagate().
  std::uint32_t conflict() const { return conflict_; }

  /// Makes clause i more active (it helped derive a learnt clause).
  void bump(std::uint32_t i);
  /// Ages every activity (after each conflict).
  void decay() { increment_ /= 0.999; }
  /// When there are more learnt clauses than the limit, deletes the least active half of those
  /// that no event of `trail` has as its cause; raises the limit a little each time.
  void reduce(const Trail& trail);
  /// Learnt clauses deleted so far.
  std::uint64_t deleted() const { return deleted_; }

 private:
  // A watch: the clause, the literal of it watched (read first, so that a clause whose watched
  // literal is not false is never touched), and another literal of it, the blocker (MiniSat's):
  // when that one holds, the clause is satisfied and is not opened either. Opening a clause is
  // the expensive part of propagation (its literals are elsewhere in memory).
  struct Watcher {
    std::uint32_t clause;
    Lit lit;
    Lit blocker;
  };
  void watch(std::uint32_t i, Lit l, Lit blocker) {
    watches_[static_cast<std::size_t>(l.var.id)].push_back({i, l, blocker});
  }

  std::vector<std::unique_ptr<Clause>> clauses_;  // by index; nullptr: a free slot
  std::vector<std::uint32_t> free_;               // free slots
  std::vector<std::vector<Watcher>> watches_;     // per variable: the watches on its literals
  std::uint32_t next_ = 0;                        // the first trail event not looked at
  std::uint32_t conflict_ = 0;
  std::uint64_t learnt_ = 0, deleted_ = 0;
  std::uint64_t limit_ = 2000;                    // learnt clauses kept before reduce() deletes
  double increment_ = 1;
};

// The unit rule, in the header so that the search's write (`unit`, which records the cause) inlines.
template <class Unit>
bool ClauseDatabase::propagate(Context& ctx, const Trail& trail, Unit&& unit) {
  const Domains& d = ctx.domains();
  while (next_ < trail.size()) {
    const Var x = trail[next_++].fact.var;
    std::vector<Watcher>& list = watches_[static_cast<std::size_t>(x.id)];
    std::size_t keep = 0;
    for (std::size_t k = 0; k < list.size(); ++k) {
      // The watched literal is still not false, or the blocker holds: nothing to do, and the clause
      // is not even read. (Read in place, and moved only once a watch before it has left: this loop
      // is most of a learning search's time.)
      if (!falsified(d, list[k].lit) || holds(d, list[k].blocker)) {
        if (keep != k) list[keep] = list[k];
        ++keep;
        continue;
      }
      const Watcher w = list[k];
      Clause* c = clauses_[w.clause].get();
      assert(c != nullptr);  // reduce() drops a deleted clause's watches
      std::vector<Lit>& lits = c->lits;
      assert(lits[0] == w.lit || lits[1] == w.lit);
      // The false watch goes second.
      if (lits[0] == w.lit) std::swap(lits[0], lits[1]);
      list[keep++] = w;
      if (holds(d, lits[0])) {
        list[keep - 1].blocker = lits[0];
        continue;
      }
      // lits[1] is false: watch another literal that is not.
      bool moved = false;
      for (std::size_t j = 2; j < lits.size(); ++j) {
        if (falsified(d, lits[j])) continue;
        std::swap(lits[1], lits[j]);
        if (lits[1].var == x) {  // still a literal of x: this watch follows it
          list[keep - 1].lit = lits[1];
          list[keep - 1].blocker = lits[0];
        } else {  // the watch moves to the other variable's list
          --keep;
          watch(w.clause, lits[1], lits[0]);
        }
        moved = true;
        break;
      }
      if (moved) continue;
      // Every other literal is false: lits[0] must hold, or the clause is a conflict.
      if (falsified(d, lits[0]) || !unit(ctx, lits[0], w.clause)) {
        for (++k; k < list.size(); ++k) list[keep++] = list[k];
        list.resize(keep);
        conflict_ = w.clause;
        return false;
      }
    }
    list.resize(keep);
  }
  return true;
}

}  // namespace csp::learning
