#include "csp/constraints/linear_reified.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "csp/constraints/linear.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/reify_rule.hpp"
#include "csp/constraints/detail/wide_sum.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// In 128 bits: the coefficients are any int64, and even +-2^30 overflow 64 bits over nine terms at
// the edge of the range.
WideSum weighted_sum(const std::vector<std::int64_t>& c, std::span<const Value> v) {
  WideSum s = 0;
  for (std::size_t i = 0; i < c.size(); ++i) s += WideSum{c[i]} * v[i];
  return s;
}

class LinearNotEqual final : public Propagator {
 public:
  LinearNotEqual(std::vector<std::int64_t> c, std::vector<Var> x, std::int64_t rhs)
      : Propagator(std::move(x), Trigger::fixed), c_(std::move(c)), rhs_(rhs), wide_(!sums_fit_int64(c_, rhs_)) {
    if (c_.size() != scope().size()) throw std::invalid_argument("linear_not_equal: coefficients and variables differ");
  }
  std::string name() const override { return "linear(!=)"; }
  bool satisfied(std::span<const Value> v) const override { return weighted_sum(c_, v) != rhs_; }
  PropStatus propagate(Context& ctx) override { return wide_ ? run_wide(ctx) : run<std::int64_t>(ctx); }

  // A removal rests on the other variables' values; a failure on every value.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    WideSum rest = 0, k = 0;  // the fixed terms' sum; the open variable's total coefficient
    for (std::size_t i = 0; i < c_.size(); ++i) {
      const Var v = scope()[i];
      if (inferred != nullptr && v == inferred->var) {
        k += c_[i];
        continue;
      }
      if (c_[i] == 0) continue;
      if (!at.fixed(v)) return false;
      rest += WideSum{c_[i]} * at.min(v);
      reason.push_back(Lit::eq(v, at.min(v)));
    }
    if (inferred == nullptr) return rest == rhs_;
    if (k == 0 || (rhs_ - rest) % k != 0) return false;
    const WideSum a = (rhs_ - rest) / k;  // the value the open variable may not take
    if (a < kMinValue || a > kMaxValue) return false;
    return detail::removal_reaches(at, *inferred, static_cast<Value>(a), reason);
  }

 private:
  // Out of line, so that the 64-bit path inlined into propagate() stays as compact as before.
  [[gnu::noinline]] PropStatus run_wide(Context& ctx) { return run<WideSum>(ctx); }

  // With every term fixed but one, removes the value that would make the sum rhs; subsumed once
  // no candidate can make it (the interval form may keep an interior value: then not yet). Sums in
  // Sum: 64 bits when sums_fit_int64(), else 128 (coefficients up to any int64).
  template <class Sum>
  PropStatus run(Context& ctx) {
    Sum rest = 0;
    std::size_t open = c_.size();
    for (std::size_t i = 0; i < c_.size(); ++i) {
      const Var x = scope()[i];
      if (!ctx.fixed(x)) {
        if (open != c_.size() && scope()[open] != x) return PropStatus::fixpoint;  // two open variables
        open = i;
        continue;
      }
      rest += Sum{c_[i]} * ctx.value(x);
    }
    if (open == c_.size()) return rest != rhs_ ? PropStatus::subsumed : PropStatus::failed;
    // The open variable may appear more than once: its total coefficient.
    Sum k = 0;
    for (std::size_t i = 0; i < c_.size(); ++i)
      if (scope()[i] == scope()[open]) k += c_[i];
    const Sum gap = rhs_ - rest;
    if (k == 0) return gap != 0 ? PropStatus::subsumed : PropStatus::failed;
    if (gap % k != 0) return PropStatus::subsumed;
    const Sum a = gap / k;
    if (a < kMinValue || a > kMaxValue) return PropStatus::subsumed;  // no candidate: nothing to remove
    const Var x = scope()[open];
    if (!ctx.remove(x, static_cast<Value>(a))) return PropStatus::failed;
    return ctx.contains(x, static_cast<Value>(a)) ? PropStatus::fixpoint : PropStatus::subsumed;
  }

  std::vector<std::int64_t> c_;
  std::int64_t rhs_;
  bool wide_;  // sums may leave 64 bits: run in 128
};

// sum REL rhs, REL one of =, !=, <= (a < comes as <= rhs - 1), or its negation.
struct LinearLiteral {
  std::vector<std::int64_t> c;
  std::vector<Var> x;
  Comparison rel;
  std::int64_t rhs;
  std::unique_ptr<Propagator> holds, fails;  // enforce the comparison, its negation
  bool wide = false;                         // !sums_fit_int64(c, rhs): bounds summed in 128 bits

  bool truth(WideSum s) const {
    switch (rel) {
      case Comparison::equal: return s == rhs;
      case Comparison::not_equal: return s != rhs;
      case Comparison::less_equal:
      case Comparison::less: return s <= rhs;
    }
    return false;
  }
  // The least and greatest sum over the bounds, in 64 bits when sums_fit_int64(), else in 128.
  template <class Sum>
  std::pair<Sum, Sum> range(const Context& ctx) const {
    Sum lo = 0, hi = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
      const Sum a = Sum{c[i]} * ctx.min(x[i]), b = Sum{c[i]} * ctx.max(x[i]);
      lo += std::min(a, b);
      hi += std::max(a, b);
    }
    return {lo, hi};
  }
  bool entailed(const Context& ctx) const { return decided(ctx, true); }
  bool disentailed(const Context& ctx) const { return decided(ctx, false); }
  bool enforce(Context& ctx, bool want) const {
    return (want ? holds : fails)->propagate(ctx) != PropStatus::failed;
  }

  // Learning (reify_rule.hpp's explain_reify).
  bool mentions(Var v) const { return std::find(x.begin(), x.end(), v) != x.end(); }
  // The bounds that decide the comparison: every term's least value (the least sum above rhs),
  // greatest (the greatest below, or at most rhs), or value (the sum fixed at rhs).
  bool explain_decided(const PastDomains& at, bool want, std::vector<Lit>& reason) const {
    WideSum lo = 0, hi = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
      const WideSum a = WideSum{c[i]} * at.min(x[i]), b = WideSum{c[i]} * at.max(x[i]);
      lo += std::min(a, b);
      hi += std::max(a, b);
    }
    const bool over = lo > rhs, under = hi < rhs, exact = lo == rhs && hi == rhs;
    bool ok = false;
    switch (rel) {
      case Comparison::equal: ok = want ? exact : over || under; break;
      case Comparison::not_equal: ok = want ? over || under : exact; break;
      case Comparison::less_equal:
      case Comparison::less: ok = want ? hi <= rhs : over; break;
    }
    if (!ok) return false;
    // by the least values (over), else the greatest (under, or at most rhs), else both
    const bool least = over, greatest = !over && (under || rel == Comparison::less_equal || rel == Comparison::less);
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (c[i] == 0) continue;
      const Var v = x[i];
      if (!least && !greatest) reason.push_back(Lit::eq(v, at.min(v)));
      else if ((c[i] > 0) == least) reason.push_back(Lit::ge(v, at.min(v)));
      else reason.push_back(Lit::le(v, at.max(v)));
    }
    return true;
  }
  // What enforce(want) did: the propagator that ran explains it.
  bool explain_enforced(const PastDomains& at, bool want, Lit need, std::vector<Lit>& reason) const {
    return (want ? holds : fails)->explain(at, &need, reason);
  }

 private:
  // True when the bounds force the comparison to be `want`.
  bool decided(const Context& ctx, bool want) const {
    return wide ? decided<WideSum>(ctx, want) : decided<std::int64_t>(ctx, want);
  }
  template <class Sum>
  bool decided(const Context& ctx, bool want) const {
    const auto [lo, hi] = range<Sum>(ctx);
    const bool outside = lo > rhs || hi < rhs, exact = lo == rhs && hi == rhs;
    switch (rel) {
      case Comparison::equal: return want ? exact : outside;
      case Comparison::not_equal: return want ? outside : exact;
      case Comparison::less_equal:
      case Comparison::less: return want ? hi <= rhs : lo > rhs;
    }
    return false;
  }
};

std::vector<Var> vars_then(std::vector<Var> vars, Var b) {
  vars.push_back(b);
  return vars;
}

class LinearReified final : public Propagator {
 public:
  LinearReified(LinearLiteral lit, Var b, Reify mode)
      : Propagator(vars_then(lit.x, b), Trigger::bounds), lit_(std::move(lit)), mode_(mode) {
    // != and its negation = need more than bounds: they prune once variables are fixed, which
    // always moves a bound, so waking on bounds suffices.
  }
  std::string name() const override { return mode_ == Reify::equivalent ? "linear_reif" : "linear_imp"; }
  bool satisfied(std::span<const Value> v) const override {
    const Value b = v.back();
    if (b != 0 && b != 1) return false;
    const bool c = lit_.truth(weighted_sum(lit_.c, v.first(lit_.c.size())));
    return mode_ == Reify::equivalent ? c == (b == 1) : (b == 0 || c);
  }
  PropStatus propagate(Context& ctx) override { return reify(ctx, scope().back(), mode_, lit_); }
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    return explain_reify(at, inferred, scope().back(), mode_, lit_, reason);
  }

 private:
  LinearLiteral lit_;
  Reify mode_;
};

}  // namespace

std::unique_ptr<Propagator> linear_not_equal(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                             std::int64_t rhs) {
  return std::make_unique<LinearNotEqual>(std::move(coefficients), std::move(vars), rhs);
}

std::unique_ptr<Propagator> linear_reified(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                           Comparison relation, std::int64_t rhs, Var b, Reify mode) {
  if (coefficients.size() != vars.size()) 
    throw std::invalid_argument("linear_reified: coefficients and variables differ");
  // sum < rhs becomes sum <= rhs - 1, and its negation sum >= rhs + 1: both must exist in 64 bits.
  if ((relation == Comparison::less && rhs == std::numeric_limits<std::int64_t>::min()) ||
      (relation == Comparison::less_equal && rhs == std::numeric_limits<std::int64_t>::max()))
    throw std::invalid_argument("linear_reified: the right-hand side " + std::to_string(rhs) +
                                " is at the end of the 64-bit range");
  if (relation == Comparison::less) {
    relation = Comparison::less_equal;
    rhs -= 1;
  }
  LinearLiteral lit{coefficients, vars, relation, rhs, nullptr, nullptr, !sums_fit_int64(coefficients, rhs)};
  switch (relation) {
    case Comparison::equal:
      lit.holds = linear(coefficients, vars, LinearRelation::equal, rhs);
      lit.fails = linear_not_equal(coefficients, vars, rhs);
      break;
    case Comparison::not_equal:
      lit.holds = linear_not_equal(coefficients, vars, rhs);
      lit.fails = linear(coefficients, vars, LinearRelation::equal, rhs);
      break;
    case Comparison::less_equal:
    case Comparison::less:
      lit.holds = linear(coefficients, vars, LinearRelation::less_equal, rhs);
      lit.fails = linear(coefficients, vars, LinearRelation::greater_equal, rhs + 1);
      break;
  }
  return std::make_unique<LinearReified>(std::move(lit), b, mode);
}

}  // namespace csp
