// Internal to csp/constraints/: what the propagators' explanations (Propagator::explain) share.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp::detail {

// The position of v in vars when it stands there exactly once; vars.size() when it is absent or
// repeated (an inference on a repeated variable is not tied to one position: explain() says no).
inline std::size_t once(std::span<const Var> vars, Var v) {
  std::size_t at = vars.size();
  for (std::size_t i = 0; i < vars.size(); ++i) {
    if (vars[i] != v) continue;
    if (at != vars.size()) return vars.size();
    at = i;
  }
  return at;
}

// A propagator proved the bound `proven` on need.var (a least value when need is [x >= v], a
// greatest when [x <= v]), from reasons already in `reason`; the write it made went further where
// holes lay past that bound. Adds the holes (as [x != v], which held in `at`) that carry `proven`
// to `need`; false when need is not a bound, or not reached that way (then explain() says no).
inline bool reach_bound(const PastDomains& at, Lit need, std::int64_t proven, std::vector<Lit>& reason) {
  const Var x = need.var;
  if (need.kind == Lit::Kind::ge) {
    if (proven >= need.value) return true;
    if (need.value - proven > 64) return false;
    for (auto v = static_cast<Value>(proven); v < need.value; ++v) {
      if (at.contains(x, v)) return false;
      reason.push_back(Lit::ne(x, v));
    }
    return true;
  }
  if (need.kind == Lit::Kind::le) {
    if (proven <= need.value) return true;
    if (proven - need.value > 64) return false;
    for (auto v = static_cast<Value>(proven); v > need.value; --v) {
      if (at.contains(x, v)) return false;
      reason.push_back(Lit::ne(x, v));
    }
    return true;
  }
  return false;
}

// A propagator proved [x != v] (x = need.var) from reasons already in `reason`. Removing v may
// have moved a bound or fixed x (the event says [x >= v + 1], or [x = w]); adds what x's domain in
// `at` lends to reach `need`. False when need does not follow that way.
inline bool removal_reaches(const PastDomains& at, Lit need, Value v, std::vector<Lit>& reason) {
  const Var x = need.var;
  switch (need.kind) {
    case Lit::Kind::ne: return need.value == v;
    case Lit::Kind::ge: {
      const Value lo = at.min(x);
      reason.push_back(Lit::ge(x, lo));
      return reach_bound(at, need, lo == v ? std::int64_t{v} + 1 : lo, reason);
    }
    case Lit::Kind::le: {
      const Value hi = at.max(x);
      reason.push_back(Lit::le(x, hi));
      return reach_bound(at, need, hi == v ? std::int64_t{v} - 1 : hi, reason);
    }
    case Lit::Kind::eq:
      return removal_reaches(at, Lit::ge(x, need.value), v, reason) && removal_reaches(at, Lit::le(x, need.value), v, reason);
  }
  return false;
}

// For a propagator that moves bounds only: explains `need` through bound(Lit), which explains a
// bound literal [x >= v] or [x <= v]. An [x != v] it made true by moving a bound over v is the
// bound just past v on one side or the other; an [x = v] it made by moving one bound onto v
// rests on the other bound, which held already.
template <class Bound>
bool explain_by_bounds(const PastDomains& at, Lit need, std::vector<Lit>& reason, Bound&& bound) {
  const Var x = need.var;
  const std::size_t before = reason.size();
  switch (need.kind) {
    case Lit::Kind::ge:
    case Lit::Kind::le: return bound(need);
    case Lit::Kind::ne:
      if (bound(Lit::ge(x, need.value + 1))) return true;
      reason.resize(before);
      return bound(Lit::le(x, need.value - 1));
    case Lit::Kind::eq:
      if (at.min(x) >= need.value) {
        reason.push_back(Lit::ge(x, at.min(x)));
        return bound(Lit::le(x, need.value));
      }
      if (at.max(x) <= need.value) {
        reason.push_back(Lit::le(x, at.max(x)));
        return bound(Lit::ge(x, need.value));
      }
      return false;
  }
  return false;
}

// Adds the fact that u is not a candidate of v in `at` (which must hold): a bound when u lies
// outside v's bounds, else the hole.
inline void absent(const PastDomains& at, Var v, Value u, std::vector<Lit>& reason) {
  if (u < at.min(v)) reason.push_back(Lit::ge(v, at.min(v)));
  else if (u > at.max(v)) reason.push_back(Lit::le(v, at.max(v)));
  else reason.push_back(Lit::ne(v, u));
}

// Adds why no candidate u of a has u + shift among b's candidates in `at` (with shift 0: a and b
// share none): their bounds, and where their ranges overlap, for each value the side that lacks it.
// False when the overlap is wider than 64 values.
inline bool disjoint(const PastDomains& at, Var a, Var b, std::vector<Lit>& reason, std::int64_t shift = 0) {
  const std::int64_t lo = std::max<std::int64_t>(at.min(a), at.min(b) - shift);
  const std::int64_t hi = std::min<std::int64_t>(at.max(a), at.max(b) - shift);
  if (hi - lo > 64) return false;
  if (lo > hi) {  // apart: one's greatest below the other's least
    const bool a_below = at.max(a) + shift < at.min(b);
    reason.push_back(Lit::le(a_below ? a : b, at.max(a_below ? a : b)));
    reason.push_back(Lit::ge(a_below ? b : a, at.min(a_below ? b : a)));
    return true;
  }
  for (Var v : {a, b}) {
    reason.push_back(Lit::ge(v, at.min(v)));
    reason.push_back(Lit::le(v, at.max(v)));
  }
  for (std::int64_t u = lo; u <= hi; ++u) {
    const auto w = static_cast<Value>(u), partner = static_cast<Value>(u + shift);  // both inside the bounds
    if (!at.contains(a, w)) reason.push_back(Lit::ne(a, w));
    else if (!at.contains(b, partner)) reason.push_back(Lit::ne(b, partner));
    else return false;
  }
  return true;
}

// An inference on x = inferred.var explained value by value, for a propagator that removes values
// one reason at a time: adds the bounds of x in `at` it rests on and the holes already there, and
// asks removal(v) for each candidate v of x in `at` that the inference took away (at most 64).
// False when removal() cannot say, or there are too many.
template <class Removal>
bool each_removal(const PastDomains& at, Lit inferred, std::vector<Lit>& reason, Removal&& removal) {
  const Var x = inferred.var;
  std::int64_t from = 0, to = -1;
  switch (inferred.kind) {
    case Lit::Kind::ne: from = to = inferred.value; break;
    case Lit::Kind::ge:
      from = at.min(x), to = std::int64_t{inferred.value} - 1;
      reason.push_back(Lit::ge(x, at.min(x)));
      break;
    case Lit::Kind::le:
      from = std::int64_t{inferred.value} + 1, to = at.max(x);
      reason.push_back(Lit::le(x, at.max(x)));
      break;
    case Lit::Kind::eq:
      from = at.min(x), to = at.max(x);
      reason.push_back(Lit::ge(x, at.min(x)));
      reason.push_back(Lit::le(x, at.max(x)));
      break;
  }
  if (to - from > 64) return false;
  for (std::int64_t v = from; v <= to; ++v) {
    if (inferred.kind == Lit::Kind::eq && v == inferred.value) continue;
    if (!at.contains(x, static_cast<Value>(v))) reason.push_back(Lit::ne(x, static_cast<Value>(v)));
    else if (!removal(static_cast<Value>(v))) return false;
  }
  return true;
}

// x <= y + c explained (x and y distinct): x's greatest value by y's, y's least by x's, each by the
// weakest bound that carries it, or by the bound it had and the holes past it.
inline bool explain_less_equal(const PastDomains& at, Var x, Var y, std::int64_t c, Lit need,
                               std::vector<Lit>& reason) {
  if (x == y) return false;
  return explain_by_bounds(at, need, reason, [&](Lit n) {
    if (n.var == x && n.kind == Lit::Kind::le) {
      const std::int64_t k = std::int64_t{n.value} - c;  // y <= k carries it
      if (at.max(y) <= k) {
        if (k < kMaxValue) reason.push_back(Lit::le(y, static_cast<Value>(k)));
        return true;
      }
      reason.push_back(Lit::le(y, at.max(y)));
      return reach_bound(at, n, std::int64_t{at.max(y)} + c, reason);
    }
    if (n.var == y && n.kind == Lit::Kind::ge) {
      const std::int64_t k = std::int64_t{n.value} + c;  // x >= k carries it
      if (at.min(x) >= k) {
        if (k > kMinValue) reason.push_back(Lit::ge(x, static_cast<Value>(k)));
        return true;
      }
      reason.push_back(Lit::ge(x, at.min(x)));
      return reach_bound(at, n, std::int64_t{at.min(x)} - c, reason);
    }
    return false;
  });
}

// v = w - shift explained (v's candidate u needs w's u + shift; v and w distinct): a bound of v by
// the weakest bound of w that carries it, else value by value by w's missing partners; a removal
// by the partner w lacks; a fixing by w's value, else as two bounds.
inline bool explain_shifted_equal(const PastDomains& at, Var v, Var w, std::int64_t shift, Lit need,
                                  std::vector<Lit>& reason) {
  if (v == w) return false;
  const auto lacks = [&](std::int64_t u) {  // w lacks u (nothing to say outside the value range)
    if (u < kMinValue || u > kMaxValue) return true;
    if (at.contains(w, static_cast<Value>(u))) return false;
    absent(at, w, static_cast<Value>(u), reason);
    return true;
  };
  const std::int64_t k = std::int64_t{need.value} + shift;  // need's value, on w's side
  switch (need.kind) {
    case Lit::Kind::ne: return lacks(k);
    case Lit::Kind::ge:
      if (at.min(w) >= k) {
        if (k > kMinValue) reason.push_back(Lit::ge(w, static_cast<Value>(k)));
        return true;
      }
      break;
    case Lit::Kind::le:
      if (at.max(w) <= k) {
        if (k < kMaxValue) reason.push_back(Lit::le(w, static_cast<Value>(k)));
        return true;
      }
      break;
    case Lit::Kind::eq:
      if (at.fixed(w) && at.min(w) == k) {
        reason.push_back(Lit::eq(w, at.min(w)));
        return true;
      }
      return explain_shifted_equal(at, v, w, shift, Lit::ge(v, need.value), reason) &&
             explain_shifted_equal(at, v, w, shift, Lit::le(v, need.value), reason);
  }
  return each_removal(at, need, reason, [&](Value u) { return lacks(std::int64_t{u} + shift); });
}

// v != w - shift explained (v's candidate u rules out w's u + shift; v and w distinct): a removal
// from v by w's value.
inline bool explain_shifted_differ(const PastDomains& at, Var v, Var w, std::int64_t shift, Lit need,
                                   std::vector<Lit>& reason) {
  if (v == w || !at.fixed(w)) return false;
  const std::int64_t u = std::int64_t{at.min(w)} - shift;
  if (u < kMinValue || u > kMaxValue) return false;
  reason.push_back(Lit::eq(w, at.min(w)));
  return removal_reaches(at, need, static_cast<Value>(u), reason);
}

// A failure because x has no value left: adds x's bounds and holes in `at` and asks removal(v) for
// each of its candidates then (at most 65 values). False, with `reason` as it was, when removal()
// cannot say for one of them or x is wider.
template <class Removal>
bool emptied(const PastDomains& at, Var x, std::vector<Lit>& reason, Removal&& removal) {
  if (at.max(x) - std::int64_t{at.min(x)} > 64) return false;
  const std::size_t before = reason.size();
  reason.push_back(Lit::ge(x, at.min(x)));
  reason.push_back(Lit::le(x, at.max(x)));
  for (Value w = at.min(x); w <= at.max(x); ++w) {
    if (!at.contains(x, w)) reason.push_back(Lit::ne(x, w));
    else if (!removal(w)) {
      reason.resize(before);
      return false;
    }
  }
  return true;
}

}  // namespace csp::detail
