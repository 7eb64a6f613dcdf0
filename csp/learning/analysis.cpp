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

}  // namespace

// Traces a fact to the event that made it true; an [x = v] fact is its two bounds.
void ConflictAnalysis::add(Lit fact, const Trail& trail) {
  if (fact.kind == Lit::Kind::eq) {
    add(Lit::ge(fact.var, fact.value), trail);
    add(Lit::le(fact.var, fact.value), trail);
    return;
  }
  const std::int32_t found = trail.event_making(fact, trail.size());
  if (found < 0) return;  // it held at the start: true in every branch
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
  // The conflict's level: the highest among its facts (search may have gone deeper since).
  level_ = 0;
  for (Lit f : conflict) {
    const auto parts = f.kind == Lit::Kind::eq ? 2 : 1;
    for (int k = 0; k < parts; ++k) {
      const Lit g = f.kind != Lit::Kind::eq ? f : k == 0 ? Lit::ge(f.var, f.value) : Lit::le(f.var, f.value);
      const std::int32_t e = trail.event_making(g, trail.size());
      if (e >= 0) level_ = std::max(level_, trail[static_cast<std::uint32_t>(e)].level);
    }
  }
  if (level_ == 0) return false;
  seen_.resize(trail.size(), 0);
  need_.resize(trail.size());
  pending_ = 0;
  visited_.clear();
  lower_.clear();
  expanding_ = trail.size();
  shared_write_ = UINT32_MAX;
  for (Lit f : conflict) add(f, trail);
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
    for (Lit f : facts_) add(f, trail);
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
  for (Lit f : facts_) {
    const Lit parts[2] = {f.kind == Lit::Kind::eq ? Lit::ge(f.var, f.value) : f, Lit::le(f.var, f.value)};
    for (int k = 0; k < (f.kind == Lit::Kind::eq ? 2 : 1); ++k) {
      const std::int32_t found = trail.event_making(parts[k], trail.size());
      if (found < 0 || trail[static_cast<std::uint32_t>(found)].level == 0) continue;
      const auto g = static_cast<std::uint32_t>(found);
      if (g == e || seen_[g] != 2 || !implies(need_[g], parts[k])) return false;
    }
  }
  seen_[e] = 1;
  return true;
}

}  // namespace csp::learning
