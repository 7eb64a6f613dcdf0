#include "csp/learning/learner.hpp"

#include "csp/learning/explain.hpp"

namespace csp::learning {

Learner::Learner(const Model& model) : model_(model), trail_(model), clauses_(model), analysis_(model) {}

void Learner::clear(const Domains& start) {
  trail_.clear(start);
  clauses_.clear();
}

bool Learner::post(Domains& d, Lit l, Cause cause) {
  const Var v = l.var;
  const bool one_word = d.single_word(v);
  const std::uint64_t old = one_word ? d.bits(v) : 0;
  if (!one_word) trail_.before(d, v);
  if (!make_true(d, l)) return false;
  if (!one_word) trail_.record_wide(d, v, cause);
  else if (d.bits(v) != old) trail_.record_word(model_.initial_domains(), v, old, d.bits(v), cause);
  return true;
}

bool Learner::propagate(Context& ctx) {
  return clauses_.propagate(ctx, trail_, [this](Context& c, Lit l, std::uint32_t clause) {
    cause_ = Cause{Cause::Kind::clause, clause};
    const bool alive = make_true(c, l);
    cause_ = Cause{};
    return alive;
  });
}

bool Learner::analyse(PropagatorId failed, Learnt& out, std::vector<Var>& touched) {
  conflict_.clear();
  if (failed != kNoPropagator) {
    explain_failure(model_, trail_, failed, conflict_);
  } else {
    const Clause c = clauses_[clauses_.conflict()];
    clauses_.bump(clauses_.conflict());
    for (Lit l : c.lits) conflict_.push_back(~l);
  }
  return analysis_.analyse(conflict_, trail_, clauses_, out, touched);
}

}  // namespace csp::learning
