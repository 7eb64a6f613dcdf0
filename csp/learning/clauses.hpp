// The clause database: learnt clauses (and the permanent ones a search adds, such as the nogoods
// that block solutions already counted), propagated by two watched literals.
//
// A clause is a disjunction of literals over integer variables. Two of its literals, the first two,
// are watched: as long as neither is false the clause cannot propagate, so it is looked at only
// when a watched literal becomes false. Nothing about watches is undone on backtracking: a literal
// that was not false stays not false when domains widen again.
//
// Watch lists are per literal where a literal has an index: a variable of one word (at most 64
// values, the fast path of Domains) gets, the first time one of its literals is watched, a list for
// each of the four literals over each of its values, so an event reads only the lists of the
// literals it made false ([x >= 5] falsifies [x <= v] and [x = v] for v < 5), each watch there
// holding a false literal. Any other literal (a wider variable's, created lazily, or a one-word
// variable's over a value outside its word) is watched in its variable's list, which every event of
// the variable reads, each watch holding its literal so that one still not false is passed over.
// Either way a watch holds a blocker (another literal of its clause, as in MiniSat): when that one
// holds, the clause is satisfied and is not even opened.
//
// Learnt clauses are reduced when there are too many: the least active half of those that are not
// the reason of a current event is deleted (their slots reused), so memory stays bounded by the
// limit that grows slowly with the number of conflicts.
#pragma once

#include <bit>
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
  const Clause& operator[](std::uint32_t i) const { return clauses_[i]; }
  /// Number of clause slots; at(i) is nullptr for a free one (a deleted clause's).
  std::uint32_t slots() const { return static_cast<std::uint32_t>(clauses_.size()); }
  const Clause* at(std::uint32_t i) const { return clauses_[i].lits.empty() ? nullptr : &clauses_[i]; }
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
  // A watch in a literal's own list (that literal is the watched one): the clause, and its blocker.
  struct Watcher {
    std::uint32_t clause;
    Lit blocker;
  };
  // A watch in a variable's list: the watched literal too, read first, so that a clause whose
  // watched literal is not false is never opened (opening a clause is the expensive part: its
  // literals are elsewhere in memory).
  struct VarWatcher {
    std::uint32_t clause;
    Lit lit;
    Lit blocker;
  };
  // A one-word variable's lists, one per literal [x op base + o], o < width, at kind * width + o.
  struct LiteralLists {
    Value base = 0;
    int width = 0;
    std::uint64_t nonempty[4] = {};  // per literal kind: bit o set when list o may hold watches
    std::vector<std::vector<Watcher>> lists;
    std::vector<Watcher>& of(Lit::Kind kind, int o) { return lists[static_cast<std::size_t>(kind) * width + o]; }
  };
  void watch(std::uint32_t i, Lit l, Lit blocker);
  // The watches of the literal (kind, base + o) of x, made false by the event being read; false on
  // a conflict.
  template <class Unit>
  bool read_literal(Context& ctx, Var x, LiteralLists& mine, Lit::Kind kind, int o, Unit& unit);
  // The watches of x's own list, made stale by an event of x; false on a conflict.
  template <class Unit>
  bool read_variable(Context& ctx, Var x, Unit& unit);
  // A watch whose literal (lits[1] once swapped) is false: keeps it (true), moves it to another
  // literal (false), or makes the clause's last literal true through `unit` / notes the conflict
  // (`failed`).
  template <class Unit>
  bool keep_watch(Context& ctx, std::uint32_t clause, Lit watched, Lit& blocker, Unit& unit, bool& failed);

  std::vector<Clause> clauses_;                   // by index; no literals: a free slot
  std::vector<std::uint32_t> free_;               // free slots
  std::vector<std::unique_ptr<LiteralLists>> literal_;  // per variable; made at its first watch
  std::vector<std::vector<VarWatcher>> by_var_;   // per variable: the watches of its other literals
  std::vector<Value> base_;                       // per variable: its word's base value, or
  std::vector<int> width_;                        //   width 0 when it has no literal lists
  std::uint32_t next_ = 0;                        // the first trail event not looked at
  std::uint32_t conflict_ = 0;
  std::uint64_t learnt_ = 0, deleted_ = 0;
  std::uint64_t limit_ = 2000;                    // learnt clauses kept before reduce() deletes
  double increment_ = 1;
};

// The unit rule, in the header so that the search's write (`unit`, which records the cause) inlines.
template <class Unit>
bool ClauseDatabase::keep_watch(Context& ctx, std::uint32_t clause, Lit watched, Lit& blocker, Unit& unit,
                                bool& failed) {
  const Domains& d = ctx.domains();
  std::vector<Lit>& lits = clauses_[clause].lits;
  assert(!lits.empty());  // reduce() drops a deleted clause's watches
  assert(lits[0] == watched || lits[1] == watched);
  // The false watch goes second.
  if (lits[0] == watched) std::swap(lits[0], lits[1]);
  if (holds(d, lits[0])) {
    blocker = lits[0];
    return true;
  }
  // lits[1] is false: watch another literal that is not.
  for (std::size_t j = 2; j < lits.size(); ++j) {
    if (falsified(d, lits[j])) continue;
    std::swap(lits[1], lits[j]);
    watch(clause, lits[1], lits[0]);
    return false;
  }
  // Every other literal is false: lits[0] must hold, or the clause is a conflict.
  if (falsified(d, lits[0]) || !unit(ctx, lits[0], clause)) {
    conflict_ = clause;
    failed = true;
  }
  return true;
}

template <class Unit>
bool ClauseDatabase::read_literal(Context& ctx, Var x, LiteralLists& mine, Lit::Kind kind, int o, Unit& unit) {
  const Domains& d = ctx.domains();
  std::vector<Watcher>& list = mine.of(kind, o);
  const Lit watched{x, kind, mine.base + o};
  std::size_t keep = 0;
  for (std::size_t k = 0; k < list.size(); ++k) {
    // The blocker holds: the clause is satisfied and not even read. (Read in place, and moved only
    // once a watch before it has left: this loop is most of a learning search's time.)
    if (holds(d, list[k].blocker)) {
      if (keep != k) list[keep] = list[k];
      ++keep;
      continue;
    }
    Watcher w = list[k];
    bool failed = false;
    if (keep_watch(ctx, w.clause, watched, w.blocker, unit, failed)) list[keep++] = w;
    if (failed) {
      for (++k; k < list.size(); ++k) list[keep++] = list[k];
      list.resize(keep);
      return false;
    }
  }
  list.resize(keep);
  if (keep == 0) mine.nonempty[static_cast<int>(kind)] &= ~(std::uint64_t{1} << o);
  return true;
}

template <class Unit>
bool ClauseDatabase::read_variable(Context& ctx, Var x, Unit& unit) {
  const Domains& d = ctx.domains();
  std::vector<VarWatcher>& list = by_var_[static_cast<std::size_t>(x.id)];
  std::size_t keep = 0;
  for (std::size_t k = 0; k < list.size(); ++k) {
    // The watched literal is still not false, or the blocker holds: nothing to do.
    if (!falsified(d, list[k].lit) || holds(d, list[k].blocker)) {
      if (keep != k) list[keep] = list[k];
      ++keep;
      continue;
    }
    VarWatcher w = list[k];
    bool failed = false;
    if (keep_watch(ctx, w.clause, w.lit, w.blocker, unit, failed)) list[keep++] = w;
    if (failed) {
      for (++k; k < list.size(); ++k) list[keep++] = list[k];
      list.resize(keep);
      return false;
    }
  }
  list.resize(keep);
  return true;
}

template <class Unit>
bool ClauseDatabase::propagate(Context& ctx, const Trail& trail, Unit&& unit) {
  while (next_ < trail.size()) {
    const Lit fact = trail[next_++].fact;
    const Var x = fact.var;
    const auto xi = static_cast<std::size_t>(x.id);
    if (!by_var_[xi].empty() && !read_variable(ctx, x, unit)) return false;
    LiteralLists* mine = literal_[xi].get();
    if (mine == nullptr) continue;
    // The literals the fact made false, as masks over x's values: [x >= v] falsifies [x <= u] and
    // [x = u] for u < v; [x <= v] those of [x >= u] and [x = u] for u > v; [x = v] all of them,
    // and [x != v]; [x != v] only [x = v]. (Masks include literals false before: their lists
    // hold only watches of clauses satisfied at the time, which the blocker passes over.)
    const int o = static_cast<int>(fact.value - mine->base);
    assert(o >= 0 && o < mine->width);
    const std::uint64_t bit = std::uint64_t{1} << o, below = bit - 1, above = ~below & ~bit;
    std::uint64_t masks[4] = {};  // per kind: ge, le, eq, ne
    switch (fact.kind) {
      case Lit::Kind::ge: masks[1] = masks[2] = below; break;
      case Lit::Kind::le: masks[0] = masks[2] = above; break;
      case Lit::Kind::eq: masks[0] = above, masks[1] = below, masks[2] = ~bit, masks[3] = bit; break;
      case Lit::Kind::ne: masks[2] = bit; break;
    }
    for (int kind = 0; kind < 4; ++kind)
      for (std::uint64_t m = mine->nonempty[kind] & masks[kind]; m != 0; m &= m - 1)
        if (!read_literal(ctx, x, *mine, static_cast<Lit::Kind>(kind), std::countr_zero(m), unit)) return false;
  }
  return true;
}

}  // namespace csp::learning
