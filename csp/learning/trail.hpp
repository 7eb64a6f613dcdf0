// Trail: every narrowing of a learning search, in order, as the literals it made true, each with
// its decision level and its cause (a decision, a propagator, a clause, the objective's bound).
//
// The search state itself is still the copied Domains (csp/kernel/domains.hpp): the trail does not
// restore anything, it remembers why. A write is recorded as the strongest facts it adds: a
// variable left with one value gets [x = v] (in the interval form, where no [x != v] could be made
// true later, [x >= v] and [x <= v] instead), otherwise a raised least value gets [x >= v], a
// lowered greatest value [x <= v], and each value removed strictly between the new bounds
// [x != v]. So the domain of a variable at any point of the trail is read back from its events:
// the latest bounds and the holes inside them.
//
// Reading the past fast is what conflict analysis needs (it asks, for every fact it meets, which
// event made it true, and explanations read the domains before a write): each variable keeps the
// indices of its events, so the events before a point are found by binary search, and the trail
// keeps the domains as each decision level ended, so a question about a point of level L starts
// from the end of level L - 1 and reads only level L's events. Each event also carries its
// variable's bounds once it happened: they only tighten along the trail, so the bounds at a point,
// and the event that first made a bound true, are found by binary search over the variable's
// events, however many there are (a wide variable can have a million at one level). Most questions
// are about a point after one of the variable's last few events, the whole trail above all: each
// variable also keeps its newest event, and each event the variable's one before it, so those are
// answered by a short walk back, without the binary search (a Boolean has one event at most).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "csp/kernel/literal.hpp"
#include "csp/kernel/model.hpp"
#include "csp/kernel/propagator.hpp"

namespace csp::learning {

/// Why an event happened.
struct Cause {
  enum class Kind : std::uint8_t {
    decision,    ///< a search decision (no explanation: it is an assumption)
    propagator,  ///< propagator `index` narrowed the domain
    clause,      ///< clause `index` of the clause database was unit
    root,        ///< a fact the search posts at level 0 (the objective's bound): never explained
  };
  Kind kind = Kind::decision;
  std::uint32_t index = 0;
};

/// No event (of a variable, before an event).
inline constexpr std::uint32_t kNoEvent = ~std::uint32_t{0};

/// One fact made true.
struct Event {
  Lit fact;                 ///< [x >= v], [x <= v], [x = v] or [x != v]
  std::uint32_t level = 0;  ///< the decision level it was made at (0: the root)
  std::uint32_t write = 0;  ///< the index of the first event of its write: the domains before it explain it
  Cause cause;
  Value min = 0, max = 0;   ///< x's bounds once it happened (they only tighten along the trail)
  std::uint32_t previous = kNoEvent;  ///< x's event before it
};

class Trail {
 public:
  /// Sized for `model`'s variables; empty, at level 0.
  explicit Trail(const Model& model);

  /// Forgets everything: a new search from `start` (the domains before its first event).
  void clear(const Domains& start);
  /// The domains the search started from.
  const Domains& start() const { return start_; }
  /// The current decision level.
  std::uint32_t level() const { return static_cast<std::uint32_t>(level_start_.size()); }
  /// Opens the next decision level; `now` is the domains as the current level ends (a copy is kept).
  void new_level(const Domains& now);
  /// The domains as `level` (< level()) ended: before the first event of level + 1.
  const Domains& level_end(std::uint32_t level) const { return level_end_[level]; }
  /// The decision level of the point just before event index `at` (<= size()).
  std::uint32_t level_at(std::uint32_t at) const { return at < size() ? events_[at].level : level(); }
  /// Drops every event above `level` and goes back to it.
  void backtrack(std::uint32_t level);
  /// Number of events.
  std::uint32_t size() const { return static_cast<std::uint32_t>(events_.size()); }
  const Event& operator[](std::uint32_t i) const { return events_[i]; }
  /// The index of the first event of `level` (>= 1).
  std::uint32_t level_start(std::uint32_t level) const { return level_start_[level - 1]; }

  /// Records a one-word v going from `old` to `now` (not empty).
  void record_word(const Domains& d, Var v, std::uint64_t old, std::uint64_t now, Cause cause);
  /// Remembers a wider v before a write; record_wide() then records what the write removed.
  void before(const Domains& d, Var v);
  void record_wide(const Domains& d, Var v, Cause cause);

  /// The earliest event before index `at` that makes `fact` true (never an [x = v] fact: split it),
  /// or -1 when the fact held at the start of the search (or does not hold).
  std::int32_t event_making(Lit fact, std::uint32_t at) const;
  /// The newest event of v before index `at`, or nullptr.
  const Event* newest(Var v, std::uint32_t at) const {
    // Most questions are about a point after one of v's last few events: answered without v's list.
    std::uint32_t e = last_[static_cast<std::size_t>(v.id)];
    for (int steps = 0; steps < 4; ++steps) {
      if (e == kNoEvent) return nullptr;
      if (e < at) return &events_[e];
      e = events_[e].previous;
    }
    const std::vector<std::uint32_t>& mine = by_var_[static_cast<std::size_t>(v.id)];
    const auto it = std::lower_bound(mine.begin(), mine.end(), at);
    return it == mine.begin() ? nullptr : &events_[*(it - 1)];
  }
  /// Calls f(const Event&) for each event of v before index `at`, newest first, while f returns true.
  template <class F>
  void for_each_event(Var v, std::uint32_t at, F&& f) const {
    for_each_event_between(v, 0, at, f);
  }
  /// The same, for the events of index in [from, at) only.
  template <class F>
  void for_each_event_between(Var v, std::uint32_t from, std::uint32_t at, F&& f) const {
    const std::vector<std::uint32_t>& mine = by_var_[static_cast<std::size_t>(v.id)];
    for (auto it = std::lower_bound(mine.begin(), mine.end(), at); it != mine.begin();) {
      if (*--it < from || !f(events_[*it])) return;
    }
  }
  /// The facts that describe v's domain just before event index `at`, events of level 0 left out:
  /// its bounds (or its value) and the holes between them. Calls f(Lit).
  template <class F>
  void facts_of(Var v, std::uint32_t at, F&& f) const;

 private:
  void push(Lit fact, Cause cause, std::uint32_t write);

  Domains start_;
  std::vector<Event> events_;
  std::vector<std::vector<std::uint32_t>> by_var_;  // per variable: the indices of its events, ascending
  std::vector<std::uint32_t> last_;           // per variable: its newest event (by_var_'s last), or kNoEvent
  std::vector<std::uint32_t> level_start_;    // per level >= 1: the index of its first event
  std::vector<Domains> level_end_;            // per level < level(): the domains as it ended (kept for reuse)
  // before(): the wider variable's bounds and words (a multi-word bitset's, between its bounds)
  Value before_min_ = 0, before_max_ = 0;
  std::vector<std::uint64_t> before_words_;
};

/// The domains just before event index `at`, read back from the trail (Propagator::explain's view).
class TrailView final : public PastDomains {
 public:
  /// The domains just before event index `at` (<= trail.size()).
  TrailView(const Trail& trail, std::uint32_t at);
  Value min(Var v) const override {
    const Event* e = newest(v);
    return e != nullptr ? e->min : base_.min(v);
  }
  Value max(Var v) const override {
    const Event* e = newest(v);
    return e != nullptr ? e->max : base_.max(v);
  }
  bool contains(Var v, Value x) const override;

 private:
  // `level` is at's decision level.
  TrailView(const Trail& trail, std::uint32_t at, std::uint32_t level);
  // v's newest event in [from_, at_), or nullptr (its bounds are then the base's).
  const Event* newest(Var v) const {
    const Event* e = trail_.newest(v, at_);
    return e != nullptr && static_cast<std::uint32_t>(e - &trail_[0]) >= from_ ? e : nullptr;
  }

  const Trail& trail_;
  std::uint32_t at_;
  std::uint32_t from_;   // the first event of at_'s level
  const Domains& base_;  // the domains before from_ (the previous level's end, or the start)
};

template <class F>
void Trail::facts_of(Var v, std::uint32_t at, F&& f) const {
  // The newest bounds first: events are met newest first, so the first of each kind is the one.
  bool have_lo = false, have_hi = false, fixed = false;
  Value lo = kMinValue, hi = kMaxValue;
  for_each_event(v, at, [&](const Event& e) {
    const Lit l = e.fact;
    if (l.kind == Lit::Kind::eq) {
      if (e.level > 0) f(l);
      fixed = true;  // a fixed variable: one fact says it all
      return false;
    }
    if (l.kind == Lit::Kind::ge && !have_lo) {
      have_lo = true;
      lo = l.value;
      if (e.level > 0) f(l);
    } else if (l.kind == Lit::Kind::le && !have_hi) {
      have_hi = true;
      hi = l.value;
      if (e.level > 0) f(l);
    }
    return !(have_lo && have_hi);
  });
  if (fixed) return;
  // The holes strictly inside those bounds; older events are all of level 0 once one is.
  for_each_event(v, at, [&](const Event& e) {
    if (e.level == 0) return false;
    if (e.fact.kind == Lit::Kind::ne && e.fact.value > lo && e.fact.value < hi) f(e.fact);
    return true;
  });
}

}  // namespace csp::learning
