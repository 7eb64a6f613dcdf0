// The rule every reified propagator follows (reified.hpp, linear_reified.hpp), written once.
//
// Given a literal L (a condition C, or its negation) with entailed(ctx), disentailed(ctx) and
// enforce(ctx, want) (make L hold when want, its negation otherwise; false on a wipe-out):
// b = 1 enforces L; b = 0 enforces not L (b <-> L only); while b is open, a disentailed L fixes b
// to 0 and an entailed one (b <-> L only) fixes it to 1. b's candidates are cut to {0, 1} first.
// Once b is fixed and L (or not L) holds on every candidate, the constraint is subsumed.
#pragma once

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

}  // namespace csp
