#include "csp/constraints/linear.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "csp/constraints/detail/bounds.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/wide_sum.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// Rounded toward -infinity (+infinity), in 64 or 128 bits.
template <class T>
T floor_div(T a, T b) {
  const T q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
template <class T>
T ceil_div(T a, T b) {
  return -floor_div<T>(-a, b);
}

class Linear final : public Propagator {
 public:
  Linear(std::vector<std::int64_t> c, std::vector<Var> x, LinearRelation rel, std::int64_t rhs)
      : Propagator(x, Trigger::bounds), c_(std::move(c)), rel_(rel), rhs_(rhs), words_(x.size()) {
    if (c_.size() != scope().size()) throw std::invalid_argument("linear: coefficients and variables differ in number");
    WideSum reach = 0;  // the greatest |sum| the bounds can make
    for (std::int64_t k : c_) {
      if (k == 0) throw std::invalid_argument("linear: coefficients must be non-zero");
      reach += (k < 0 ? -WideSum{k} : WideSum{k}) * kMaxValue;
    }
    // In 64 bits while every term, span, sum of terms and rhs minus a sum fits there with room
    // (coefficients up to 2^30, as models use, over up to two terms of that size or many smaller);
    // beyond (nine terms of 2^30 * kMaxValue, a coefficient of 2^40, a right-hand side near
    // +-2^63), the same sweeps run in 128 bits.
    const WideSum limit = WideSum{1} << 61;
    wide_ = reach > limit || rhs_ > limit || rhs_ < -limit;
    narrow_.tmin.resize(wide_ ? 0 : c_.size());
    narrow_.tmax.resize(wide_ ? 0 : c_.size());
    wide_terms_.tmin.resize(wide_ ? c_.size() : 0);
    wide_terms_.tmax.resize(wide_ ? c_.size() : 0);
  }

  std::string name() const override {
    static const char* rel[] = {"=", "<=", ">="};
    return std::string("linear(") + rel[static_cast<int>(rel_)] + ")";
  }

  bool satisfied(std::span<const Value> v) const override {
    WideSum s = 0;  // nine terms of 2^30 * kMaxValue already pass 2^63
    for (std::size_t i = 0; i < c_.size(); ++i) s += WideSum{c_[i]} * v[i];
    switch (rel_) {
      case LinearRelation::equal: return s == rhs_;
      case LinearRelation::less_equal: return s <= rhs_;
      case LinearRelation::greater_equal: return s >= rhs_;
    }
    return false;
  }

  // Bounds reasoning explained: a bound on x_j from the `<=` side rests on the other terms' least
  // values (x_i >= min for a positive coefficient, x_i <= max for a negative one), from the `>=`
  // side on their greatest; a failure on every term's least (greatest) value.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t n = c_.size();
    const auto bound_lit = [&](std::size_t i, bool least) {  // the literal giving term i its least/greatest value
      const Var x = scope()[i];
      return (c_[i] > 0) == least ? Lit::ge(x, at.min(x)) : Lit::le(x, at.max(x));
    };
    const auto term = [&](std::size_t i, bool least) {
      const Var x = scope()[i];
      return WideSum{c_[i]} * ((c_[i] > 0) == least ? at.min(x) : at.max(x));
    };
    if (inferred == nullptr) {
      WideSum lo = 0, hi = 0;
      for (std::size_t i = 0; i < n; ++i) {
        lo += term(i, true);
        hi += term(i, false);
      }
      const bool upper_fails = rel_ != LinearRelation::greater_equal && lo > rhs_;  // the least sum exceeds rhs
      if (!upper_fails && !(rel_ != LinearRelation::less_equal && hi < rhs_)) return false;
      for (std::size_t i = 0; i < n; ++i) reason.push_back(bound_lit(i, upper_fails));
      return true;
    }
    return detail::explain_by_bounds(at, *inferred, reason, [&](Lit need) {
      std::size_t j = n;
      for (std::size_t i = 0; i < n; ++i)
        if (scope()[i] == need.var) j = i;
      if (j == n) return false;
      // Which side: a greatest value of term j comes from `<=`, a least from `>=`.
      const bool term_max = (need.kind == Lit::Kind::le) == (c_[j] > 0);
      if (term_max ? rel_ == LinearRelation::greater_equal : rel_ == LinearRelation::less_equal) return false;
      WideSum rest = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (i == j) continue;
        rest += term(i, term_max);
        reason.push_back(bound_lit(i, term_max));
      }
      const WideSum t = WideSum{rhs_} - rest;  // term j <= t (term_max), or >= t
      const WideSum k = c_[j];
      // Dividing by k < 0 turns the side over: either way an upper bound on x_j rounds down.
      const WideSum proven = need.kind == Lit::Kind::le ? floor_div<WideSum>(t, k) : ceil_div<WideSum>(t, k);
      if (proven > kMaxValue + WideSum{1} || proven < kMinValue - WideSum{1}) return false;
      return detail::reach_bound(at, need, static_cast<std::int64_t>(proven), reason);
    });
  }

  // One read of every bound, then alternate passes: the `<=` side lowers term maxima (only the
  // greatest sum moves), the `>=` side raises term minima (only the least sum moves). A pass
  // touches only the terms whose span exceeds the slack, and is skipped when the widest span fits
  // in it, which is the usual case deep in search. Sums are updated from the re-read bounds (holes
  // may move a bound past the one written), so no pass has to read the whole scope again.
  PropStatus propagate(Context& ctx) override {
    if (wide_) return run_wide(ctx);
    // Two and three terms (x + c <= y, x + y = z) are most of the sums models post: with the
    // count known, the compiler unrolls the sweeps.
    switch (c_.size()) {
      case 2: return run<2, std::int64_t>(ctx);
      case 3: return run<3, std::int64_t>(ctx);
      default: return run<0, std::int64_t>(ctx);
    }
  }

 private:
  // Out of line, so that the 64-bit sweeps inlined into propagate() are compiled as before.
  [[gnu::noinline]] PropStatus run_wide(Context& ctx) { return run<0, WideSum>(ctx); }

  // Per term, its least and greatest value (scratch), in the width of the sums.
  template <class Sum>
  struct Terms {
    std::vector<Sum> tmin, tmax;
  };
  template <class Sum>
  Terms<Sum>& terms() {
    if constexpr (std::is_same_v<Sum, WideSum>) return wide_terms_;
    else return narrow_;
  }

  // propagate() for N terms (0: as many as there are), every term, span and sum in Sum: 64 bits,
  // or 128 when they could leave 64 (wide_).
  template <std::size_t N, class Sum>
  PropStatus run(Context& ctx) {
    const bool upper = rel_ != LinearRelation::greater_equal;  // sum <= rhs must hold
    const bool lower = rel_ != LinearRelation::less_equal;     // sum >= rhs must hold
    const Domains& d = ctx.domains();
    const std::size_t n = N != 0 ? N : c_.size();
    std::vector<Sum>& tmin_ = terms<Sum>().tmin;
    std::vector<Sum>& tmax_ = terms<Sum>().tmax;
    Sum lo = 0, hi = 0, span = 0;  // least and greatest sum, widest term
    const bool one_word = words_.one_word(d, scope());
    for (std::size_t i = 0; i < n; ++i) {
      const Bounds x = one_word ? words_.bounds(d, i) : bounds(d, scope()[i]);
      const Sum k = c_[i];
      const Sum a = k * x.min, b = k * x.max;
      const Sum tmin = k > 0 ? a : b, tmax = k > 0 ? b : a;
      tmin_[i] = tmin;
      tmax_[i] = tmax;
      lo += tmin;
      hi += tmax;
      span = std::max(span, tmax - tmin);
    }
    for (;;) {
      if (upper) {
        if (lo > rhs_) return PropStatus::failed;
        const Sum slack = rhs_ - lo;  // how far any term may rise above its minimum
        if (span > slack) {
          Sum widest = 0;
          for (std::size_t i = 0; i < n; ++i) {
            if (tmax_[i] - tmin_[i] > slack) {
              const Sum now = cap_term<Sum>(ctx, i, tmin_[i] + slack, true);
              if (now == wiped_out<Sum>()) return PropStatus::failed;
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
      const Sum slack = hi - rhs_;  // how far any term may fall below its maximum
      if (span <= slack) break;
      Sum widest = 0;
      bool moved = false;
      for (std::size_t i = 0; i < n; ++i) {
        if (tmax_[i] - tmin_[i] > slack) {
          const Sum now = cap_term<Sum>(ctx, i, tmax_[i] - slack, false);
          if (now == wiped_out<Sum>()) return PropStatus::failed;
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

  // Returned by cap_term() when the write emptied the variable: no term reaches it (|term| <= 2^61
  // in 64 bits, far less than 2^127 in 128).
  template <class Sum>
  static constexpr Sum wiped_out() {
    return -(Sum{1} << (8 * sizeof(Sum) - 2));
  }

  // Makes term i at most t (`above`) or at least t. t lies inside the term's current range, so the
  // variable keeps a value unless holes empty it. Returns the term's new bound on that side (its
  // maximum, or its minimum), or wiped_out().
  template <class Sum>
  Sum cap_term(Context& ctx, std::size_t i, Sum t, bool above) {
    const Var x = scope()[i];
    const Sum k = c_[i];
    if ((k > 0) == above) {  // the variable's maximum comes down
      if (!ctx.remove_above(x, static_cast<Value>(floor_div<Sum>(t, k)))) return wiped_out<Sum>();
      return k * ctx.max(x);
    }
    if (!ctx.remove_below(x, static_cast<Value>(ceil_div<Sum>(t, k)))) return wiped_out<Sum>();
    return k * ctx.min(x);
  }

  std::vector<std::int64_t> c_;
  LinearRelation rel_;
  std::int64_t rhs_;
  Terms<std::int64_t> narrow_;    // the terms' scratch in 64 bits
  Terms<WideSum> wide_terms_;     // or in 128 (wide_)
  ScopeWords words_;
  bool wide_ = false;  // terms or sums of bounds may leave 64 bits: run in 128
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
    const WideSum merged = WideSum{c[j]} + coefficients[i];  // two int64 may not add up in one
    if (!fits_int64(merged)) throw std::invalid_argument("linear: a variable's coefficients add up past 64 bits");
    c[j] = static_cast<std::int64_t>(merged);
  }
  for (std::size_t j = x.size(); j-- > 0;) {
    if (c[j] == 0) {
      c.erase(c.begin() + static_cast<long>(j));
      x.erase(x.begin() + static_cast<long>(j));
    }
  }
  // Divided by the coefficients' gcd g: an equality whose g does not divide rhs has no integer
  // solution (bounds reasoning alone would close in on that one step a round: 2x + 2y = 3 over
  // var int takes 2^30 rounds), and an inequality's rhs rounds inward. Bounds(R) on the divided
  // sum is bounds(R) on the original (floor((a / g - m) / k) = floor((floor(a / g) - m) / k)).
  std::uint64_t g = 0;
  for (std::int64_t k : c) g = std::gcd(g, k < 0 ? 0 - static_cast<std::uint64_t>(k) : static_cast<std::uint64_t>(k));
  if (g > 1) {
    const WideSum gs = g;  // in 128 bits: every coefficient -2^63 makes g = 2^63
    for (std::int64_t& k : c) k = static_cast<std::int64_t>(k / gs);
    const auto q = static_cast<std::int64_t>(rhs / gs), r = static_cast<std::int64_t>(rhs % gs);  // truncated
    switch (relation) {
      case LinearRelation::equal:
        if (r != 0) return std::make_unique<Linear>(std::vector<std::int64_t>{}, std::vector<Var>{}, relation, 1);  // 0 = 1
        rhs = q;
        break;
      case LinearRelation::less_equal: rhs = r < 0 ? q - 1 : q; break;     // floor
      case LinearRelation::greater_equal: rhs = r > 0 ? q + 1 : q; break;  // ceil
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
