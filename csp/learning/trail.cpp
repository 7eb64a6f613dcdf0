#include "csp/learning/trail.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace csp::learning {

Trail::Trail(const Model& model)
    : by_var_(static_cast<std::size_t>(model.var_count())), last_(by_var_.size(), kNoEvent) {
  events_.reserve(1024);
}

void Trail::clear(const Domains& start) {
  if (start_.words().size() != start.words().size()) start_ = start;
  else start_.copy_from(start);
  events_.clear();
  level_start_.clear();
  for (auto& v : by_var_) v.clear();
  std::fill(last_.begin(), last_.end(), kNoEvent);
}

void Trail::new_level(const Domains& now) {
  const std::size_t level = level_start_.size();
  if (level_end_.size() <= level) level_end_.push_back(now);  // deeper than ever before: once per level
  else level_end_[level].copy_from(now);
  level_start_.push_back(size());
}

void Trail::backtrack(std::uint32_t level) {
  if (level >= this->level()) return;
  const std::uint32_t keep = level_start_[level];
  for (std::uint32_t i = size(); i-- > keep;) {
    const auto v = static_cast<std::size_t>(events_[i].fact.var.id);
    by_var_[v].pop_back();
    last_[v] = events_[i].previous;
  }
  events_.resize(keep);
  level_start_.resize(level);
}

void Trail::push(Lit fact, Cause cause, std::uint32_t write) {
  std::uint32_t& last = last_[static_cast<std::size_t>(fact.var.id)];
  // The bounds once this event happened: the previous event's (or the start's), tightened by it.
  Value lo = last == kNoEvent ? start_.min(fact.var) : events_[last].min;
  Value hi = last == kNoEvent ? start_.max(fact.var) : events_[last].max;
  switch (fact.kind) {
    case Lit::Kind::ge: lo = fact.value; break;
    case Lit::Kind::le: hi = fact.value; break;
    case Lit::Kind::eq: lo = hi = fact.value; break;
    case Lit::Kind::ne: break;  // a hole strictly inside the bounds
  }
  events_.push_back(Event{fact, level(), write, cause, lo, hi, last});
  last = size() - 1;
  by_var_[static_cast<std::size_t>(fact.var.id)].push_back(last);
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
  // A bound: the first event whose bounds hold it (bounds only tighten).
  const bool bound = fact.kind == Lit::Kind::ge || fact.kind == Lit::Kind::le;
  const auto after = [&](std::uint32_t e) {  // the fact holds once event e happened
    return fact.kind == Lit::Kind::ge ? events_[e].min >= fact.value : events_[e].max <= fact.value;
  };
  if (bound) {
    // Most bounds were made by one of the variable's last few events before `at` (a Boolean has
    // one): walk back from the newest while the bound held.
    const Event* newest_event = newest(fact.var, at);
    if (newest_event == nullptr) return -1;
    auto e = static_cast<std::uint32_t>(newest_event - events_.data());
    if (!after(e)) return -1;
    for (int steps = 0; steps < 4; ++steps) {
      const std::uint32_t previous = events_[e].previous;
      if (previous == kNoEvent || !after(previous)) return static_cast<std::int32_t>(e);
      e = previous;
    }
  }
  const std::vector<std::uint32_t>& mine = by_var_[static_cast<std::size_t>(fact.var.id)];
  const auto end = std::lower_bound(mine.begin(), mine.end(), at);
  if (bound) {
    const auto it = std::partition_point(mine.begin(), end, [&](std::uint32_t e) { return !after(e); });
    return it == end ? -1 : static_cast<std::int32_t>(*it);
  }
  // A hole: a variable of few events is read whole. Otherwise, the level that made the fact true:
  // the first whose end holds it (facts only ever become true), or else at's own level; then only
  // that level's events are read.
  std::uint32_t from = 0, to = at;
  if (end - mine.begin() > 8) {
    std::uint32_t lo = 0, hi = level_at(at);
    while (lo < hi) {
      const std::uint32_t mid = lo + (hi - lo) / 2;
      if (holds(level_end_[mid], fact)) hi = mid;
      else lo = mid + 1;
    }
    from = lo == 0 ? 0 : level_start_[lo - 1];
    to = std::min(at, lo < level() ? level_start_[lo] : size());
  }
  // Newest first: the last event met that makes the fact true is the earliest.
  std::int32_t found = -1;
  for_each_event_between(fact.var, from, to, [&](const Event& ev) {
    if (!satisfied_by(ev.fact, fact.value)) found = static_cast<std::int32_t>(&ev - events_.data());
    return true;
  });
  return found;
}

TrailView::TrailView(const Trail& trail, std::uint32_t at) : TrailView(trail, at, trail.level_at(at)) {}

TrailView::TrailView(const Trail& trail, std::uint32_t at, std::uint32_t level)
    : trail_(trail),
      at_(at),
      from_(level == 0 ? 0 : trail.level_start(level)),
      base_(level == 0 ? trail.start() : trail.level_end(level - 1)) {}

bool TrailView::contains(Var v, Value x) const {
  if (!base_.contains(v, x)) return false;
  bool gone = false;
  trail_.for_each_event_between(v, from_, at_, [&](const Event& e) {
    gone = !satisfied_by(e.fact, x);
    return !gone;
  });
  return !gone;
}

}  // namespace csp::learning
