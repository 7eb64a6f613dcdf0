#include "csp/constraints/linear_domain.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "csp/constraints/linear.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/supports.hpp"
#include "csp/constraints/detail/wide_sum.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class LinearDomain final : public Propagator {
 public:
  LinearDomain(std::vector<std::int64_t> k, std::vector<Var> vars, std::int64_t rhs, std::int64_t max_tuples)
      : Propagator(vars, Trigger::any),
        bounds_(linear(k, vars, LinearRelation::equal, rhs)),  // checks the coefficients
        k_(std::move(k)),
        rhs_(rhs),
        max_tuples_(max_tuples),
        order_(vars.size()),
        at_(vars.size()),
        partial_(vars.size() + 1),
        rest_lo_(vars.size() + 1),
        rest_hi_(vars.size() + 1) {}

  std::string name() const override { return "linear(=, domain)"; }

  bool satisfied(std::span<const Value> v) const override {
    WideSum s = 0;  // as linear()'s, in 128 bits
    for (std::size_t i = 0; i < v.size(); ++i) s += WideSum{k_[i]} * v[i];
    return s == rhs_;
  }

  PropStatus propagate(Context& ctx) override {
    const std::size_t n = scope().size();
    if (n == 0) return rhs_ == 0 ? PropStatus::fixpoint : PropStatus::failed;
    // the variable with the most candidates is computed, the others enumerated
    std::size_t last = 0;
    for (std::size_t i = 1; i < n; ++i)
      if (ctx.size(scope()[i]) > ctx.size(scope()[last])) last = i;
    std::int64_t tuples = 1;
    for (std::size_t i = 0; i < n; ++i) {
      if (i == last) continue;
      tuples *= ctx.size(scope()[i]);
      if (tuples > max_tuples_) return bounds_->propagate(ctx);
    }
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (i != last) order_[m++] = i;
    order_[m] = last;
    // rest_lo_[p], rest_hi_[p]: the least and greatest sum of the terms order_[p..n-1]
    rest_lo_[n] = rest_hi_[n] = 0;
    for (std::size_t p = n; p-- > 0;) {
      const std::size_t i = order_[p];
      const WideSum a = WideSum{k_[i]} * ctx.min(scope()[i]), b = WideSum{k_[i]} * ctx.max(scope()[i]);
      rest_lo_[p] = rest_lo_[p + 1] + (a < b ? a : b);
      rest_hi_[p] = rest_hi_[p + 1] + (a < b ? b : a);
    }
    supports_.reset(ctx.domains(), scope());
    enumerate(ctx.domains(), n);
    for (std::size_t i = 0; i < n; ++i)
      if (!supports_.prune(ctx, i, scope()[i])) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

  // What bounds reasoning proves, linear()'s explanation says (a bound, a value passed over, a
  // failure of the bounds). A value removed from inside the bounds: the other variables' bounds,
  // and for each tuple within them that would complete it to rhs, a value one of them lacked
  // (within a budget of tuples). Else the default.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t before = reason.size();
    if (bounds_->explain(at, inferred, reason)) return true;
    reason.resize(before);
    if (inferred == nullptr) return false;
    const std::size_t n = scope().size();
    const auto p =
        static_cast<std::size_t>(std::find(scope().begin(), scope().end(), inferred->var) - scope().begin());
    if (p == n || n < 2) return false;
    std::int64_t budget = 1 << 12;  // tuples tried, over every value removed
    const auto removal = [&](Value c) { return unsupported(at, p, c, budget, reason); };
    if (!detail::each_removal(at, *inferred, reason, removal)) return false;
    for (std::size_t i = 0; i < n; ++i) {
      if (i == p) continue;
      reason.push_back(Lit::ge(scope()[i], at.min(scope()[i])));
      reason.push_back(Lit::le(scope()[i], at.max(scope()[i])));
    }
    return true;
  }

 private:
  // Depth-first over order_[0..n-2]; at the bottom the last variable's value is rhs minus the
  // partial sum, divided by its coefficient, when that is exact and a candidate.
  void enumerate(const Domains& d, std::size_t n) {
    const std::size_t last = order_[n - 1];
    const Var lv = scope()[last];
    std::size_t p = 0;
    partial_[0] = 0;
    at_[0] = n > 1 ? d.min(scope()[order_[0]]) : Domains::none;
    for (;;) {
      if (p == n - 1) {  // every enumerated variable has a value: the last one is implied
        const WideSum need = rhs_ - partial_[p];
        const auto [exact, v] = divide(need, k_[last]);
        if (exact) {
          if (v >= kMinValue && v <= kMaxValue && d.contains(lv, static_cast<Value>(v))) {
            for (std::size_t q = 0; q + 1 < n; ++q) supports_.mark(order_[q], at_[q]);
            supports_.mark(last, static_cast<Value>(v));
          }
        }
        if (p == 0) return;
        --p;  // back to the deepest enumerated variable, on to its next value
        at_[p] = d.next(scope()[order_[p]], at_[p]);
        continue;
      }
      if (at_[p] == Domains::none) {  // this variable's values are done
        if (p == 0) return;
        --p;
        at_[p] = d.next(scope()[order_[p]], at_[p]);
        continue;
      }
      const WideSum s = partial_[p] + WideSum{k_[order_[p]]} * at_[p];
      // the terms after p must make up rhs - s: cut when their bounds cannot
      if (rhs_ - s < rest_lo_[p + 1] || rhs_ - s > rest_hi_[p + 1]) {
        at_[p] = d.next(scope()[order_[p]], at_[p]);
        continue;
      }
      partial_[p + 1] = s;
      ++p;
      if (p < n - 1) at_[p] = d.min(scope()[order_[p]]);
    }
  }

  // For explain(): true when every tuple of the variables but p, within their bounds in `at`, that
  // makes the sum rhs with c at p has a value its variable lacked in `at` (one such is added to
  // `reason` per tuple); false when one has none, or past the budget. The widest of them is
  // computed, the others enumerated.
  bool unsupported(const PastDomains& at, std::size_t p, Value c, std::int64_t& budget,
                   std::vector<Lit>& reason) const {
    const std::size_t n = scope().size();
    std::size_t last = p == 0 ? 1 : 0;
    std::vector<std::size_t> rest;  // the enumerated ones
    const auto width = [&](std::size_t i) { return std::int64_t{at.max(scope()[i])} - at.min(scope()[i]) + 1; };
    for (std::size_t i = 0; i < n; ++i)
      if (i != p && width(i) > width(last)) last = i;
    std::int64_t tuples = 1;
    for (std::size_t i = 0; i < n; ++i) {
      if (i == p || i == last) continue;
      rest.push_back(i);
      tuples *= width(i);
      if (tuples > budget) return false;
    }
    budget -= tuples;
    std::vector<Value> value(rest.size());
    for (std::size_t q = 0; q < rest.size(); ++q) value[q] = at.min(scope()[rest[q]]);
    const Var lv = scope()[last];
    for (;;) {
      WideSum s = WideSum{k_[p]} * c;
      for (std::size_t q = 0; q < rest.size(); ++q) s += WideSum{k_[rest[q]]} * value[q];
      const auto [exact, v] = divide(rhs_ - s, k_[last]);
      if (exact && v >= at.min(lv) && v <= at.max(lv)) {  // a tuple within the bounds: which value was gone?
        std::size_t q = 0;
        while (q < rest.size() && at.contains(scope()[rest[q]], value[q])) ++q;
        if (q < rest.size()) reason.push_back(Lit::ne(scope()[rest[q]], value[q]));
        else if (!at.contains(lv, static_cast<Value>(v))) reason.push_back(Lit::ne(lv, static_cast<Value>(v)));
        else return false;  // a support
      }
      std::size_t q = 0;  // the next tuple, the first variable fastest
      while (q < rest.size() && value[q] == at.max(scope()[rest[q]])) {
        value[q] = at.min(scope()[rest[q]]);
        ++q;
      }
      if (q == rest.size()) return true;
      ++value[q];
    }
  }

  // need / k when exact (need is 128-bit: the coefficients are any int64); in 64 bits when need
  // is small, as it is unless the coefficients are huge.
  static std::pair<bool, WideSum> divide(WideSum need, std::int64_t k) {
    const WideSum small = WideSum{1} << 62;
    if (need >= -small && need <= small) {
      const auto n = static_cast<std::int64_t>(need);
      return {n % k == 0, n / k};
    }
    return {need % k == 0, need / k};
  }

  std::unique_ptr<Propagator> bounds_;  // linear()'s bounds(R) propagator, beyond max_tuples
  std::vector<std::int64_t> k_;
  std::int64_t rhs_;
  std::int64_t max_tuples_;
  // the enumeration's scratch, sized at construction: position -> scope index, value, sums
  std::vector<std::size_t> order_;
  std::vector<Value> at_;
  std::vector<WideSum> partial_, rest_lo_, rest_hi_;  // sums: 128 bits (detail/wide_sum.hpp)
  Supports supports_;
};

}  // namespace

std::unique_ptr<Propagator> linear_domain(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                          std::int64_t rhs, std::int64_t max_tuples) {
  if (coefficients.size() != vars.size())
    throw std::invalid_argument("linear_domain: coefficients and variables differ in number");
  // One term per variable, none with coefficient 0: the enumeration gives each term its own value
  // and divides by the computed variable's coefficient.
  std::vector<std::int64_t> k;
  std::vector<Var> x;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    const auto at = std::find(x.begin(), x.end(), vars[i]);
    if (at != x.end()) {
      k[static_cast<std::size_t>(at - x.begin())] += coefficients[i];
      continue;
    }
    x.push_back(vars[i]);
    k.push_back(coefficients[i]);
  }
  std::vector<std::int64_t> kept_k;
  std::vector<Var> kept_x;
  for (std::size_t j = 0; j < x.size(); ++j)
    if (k[j] != 0) {
      kept_k.push_back(k[j]);
      kept_x.push_back(x[j]);
    }
  return std::make_unique<LinearDomain>(std::move(kept_k), std::move(kept_x), rhs, max_tuples);
}

}  // namespace csp
