#include "csp/learning/analysis.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <string>

#include "csp/learning/explain.hpp"

namespace csp::learning {

namespace {

// The weakest fact implying both a and b, where `made` (the event's own fact) implies both.
Lit merge(Lit a, Lit b, Lit made) {
  if (implies(a, b)) return a;
  if (implies(b, a)) return b;
  return made;
}

// Calls f(part, event) for the event that first made each part of `fact` true, while f returns
// true: an [x = v] fact is its two bounds, any other fact one part. The event is -1 for a part
// that held at the start, or as level 0 ended (true in every branch: its event is not needed).
// False when f said stop.
template <class F>
bool trace(const Trail& trail, Lit fact, F&& f) {
  auto event = [&](Lit part) {
    return trail.level() > 0 && holds(trail.level_end(0), part) ? -1 : trail.event_making(part, trail.size());
  };
  if (fact.kind != Lit::Kind::eq) return f(fact, event(fact));
  for (Lit part : {Lit::ge(fact.var, fact.value), Lit::le(fact.var, fact.value)})
    if (!f(part, event(part))) return false;
  return true;
}

}  // namespace

// Marks the event that first made `fact` true (`found`; -1: it held at the start, true in every
// branch), keeping the weakest fact needed of it.
void ConflictAnalysis::add(Lit fact, std::int32_t found, const Trail& trail) {
  if (found < 0) return;
  const auto e = static_cast<std::uint32_t>(found);
  // An explanation may only name facts that held before the event it explains: else the walk
  // back would never meet this one, and the clause would be wrong. A propagator's explain() broke
  // its contract (or the trail did): say so rather than learn something false.
  if (e >= expanding_)
    throw std::logic_error("learning: an explanation of " + to_string(trail[expanding_].fact) + " names " +
                           to_string(fact) + ", which did not hold before it");
  const Event& ev = trail[e];
  if (ev.level == 0) return;
  if (seen_[e] != 0) {
    need_[e] = merge(need_[e], fact, ev.fact);
    return;
  }
  seen_[e] = 1;
  need_[e] = fact;
  visited_.push_back(e);
  if (ev.level == level_) ++pending_;
  else lower_.push_back(e);
}

bool ConflictAnalysis::analyse(const std::vector<Lit>& conflict, const Trail& trail, ClauseDatabase& clauses,
                               Learnt& out, std::vector<Var>& touched) {
  // The conflict's level: the highest among its facts' events (search may have gone deeper since).
  level_ = 0;
  traced_.clear();
  for (Lit f : conflict)
    trace(trail, f, [&](Lit part, std::int32_t e) {
      traced_.emplace_back(part, e);
      if (e >= 0) level_ = std::max(level_, trail[static_cast<std::uint32_t>(e)].level);
      return true;
    });
  if (level_ == 0) return false;
  seen_.resize(trail.size(), 0);
  need_.resize(trail.size());
  pending_ = 0;
  visited_.clear();
  lower_.clear();
  expanding_ = trail.size();
  shared_write_ = UINT32_MAX;
  for (const auto& [part, e] : traced_) add(part, e, trail);
  // Expand the conflict level's events newest first until one is left.
  std::uint32_t i = level_ < trail.level() ? trail.level_start(level_ + 1) : trail.size();
  std::uint32_t uip = 0;
  for (;;) {
    do --i;
    while (seen_[i] == 0 || trail[i].level != level_);
    if (pending_ == 1) {
      uip = i;
      break;
    }
    --pending_;
    const Event& ev = trail[i];
    assert(ev.cause.kind != Cause::Kind::decision);
    if (ev.cause.kind == Cause::Kind::clause) clauses.bump(ev.cause.index);
    // Events of one write explained by its scope's domains share their explanation: add it once.
    if (ev.cause.kind == Cause::Kind::propagator && ev.write == shared_write_) continue;
    facts_.clear();
    if (explain_event(model_, trail, clauses, i, need_[i], facts_)) shared_write_ = ev.write;
    expanding_ = i;
    for (Lit f : facts_)
      trace(trail, f, [&](Lit part, std::int32_t e) {
        add(part, e, trail);
        return true;
      });
  }
  // The clause: the implication point's negation first, then the lower levels' (minimised).
  seen_[uip] = 2;
  for (std::uint32_t e : lower_) seen_[e] = 2;
  out.lits.clear();
  out.lits.push_back(~need_[uip]);
  std::uint32_t best = 0;  // the index in out.lits of the literal with the highest level
  out.level = 0;
  for (std::uint32_t e : lower_) {
    if (redundant(e, trail, clauses)) continue;
    out.lits.push_back(~need_[e]);
    if (trail[e].level > out.level) {
      out.level = trail[e].level;
      best = static_cast<std::uint32_t>(out.lits.size() - 1);
    }
  }
  if (best != 0) std::swap(out.lits[1], out.lits[best]);
  // Literal-block distance: the distinct levels among the literals.
  std::vector<std::uint32_t> levels{level_};
  for (std::uint32_t e : lower_)
    if (seen_[e] == 2) levels.push_back(trail[e].level);
  std::sort(levels.begin(), levels.end());
  out.lbd = static_cast<std::uint32_t>(std::unique(levels.begin(), levels.end()) - levels.begin());
  touched.clear();
  for (std::uint32_t e : visited_) {
    touched.push_back(trail[e].fact.var);
    seen_[e] = 0;
  }
  return true;
}

// A lower-level literal whose event's explanation is implied by the clause's other facts (or by
// level 0) adds nothing. A redundant event is unmarked so that later checks do not lean on it.
bool ConflictAnalysis::redundant(std::uint32_t e, const Trail& trail, const ClauseDatabase& clauses) {
  const Event& ev = trail[e];
  if (ev.cause.kind == Cause::Kind::decision || ev.cause.kind == Cause::Kind::root) return false;
  facts_.clear();
  explain_event(model_, trail, clauses, e, need_[e], facts_);
  // Every part of every fact held at level 0, or follows from one of the clause's facts.
  const auto implied = [&](Lit part, std::int32_t found) {
    if (found < 0 || trail[static_cast<std::uint32_t>(found)].level == 0) return true;
    const auto g = static_cast<std::uint32_t>(found);
    return g != e && seen_[g] == 2 && implies(need_[g], part);
  };
  for (Lit f : facts_)
    if (!trace(trail, f, implied)) return false;
  seen_[e] = 1;
  return true;
}

}  // namespace csp::learning
