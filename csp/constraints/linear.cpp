#include "csp/constraints/linear.hpp"

#include <stdexcept>
#include <string>

#include "csp/engine.hpp"

namespace csp {
namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return -floor_div(-a, b); }

class Linear final : public Propagator {
 public:
  Linear(std::vector<std::int64_t> c, std::vector<Var> x, LinearRelation rel, std::int64_t rhs)
      : Propagator(x, Trigger::bounds), c_(std::move(c)), rel_(rel), rhs_(rhs) {
    if (c_.size() != scope().size()) throw std::invalid_argument("linear: coefficients and variables differ in number");
    for (std::int64_t k : c_)
      if (k == 0 || k > (1LL << 30) || k < -(1LL << 30))
        throw std::invalid_argument("linear: coefficients must be non-zero and within +-2^30");
  }

  std::string name() const override {
    static const char* rel[] = {"=", "<=", ">="};
    return std::string("linear(") + rel[static_cast<int>(rel_)] + ")";
  }

  bool satisfied(std::span<const Value> v) const override {
    std::int64_t s = 0;
    for (std::size_t i = 0; i < c_.size(); ++i) s += c_[i] * v[i];
    switch (rel_) {
      case LinearRelation::equal: return s == rhs_;
      case LinearRelation::less_equal: return s <= rhs_;
      case LinearRelation::greater_equal: return s >= rhs_;
    }
    return false;
  }

  PropStatus propagate(Context& ctx) override {
    const bool upper = rel_ != LinearRelation::greater_equal;  // sum <= rhs must hold
    const bool lower = rel_ != LinearRelation::less_equal;     // sum >= rhs must hold
    for (bool changed = true; changed;) {
      changed = false;
      // Least and greatest possible value of the whole sum.
      std::int64_t lo = 0, hi = 0;
      for (std::size_t i = 0; i < c_.size(); ++i) {
        lo += term_min(ctx, i);
        hi += term_max(ctx, i);
      }
      if ((upper && lo > rhs_) || (lower && hi < rhs_)) return PropStatus::failed;
      for (std::size_t i = 0; i < c_.size(); ++i) {
        Var x = scope()[i];
        const std::int64_t k = c_[i];
        const std::int64_t tmin = term_min(ctx, i), tmax = term_max(ctx, i);
        // The term may be at most rhs - (least of the rest), and at least rhs - (greatest of the rest).
        std::int64_t term_hi = upper ? rhs_ - (lo - tmin) : INT64_MAX;
        std::int64_t term_lo = lower ? rhs_ - (hi - tmax) : INT64_MIN;
        std::int64_t new_max, new_min;
        if (k > 0) {
          new_max = upper ? floor_div(term_hi, k) : INT64_MAX;
          new_min = lower ? ceil_div(term_lo, k) : INT64_MIN;
        } else {
          new_max = lower ? floor_div(term_lo, k) : INT64_MAX;
          new_min = upper ? ceil_div(term_hi, k) : INT64_MIN;
        }
        const Value old_min = ctx.min(x), old_max = ctx.max(x);
        if (new_max < old_max) {
          if (new_max < old_min || !ctx.remove_above(x, static_cast<Value>(new_max))) return PropStatus::failed;
        }
        if (new_min > old_min) {
          if (new_min > ctx.max(x) || !ctx.remove_below(x, static_cast<Value>(new_min))) return PropStatus::failed;
        }
        if (ctx.min(x) != old_min || ctx.max(x) != old_max) {
          changed = true;
          // Keep lo and hi exact for the next variables of this sweep.
          lo += term_min(ctx, i) - tmin;
          hi += term_max(ctx, i) - tmax;
        }
      }
    }
    return PropStatus::fixpoint;
  }

 private:
  std::int64_t term_min(const Context& ctx, std::size_t i) const {
    Var x = scope()[i];
    return c_[i] > 0 ? c_[i] * ctx.min(x) : c_[i] * ctx.max(x);
  }
  std::int64_t term_max(const Context& ctx, std::size_t i) const {
    Var x = scope()[i];
    return c_[i] > 0 ? c_[i] * ctx.max(x) : c_[i] * ctx.min(x);
  }

  std::vector<std::int64_t> c_;
  LinearRelation rel_;
  std::int64_t rhs_;
};

}  // namespace

std::unique_ptr<Propagator> linear(std::vector<std::int64_t> coefficients, std::vector<Var> vars,
                                   LinearRelation relation, std::int64_t rhs) {
  if (coefficients.size() != vars.size()) throw std::invalid_argument("linear: coefficients and variables differ in number");
  // One term per variable: the bounds reasoning assumes the terms vary independently.
  std::vector<std::int64_t> c;
  std::vector<Var> x;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    std::size_t j = 0;
    while (j < x.size() && x[j] != vars[i]) ++j;
    if (j == x.size()) {
      x.push_back(vars[i]);
      c.push_back(0);
    }
    c[j] += coefficients[i];
  }
  for (std::size_t j = x.size(); j-- > 0;) {
    if (c[j] == 0) {
      c.erase(c.begin() + static_cast<long>(j));
      x.erase(x.begin() + static_cast<long>(j));
    }
  }
  return std::make_unique<Linear>(std::move(c), std::move(x), relation, rhs);
}

std::unique_ptr<Propagator> sum(std::vector<Var> vars, LinearRelation relation, std::int64_t rhs) {
  // The coefficients first: arguments are built in an unspecified order, and GCC moved `vars` away
  // before taking its size, so that sum() threw on every call.
  std::vector<std::int64_t> ones(vars.size(), 1);
  return linear(std::move(ones), std::move(vars), relation, rhs);
}

}  // namespace csp
