#include "csp/constraints/extremum.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// m = min(xs) read through a sign: with sign -1 every value is negated, so min(-xs) = -max(xs)
// serves for max. The scope is (xs..., m).
class Extremum final : public Propagator {
 public:
  Extremum(std::vector<Var> scope, int sign) : Propagator(std::move(scope), Trigger::bounds), sign_(sign) {
    if (this->scope().size() < 2) throw std::invalid_argument("array_min/array_max: no variables");
  }
  std::string name() const override { return sign_ > 0 ? "array_min" : "array_max"; }
  bool satisfied(std::span<const Value> v) const override {
    const auto xs = v.first(v.size() - 1);
    return v.back() == (sign_ > 0 ? *std::min_element(xs.begin(), xs.end()) : *std::max_element(xs.begin(), xs.end()));
  }
  PropStatus propagate(Context& ctx) override {
    const std::size_t n = scope().size() - 1;
    const Var m = scope()[n];
    for (bool changed = true; changed;) {
      changed = false;
      std::int64_t least_lo = INT64_MAX, least_hi = INT64_MAX;
      for (std::size_t i = 0; i < n; ++i) {
        least_lo = std::min(least_lo, lo(ctx, scope()[i]));
        least_hi = std::min(least_hi, hi(ctx, scope()[i]));
      }
      if (!raise(ctx, m, least_lo, changed) || !lower(ctx, m, least_hi, changed)) return PropStatus::failed;
      const std::int64_t m_lo = lo(ctx, m), m_hi = hi(ctx, m);
      std::size_t below = n, below_count = 0;  // the xs that can still be at most m's maximum
      for (std::size_t i = 0; i < n; ++i) {
        if (!raise(ctx, scope()[i], m_lo, changed)) return PropStatus::failed;
        if (lo(ctx, scope()[i]) <= m_hi) {
          below = i;
          ++below_count;
        }
      }
      if (below_count == 0) return PropStatus::failed;
      if (below_count == 1 && !lower(ctx, scope()[below], m_hi, changed)) return PropStatus::failed;
    }
    return PropStatus::fixpoint;
  }

  // Through the sign, for min: m's least value rests on every x's least, its greatest on one x's
  // greatest; an x's least on m's least; the one x that can still be the minimum, its greatest, on
  // m's greatest and every other x above it. A failure: an x below m's least, or every x above
  // m's greatest. Each bound as weak as carries the inference.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t n = scope().size() - 1;
    const Var m = scope()[n];
    const auto xs = std::span<const Var>(scope()).first(n);
    if (std::find(xs.begin(), xs.end(), m) != xs.end()) return false;
    const auto lo = [&](Var v) { return sign_ > 0 ? std::int64_t{at.min(v)} : -std::int64_t{at.max(v)}; };
    const auto hi = [&](Var v) { return sign_ > 0 ? std::int64_t{at.max(v)} : -std::int64_t{at.min(v)}; };
    // lo(v) >= a, hi(v) <= a as literals; a bound back from the sign
    const auto lo_lit = [&](Var v, std::int64_t a) {
      return sign_ > 0 ? Lit::ge(v, static_cast<Value>(a)) : Lit::le(v, static_cast<Value>(-a));
    };
    const auto hi_lit = [&](Var v, std::int64_t a) {
      return sign_ > 0 ? Lit::le(v, static_cast<Value>(a)) : Lit::ge(v, static_cast<Value>(-a));
    };
    const auto real = [&](std::int64_t a) { return sign_ > 0 ? a : -a; };
    // m at most k, and every x but `skip` above it
    const auto all_above = [&](std::int64_t k, Var skip) {
      reason.push_back(hi_lit(m, k));
      for (Var x : xs) {
        if (x == skip) continue;
        if (lo(x) <= k) return false;
        reason.push_back(lo_lit(x, k + 1));
      }
      return true;
    };
    if (inferred == nullptr) {
      for (Var x : xs) {
        if (hi(x) < lo(m)) {
          reason.push_back(hi_lit(x, hi(x)));
          reason.push_back(lo_lit(m, hi(x) + 1));
          return true;
        }
      }
      return all_above(hi(m), Var{});
    }
    return detail::explain_by_bounds(at, *inferred, reason, [&](Lit need) {
      const Var v = need.var;
      const bool raise = (need.kind == Lit::Kind::ge) == (sign_ > 0);  // lo(v) >= a, else hi(v) <= a
      const std::int64_t a = sign_ > 0 ? std::int64_t{need.value} : -std::int64_t{need.value};
      if (v == m && raise) {  // every x at least a, or their least and the holes past it
        std::int64_t least = INT64_MAX;
        for (Var x : xs) least = std::min(least, lo(x));
        const std::int64_t k = std::min(least, a);
        for (Var x : xs) reason.push_back(lo_lit(x, k));
        return detail::reach_bound(at, need, real(k), reason);
      }
      if (v == m) {  // one x at most a, or the least greatest and the holes past it
        Var best = xs[0];
        for (Var x : xs)
          if (hi(x) < hi(best)) best = x;
        const std::int64_t k = std::max(hi(best), a);
        reason.push_back(hi_lit(best, k));
        return detail::reach_bound(at, need, real(k), reason);
      }
      if (raise) {
        const std::int64_t k = std::min(lo(m), a);
        reason.push_back(lo_lit(m, k));
        return detail::reach_bound(at, need, real(k), reason);
      }
      // m at most k and the others above: k as near a as the others' least values let it be
      std::int64_t others = INT64_MAX;
      for (Var x : xs)
        if (x != v) others = std::min(others, lo(x));
      const std::int64_t k = std::max(hi(m), std::min(a, others - 1));
      return all_above(k, v) && detail::reach_bound(at, need, real(k), reason);
    });
  }

 private:
  // Bounds as seen through the sign.
  std::int64_t lo(const Context& ctx, Var v) const { return sign_ > 0 ? ctx.min(v) : -std::int64_t{ctx.max(v)}; }
  std::int64_t hi(const Context& ctx, Var v) const { return sign_ > 0 ? ctx.max(v) : -std::int64_t{ctx.min(v)}; }
  // Makes lo(v) >= a; false on a wipe-out.
  bool raise(Context& ctx, Var v, std::int64_t a, bool& changed) const {
    if (lo(ctx, v) >= a) return true;
    if (hi(ctx, v) < a) return false;
    changed = true;
    return sign_ > 0 ? ctx.remove_below(v, static_cast<Value>(a)) : ctx.remove_above(v, static_cast<Value>(-a));
  }
  // Makes hi(v) <= a; false on a wipe-out.
  bool lower(Context& ctx, Var v, std::int64_t a, bool& changed) const {
    if (hi(ctx, v) <= a) return true;
    if (lo(ctx, v) > a) return false;
    changed = true;
    return sign_ > 0 ? ctx.remove_above(v, static_cast<Value>(a)) : ctx.remove_below(v, static_cast<Value>(-a));
  }

  int sign_;
};

std::vector<Var> xs_then(std::vector<Var> xs, Var m) {
  xs.push_back(m);
  return xs;
}

}  // namespace

std::unique_ptr<Propagator> array_min(std::vector<Var> xs, Var m) {
  return std::make_unique<Extremum>(xs_then(std::move(xs), m), 1);
}
std::unique_ptr<Propagator> array_max(std::vector<Var> xs, Var m) {
  return std::make_unique<Extremum>(xs_then(std::move(xs), m), -1);
}

}  // namespace csp
