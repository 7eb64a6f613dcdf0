#include "csp/constraints/extremum.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

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

std::vector<Var> with(std::vector<Var> xs, Var m) {
  xs.push_back(m);
  return xs;
}

}  // namespace

std::unique_ptr<Propagator> array_min(std::vector<Var> xs, Var m) {
  return std::make_unique<Extremum>(with(std::move(xs), m), 1);
}
std::unique_ptr<Propagator> array_max(std::vector<Var> xs, Var m) {
  return std::make_unique<Extremum>(with(std::move(xs), m), -1);
}

}  // namespace csp
