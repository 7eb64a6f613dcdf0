#include "csp/learning/trail.hpp"

#include <bit>
#include <cassert>

namespace csp::learning {

Trail::Trail(const Model& model) : last_(static_cast<std::size_t>(model.var_count()), -1) {
  events_.reserve(1024);
}

void Trail::clear(const Domains& start) {
  if (start_.words().size() != start.words().size()) start_ = start;
  else start_.copy_from(start);
  events_.clear();
  level_start_.clear();
  std::fill(last_.begin(), last_.end(), -1);
}

void Trail::backtrack(std::uint32_t level) {
  if (level >= this->level()) return;
  const std::uint32_t keep = level_start_[level];
  for (std::uint32_t i = size(); i-- > keep;) last_[static_cast<std::size_t>(events_[i].fact.var.id)] = events_[i].prev;
  events_.resize(keep);
  level_start_.resize(level);
}

void Trail::push(Lit fact, Cause cause, std::uint32_t write) {
  std::int32_t& last = last_[static_cast<std::size_t>(fact.var.id)];
  events_.push_back(Event{fact, level(), last, write, cause});
  last = static_cast<std::int32_t>(events_.size() - 1);
}

void Trail::record_word(const Domains& d, Var v, std::uint64_t old, std::uint64_t now, Cause cause) {
  assert(now != 0 && (now & ~old) == 0);
  const Value base = d.layout(v).base;
  const std::uint32_t write = size();
  if ((now & (now - 1)) == 0) {
    push(Lit::eq(v, base + std::countr_zero(now)), cause, write);
    return;
  }
  const int lo = std::countr_zero(now), hi = 63 - std::countl_zero(now);
  if (lo != std::countr_zero(old)) push(Lit::ge(v, base + lo), cause, write);
  if (hi != 63 - std::countl_zero(old)) push(Lit::le(v, base + hi), cause, write);
  // The holes made strictly inside the new bounds.
  const std::uint64_t inside = (~std::uint64_t{0} << lo) & (~std::uint64_t{0} >> (63 - hi));
  for (std::uint64_t gone = old & ~now & inside; gone != 0; gone &= gone - 1)
    push(Lit::ne(v, base + std::countr_zero(gone)), cause, write);
}

void Trail::before(const Domains& d, Var v) {
  before_min_ = d.min(v);
  before_max_ = d.max(v);
  const VarLayout& l = d.layout(v);
  if (l.interval) return;
  before_words_.assign(d.words().begin() + l.first_word, d.words().begin() + l.first_word + l.words);
}

void Trail::record_wide(const Domains& d, Var v, Cause cause) {
  if (d.empty(v)) return;
  const Value lo = d.min(v), hi = d.max(v);
  const VarLayout& l = d.layout(v);
  const std::uint32_t write = size();
  if (lo == hi && before_min_ != before_max_ && !l.interval) {
    push(Lit::eq(v, lo), cause, write);
    return;
  }
  if (lo != before_min_) push(Lit::ge(v, lo), cause, write);
  if (hi != before_max_) push(Lit::le(v, hi), cause, write);
  if (l.interval || hi - lo < 2) return;
  // The holes made strictly inside the new bounds, word by word.
  const std::uint64_t* now = d.words().data() + l.first_word;
  const auto first = static_cast<std::uint32_t>(lo + 1 - l.base), last = static_cast<std::uint32_t>(hi - 1 - l.base);
  for (std::uint32_t k = first / 64; k <= last / 64; ++k) {
    std::uint64_t gone = before_words_[k] & ~now[k];
    if (k == first / 64) gone &= ~std::uint64_t{0} << (first % 64);
    if (k == last / 64) gone &= ~std::uint64_t{0} >> (63 - last % 64);
    for (; gone != 0; gone &= gone - 1)
      push(Lit::ne(v, l.base + static_cast<Value>(k * 64) + std::countr_zero(gone)), cause, write);
  }
}

std::int32_t Trail::event_making(Lit fact, std::uint32_t at) const {
  assert(fact.kind != Lit::Kind::eq);
  if (holds(start_, fact)) return -1;  // true before any event (a later one may repeat it)
  // Walking back in time, bounds only widen: the last event met that makes the fact true is the
  // earliest; for a bound fact the walk stops at the first event of its kind that does not.
  std::int32_t found = -1;
  for_each_event(fact.var, at, [&](const Event& ev) {
    const Lit e = ev.fact;
    bool makes = false;
    switch (fact.kind) {
      case Lit::Kind::ge:
        if (e.kind == Lit::Kind::ne) return true;
        makes = (e.kind == Lit::Kind::ge || e.kind == Lit::Kind::eq) && e.value >= fact.value;
        if (!makes && e.kind != Lit::Kind::le) return false;
        break;
      case Lit::Kind::le:
        if (e.kind == Lit::Kind::ne) return true;
        makes = (e.kind == Lit::Kind::le || e.kind == Lit::Kind::eq) && e.value <= fact.value;
        if (!makes && e.kind != Lit::Kind::ge) return false;
        break;
      case Lit::Kind::ne: makes = !satisfied_by(e, fact.value); break;
      case Lit::Kind::eq: break;
    }
    if (makes) found = static_cast<std::int32_t>(&ev - events_.data());
    return true;
  });
  return found;
}

// Newest first: the first bound of the wanted side met is the one that holds (an [x = v] is
// always the newest, and bounds both sides).
Value TrailView::bound(Var v, Lit::Kind side, Value start) const {
  trail_.for_each_event(v, at_, [&](const Event& e) {
    if (e.fact.kind != side && e.fact.kind != Lit::Kind::eq) return true;
    start = e.fact.value;
    return false;
  });
  return start;
}

bool TrailView::contains(Var v, Value x) const {
  if (!trail_.start().contains(v, x)) return false;
  bool gone = false;
  trail_.for_each_event(v, at_, [&](const Event& e) {
    gone = !satisfied_by(e.fact, x);
    return !gone;
  });
  return !gone;
}

}  // namespace csp::learning
