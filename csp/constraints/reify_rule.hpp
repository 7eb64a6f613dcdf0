// The rule every reified propagator follows (reified.hpp, linear_reified.hpp), written once.
//
// Given a literal L (a condition C, or its negation) with entailed(ctx), disentailed(ctx) and
// enforce(ctx, want) (make L hold when want, its negation otherwise; false on a wipe-out):
// b = 1 enforces L; b = 0 enforces not L (b <-> L only); while b is open, a disentailed L fixes b
// to 0 and an entailed one (b <-> L only) fixes it to 1. b's candidates are cut to {0, 1} first.
#pragma once

#include "csp/constraints/reified.hpp"
#include "csp/engine.hpp"

namespace csp {

template <class Literal>
PropStatus reify(Context& ctx, Var b, Reify mode, Literal& lit) {
  if (!ctx.remove_below(b, 0) || !ctx.remove_above(b, 1)) return PropStatus::failed;
  const bool equivalent = mode == Reify::equivalent;
  if (!ctx.fixed(b)) {
    if (lit.disentailed(ctx)) {
      if (!ctx.assign(b, 0)) return PropStatus::failed;
    } else if (equivalent && lit.entailed(ctx)) {
      return ctx.assign(b, 1) ? PropStatus::fixpoint : PropStatus::failed;
    } else {
      return PropStatus::fixpoint;
    }
  }
  if (ctx.value(b) == 1) return lit.enforce(ctx, true) ? PropStatus::fixpoint : PropStatus::failed;
  if (!equivalent) return PropStatus::fixpoint;
  return lit.enforce(ctx, false) ? PropStatus::fixpoint : PropStatus::failed;
}

}  // namespace csp
