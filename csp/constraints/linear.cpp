#include "csp/constraints/linear.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "csp/constraints/bounds.hpp"
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
      : Propagator(x, Trigger::bounds), c_(std::move(c)), rel_(rel), rhs_(rhs), words_(x.size()) {
    if (c_.size() != scope().size()) throw std::invalid_argument("linear: coefficients and variables differ in number");
    for (std::int64_t k : c_)
      if (k == 0 || k > (1LL << 30) || k < -(1LL << 30))
        throw std::invalid_argument("linear: coefficients must be non-zero and within +-2^30");
    tmin_.resize(c_.size());
    tmax_.resize(c_.size());
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

  // One read of every bound, then alternate passes: the `<=` side lowers term maxima (only the
  // greatest sum moves), the `>=` side raises term minima (only the least sum moves). A pass
  // touches only the terms whose span exceeds the slack, and is skipped when the widest span fits
  // in it, which is the usual case deep in search. Sums are updated from the re-read bounds (holes
  // may move a bound past the one written), so no pass has to read the whole scope again.
  PropStatus propagate(Context& ctx) override {
    // Two and three terms (x + c <= y, x + y = z) are most of the sums models post: with the
    // count known, the compiler unrolls the sweeps.
    switch (c_.size()) {
      case 2: return run<2>(ctx);
      case 3: return run<3>(ctx);
      default: return run<0>(ctx);
    }
  }

 private:
  // propagate() for N terms (0: as many as there are).
  template <std::size_t N>
  PropStatus run(Context& ctx) {
    const bool upper = rel_ != LinearRelation::greater_equal;  // sum <= rhs must hold
    const bool lower = rel_ != LinearRelation::less_equal;     // sum >= rhs must hold
    const Domains& d = ctx.domains();
    const std::size_t n = N != 0 ? N : c_.size();
    std::int64_t lo = 0, hi = 0, span = 0;  // least and greatest sum, widest term
    const bool one_word = words_.one_word(d, scope());
    for (std::size_t i = 0; i < n; ++i) {
      const Bounds x = one_word ? words_.bounds(d, i) : bounds(d, scope()[i]);
      const std::int64_t k = c_[i];
      const std::int64_t a = k * x.min, b = k * x.max;
      const std::int64_t tmin = k > 0 ? a : b, tmax = k > 0 ? b : a;
      tmin_[i] = tmin;
      tmax_[i] = tmax;
      lo += tmin;
      hi += tmax;
      span = std::max(span, tmax - tmin);
    }
    for (;;) {
      if (upper) {
        if (lo > rhs_) return PropStatus::failed;
        const std::int64_t slack = rhs_ - lo;  // how far any term may rise above its minimum
        if (span > slack) {
          std::int64_t widest = 0;
          for (std::size_t i = 0; i < n; ++i) {
            if (tmax_[i] - tmin_[i] > slack) {
              const std::int64_t now = cap_term(ctx, i, tmin_[i] + slack, true);
              if (now == kWipedOut) return PropStatus::failed;
              hi -= tmax_[i] - now;
              tmax_[i] = now;
            }
            widest = std::max(widest, tmax_[i] - tmin_[i]);
          }
          span = widest;
        }
      }
      if (!lower) break;
      if (hi < rhs_) return PropStatus::failed;
      const std::int64_t slack = hi - rhs_;  // how far any term may fall below its maximum
      if (span <= slack) break;
      std::int64_t widest = 0;
      bool moved = false;
      for (std::size_t i = 0; i < n; ++i) {
        if (tmax_[i] - tmin_[i] > slack) {
          const std::int64_t now = cap_term(ctx, i, tmax_[i] - slack, false);
          if (now == kWipedOut) return PropStatus::failed;
          lo += now - tmin_[i];
          tmin_[i] = now;
          moved = true;
        }
        widest = std::max(widest, tmax_[i] - tmin_[i]);
      }
      span = widest;
      // A raised least sum shrinks the `<=` slack: that side must look again (for `=` only).
      if (!moved || !upper) break;
    }
    return PropStatus::fixpoint;
  }

  // Returned by cap_term() when the write emptied the variable.
  static constexpr std::int64_t kWipedOut = INT64_MIN;

  // Makes term i at most t (`above`) or at least t. t lies inside the term's current range, so the
  // variable keeps a value unless holes empty it. Returns the term's new bound on that side (its
  // maximum, or its minimum), or kWipedOut.
  std::int64_t cap_term(Context& ctx, std::size_t i, std::int64_t t, bool above) {
    const Var x = scope()[i];
    const std::int64_t k = c_[i];
    if ((k > 0) == above) {  // the variable's maximum comes down
      if (!ctx.remove_above(x, static_cast<Value>(floor_div(t, k)))) return kWipedOut;
      return k * ctx.max(x);
    }
    if (!ctx.remove_below(x, static_cast<Value>(ceil_div(t, k)))) return kWipedOut;
    return k * ctx.min(x);
  }

  std::vector<std::int64_t> c_;
  LinearRelation rel_;
  std::int64_t rhs_;
  std::vector<std::int64_t> tmin_, tmax_;  // scratch, per term: its least and greatest value
  ScopeWords words_;
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
