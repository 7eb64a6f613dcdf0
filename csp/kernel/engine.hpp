// The propagation engine: a queue of propagators run to a common fixpoint (AC-3 over propagators),
// and the Context through which a running propagator reads and narrows domains.
//
// Every narrowing goes through Context, which records the removal, works out what kind of change
// it was (any change, a bound moved, the variable became fixed) and queues the propagators that
// subscribed to that kind of change on that variable. The queue holds each propagator at most once.
// Finer subscriptions (Watch in propagator.hpp) cost only the variables that have them: a removal
// watch is woken from the values a write removed (the gone bits of a one-word write; the bounds
// passed over and the one value removed, on a wider domain), a guarded watch after a look at its
// guard's candidates in the domains being propagated.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/kernel/recorder.hpp"
#include "csp/kernel/stats.hpp"
#include "csp/kernel/trace.hpp"

namespace csp {

class Engine;

/// A running propagator's view of the domains: every read of Domains, plus narrowing writes that
/// schedule the affected propagators. Each write returns false when it empties the variable; the
/// propagator must then return PropStatus::failed without further writes.
class Context {
 public:
  /// Every domain, read-only (narrow through the writes below, never behind the engine's back).
  const Domains& domains() const { return *d_; }
  /// Number of candidates of v.
  int size(Var v) const { return d_->size(v); }
  /// True when v has one candidate left.
  bool fixed(Var v) const { return d_->fixed(v); }
  /// Smallest candidate of v.
  Value min(Var v) const { return d_->min(v); }
  /// Largest candidate of v.
  Value max(Var v) const { return d_->max(v); }
  /// The candidate of a fixed v.
  Value value(Var v) const { return d_->value(v); }
  /// True when x is a candidate of v.
  bool contains(Var v, Value x) const { return d_->contains(v, x); }
  /// Single-word fast path: v's candidates as bits (bit i stands for the value base + i).
  std::uint64_t bits(Var v) const { return d_->bits(v); }

  /// Single-word fast path: keeps only the candidates whose bits are set in `keep`.
  bool keep_bits(Var v, std::uint64_t keep);
  /// Removes x from v.
  bool remove(Var v, Value x);
  /// Fixes v to x (fails when x is not a candidate).
  bool assign(Var v, Value x);
  /// Removes every candidate below lo.
  bool remove_below(Var v, Value lo);
  /// Removes every candidate above hi.
  bool remove_above(Var v, Value hi);
  /// Multi-word bitset form only (Domains::keep_words): keeps the candidates set in `keep`, one
  /// write and one notification for all the values it removes.
  bool keep_words(Var v, const std::uint64_t* keep);

  /// The running propagator's words of search state (see Model::add_state); writing them wakes
  /// nobody.
  std::uint64_t* state(std::uint32_t first) { return d_->state(first); }

  /// True when a tracer watches: only then is it worth building reasons.
  bool tracing() const;
  /// Tells the tracer why the next removals happen (no-op without a tracer).
  void because(std::string_view why);

  /// Adds n to a named statistics counter (see Model::add_counter).
  void count(CounterId id, std::uint64_t n = 1) { stats_->counters[static_cast<std::size_t>(id)] += n; }

 private:
  friend class Engine;
  Context(Engine& e, Domains& d, Stats& s) : engine_(&e), d_(&d), stats_(&s) {}
  struct Summary {
    int size;
    Value min, max;
  };
  Summary summary(Var v) const;
  // After a write that took v from `before`: counts the removals, wakes the watchers (for the
  // removal watches, the values between the old and new bounds and `interior`, a value removed
  // inside them, if any) and returns false when v is empty.
  bool changed(Var v, const Summary& before, Value interior = Domains::none);
  // The writes above on a multi-word or interval domain (the one-word path goes through keep_bits).
  bool remove_wide(Var v, Value x);
  bool assign_wide(Var v, Value x);
  bool remove_below_wide(Var v, Value lo);
  bool remove_above_wide(Var v, Value hi);
  template <class Write>
  bool write_traced(Var v, Write&& write);
  // A wider write with a tracer or a recorder watching (Engine::observed_).
  template <class Write>
  void write_observed(Var v, Write&& write);
  // Tells the tracer and the recorder that a one-word v goes from `old` to `now`.
  void observe_word(Var v, std::uint64_t old, std::uint64_t now);

  Engine* engine_;
  Domains* d_;
  Stats* stats_;
};

/// Runs a model's propagators. One engine per model per thread; it allocates only when built.
class Engine {
 public:
  /// Allocates its queue and per-variable tables for `model` (all it ever allocates), which must outlive it.
  explicit Engine(const Model& model);

  /// Runs every propagator once, then on to the fixpoint (the start of a search under MAC).
  bool propagate_all(Domains& d, Stats& s);
  /// Queues the propagators of v (after a decision changed v) and runs to the fixpoint.
  bool propagate_from(Var v, Domains& d, Stats& s);
  /// Forward checking: runs each propagator of v once, without waking anything else.
  bool forward_check(Var v, Domains& d, Stats& s);
  /// Forward checking at the root: runs every propagator once, without waking anything else.
  bool forward_check_all(Domains& d, Stats& s);
  /// No propagation: true when every propagator of v still accepts the fixed variables.
  bool check_from(Var v, const Domains& d, Stats& s);
  /// No propagation: true when every propagator accepts the fixed variables.
  bool check_all(const Domains& d, Stats& s);

  /// Reports every removal and failure to `tracer` (nullptr: nobody).
  void set_tracer(Tracer* tracer) {
    tracer_ = tracer;
    observed_ = tracer_ != nullptr || recorder_ != nullptr;
  }
  /// Reports every narrowing to `recorder`, and lets it propagate when the queue is empty
  /// (nullptr: nobody; learning search sets one).
  void set_recorder(Recorder* recorder) {
    recorder_ = recorder;
    observed_ = tracer_ != nullptr || recorder_ != nullptr;
  }
  /// The tracer told of removals and failures, or nullptr.
  Tracer* tracer() const { return tracer_; }

  /// The propagator whose run (or check) failed most recently, or kNoPropagator.
  PropagatorId last_failure() const { return last_failure_; }
  /// The model whose propagators it runs.
  const Model& model() const { return *model_; }

 private:
  friend class Context;
  enum Events : std::uint8_t { any = 1, bounds = 2, fixed = 4 };
  // Per variable, which finer watches it has (fine_): any removal watch, any guarded watch.
  enum Fine : std::uint8_t { by_value = 1, by_guard = 2 };
  // Wakes the plain watchers of v for `events`; a write then calls one of the notify_fine (only
  // for a variable with fine_ bits, so the others pay one load).
  void notify(Var v, std::uint8_t events);
  // The watchers of a one-word v whose word went from `old` to `now` (not empty): the events, the
  // plain watchers, the finer ones. Out of line: keep_bits is inlined into every rule's write-back,
  // and a Sudoku's cells mostly take its sole-watcher exit before this.
  void notify_word(Var v, std::uint64_t old, std::uint64_t now);
  // The finer watchers of a one-word v that lost the candidates `gone`.
  void notify_fine(Var v, std::uint8_t events, std::uint64_t gone);
  // The finer watchers of a wider v whose bounds moved from [lo, hi] to [new_lo, new_hi], and
  // which lost `interior` inside them (Domains::none: nothing; keep_words wakes its own inner
  // removals first). On an interval, a bound moved onto c wakes c's removal watchers too.
  void notify_fine(Var v, std::uint8_t events, Value lo, Value hi, Value new_lo, Value new_hi, Value interior);
  // The guarded watchers of v for `events` whose guard still holds in d_.
  void wake_guarded(Var v, std::uint8_t events);
  // The removal watchers of v on a candidate that a keep_words(v, keep) is about to drop.
  void wake_dropped(Var v, const std::uint64_t* keep);
  // The removal watchers of v on a value in [lo, hi] (lo > hi: none).
  void wake_removed(Var v, std::int64_t lo, std::int64_t hi);
  void schedule(PropagatorId p);
  // Points the "subsumed" tests at d's state words (every entry point calls it first). Domains
  // copied before the last propagator was posted lack its state words: they belong to no search.
  void use(Domains& d) {
    assert(d.words().size() == model_->initial_domains().words().size());
    state_ = d.state(0);
    d_ = &d;
  }
  // True when p reported PropStatus::subsumed in the domains being propagated.
  bool subsumed(PropagatorId p) const {
    return (state_[subsumed_word_[static_cast<std::size_t>(p) >> 6]] >> (static_cast<unsigned>(p) & 63)) & 1;
  }
  bool run_queue(Domains& d, Stats& s);
  bool run(PropagatorId p, Context& ctx, Stats& s);
  template <class Ids>
  bool run_each_once(const Ids& ids, Domains& d, Stats& s);

  const Model* model_;
  std::vector<PropagatorId> queue_;  // ring buffer, capacity = number of propagators
  std::size_t head_ = 0, count_ = 0;
  std::vector<std::uint8_t> queued_;
  // Per variable, the one propagator that watches it, woken by any change (-2: none, several, or
  // one that waits for bounds or fixing). A rule propagator over all the cells is often the only
  // one (a Sudoku with the default rules): its own writes then wake nobody, and keep_bits need not
  // work out what kind of change it made.
  std::vector<PropagatorId> sole_watcher_;
  std::vector<std::uint8_t> fine_;  // per variable: Fine bits (0 for most: one load, no more)
  const Domains* d_ = nullptr;      // the domains being propagated: guards are read there
  // Model::subsumed_word per 64 propagators (a copy, next to the queue), and the words of the
  // domains being propagated: a subsumed propagator is never queued nor run.
  std::vector<std::uint32_t> subsumed_word_;
  std::uint64_t* state_ = nullptr;
  PropagatorId current_ = -1;  // the running propagator, not woken by its own changes
  bool waking_ = true;         // false while forward checking: changes wake nobody
  bool current_changed_ = false;
  PropagatorId last_failure_ = kNoPropagator;
  Tracer* tracer_ = nullptr;
  Recorder* recorder_ = nullptr;
  bool observed_ = false;  // a tracer or a recorder is set: every write reports to them
};

// ---- inline: the path every narrowed cell takes -------------------------------------------

inline bool Context::keep_bits(Var v, std::uint64_t keep) {
  const std::uint64_t old = d_->bits(v);
  const std::uint64_t now = old & keep;
  if (now == old) return true;
  if (engine_->observed_) observe_word(v, old, now);
  d_->set_bits(v, now);
  stats_->removals += static_cast<std::uint64_t>(std::popcount(old ^ now));
  if (now == 0) return false;
  if (engine_->sole_watcher_[static_cast<std::size_t>(v.id)] == engine_->current_) {
    engine_->current_changed_ = true;  // what notify() would find
    return true;
  }
  engine_->notify_word(v, old, now);
  return true;
}

// A one-word write is a keep_bits: the events come from the old and new word, with no summary.
inline bool Context::remove(Var v, Value x) {
  const VarLayout& l = d_->layout(v);
  if (l.words != 1) return remove_wide(v, x);
  const auto i = static_cast<std::uint64_t>(std::int64_t{x} - l.base);  // out of range: huge
  return i >= 64 || keep_bits(v, ~(std::uint64_t{1} << i));
}

inline bool Context::assign(Var v, Value x) {
  const VarLayout& l = d_->layout(v);
  if (l.words != 1) return assign_wide(v, x);
  const auto i = static_cast<std::uint64_t>(std::int64_t{x} - l.base);
  return keep_bits(v, i < 64 ? std::uint64_t{1} << i : 0);  // x outside the word: a wipe-out
}

inline bool Context::remove_below(Var v, Value lo) {
  const VarLayout& l = d_->layout(v);
  if (l.words != 1) return remove_below_wide(v, lo);
  const std::int64_t i = std::int64_t{lo} - l.base;  // the first index kept
  if (i <= 0) return true;
  return keep_bits(v, i < 64 ? ~std::uint64_t{0} << i : 0);
}

inline bool Context::remove_above(Var v, Value hi) {
  const VarLayout& l = d_->layout(v);
  if (l.words != 1) return remove_above_wide(v, hi);
  const std::int64_t i = std::int64_t{hi} - l.base;  // the last index kept
  if (i >= 63) return true;
  return keep_bits(v, i >= 0 ? ~std::uint64_t{0} >> (63 - i) : 0);
}

inline void Engine::schedule(PropagatorId p) {
  if (p == current_) {
    current_changed_ = true;
    return;
  }
  if (queued_[static_cast<std::size_t>(p)] || subsumed(p)) return;
  queued_[static_cast<std::size_t>(p)] = 1;
  queue_[(head_ + count_) & (queue_.size() - 1)] = p;
  ++count_;
}

inline void Engine::notify(Var v, std::uint8_t events) {
  if (!waking_) return;
  for (PropagatorId p : model_->watchers(v, Trigger::any)) schedule(p);
  if (events & bounds)
    for (PropagatorId p : model_->watchers(v, Trigger::bounds)) schedule(p);
  if (events & fixed)
    for (PropagatorId p : model_->watchers(v, Trigger::fixed)) schedule(p);
}

}  // namespace csp
