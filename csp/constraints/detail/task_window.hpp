// Internal to csp/constraints/: the windows of scheduling tasks as the explanations of the
// disjunctive and cumulative propagators read them in the past domains (Propagator::explain),
// on either side: mirrored, time t is read as -t, so latest completions become earliest starts
// and one proof serves both bounds of a start.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>

#include "csp/kernel/literal.hpp"
#include "csp/kernel/propagator.hpp"

namespace csp::detail {

/// A task that surely takes part: its window [est, lct) for its least duration p, its least use c
/// (1 on a unary resource), and its index k in the propagator's task list.
struct TaskWindow {
  long est = 0, lct = 0, p = 0, c = 1;
  std::size_t k = 0;
};

/// v within the Value range: a bound literal clipped there still held where it did.
inline Value clip(long v) { return static_cast<Value>(std::clamp<long>(v, kMinValue, kMaxValue)); }

/// The window of a task whose start s lies in [lo, hi], in the orientation.
inline TaskWindow window(long lo, long hi, long p, long c, std::size_t k, bool mirrored) {
  return mirrored ? TaskWindow{-(hi + p), -lo, p, c, k} : TaskWindow{lo, hi + p, p, c, k};
}

/// The fact, in the orientation, that the task of start s starts at e or later.
inline Lit starts_from(Var s, const TaskWindow& t, long e, bool mirrored) {
  return mirrored ? Lit::le(s, clip(-e - t.p)) : Lit::ge(s, clip(e));
}

/// The fact, in the orientation, that the task of start s ends by l (for its least duration).
inline Lit ends_by(Var s, const TaskWindow& t, long l, bool mirrored) {
  return mirrored ? Lit::ge(s, clip(-l)) : Lit::le(s, clip(l - t.p));
}

/// The bound a rule must prove for b ([s >= v] or [s <= v], not yet true in `at`) on a start
/// that may have holes: the write that made b may have stepped over holes past the rule's bound,
/// so the candidate of s nearest b on the near side, plus one step (reach_bound adds the holes).
/// False when more than 64 holes lie between.
inline bool proof_target(const PastDomains& at, Var s, Lit b, long& target) {
  const long step = b.kind == Lit::Kind::le ? 1 : -1, end = step > 0 ? at.max(s) : at.min(s);
  long h = long{b.value} + step;
  while (h != end && !at.contains(s, static_cast<Value>(h))) {
    h += step;
    if (std::abs(h - b.value) > 64) return false;
  }
  target = h - step;
  return true;
}

}  // namespace csp::detail
