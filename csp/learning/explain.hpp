// Explanations: the facts that made an event (or a failure) inevitable, for conflict analysis.
//
// A clause explains the literal it made true by the negations of its other literals. A propagator
// explains by the domains of its scope just before its write: a sound propagator removes a value
// only when no solution of its constraint within those domains keeps it, so the constraint and
// those facts imply the write (and a failure, when it fails). That explanation holds for every
// propagator, whatever it does, but it is the weakest: it names every bound and hole of the scope,
// where a propagator that knows its reasoning (a linear sum needs only the bounds it used) could
// name fewer. Facts of level 0 are left out: they hold in every branch of the search.
#pragma once

#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/learning/clauses.hpp"
#include "csp/learning/trail.hpp"

namespace csp::learning {

/// Appends to `facts` why event `e` of the trail happened, as far as the fact `need` (which the
/// event's own fact implies) goes; its cause must not be a decision or a root fact. Returns true
/// when the explanation is the propagator's scope domains before the write, the same for every
/// event of that write (so one of them explained is all of them explained).
bool explain_event(const Model& model, const Trail& trail, const ClauseDatabase& clauses, std::uint32_t e, Lit need,
                   std::vector<Lit>& facts);
/// Appends to `facts` why propagator p failed at the end of the trail.
void explain_failure(const Model& model, const Trail& trail, PropagatorId p, std::vector<Lit>& facts);

}  // namespace csp::learning
