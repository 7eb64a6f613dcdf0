#include "csp/kernel/engine.hpp"

#include <algorithm>
#include <bit>

namespace csp {

// ---- Context -------------------------------------------------------------------------------

Context::Summary Context::summary(Var v) const {
  if (d_->empty(v)) return {0, 0, 0};
  return {d_->size(v), d_->min(v), d_->max(v)};
}

bool Context::changed(Var v, const Summary& before, Value interior) {
  Summary after = summary(v);
  if (after.size == before.size) return true;
  stats_->removals += static_cast<std::uint64_t>(before.size - after.size);
  if (after.size == 0) return false;
  std::uint8_t events = Engine::any;
  if (after.min != before.min || after.max != before.max) events |= Engine::bounds;
  if (after.size == 1) events |= Engine::fixed | Engine::bounds;
  engine_->notify(v, events);
  if (engine_->fine_[static_cast<std::size_t>(v.id)] != 0)
    engine_->notify_fine(v, events, before.min, before.max, after.min, after.max, interior);
  return true;
}

// With a tracer, reports the values a write removes; it compares the candidates before and after.
template <class Write>
bool Context::write_traced(Var v, Write&& write) {
  Tracer* t = engine_->tracer_;
  thread_local std::vector<Value> before;
  before.clear();
  d_->for_each(v, [&](Value x) { before.push_back(x); });
  bool alive = write();
  for (Value x : before)
    if (!d_->contains(v, x)) t->removed(engine_->current_, v, x);
  return alive;
}

// Context::keep_bits and the one-word path of every write: in the header (it writes back every
// cell a rule narrows).

void Context::observe_word(Var v, std::uint64_t old, std::uint64_t now) {
  if (engine_->tracer_ != nullptr) {
    const Value base = d_->layout(v).base;
    for (std::uint64_t gone = old & ~now; gone != 0; gone &= gone - 1)
      engine_->tracer_->removed(engine_->current_, v, base + std::countr_zero(gone));
  }
  if (engine_->recorder_ != nullptr && now != 0) engine_->recorder_->narrowed_word(v, old, now, engine_->current_);
}

template <class Write>
void Context::write_observed(Var v, Write&& write) {
  Recorder* r = engine_->recorder_;
  if (r != nullptr) r->before(*d_, v);
  if (engine_->tracer_ != nullptr) write_traced(v, write);
  else write();
  if (r != nullptr) r->narrowed(*d_, v, engine_->current_);
}

bool Context::remove_wide(Var v, Value x) {
  if (!d_->contains(v, x)) return true;
  Summary before = summary(v);
  if (engine_->observed_) write_observed(v, [&] { return d_->remove(v, x); });
  else d_->remove(v, x);
  return changed(v, before, x);
}

bool Context::keep_words(Var v, const std::uint64_t* keep) {
  Summary before = summary(v);
  // Its removals lie anywhere, not only at the bounds: the removal watches are woken from `keep`,
  // before the write, while the candidates it drops can still be told from the ones already gone.
  if (engine_->fine_[static_cast<std::size_t>(v.id)] & Engine::by_value) engine_->wake_dropped(v, keep);
  if (engine_->observed_) write_observed(v, [&] { return d_->keep_words(v, keep); });
  else d_->keep_words(v, keep);
  return changed(v, before);
}

bool Context::assign_wide(Var v, Value x) {
  Summary before = summary(v);
  if (engine_->observed_) write_observed(v, [&] { return d_->assign(v, x); });
  else d_->assign(v, x);
  return changed(v, before);
}

bool Context::remove_below_wide(Var v, Value lo) {
  if (d_->min(v) >= lo) return true;
  Summary before = summary(v);
  if (engine_->observed_) write_observed(v, [&] { return d_->remove_below(v, lo); });
  else d_->remove_below(v, lo);
  return changed(v, before);
}

bool Context::remove_above_wide(Var v, Value hi) {
  if (d_->max(v) <= hi) return true;
  Summary before = summary(v);
  if (engine_->observed_) write_observed(v, [&] { return d_->remove_above(v, hi); });
  else d_->remove_above(v, hi);
  return changed(v, before);
}

bool Context::tracing() const { return engine_->tracer_ != nullptr; }

void Context::because(std::string_view why) {
  if (engine_->tracer_ != nullptr) engine_->tracer_->reason(engine_->current_, why);
}

// ---- Engine --------------------------------------------------------------------------------

Engine::Engine(const Model& model)
    : model_(&model),
      // A power of two, so the ring buffer wraps with a mask instead of a division.
      queue_(std::bit_ceil(static_cast<std::size_t>(model.propagator_count()) + 1)),
      queued_(static_cast<std::size_t>(model.propagator_count()), 0),
      sole_watcher_(static_cast<std::size_t>(model.var_count()), -2),
      fine_(static_cast<std::size_t>(model.var_count()), 0) {
  for (PropagatorId p = 0; p < model.propagator_count(); p += 64) subsumed_word_.push_back(model.subsumed_word(p));
  // Only a propagator woken by any change counts as a sole watcher: for it, every write is news.
  for (int i = 0; i < model.var_count(); ++i) {
    const Var v{i};
    const auto& any = model.watchers(v, Trigger::any);
    const bool alone = any.size() == 1 && model.watchers(v, Trigger::bounds).empty() &&
                       model.watchers(v, Trigger::fixed).empty() && !model.finely_watched(v);
    sole_watcher_[static_cast<std::size_t>(i)] = alone ? any[0] : -2;
    bool guarded = false;
    for (Trigger t : {Trigger::fixed, Trigger::bounds, Trigger::any}) guarded |= !model.guarded_watchers(v, t).empty();
    fine_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((model.removal_watchers(v).empty() ? 0 : by_value) |
                                                                   (guarded ? by_guard : 0));
  }
}

void Engine::notify_word(Var v, std::uint64_t old, std::uint64_t now) {
  std::uint8_t events = any;
  if ((now & (now - 1)) == 0) {
    events |= fixed | bounds;
  } else if (std::countr_zero(now) != std::countr_zero(old) || std::countl_zero(now) != std::countl_zero(old)) {
    events |= bounds;
  }
  notify(v, events);
  if (fine_[static_cast<std::size_t>(v.id)] != 0) notify_fine(v, events, old & ~now);
}

void Engine::notify_fine(Var v, std::uint8_t events, std::uint64_t gone) {
  if (!waking_) return;
  if (fine_[static_cast<std::size_t>(v.id)] & by_guard) wake_guarded(v, events);
  if (!(fine_[static_cast<std::size_t>(v.id)] & by_value)) return;
  const Value base = d_->layout(v).base;
  const std::int64_t lo = std::int64_t{base} + std::countr_zero(gone);
  const std::int64_t hi = std::int64_t{base} + 63 - std::countl_zero(gone);
  const auto& list = model_->removal_watchers(v);
  auto it = std::lower_bound(list.begin(), list.end(), lo,
                             [](const RemovalWatcher& r, std::int64_t c) { return r.value < c; });
  for (; it != list.end() && it->value <= hi; ++it)
    if ((gone >> (it->value - base)) & 1) schedule(it->id);
}

void Engine::notify_fine(Var v, std::uint8_t events, Value lo, Value hi, Value new_lo, Value new_hi, Value interior) {
  if (!waking_) return;
  if (fine_[static_cast<std::size_t>(v.id)] & by_guard) wake_guarded(v, events);
  if (!(fine_[static_cast<std::size_t>(v.id)] & by_value)) return;
  // Only a bound move or the one value removed inside can take candidates away. An interval
  // cannot lose an inner value, so there the watch on c also wakes when a bound moves onto c.
  const int onto = d_->interval(v) ? 0 : 1;
  if (new_lo != lo) wake_removed(v, lo, std::int64_t{new_lo} - onto);
  if (new_hi != hi) wake_removed(v, std::int64_t{new_hi} + onto, hi);
  if (interior != Domains::none) wake_removed(v, interior, interior);
}

void Engine::wake_dropped(Var v, const std::uint64_t* keep) {
  if (!waking_ || d_->empty(v)) return;
  const Value base = d_->layout(v).base;
  const auto& list = model_->removal_watchers(v);
  auto it = std::lower_bound(list.begin(), list.end(), d_->min(v),
                             [](const RemovalWatcher& r, Value c) { return r.value < c; });
  for (; it != list.end() && it->value <= d_->max(v); ++it) {
    const auto i = static_cast<std::uint64_t>(std::int64_t{it->value} - base);
    if (!((keep[i / 64] >> (i % 64)) & 1) && d_->contains(v, it->value)) schedule(it->id);
  }
}

void Engine::wake_guarded(Var v, std::uint8_t events) {
  auto wake = [&](Trigger t) {
    for (const GuardedWatcher& g : model_->guarded_watchers(v, t))
      if (d_->contains(g.guard, g.value)) schedule(g.id);
  };
  wake(Trigger::any);
  if (events & bounds) wake(Trigger::bounds);
  if (events & fixed) wake(Trigger::fixed);
}

void Engine::wake_removed(Var v, std::int64_t lo, std::int64_t hi) {
  if (lo > hi) return;
  const auto& list = model_->removal_watchers(v);
  auto it = std::lower_bound(list.begin(), list.end(), lo,
                             [](const RemovalWatcher& r, std::int64_t c) { return r.value < c; });
  for (; it != list.end() && it->value <= hi; ++it) schedule(it->id);
}

// Engine::schedule and Engine::notify: in the header, with Context::keep_bits.

// Inlined into run_queue, its loop: g++ 12 had stopped inlining it there on its own during issue 31
// (2.8 M more instructions of 274 M on queens 11 domain, 20 M of 756 M binary); the loop's earlier
// shape, without the recorder's turn, did not bring the inlining back.
[[gnu::always_inline]] inline bool Engine::run(PropagatorId p, Context& ctx, Stats& s) {
  ++s.propagations;
  current_ = p;
  current_changed_ = false;
  PropStatus status = model_->propagator(p).propagate(ctx);
  current_ = -1;
  if (status == PropStatus::subsumed) {  // never again below this state: its bit follows the search
    state_[subsumed_word_[static_cast<std::size_t>(p) >> 6]] |= std::uint64_t{1} << (static_cast<unsigned>(p) & 63);
    return true;
  }
  if (status == PropStatus::failed) {
    last_failure_ = p;
    if (tracer_ != nullptr) tracer_->failed(p);
    return false;
  }
  if (status == PropStatus::not_fixpoint && current_changed_ && waking_) schedule(p);
  return true;
}

bool Engine::run_queue(Domains& d, Stats& s) {
  use(d);
  Context ctx(*this, d, s);
  for (;;) {
    if (count_ == 0) {
      // The propagators are at their fixpoint: the recorder's clauses take their turn, and what
      // they narrow wakes propagators again.
      if (recorder_ == nullptr || !recorder_->pending()) return true;
      if (!recorder_->propagate(ctx)) {
        last_failure_ = kNoPropagator;
        return false;
      }
      continue;
    }
    PropagatorId p = queue_[head_];
    head_ = (head_ + 1) & (queue_.size() - 1);
    --count_;
    queued_[static_cast<std::size_t>(p)] = 0;
    if (!run(p, ctx, s)) {
      // Empty the queue so the next propagation starts clean.
      while (count_ > 0) {
        queued_[static_cast<std::size_t>(queue_[head_])] = 0;
        head_ = (head_ + 1) & (queue_.size() - 1);
        --count_;
      }
      return false;
    }
  }
}

bool Engine::propagate_all(Domains& d, Stats& s) {
  use(d);
  for (PropagatorId p = 0; p < model_->propagator_count(); ++p) schedule(p);
  return run_queue(d, s);
}

bool Engine::propagate_from(Var v, Domains& d, Stats& s) {
  use(d);
  for (PropagatorId p : model_->propagators_of(v)) schedule(p);
  return run_queue(d, s);
}

template <class Ids>
bool Engine::run_each_once(const Ids& ids, Domains& d, Stats& s) {
  use(d);
  Context ctx(*this, d, s);
  waking_ = false;
  bool ok = true;
  for (PropagatorId p : ids) {
    if (subsumed(p)) continue;
    if (!run(p, ctx, s)) {
      ok = false;
      break;
    }
  }
  waking_ = true;
  return ok;
}

bool Engine::forward_check(Var v, Domains& d, Stats& s) { return run_each_once(model_->propagators_of(v), d, s); }

namespace {
// The ids 0..n-1 as a range, without building a vector.
struct IdRange {
  struct It {
    PropagatorId i;
    PropagatorId operator*() const { return i; }
    It& operator++() { ++i; return *this; }
    bool operator!=(const It& o) const { return i != o.i; }
  };
  PropagatorId n;
  It begin() const { return {0}; }
  It end() const { return {n}; }
};
}  // namespace

bool Engine::forward_check_all(Domains& d, Stats& s) { return run_each_once(IdRange{model_->propagator_count()}, d, s); }

bool Engine::check_from(Var v, const Domains& d, Stats& s) {
  for (PropagatorId p : model_->propagators_of(v)) {
    if (model_->subsumed(d, p)) continue;  // satisfied by every completion
    ++s.propagations;
    if (!model_->propagator(p).check(d)) {
      last_failure_ = p;
      if (tracer_ != nullptr) tracer_->failed(p);
      return false;
    }
  }
  return true;
}

bool Engine::check_all(const Domains& d, Stats& s) {
  for (PropagatorId p = 0; p < model_->propagator_count(); ++p) {
    if (model_->subsumed(d, p)) continue;  // satisfied by every completion
    ++s.propagations;
    if (!model_->propagator(p).check(d)) {
      last_failure_ = p;
      if (tracer_ != nullptr) tracer_->failed(p);
      return false;
    }
  }
  return true;
}

}  // namespace csp
