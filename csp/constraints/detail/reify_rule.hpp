// The rule every reified propagator follows (reified.hpp, linear_reified.hpp), written once.
//
// Given a literal L (a condition C, or its negation) with entailed(ctx), disentailed(ctx) and
// enforce(ctx, want) (make L hold when want, its negation otherwise; false on a wipe-out):
// b = 1 enforces L; b = 0 enforces not L (b <-> L only); while b is open, a disentailed L fixes b
// to 0 and an entailed one (b <-> L only) fixes it to 1. b's candidates are cut to {0, 1} first.
// Once b is fixed and L (or not L) holds on every candidate, the constraint is subsumed.
//
// Learning explains the rule (explain_reify) through two more members of the literal:
// explain_decided(at, want, reason), why L was `want` on every candidate in `at` (false when it
// was not), and explain_enforced(at, want, need, reason), why enforcing L (want) or not L made
// `need` true, or failed (need == nullptr).
#pragma once

#include <vector>

#include "csp/constraints/reified.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {

// Makes L `want` and reports subsumed when it is then decided on every candidate (an enforcement
// that cannot remove interior values, on the interval form, may leave it open).
template <class Literal>
PropStatus settle(Context& ctx, const Literal& lit, bool want) {
  if (!lit.enforce(ctx, want)) return PropStatus::failed;
  return (want ? lit.entailed(ctx) : lit.disentailed(ctx)) ? PropStatus::subsumed : PropStatus::fixpoint;
}

template <class Literal>
PropStatus reify(Context& ctx, Var b, Reify mode, Literal& lit) {
  if (!ctx.remove_below(b, 0) || !ctx.remove_above(b, 1)) return PropStatus::failed;
  const bool equivalent = mode == Reify::equivalent;
  if (!ctx.fixed(b)) {
    // b = 0 with L false on every candidate satisfies both b <-> L and b -> L.
    if (lit.disentailed(ctx)) return ctx.assign(b, 0) ? PropStatus::subsumed : PropStatus::failed;
    if (equivalent && lit.entailed(ctx)) return ctx.assign(b, 1) ? PropStatus::subsumed : PropStatus::failed;
    return PropStatus::fixpoint;
  }
  if (ctx.value(b) == 1) return settle(ctx, lit, true);
  if (!equivalent) return PropStatus::subsumed;  // b = 0: b -> L holds whatever L
  return settle(ctx, lit, false);
}

// Propagator::explain for reify(): b's value rests on L's being decided (b's cut to {0, 1} on
// nothing: the constraint holds it); an inference on L's variables, or a failure, on b's value and
// what enforcing L then says. False where it cannot say (b among L's variables, b outside {0, 1}).
template <class Literal>
bool explain_reify(const PastDomains& at, const Lit* inferred, Var b, Reify mode, const Literal& lit,
                   std::vector<Lit>& reason) {
  if (lit.mentions(b)) return false;
  const bool equivalent = mode == Reify::equivalent;
  if (inferred != nullptr && inferred->var == b) {
    const bool by0 = satisfied_by(*inferred, 0), by1 = satisfied_by(*inferred, 1);
    if (by0 && by1) return true;  // b in {0, 1}: the constraint alone
    if (by0 == by1) return false;
    // b = 0 (b = 1): b's own bound, or L false (true, under b <-> L)
    const Lit own = by0 ? Lit::le(b, 0) : Lit::ge(b, 1);
    if (at.holds(own)) {
      reason.push_back(own);
      return true;
    }
    return (by0 || equivalent) && lit.explain_decided(at, by1, reason);
  }
  // An enforcement, or its failure: b was fixed (to 1, or to 0 under b <-> L).
  const bool one = at.min(b) >= 1 && at.max(b) <= 1, zero = at.min(b) >= 0 && at.max(b) <= 0;
  if (!one && !(zero && equivalent)) return false;
  reason.push_back(one ? Lit::ge(b, 1) : Lit::le(b, 0));
  if (inferred == nullptr) return lit.explain_decided(at, !one, reason);  // L could not be made `one`
  return lit.explain_enforced(at, one, *inferred, reason);
}

}  // namespace csp
