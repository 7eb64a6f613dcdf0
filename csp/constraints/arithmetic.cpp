#include "csp/constraints/arithmetic.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "csp/constraints/extremum.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/supports.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

enum class ArithOp : std::uint8_t { times, divide, modulo, absolute, minimum, maximum, power };

constexpr std::int64_t kLow = std::numeric_limits<Value>::min();
constexpr std::int64_t kHigh = std::numeric_limits<Value>::max();

// a^b for b >= 0, or nullopt once it leaves int32 (a later factor cannot bring it back unless a
// is 0 or +-1, which are answered first).
std::optional<std::int64_t> int_pow(std::int64_t a, std::int64_t b) {
  if (b == 0) return 1;
  if (a == 0 || a == 1) return a;
  if (a == -1) return b % 2 == 0 ? 1 : -1;
  std::int64_t r = 1;
  for (std::int64_t k = 0; k < b; ++k) {
    r *= a;  // |r| <= 2^31 before, |a| <= 2^31: no 64-bit overflow
    if (r < kLow || r > kHigh) return std::nullopt;
  }
  return r;
}

// a^b for b < 0, as MiniZinc's int_pow: 1 div a^|b|, so 1 for a = 1, +-1 for a = -1 and 0 for any
// other a but 0, where it is a division by zero (nullopt: no solution).
std::optional<std::int64_t> int_pow_negative(std::int64_t a, std::int64_t b) {
  if (a == 0) return std::nullopt;
  if (a == 1) return 1;
  if (a == -1) return b % 2 == 0 ? 1 : -1;
  return 0;
}

// f(a, b), or nullopt where it is undefined (division by zero, 0 to a negative power).
std::optional<std::int64_t> apply(ArithOp op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case ArithOp::times: return a * b;
    case ArithOp::divide: return b == 0 ? std::nullopt : std::optional<std::int64_t>(a / b);
    case ArithOp::modulo: return b == 0 ? std::nullopt : std::optional<std::int64_t>(a % b);
    case ArithOp::absolute: return a < 0 ? -a : a;
    case ArithOp::minimum: return a < b ? a : b;
    case ArithOp::maximum: return a > b ? a : b;
    case ArithOp::power: return b < 0 ? int_pow_negative(a, b) : int_pow(a, b);
  }
  return std::nullopt;
}

using Interval = std::pair<std::int64_t, std::int64_t>;

// The least and greatest products of a in [al, ah] and b in [bl, bh] (at the corners).
Interval product_hull(std::int64_t al, std::int64_t ah, std::int64_t bl, std::int64_t bh) {
  const std::int64_t c[] = {al * bl, al * bh, ah * bl, ah * bh};
  return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return -floor_div(-a, b); }

// The integers a / b can reach for a in [min n, max n] and b in [min d, max d] without 0 (taken
// apart into its negative and positive parts, on each of which the quotient is monotone, so its
// extremes are at corners): rounded inward when `truncate` is false (x = z / y must be exact),
// toward zero when it is (z = x div y).
Interval quotient_hull(const Context& ctx, Var n, Var d, bool truncate) {
  const std::int64_t nl = ctx.min(n), nh = ctx.max(n), dl = ctx.min(d), dh = ctx.max(d);
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  auto part = [&](std::int64_t l, std::int64_t h) {
    if (l > h) return;
    for (std::int64_t a : {nl, nh})
      for (std::int64_t b : {l, h}) {
        lo = std::min(lo, truncate ? a / b : ceil_div(a, b));
        hi = std::max(hi, truncate ? a / b : floor_div(a, b));
      }
  };
  part(dl, std::min<std::int64_t>(dh, -1));
  part(std::max<std::int64_t>(dl, 1), dh);
  return {lo, hi};  // empty (lo > hi) when d can only be 0
}

// Cuts v to [lo, hi]; false on a wipe-out. Sets `changed` when a bound moved.
bool narrow(Context& ctx, Var v, Interval range, bool& changed) {
  const auto [lo, hi] = range;
  if (lo > ctx.max(v) || hi < ctx.min(v)) return false;
  const Value old_min = ctx.min(v), old_max = ctx.max(v);
  if (lo > old_min && !ctx.remove_below(v, static_cast<Value>(lo))) return false;
  if (hi < ctx.max(v) && !ctx.remove_above(v, static_cast<Value>(hi))) return false;
  changed = changed || ctx.min(v) != old_min || ctx.max(v) != old_max;
  return true;
}

bool drop_zero(Context& ctx, Var v, bool& changed) {
  if (!ctx.contains(v, 0)) return true;
  changed = true;
  return ctx.remove(v, 0);
}

const char* op_name(ArithOp op) {
  static const char* names[] = {"times", "div", "mod", "abs", "min", "max", "pow"};
  return names[static_cast<int>(op)];
}

// z = f(x, y) over the scope (x, y, z), or z = f(x) over (x, z) for a unary f.
class Arithmetic final : public Propagator {
 public:
  Arithmetic(ArithOp op, std::vector<Var> scope, std::int64_t max_pairs)
      : Propagator(std::move(scope), Trigger::any), op_(op), max_pairs_(max_pairs) {
    if (op == ArithOp::minimum) extremum_ = array_min({this->scope()[0], this->scope()[1]}, this->scope()[2]);
    if (op == ArithOp::maximum) extremum_ = array_max({this->scope()[0], this->scope()[1]}, this->scope()[2]);
  }

  std::string name() const override { return op_name(op_); }

  bool satisfied(std::span<const Value> v) const override {
    const std::optional<std::int64_t> r = apply(op_, v[0], unary() ? 0 : v[1]);
    return r && *r == v.back();
  }

  PropStatus propagate(Context& ctx) override {
    const Var x = scope()[0], z = scope().back();
    const Var y = unary() ? x : scope()[1];
    const std::int64_t pairs = std::int64_t{ctx.size(x)} * (unary() ? 1 : ctx.size(y));
    if (pairs > max_pairs_ || wide(ctx, x) || wide(ctx, y)) return propagate_bounds(ctx);
    const bool extremum = extremum_ && x != y && z != x && z != y;
    // Over three domains without holes the supports of each variable are an interval too, so
    // bounds reasoning prunes exactly what the enumeration would, at no cost per value
    // (cyclic-rcpsp's int_max chains over 631 values spent 9% of a learning search enumerating).
    if (extremum && holeless(ctx, x) && holeless(ctx, y) && holeless(ctx, z)) return propagate_bounds(ctx);
    const Domains& d = ctx.domains();
    supports_.reset(d, scope());
    if (extremum) return propagate_extremum(ctx);
    const std::size_t zi = scope().size() - 1;
    d.for_each(x, [&](Value a) {
      auto try_pair = [&](Value b) {
        if (!unary() && y == x && b != a) return;  // x * x = z and the like: one value for both
        const std::optional<std::int64_t> r = apply(op_, a, b);
        if (r && ((z == x && *r != a) || (!unary() && z == y && *r != b))) return;
        if (!r || *r < kLow || *r > kHigh || !d.contains(z, static_cast<Value>(*r))) return;
        supports_.mark(0, a);
        if (!unary()) supports_.mark(1, b);
        supports_.mark(zi, static_cast<Value>(*r));
      };
      if (unary()) try_pair(0);
      else d.for_each(y, try_pair);
    });
    for (std::size_t i = 0; i < scope().size(); ++i)
      if (!supports_.prune(ctx, i, scope()[i])) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

  // min and max explain as array_min / array_max. The others: a value leaves a variable when no
  // values within the other variables' bounds support it (all that bounds reasoning removes, and
  // much of what the enumeration does); those bounds explain it. A failure: a variable none of
  // whose candidates (at most 64) the others' bounds support. The default where holes of the
  // others matter, and for a variable twice in the scope.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (extremum_) return extremum_->explain(at, inferred, reason);
    const std::vector<Var>& s = scope();
    if (s[0] == s.back() || (!unary() && (s[0] == s[1] || s[1] == s[2]))) return false;
    const std::int64_t xl = at.min(s[0]), xh = at.max(s[0]);
    const std::int64_t yl = unary() ? 0 : at.min(s[1]), yh = unary() ? 0 : at.max(s[1]);
    const std::int64_t zl = at.min(s.back()), zh = at.max(s.back());
    std::int64_t budget = 1 << 14;  // pairs tried, over every value asked about
    // True when some a in [xl, xh], b in [yl, yh], with the one at position p set to c, makes
    // f(a, b) within [zl, zh] (equal to c when p is z's); also once the budget runs out, as
    // nothing is proved then.
    const auto supported = [&](std::size_t p, std::int64_t c) {
      const bool on_z = p == s.size() - 1;
      const std::int64_t al = p == 0 ? c : xl, ah = p == 0 ? c : xh;
      const std::int64_t bl = p == 1 && !on_z ? c : yl, bh = p == 1 && !on_z ? c : yh;
      if ((ah - al + 1) * (bh - bl + 1) > budget) return true;
      budget -= (ah - al + 1) * (bh - bl + 1);
      for (std::int64_t a = al; a <= ah; ++a)
        for (std::int64_t b = bl; b <= bh; ++b) {
          const std::optional<std::int64_t> r = apply(op_, a, b);
          if (r && (on_z ? *r == c : zl <= *r && *r <= zh)) return true;
        }
      return false;
    };
    const auto others = [&](std::size_t p) {
      for (std::size_t k = 0; k < s.size(); ++k) {
        if (k == p) continue;
        reason.push_back(Lit::ge(s[k], at.min(s[k])));
        reason.push_back(Lit::le(s[k], at.max(s[k])));
      }
    };
    if (inferred == nullptr) {
      for (std::size_t p = 0; p < s.size(); ++p) {
        const Var v = s[p];
        if (std::int64_t{at.max(v)} - at.min(v) > 64) continue;
        const std::size_t before = reason.size();
        reason.push_back(Lit::ge(v, at.min(v)));
        reason.push_back(Lit::le(v, at.max(v)));
        bool none = true;
        for (std::int64_t c = at.min(v); none && c <= at.max(v); ++c) {
          if (!at.contains(v, static_cast<Value>(c))) reason.push_back(Lit::ne(v, static_cast<Value>(c)));
          else none = !supported(p, c);
        }
        if (none) {
          others(p);
          return true;
        }
        reason.resize(before);
      }
      return false;
    }
    const auto p = static_cast<std::size_t>(std::find(s.begin(), s.end(), inferred->var) - s.begin());
    if (p == s.size()) return false;
    if (!detail::each_removal(at, *inferred, reason, [&](Value c) { return !supported(p, c); })) return false;
    others(p);
    return true;
  }

 private:
  bool unary() const { return scope().size() == 2; }

  // An interval-form operand with more candidates than kArithmeticIntervalValues is not
  // enumerated: its interior cannot be pruned anyway, and walking it every propagation costs
  // what bounds reasoning does not (tdtsp's x div 360 over 0..23039).
  static bool wide(const Context& ctx, Var v) {
    return ctx.domains().interval(v) && ctx.size(v) > kArithmeticIntervalValues;
  }

  static bool holeless(const Context& ctx, Var v) {
    return std::int64_t{ctx.max(v)} - ctx.min(v) + 1 == ctx.size(v);
  }

  // Above the enumeration limit: only a complete assignment is judged.
  PropStatus check_fixed(const Context& ctx) const {
    Value v[3];
    for (std::size_t i = 0; i < scope().size(); ++i) {
      if (!ctx.fixed(scope()[i])) return PropStatus::fixpoint;
      v[i] = ctx.value(scope()[i]);
    }
    return satisfied(std::span<const Value>(v, scope().size())) ? PropStatus::fixpoint : PropStatus::failed;
  }

  // min and max without enumerating pairs: one pass over each domain, O(|x| + |y| + |z|) (fast-food's
  // int_min over a few hundred values each spent 90% of its time in the pair enumeration). For
  // z = min(x, y): c in z is supported iff c is in x with max y >= c, or in y with max x >= c; a in x
  // iff a is in z with max y >= a (y takes a larger value), or some b < a of y is in z (then z = b).
  // max is the mirror image. Domain consistent, as the enumeration; x, y, z are distinct variables.
  PropStatus propagate_extremum(Context& ctx) {
    const Domains& d = ctx.domains();
    const Var x = scope()[0], y = scope()[1], z = scope()[2];
    const bool is_min = op_ == ArithOp::minimum;
    // `beyond(a, b)`: a lies past b on the side the extremum does not take (greater for min)
    auto beyond = [is_min](std::int64_t a, std::int64_t b) { return is_min ? a >= b : a <= b; };
    const std::int64_t x_far = is_min ? ctx.max(x) : ctx.min(x), y_far = is_min ? ctx.max(y) : ctx.min(y);
    // the value of `v` in z nearest the side the extremum takes (least for min), or none
    auto nearest_in_z = [&](Var v) -> std::optional<std::int64_t> {
      std::optional<std::int64_t> best;
      d.for_each(v, [&](Value b) {
        if (d.contains(z, b) && (!best || (is_min ? b < *best : b > *best))) best = b;
      });
      return best;
    };
    const std::optional<std::int64_t> x_in_z = nearest_in_z(x), y_in_z = nearest_in_z(y);
    // a candidate `a` of `v` (the other operand's far bound `other_far`, its nearest value in z
    // `other_in_z`) and the matching candidate of z
    auto mark_operand = [&](std::size_t i, Var v, std::int64_t other_far, std::optional<std::int64_t> other_in_z) {
      d.for_each(v, [&](Value a) {
        const bool z_is_a = d.contains(z, a) && beyond(other_far, a);
        if (z_is_a) supports_.mark(2, a);
        if (z_is_a || (other_in_z && (is_min ? *other_in_z < a : *other_in_z > a))) supports_.mark(i, a);
      });
    };
    mark_operand(0, x, y_far, y_in_z);
    mark_operand(1, y, x_far, x_in_z);
    for (std::size_t i = 0; i < 3; ++i)
      if (!supports_.prune(ctx, i, scope()[i])) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

  // The path for domains too wide to enumerate (see the header).
  PropStatus propagate_bounds(Context& ctx) {
    if (extremum_) return extremum_->propagate(ctx);
    const Var x = scope()[0], z = scope().back();
    const Var y = unary() ? x : scope()[1];
    bool changed = false, ok = true;
    switch (op_) {
      case ArithOp::times:
        ok = narrow(ctx, z, product_hull(ctx.min(x), ctx.max(x), ctx.min(y), ctx.max(y)), changed);
        if (ok && !ctx.contains(z, 0)) ok = drop_zero(ctx, x, changed) && drop_zero(ctx, y, changed);
        if (ok && !ctx.contains(y, 0)) ok = narrow(ctx, x, quotient_hull(ctx, z, y, false), changed);
        if (ok && !ctx.contains(x, 0)) ok = narrow(ctx, y, quotient_hull(ctx, z, x, false), changed);
        break;
      case ArithOp::divide: {
        ok = drop_zero(ctx, y, changed) && narrow(ctx, z, quotient_hull(ctx, x, y, true), changed);
        if (!ok) break;
        // x = z * y + r with |r| <= m and r of x's sign: a positive x lies in [min zy, max zy + m],
        // a negative one in [min zy - m, max zy], 0 only where zy can be 0
        const std::int64_t m = std::max(-std::int64_t{ctx.min(y)}, std::int64_t{ctx.max(y)}) - 1;
        const auto [pl, ph] = product_hull(ctx.min(z), ctx.max(z), ctx.min(y), ctx.max(y));
        ok = narrow(ctx, x, {ctx.min(x) < 0 ? pl - m : pl, ctx.max(x) > 0 ? ph + m : ph}, changed);
        break;
      }
      case ArithOp::modulo: {
        ok = drop_zero(ctx, y, changed);
        if (!ok) break;
        const std::int64_t m = std::max(-std::int64_t{ctx.min(y)}, std::int64_t{ctx.max(y)}) - 1;  // |z| <= m
        const std::int64_t lo = ctx.min(x) >= 0 ? 0 : std::max<std::int64_t>(ctx.min(x), -m);
        const std::int64_t hi = ctx.max(x) <= 0 ? 0 : std::min<std::int64_t>(ctx.max(x), m);
        ok = narrow(ctx, z, {lo, hi}, changed);
        break;
      }
      case ArithOp::absolute: {
        const std::int64_t xl = ctx.min(x), xh = ctx.max(x);
        const std::int64_t lo = xl >= 0 ? xl : xh <= 0 ? -xh : 0;
        ok = narrow(ctx, z, {lo, std::max(-xl, xh)}, changed) &&
             narrow(ctx, x, {-std::int64_t{ctx.max(z)}, ctx.max(z)}, changed);
        if (!ok) break;
        const std::int64_t zl = ctx.min(z);  // no x in (-zl, zl): a bound inside jumps across
        if (ctx.min(x) > -zl) ok = narrow(ctx, x, {zl, kHigh}, changed);
        if (ok && ctx.max(x) < zl) ok = narrow(ctx, x, {kLow, -zl}, changed);
        break;
      }
      default: break;  // power: checked below
    }
    if (!ok) return PropStatus::failed;
    if (changed) return PropStatus::not_fixpoint;
    return check_fixed(ctx);
  }

  ArithOp op_;
  std::int64_t max_pairs_;
  std::unique_ptr<Propagator> extremum_;  // min and max: extremum.hpp's propagator on (x, y, z)
  Supports supports_;
};

std::unique_ptr<Propagator> make(ArithOp op, std::vector<Var> scope, std::int64_t max_pairs) {
  return std::make_unique<Arithmetic>(op, std::move(scope), max_pairs);
}

}  // namespace

using Made = std::unique_ptr<Propagator>;

Made times(Var x, Var y, Var z, std::int64_t max_pairs) { return make(ArithOp::times, {x, y, z}, max_pairs); }
Made divide(Var x, Var y, Var z, std::int64_t max_pairs) { return make(ArithOp::divide, {x, y, z}, max_pairs); }
Made modulo(Var x, Var y, Var z, std::int64_t max_pairs) { return make(ArithOp::modulo, {x, y, z}, max_pairs); }
Made absolute(Var x, Var z, std::int64_t max_pairs) { return make(ArithOp::absolute, {x, z}, max_pairs); }
Made minimum(Var x, Var y, Var z, std::int64_t max_pairs) { return make(ArithOp::minimum, {x, y, z}, max_pairs); }
Made maximum(Var x, Var y, Var z, std::int64_t max_pairs) { return make(ArithOp::maximum, {x, y, z}, max_pairs); }
Made power(Var x, Var y, Var z, std::int64_t max_pairs) { return make(ArithOp::power, {x, y, z}, max_pairs); }

}  // namespace csp
