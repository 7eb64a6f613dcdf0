#include "csp/learning/explain.hpp"

#include <cassert>
#include <span>

namespace csp::learning {

namespace {

// Why p inferred `inferred` (nullptr: failed) from the domains just before trail index `at`: its
// own explanation, or else the domains of its scope then.
// Returns true when that was the scope's domains (the same for every event of the write).
bool propagator_facts(const Model& model, const Trail& trail, PropagatorId p, std::uint32_t at, const Lit* inferred,
                      std::vector<Lit>& facts) {
  const Propagator& prop = model.propagator(p);
  const std::size_t before = facts.size();
  if (prop.explain(TrailView(trail, at), inferred, facts)) return false;
  facts.resize(before);
  for (Var v : prop.scope()) trail.facts_of(v, at, [&](Lit l) { facts.push_back(l); });
  return true;
}

}  // namespace

bool explain_event(const Model& model, const Trail& trail, const ClauseDatabase& clauses, std::uint32_t e, Lit need,
                   std::vector<Lit>& facts) {
  const Event& ev = trail[e];
  switch (ev.cause.kind) {
    case Cause::Kind::propagator:
      return propagator_facts(model, trail, static_cast<PropagatorId>(ev.cause.index), ev.write, &need, facts);
    case Cause::Kind::clause: {
      const std::span<const Lit> lits = clauses[ev.cause.index].lits;
      for (std::size_t k = 1; k < lits.size(); ++k) facts.push_back(~lits[k]);
      // Making lits[0] true may have done more (x != 5 fixes x in {4, 5}): that also rests on the
      // domain the write started from.
      if (!implies(lits[0], need)) trail.facts_of(ev.fact.var, ev.write, [&](Lit l) { facts.push_back(l); });
      return false;
    }
    case Cause::Kind::decision:
    case Cause::Kind::root: break;
  }
  assert(false && "decisions and root facts have no explanation");
  return false;
}

void explain_failure(const Model& model, const Trail& trail, PropagatorId p, std::vector<Lit>& facts) {
  (void)propagator_facts(model, trail, p, trail.size(), nullptr, facts);
}

}  // namespace csp::learning
