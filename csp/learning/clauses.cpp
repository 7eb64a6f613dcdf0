#include "csp/learning/clauses.hpp"

#include <algorithm>
#include <cassert>

namespace csp::learning {

ClauseDatabase::ClauseDatabase(const Model& model) : watches_(static_cast<std::size_t>(model.var_count())) {}

void ClauseDatabase::clear() {
  clauses_.clear();
  free_.clear();
  for (auto& w : watches_) w.clear();
  next_ = 0;
  learnt_ = 0;
  increment_ = 1;
}

std::uint32_t ClauseDatabase::add(std::vector<Lit> lits, bool learnt, std::uint32_t lbd) {
  assert(lits.size() >= 2);
  auto c = std::make_unique<Clause>();
  c->lits = std::move(lits);
  c->activity = increment_;
  c->lbd = lbd;
  c->learnt = learnt;
  std::uint32_t i;
  if (!free_.empty()) {
    i = free_.back();
    free_.pop_back();
    clauses_[i] = std::move(c);
  } else {
    i = static_cast<std::uint32_t>(clauses_.size());
    clauses_.push_back(std::move(c));
  }
  const std::vector<Lit>& l = clauses_[i]->lits;
  watch(i, l[0], l[1]);
  watch(i, l[1], l[0]);
  if (learnt) ++learnt_;
  return i;
}

void ClauseDatabase::bump(std::uint32_t i) {
  Clause& c = *clauses_[i];
  c.activity += increment_;
  if (c.activity > 1e100) {  // rescale every activity before they overflow
    for (auto& k : clauses_)
      if (k) k->activity *= 1e-100;
    increment_ *= 1e-100;
  }
}

void ClauseDatabase::reduce(const Trail& trail) {
  if (learnt_ <= limit_) return;
  // The reasons of current events must stay: analysis may still explain those events.
  std::vector<std::uint8_t> locked(clauses_.size(), 0);
  for (std::uint32_t e = 0; e < trail.size(); ++e)
    if (trail[e].cause.kind == Cause::Kind::clause) locked[trail[e].cause.index] = 1;
  std::vector<std::uint32_t> candidates;
  for (std::uint32_t i = 0; i < clauses_.size(); ++i) {
    const Clause* c = clauses_[i].get();
    // Clauses of two literals and of literal-block distance 2 ("glue") are kept, as in Glucose.
    if (c != nullptr && c->learnt && !locked[i] && c->lits.size() > 2 && c->lbd > 2) candidates.push_back(i);
  }
  std::sort(candidates.begin(), candidates.end(),
            [&](std::uint32_t a, std::uint32_t b) { return clauses_[a]->activity < clauses_[b]->activity; });
  const std::size_t drop = candidates.size() / 2;
  for (std::size_t k = 0; k < drop; ++k) {
    clauses_[candidates[k]].reset();
    free_.push_back(candidates[k]);
  }
  // Their watches go now, before a slot is reused: propagate() never opens a clause whose watch
  // is blocked, so it would not drop them itself.
  for (std::vector<Watcher>& list : watches_)
    std::erase_if(list, [&](const Watcher& w) { return clauses_[w.clause] == nullptr; });
  learnt_ -= drop;
  deleted_ += drop;
  limit_ += limit_ / 10;
}

}  // namespace csp::learning
