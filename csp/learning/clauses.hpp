// The clause database: learnt clauses (and the permanent ones a search adds, such as the nogoods
// that block solutions already counted), propagated by two watched literals.
//
// A clause is a disjunction of literals over integer variables. Two of its literals, the first two,
// are watched: as long as neither is false the clause cannot propagate, so it is looked at only
// when a watched literal becomes false. Nothing about watches is undone on backtracking: a literal
// that was not false stays not false when domains widen again.
//
// Watch lists are per literal, so that an event reads only the lists of the literals it made false
// ([x >= 5] falsifies [x <= v] and [x = v] for v < 5), each watch there holding a false literal. A
// variable of one word (at most 64 values, the fast path of Domains) gets, the first time one of
// its literals is watched, a list for each of the four literals over each of its values, found by
// index. Any other literal (a wider variable's, created lazily; a one-word variable's over a value
// outside its word) has its list in an ordered map per variable and kind, where an event reads the
// values between the bounds before it and after it. Every watch also holds a blocker (another
// literal of its clause, as in MiniSat): when that one holds, the clause is satisfied and is not
// even opened (its literals are elsewhere in memory: opening is the expensive part).
//
// The literals of every clause live in one arena, each clause's after the last one's and followed by
// an end mark that names the clause, and a watch holds its clause's place in the arena: opening a
// clause is then one read of memory, where a clause object pointing to its own literals was two
// (on SAT-like models, half of a learning search's time is this loop, most of it those reads).
//
// Learnt clauses are reduced when there are too many: the least active half of those that are not
// the reason of a current event is deleted (their slots reused, the arena compacted), so memory
// stays bounded by the limit that grows slowly with the number of conflicts.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/learning/trail.hpp"

namespace csp::learning {

/// A clause of the database, as read from it (valid until the next add() or reduce()).
struct Clause {
  std::span<const Lit> lits;  ///< lits[0], lits[1]: watched; a reason's implied literal is lits[0]
  double activity = 0;        ///< bumped when it takes part in a conflict's analysis
  std::uint32_t lbd = 0;      ///< decision levels among its literals when learnt (literal-block distance)
  bool learnt = true;         ///< false: permanent (never deleted by reduce())
};

class ClauseDatabase {
 public:
  explicit ClauseDatabase(const Model& model);

  /// Forgets every clause (a new search).
  void clear();
  /// Adds a clause of at least two literals, lits[0] not false and lits[1] false at the highest
  /// level among the others (as a learnt clause right after the backjump); returns its index.
  std::uint32_t add(std::span<const Lit> lits, bool learnt, std::uint32_t lbd);
  /// Clause i (not a free slot).
  Clause operator[](std::uint32_t i) const {
    const Slot& s = slots_[i];
    assert(s.size != 0);
    return {{arena_.data() + s.at, s.size}, s.activity, s.lbd, s.learnt};
  }
  /// Number of clause slots; at(i) is empty for a free one (a deleted clause's).
  std::uint32_t slots() const { return static_cast<std::uint32_t>(slots_.size()); }
  std::optional<Clause> at(std::uint32_t i) const {
    return slots_[i].size == 0 ? std::nullopt : std::optional<Clause>((*this)[i]);
  }
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
  void decay();
  /// What the next bump() adds (tests: it stays finite).
  double increment() const { return increment_; }
  /// When there are more learnt clauses than the limit, deletes the least active half of those
  /// that no event of `trail` has as its cause; raises the limit a little each time.
  void reduce(const Trail& trail);
  /// Learnt clauses deleted so far.
  std::uint64_t deleted() const { return deleted_; }

 private:
  // A clause's slot: where its literals are in the arena, and what reduce() weighs.
  struct Slot {
    std::uint32_t at = 0;    // its first literal's index in arena_
    std::uint32_t size = 0;  // its number of literals (0: a free slot)
    std::uint32_t lbd = 0;
    bool learnt = true;
    double activity = 0;
  };
  // A watch in a literal's list (that literal is the watched one): its clause's place in the arena
  // (not its slot: one read fewer), and its blocker.
  struct Watcher {
    std::uint32_t at;
    Lit blocker;
  };
  // The end mark after a clause's literals: no variable, the clause's slot as its value.
  static Lit end_mark(std::uint32_t slot) { return Lit{Var{-1}, Lit::Kind::ge, static_cast<Value>(slot)}; }
  static bool is_end(const Lit& l) { return l.var.id < 0; }
  // A one-word variable's lists, one per literal [x op base + o], o < width (base_ and width_ of
  // the variable), at kind * width + o.
  struct LiteralLists {
    std::uint64_t nonempty[4] = {};  // per literal kind: bit o set when list o may hold watches
    std::vector<std::vector<Watcher>> lists;  // 4 * width
    std::vector<Watcher>& of(Lit::Kind kind, int o) {
      return lists[static_cast<std::size_t>(kind) * (lists.size() / 4) + static_cast<std::size_t>(o)];
    }
  };
  // Any other literal's list, by kind and value (a map: inserting keeps the others where they are).
  using ValueLists = std::map<Value, std::vector<Watcher>>;
  struct SparseLists {
    ValueLists by_kind[4];
  };
  // Adds a watch on l to the clause at arena index `at`.
  void watch(std::uint32_t at, Lit l, Lit blocker);
  // The watches of `watched`, a literal made false; false on a conflict.
  template <class Unit>
  bool read(Context& ctx, std::vector<Watcher>& list, Lit watched, Unit& unit);
  // The watches of the literals of kind `kind` over values in [lo, hi] of x's sparse lists, all
  // false; false on a conflict.
  template <class Unit>
  bool read_range(Context& ctx, Var x, ValueLists& lists, Lit::Kind kind, std::int64_t lo, std::int64_t hi,
                  Unit& unit);
  // The watches of the literals event `e` (of x, fact `fact`) made false, in x's sparse lists.
  template <class Unit>
  bool read_sparse(Context& ctx, const Trail& trail, std::uint32_t e, Lit fact, SparseLists& mine, Unit& unit);
  // What became of a watch whose literal is false.
  enum class Watch : std::uint8_t {
    kept,    // the clause is satisfied (its blocker updated) or unit: its last literal made true
    moved,   // to another literal of the clause, not false
    failed,  // every literal is false: a conflict (conflict_)
  };
  // Looks at the clause (at arena index `at`) of a watch on `watched`, a false literal (lits[1]
  // once swapped).
  template <class Unit>
  Watch update(Context& ctx, std::uint32_t at, Lit watched, Lit& blocker, Unit& unit);

  std::vector<Slot> slots_;                       // by clause index
  std::vector<Lit> arena_;                        // every clause's literals, then its end mark
  std::vector<std::uint32_t> free_;               // free slots
  std::vector<std::unique_ptr<LiteralLists>> literal_;  // per variable; made at its first watch
  std::vector<std::unique_ptr<SparseLists>> sparse_;    // per variable; made at its first such watch
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
ClauseDatabase::Watch ClauseDatabase::update(Context& ctx, std::uint32_t at, Lit watched, Lit& blocker,
                                             Unit& unit) {
  const Domains& d = ctx.domains();
  Lit* lits = arena_.data() + at;  // reduce() drops a deleted clause's watches
  assert(lits[0] == watched || lits[1] == watched);
  // The false watch goes second.
  if (lits[0] == watched) std::swap(lits[0], lits[1]);
  if (holds(d, lits[0])) {
    blocker = lits[0];
    return Watch::kept;
  }
  // lits[1] is false: watch another literal that is not.
  Lit* l = lits + 2;
  for (; !is_end(*l); ++l) {
    if (falsified(d, *l)) continue;
    std::swap(lits[1], *l);
    watch(at, lits[1], lits[0]);
    return Watch::moved;
  }
  // Every other literal is false: lits[0] must hold, or the clause is a conflict. (l is the end
  // mark: it names the clause, the write's cause.)
  const auto clause = static_cast<std::uint32_t>(l->value);
  if (falsified(d, lits[0]) || !unit(ctx, lits[0], clause)) {
    conflict_ = clause;
    return Watch::failed;
  }
  return Watch::kept;
}

template <class Unit>
bool ClauseDatabase::read(Context& ctx, std::vector<Watcher>& list, Lit watched, Unit& unit) {
  const Domains& d = ctx.domains();
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
    const Watch what = update(ctx, w.at, watched, w.blocker, unit);
    if (what == Watch::moved) continue;
    list[keep++] = w;
    if (what == Watch::failed) {
      for (++k; k < list.size(); ++k) list[keep++] = list[k];
      list.resize(keep);
      return false;
    }
  }
  list.resize(keep);
  return true;
}

template <class Unit>
bool ClauseDatabase::read_range(Context& ctx, Var x, ValueLists& lists, Lit::Kind kind, std::int64_t lo,
                                std::int64_t hi, Unit& unit) {
  if (lo > hi) return true;
  // Watches move only to literals not false, never into [lo, hi]: the map may grow while it is
  // read, and its iterators stay valid.
  for (auto it = lists.lower_bound(static_cast<Value>(lo)); it != lists.end() && it->first <= hi; ++it)
    if (!it->second.empty() && !read(ctx, it->second, Lit{x, kind, it->first}, unit)) return false;
  return true;
}

template <class Unit>
bool ClauseDatabase::read_sparse(Context& ctx, const Trail& trail, std::uint32_t e, Lit fact, SparseLists& mine,
                                 Unit& unit) {
  const Var x = fact.var;
  const TrailView before(trail, e);
  const std::int64_t lo = before.min(x), hi = before.max(x), v = fact.value;
  ValueLists* k = mine.by_kind;  // ge, le, eq, ne
  // (The interval form is fixed by two bounds, never by [x = v], but no clause holds an [x != v]
  // over it: the trail records its facts, decisions included, as bounds.)
  switch (fact.kind) {
    case Lit::Kind::ge:  // [x <= u] and [x = u], u in [lo, v)
      return read_range(ctx, x, k[1], Lit::Kind::le, lo, v - 1, unit) &&
             read_range(ctx, x, k[2], Lit::Kind::eq, lo, v - 1, unit);
    case Lit::Kind::le:  // [x >= u] and [x = u], u in (v, hi]
      return read_range(ctx, x, k[0], Lit::Kind::ge, v + 1, hi, unit) &&
             read_range(ctx, x, k[2], Lit::Kind::eq, v + 1, hi, unit);
    case Lit::Kind::eq:  // all of those, [x = u] for u != v, and [x != v]
      return read_range(ctx, x, k[1], Lit::Kind::le, lo, v - 1, unit) &&
             read_range(ctx, x, k[0], Lit::Kind::ge, v + 1, hi, unit) &&
             read_range(ctx, x, k[2], Lit::Kind::eq, lo, v - 1, unit) &&
             read_range(ctx, x, k[2], Lit::Kind::eq, v + 1, hi, unit) &&
             read_range(ctx, x, k[3], Lit::Kind::ne, v, v, unit);
    case Lit::Kind::ne:  // [x = v]
      return read_range(ctx, x, k[2], Lit::Kind::eq, v, v, unit);
  }
  return true;
}

template <class Unit>
bool ClauseDatabase::propagate(Context& ctx, const Trail& trail, Unit&& unit) {
  while (next_ < trail.size()) {
    const std::uint32_t e = next_++;
    const Lit fact = trail[e].fact;
    const Var x = fact.var;
    const auto xi = static_cast<std::size_t>(x.id);
    if (sparse_[xi] != nullptr && !read_sparse(ctx, trail, e, fact, *sparse_[xi], unit)) return false;
    LiteralLists* mine = literal_[xi].get();
    if (mine == nullptr) continue;
    // The literals the fact made false, as masks over x's values: [x >= v] falsifies [x <= u] and
    // [x = u] for u < v; [x <= v] those of [x >= u] and [x = u] for u > v; [x = v] all of them,
    // and [x != v]; [x != v] only [x = v]. (Masks include literals false before: their lists
    // hold only watches of clauses satisfied at the time, which the blocker passes over.)
    const Value base = base_[xi];
    const int o = static_cast<int>(fact.value - base);
    assert(o >= 0 && o < width_[xi]);
    const std::uint64_t bit = std::uint64_t{1} << o, below = bit - 1, above = ~below & ~bit;
    std::uint64_t masks[4] = {};  // per kind: ge, le, eq, ne
    switch (fact.kind) {
      case Lit::Kind::ge: masks[1] = masks[2] = below; break;
      case Lit::Kind::le: masks[0] = masks[2] = above; break;
      case Lit::Kind::eq: masks[0] = above, masks[1] = below, masks[2] = ~bit, masks[3] = bit; break;
      case Lit::Kind::ne: masks[2] = bit; break;
    }
    for (int kind = 0; kind < 4; ++kind)
      for (std::uint64_t m = mine->nonempty[kind] & masks[kind]; m != 0; m &= m - 1) {
        const int at = std::countr_zero(m);
        std::vector<Watcher>& list = mine->of(static_cast<Lit::Kind>(kind), at);
        if (!read(ctx, list, Lit{x, static_cast<Lit::Kind>(kind), base + at}, unit)) return false;
        if (list.empty()) mine->nonempty[kind] &= ~(std::uint64_t{1} << at);
      }
  }
  return true;
}

}  // namespace csp::learning
