#include "csp/constraints/reified.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "csp/constraints/binary.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/reify_rule.hpp"
#include "csp/constraints/detail/supports.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

constexpr Value kMin = std::numeric_limits<Value>::min();
constexpr Value kMax = std::numeric_limits<Value>::max();

// x REL y + offset with REL = or <=, negated when `negated`.
struct Binary {
  Var x, y;
  Comparison rel;  // equal or less_equal only
  std::int64_t offset;
  bool negated;
  // keep_matching's scratch marks on a multi-word x or y (the candidates that keep a match):
  // meaningless between two calls, so mutable like any scratch buffer of a const method
  mutable Supports kept_{};

  bool holds(std::int64_t a, std::int64_t b) const {
    return (rel == Comparison::equal ? a == b + offset : a <= b + offset) != negated;
  }
  // True when every pair of candidates satisfies the literal.
  bool entailed(const Context& ctx) const { return truth(ctx, true); }
  // True when no pair of candidates satisfies it.
  bool disentailed(const Context& ctx) const { return truth(ctx, false); }
  // Makes the literal (want) or its negation (!want) hold, arc consistently.
  bool enforce(Context& ctx, bool want) const {
    const bool positive = want != negated;  // x = y + o or x <= y + o, else != or >
    if (rel == Comparison::equal) return positive ? intersect(ctx) : differ(ctx);
    const std::int64_t o = offset;
    if (positive)
      return narrow(ctx, x, kMin, std::int64_t{ctx.max(y)} + o) && narrow(ctx, y, std::int64_t{ctx.min(x)} - o, kMax);
    return narrow(ctx, x, std::int64_t{ctx.min(y)} + o + 1, kMax) &&
           narrow(ctx, y, kMin, std::int64_t{ctx.max(x)} - o - 1);
  }

  // Learning (reify_rule.hpp's explain_reify).
  bool mentions(Var v) const { return v == x || v == y || x == y; }  // x REL x: not explained
  // <=: the bounds that decide it (the other side's weakened to the least that does); =: both
  // values, or disjoint candidates.
  bool explain_decided(const PastDomains& at, bool want, std::vector<Lit>& reason) const {
    const bool positive = want != negated;  // x = y + o (x <= y + o) on every pair, or on none
    const std::int64_t o = offset;
    if (rel == Comparison::equal) {
      if (!positive) return detail::disjoint(at, x, y, reason, -o);
      if (!at.fixed(x) || !at.fixed(y) || at.min(x) != at.min(y) + o) return false;
      reason.push_back(Lit::eq(x, at.min(x)));
      reason.push_back(Lit::eq(y, at.min(y)));
      return true;
    }
    if (positive) {  // max x <= min y + o
      if (at.max(x) > at.min(y) + o) return false;
      reason.push_back(Lit::le(x, at.max(x)));
      if (at.max(x) - o > kMinValue) reason.push_back(Lit::ge(y, static_cast<Value>(at.max(x) - o)));
      return true;
    }
    if (at.min(x) <= at.max(y) + o) return false;  // min x > max y + o
    reason.push_back(Lit::ge(x, at.min(x)));
    if (at.min(x) - o - 1 < kMaxValue) reason.push_back(Lit::le(y, static_cast<Value>(at.min(x) - o - 1)));
    return true;
  }
  // What enforce(want) did: binary.hpp's comparisons' explanations.
  bool explain_enforced(const PastDomains& at, bool want, Lit need, std::vector<Lit>& reason) const {
    const bool positive = want != negated;
    const std::int64_t o = offset;
    if (rel == Comparison::less_equal)  // x <= y + o, or y <= x - o - 1
      return positive ? detail::explain_less_equal(at, x, y, o, need, reason)
                      : detail::explain_less_equal(at, y, x, -o - 1, need, reason);
    const bool on_x = need.var == x;
    if (positive)
      return on_x ? detail::explain_shifted_equal(at, x, y, -o, need, reason)
                  : detail::explain_shifted_equal(at, y, x, o, need, reason);
    return on_x ? detail::explain_shifted_differ(at, x, y, -o, need, reason)
                : detail::explain_shifted_differ(at, y, x, o, need, reason);
  }

 private:
  bool truth(const Context& ctx, bool all) const {
    if (rel == Comparison::less_equal) {
      // x <= y + o holds for all pairs when max x <= min y + o, for none when min x > max y + o.
      const bool always = std::int64_t{ctx.max(x)} <= std::int64_t{ctx.min(y)} + offset;
      const bool never = std::int64_t{ctx.min(x)} > std::int64_t{ctx.max(y)} + offset;
      return all ? (negated ? never : always) : (negated ? always : never);
    }
    // x = y + o holds for all pairs when both are fixed and equal, for none when no candidates
    // meet; only the one asked for is worked out (the walk of shared() is the dear one).
    if (all != negated)
      return ctx.fixed(x) && ctx.fixed(y) && std::int64_t{ctx.value(x)} == std::int64_t{ctx.value(y)} + offset;
    return !shared(ctx);
  }
  // True when some candidate a of x has a - offset among y's candidates.
  bool shared(const Context& ctx) const {
    const Domains& d = ctx.domains();
    if (d.interval(x)) {  // walk y's candidates instead, unless both are intervals: then they overlap
      if (d.interval(y))
        return std::int64_t{ctx.min(x)} <= std::int64_t{ctx.max(y)} + offset &&
               std::int64_t{ctx.min(y)} + offset <= std::int64_t{ctx.max(x)};
      for (Value b = ctx.min(y); b != Domains::none; b = d.next(y, b)) {
        const std::int64_t a = std::int64_t{b} + offset;
        if (a >= kMin && a <= kMax && d.contains(x, static_cast<Value>(a))) return true;
      }
      return false;
    }
    for (Value a = ctx.min(x); a != Domains::none; a = d.next(x, a)) {
      const std::int64_t b = std::int64_t{a} - offset;
      if (b >= kMin && b <= kMax && d.contains(y, static_cast<Value>(b))) return true;
    }
    return false;
  }
  bool intersect(Context& ctx) const {
    for (bool changed = true; changed;) {
      changed = false;
      if (!keep_matching(ctx, 0, -offset, changed) || !keep_matching(ctx, 1, offset, changed)) return false;
    }
    return true;
  }
  // Removes the candidates a of v (x when side is 0, y when 1) with a + shift not among the
  // other's candidates (in the interval form, moves v's bounds to the nearest such candidates,
  // walking the other's when it has holes).
  bool keep_matching(Context& ctx, std::size_t side, std::int64_t shift, bool& changed) const {
    const Var v = side == 0 ? x : y, w = side == 0 ? y : x;
    const Domains& d = ctx.domains();
    if (d.interval(v)) return keep_shifted_bounds(ctx, v, w, shift, changed);
    const VarLayout& l = d.layout(v);
    if (l.words > 1) {  // one write for all the removals (a write each cost a domain summary: l2p1)
      const Var both[] = {x, y};
      kept_.reset(d, both);
      bool gone = false;
      d.for_each(v, [&](Value a) {
        const std::int64_t b = std::int64_t{a} + shift;
        if (b >= kMin && b <= kMax && d.contains(w, static_cast<Value>(b))) kept_.mark(side, a);
        else gone = true;
      });
      if (!gone) return true;
      changed = true;
      return kept_.prune(ctx, side, v);
    }
    bool ok = true;
    d.for_each(v, [&](Value a) {
      const std::int64_t b = std::int64_t{a} + shift;
      if (ok && (b < kMin || b > kMax || !d.contains(w, static_cast<Value>(b)))) {
        ok = ctx.remove(v, a);
        changed = true;
      }
    });
    return ok;
  }
  bool differ(Context& ctx) const {
    if (ctx.fixed(y)) {
      const std::int64_t a = std::int64_t{ctx.value(y)} + offset;
      if (a >= kMin && a <= kMax && !ctx.remove(x, static_cast<Value>(a))) return false;
    }
    if (ctx.fixed(x)) {
      const std::int64_t b = std::int64_t{ctx.value(x)} - offset;
      if (b >= kMin && b <= kMax && !ctx.remove(y, static_cast<Value>(b))) return false;
    }
    return true;
  }
  static bool narrow(Context& ctx, Var v, std::int64_t lo, std::int64_t hi) {
    if (lo > ctx.max(v) || hi < ctx.min(v)) return false;
    if (lo > ctx.min(v) && !ctx.remove_below(v, static_cast<Value>(lo))) return false;
    return hi >= ctx.max(v) || ctx.remove_above(v, static_cast<Value>(hi));
  }
};

class CompareReified final : public Propagator {
 public:
  CompareReified(Binary lit, Var b, Reify mode, std::string text)
      : Propagator({lit.x, lit.y, b}, Trigger::any), lit_(lit), mode_(mode), text_(std::move(text)) {}
  std::string name() const override { return text_; }
  bool satisfied(std::span<const Value> v) const override {
    if (v[2] != 0 && v[2] != 1) return false;
    const bool c = lit_.holds(v[0], v[1]);
    return mode_ == Reify::equivalent ? c == (v[2] == 1) : (v[2] == 0 || c);
  }
  PropStatus propagate(Context& ctx) override { return reify(ctx, scope()[2], mode_, lit_); }
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    return explain_reify(at, inferred, scope()[2], mode_, lit_, reason);
  }

 private:
  Binary lit_;
  Reify mode_;
  std::string text_;
};

// Sorted, merged ranges.
Ranges normalise(Ranges s) {
  for (auto& r : s)
    if (r.first > r.second) r = {1, 0};  // an empty range: dropped below
  s.erase(std::remove_if(s.begin(), s.end(), [](const auto& r) { return r.first > r.second; }), s.end());
  std::sort(s.begin(), s.end());
  Ranges out;
  for (const auto& r : s) {
    if (!out.empty() && std::int64_t{r.first} <= std::int64_t{out.back().second} + 1)
      out.back().second = std::max(out.back().second, r.second);
    else
      out.push_back(r);
  }
  return out;
}

// x in S (or not in S when negated).
struct Membership {
  Var x;
  Ranges set;  // normalised
  bool negated = false;

  bool in(Value a) const {
    auto it = std::upper_bound(set.begin(), set.end(), a, [](Value v, const auto& r) { return v < r.first; });
    return it != set.begin() && a <= std::prev(it)->second;
  }
  bool holds(Value a) const { return in(a) != negated; }
  bool entailed(const Context& ctx) const { return all(ctx, true); }
  bool disentailed(const Context& ctx) const { return all(ctx, false); }
  // Keeps the candidates for which the literal is `want`: removes what lies in S's ranges, or in
  // the gaps around them, so the cost follows the ranges and the values removed, not |x|.
  bool enforce(Context& ctx, bool want) const {
    if (ctx.domains().interval(x)) return enforce_bounds(ctx, want != negated);
    if (want == negated) {  // out of S
      for (const auto& r : set)
        if (!remove_span(ctx, r.first, r.second)) return false;
      return true;
    }
    if (set.empty()) return false;
    std::int64_t from = kMin;  // the gap before each range
    for (const auto& r : set) {
      if (!remove_span(ctx, from, std::int64_t{r.first} - 1)) return false;
      from = std::int64_t{r.second} + 1;
    }
    return remove_span(ctx, from, kMax);
  }

  // Learning (reify_rule.hpp's explain_reify).
  bool mentions(Var v) const { return v == x; }
  // No candidate of x where the literal is !want.
  bool explain_decided(const PastDomains& at, bool want, std::vector<Lit>& reason) const {
    const bool bad_in_s = want == negated;  // where the literal is !want: in S, or out of it
    const std::int64_t lo = at.min(x), hi = at.max(x);
    int holes = 0;
    for (auto v = next_with(lo - 1, true, bad_in_s); v && *v <= hi; v = next_with(*v, true, bad_in_s)) {
      if (at.contains(x, static_cast<Value>(*v)) || ++holes > 64) return false;
      reason.push_back(Lit::ne(x, static_cast<Value>(*v)));
    }
    // The weakest bounds that keep x off the nearest such values outside its range.
    const auto below = next_with(lo, false, bad_in_s), above = next_with(hi, true, bad_in_s);
    if (below && above && *below + 1 == *above - 1) {
      reason.push_back(Lit::eq(x, static_cast<Value>(*below + 1)));
      return true;
    }
    if (below && *below + 1 > kMinValue) reason.push_back(Lit::ge(x, static_cast<Value>(*below + 1)));
    if (above && *above - 1 < kMaxValue) reason.push_back(Lit::le(x, static_cast<Value>(*above - 1)));
    return true;
  }
  // enforce(want) removes the values where the literal is !want: a removal needs nothing more; a
  // bound passed over values where it is `want` names those x lacked (at most 64) and the weakest
  // bound below (above) them.
  bool explain_enforced(const PastDomains& at, bool want, Lit need, std::vector<Lit>& reason) const {
    const bool good_in_s = want != negated;
    switch (need.kind) {
      case Lit::Kind::ne: return in(need.value) != good_in_s;
      case Lit::Kind::eq:
        return in(need.value) == good_in_s && explain_enforced(at, want, Lit::ge(x, need.value), reason) &&
               explain_enforced(at, want, Lit::le(x, need.value), reason);
      case Lit::Kind::ge:
      case Lit::Kind::le: break;
    }
    const bool up = need.kind == Lit::Kind::le;  // the values to rule out lie above need's
    int holes = 0;
    for (auto v = next_with(need.value, up, good_in_s); v; v = next_with(*v, up, good_in_s)) {
      if (up ? *v > at.max(x) : *v < at.min(x)) {  // x's bound then rules out v and all past it
        if (up && *v - 1 < kMaxValue) reason.push_back(Lit::le(x, static_cast<Value>(*v - 1)));
        if (!up && *v + 1 > kMinValue) reason.push_back(Lit::ge(x, static_cast<Value>(*v + 1)));
        return true;
      }
      if (at.contains(x, static_cast<Value>(*v)) || ++holes > 64) return false;
      reason.push_back(Lit::ne(x, static_cast<Value>(*v)));
    }
    return true;
  }

 private:
  // The interval form, without listing its values: both bounds move to the nearest value that is
  // in S (inside) or out of it (!inside). The ranges are merged, so a range's neighbours are out.
  bool enforce_bounds(Context& ctx, bool inside) const {
    const Value lo = ctx.min(x), hi = ctx.max(x);
    std::int64_t first = lo, last = hi;
    // The range holding or following lo, and the one holding or preceding hi.
    const auto after = std::lower_bound(set.begin(), set.end(), lo, [](const auto& r, Value v) { return r.second < v; });
    const auto before = std::upper_bound(set.begin(), set.end(), hi, [](Value v, const auto& r) { return v < r.first; });
    if (inside) {
      if (after == set.end() || before == set.begin()) return false;
      first = std::max<std::int64_t>(lo, after->first);
      last = std::min<std::int64_t>(hi, std::prev(before)->second);
    } else {
      if (after != set.end() && after->first <= lo) first = std::int64_t{after->second} + 1;
      if (before != set.begin() && std::prev(before)->second >= hi) last = std::int64_t{std::prev(before)->first} - 1;
    }
    if (first > last) return false;
    return ctx.remove_below(x, static_cast<Value>(first)) && ctx.remove_above(x, static_cast<Value>(last));
  }

  // Removes x's candidates in [lo, hi]: a bound cut when the span reaches a bound, else one
  // removal per candidate found inside it.
  bool remove_span(Context& ctx, std::int64_t lo, std::int64_t hi) const {
    const Value min = ctx.min(x), max = ctx.max(x);
    lo = std::max<std::int64_t>(lo, min);
    hi = std::min<std::int64_t>(hi, max);
    if (lo > hi) return true;
    if (lo == min) return hi < max && ctx.remove_below(x, static_cast<Value>(hi + 1));
    if (hi == max) return ctx.remove_above(x, static_cast<Value>(lo - 1));
    const Domains& d = ctx.domains();
    for (Value c = d.next(x, static_cast<Value>(lo - 1)); c != Domains::none && c <= hi; c = d.next(x, c))
      if (!ctx.remove(x, c)) return false;
    return true;
  }
  // The nearest value strictly past a (above when `up`, else below) that is in S (in_s) or out of
  // it, inside int's range; nullopt when there is none.
  std::optional<std::int64_t> next_with(std::int64_t a, bool up, bool in_s) const {
    const std::int64_t v = up ? a + 1 : a - 1;
    if (v < kMin || v > kMax) return std::nullopt;
    if (in(static_cast<Value>(v)) == in_s) return v;
    // v is on the other side: jump over its range (in S) or its gap (out of S).
    const auto it = std::upper_bound(set.begin(), set.end(), static_cast<Value>(v),
                                     [](Value u, const auto& r) { return u < r.first; });
    if (!in_s) {  // v lies in the range before `it`
      const auto& r = *std::prev(it);
      if (up ? r.second == kMax : r.first == kMin) return std::nullopt;
      return up ? std::int64_t{r.second} + 1 : std::int64_t{r.first} - 1;
    }
    if (up) return it == set.end() ? std::nullopt : std::optional<std::int64_t>(it->first);
    return it == set.begin() ? std::nullopt : std::optional<std::int64_t>(std::prev(it)->second);
  }

  // True when the literal is `want` on every candidate: no candidate out of S (in S, when the
  // wanted truth is "not in S"). Walks S's ranges and jumps over candidates with next(), so an
  // equality costs a lookup or two whatever the size of x.
  bool all(const Context& ctx, bool want) const {
    const Domains& d = ctx.domains();
    const Value min = ctx.min(x), max = ctx.max(x);
    auto it = std::lower_bound(set.begin(), set.end(), min, [](const auto& r, Value v) { return r.second < v; });
    if (want == negated) {  // no candidate in any range
      for (; it != set.end() && it->first <= max; ++it) {
        const Value a = std::max(it->first, min);
        if (d.contains(x, a)) return false;
        const Value c = d.next(x, a);
        if (c != Domains::none && c <= it->second) return false;
      }
      return true;
    }
    for (Value c = min;;) {  // c: a candidate; it: the first range that does not end below c
      while (it != set.end() && it->second < c) ++it;
      if (it == set.end() || c < it->first) return false;  // c lies outside S
      if (it->second >= max) return true;
      c = d.next(x, it->second);  // the first candidate past this range (it->second < max)
      if (c == Domains::none) return true;
    }
  }
};

class MemberReified final : public Propagator {
 public:
  MemberReified(Membership lit, std::vector<Var> scope, Reify mode)
      : Propagator(scope, watches(lit, scope)), lit_(std::move(lit)), mode_(mode) {}
  std::string name() const override { return scope().size() == 1 ? "member" : "member_reified"; }
  bool satisfied(std::span<const Value> v) const override {
    if (v.size() == 1) return lit_.holds(v[0]);
    if (v[1] != 0 && v[1] != 1) return false;
    const bool c = lit_.holds(v[0]);
    return mode_ == Reify::equivalent ? c == (v[1] == 1) : (v[1] == 0 || c);
  }
  PropStatus propagate(Context& ctx) override {
    if (scope().size() == 1) return lit_.enforce(ctx, true) ? PropStatus::fixpoint : PropStatus::failed;
    return reify(ctx, scope()[1], mode_, lit_);
  }
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (scope().size() > 1) return explain_reify(at, inferred, scope()[1], mode_, lit_, reason);
    return inferred == nullptr ? lit_.explain_decided(at, false, reason)
                               : lit_.explain_enforced(at, true, *inferred, reason);
  }

 private:
  Membership lit_;
  Reify mode_;

  // When x's changes can decide the literal (b wakes it on any change). S = {c} (x = c, x != c):
  // only when c leaves x or x becomes fixed, so x = c over a wide x is not run for every other
  // value x loses. S reaching down to kMin or up to kMax (x <= c): when a bound moves. Else on
  // any change. Without b (member), x is narrowed into S at the first run and S's ranges only
  // need a bound that lands in a gap moved on: bounds.
  static std::vector<Watch> watches(const Membership& lit, const std::vector<Var>& scope) {
    const Var x = scope[0];
    const Ranges& s = lit.set;
    std::vector<Watch> out;
    if (scope.size() == 1) {
      out.push_back(Watch::change(x, Trigger::bounds));
    } else if (s.size() == 1 && s[0].first == s[0].second) {
      out.push_back(Watch::removal(x, s[0].first));
      out.push_back(Watch::change(x, Trigger::fixed));
    } else if (s.size() == 1 && (s[0].first == kMin || s[0].second == kMax)) {
      out.push_back(Watch::change(x, Trigger::bounds));
    } else {
      out.push_back(Watch::change(x, Trigger::any));
    }
    if (scope.size() > 1) out.push_back(Watch::change(scope[1], Trigger::any));
    return out;
  }
};

const char* comparison_name(Comparison c) {
  static const char* names[] = {"=", "!=", "<=", "<"};
  return names[static_cast<int>(c)];
}

}  // namespace

std::unique_ptr<Propagator> compare_reified(Var x, Comparison relation, Var y, Value offset, Var b, Reify mode) {
  if (x == y) {  // x REL x + c is 0 REL c, for every x: b is that truth (b <->), or 0 when false (b ->)
    bool truth = false;
    switch (relation) {
      case Comparison::equal: truth = offset == 0; break;
      case Comparison::not_equal: truth = offset != 0; break;
      case Comparison::less_equal: truth = 0 <= offset; break;
      case Comparison::less: truth = 0 < offset; break;
    }
    const Value b_min = mode == Reify::equivalent && truth ? 1 : 0, b_max = truth ? 1 : 0;
    return member(b, {{b_min, b_max}});
  }
  Binary lit{x, y, Comparison::equal, offset, false};
  switch (relation) {
    case Comparison::equal: break;
    case Comparison::not_equal: lit.negated = true; break;
    case Comparison::less_equal: lit.rel = Comparison::less_equal; break;
    case Comparison::less:  // x < y + o  <=>  x <= y + o - 1
      lit.rel = Comparison::less_equal;
      lit.offset -= 1;
      break;
  }
  const std::string text = std::string("reified(x ") + comparison_name(relation) + " y + c)";
  return std::make_unique<CompareReified>(lit, b, mode, text);
}

std::unique_ptr<Propagator> compare_reified(Var x, Comparison relation, Value c, Var b, Reify mode) {
  Membership lit{x, {}, false};
  switch (relation) {
    case Comparison::equal: lit.set = {{c, c}}; break;
    case Comparison::not_equal:
      lit.set = {{c, c}};
      lit.negated = true;
      break;
    case Comparison::less_equal: lit.set = {{kMin, c}}; break;
    case Comparison::less:
      if (c == kMin) lit.set = {};
      else lit.set = {{kMin, c - 1}};
      break;
  }
  return std::make_unique<MemberReified>(std::move(lit), std::vector<Var>{x, b}, mode);
}

std::unique_ptr<Propagator> member(Var x, Ranges set) {
  return std::make_unique<MemberReified>(Membership{x, normalise(std::move(set)), false}, std::vector<Var>{x},
                                         Reify::equivalent);
}

std::unique_ptr<Propagator> member_reified(Var x, Ranges set, Var b, Reify mode) {
  return std::make_unique<MemberReified>(Membership{x, normalise(std::move(set)), false}, std::vector<Var>{x, b},
                                         mode);
}

}  // namespace csp
