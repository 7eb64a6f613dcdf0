#include "csp/constraints/boolean.hpp"

#include <string>

#include "csp/constraints/bounds.hpp"
#include "csp/engine.hpp"

namespace csp {
namespace {

// v's bounds once v is cut to {0, 1}, or min > max when that emptied it. A 0/1 domain has no
// holes, so its bounds say all: fixed when they meet, and a value is a candidate when between them.
// The cut is almost always a no-op (FlatZinc's bools are 0..1): one read of the word decides.
Bounds cut_to_01(Context& ctx, Var v) {
  Bounds b = bounds(ctx.domains(), v);
  if (b.min >= 0 && b.max <= 1) return b;
  if (!ctx.remove_below(v, 0) || !ctx.remove_above(v, 1)) return {1, 0};
  return bounds(ctx.domains(), v);
}

// At least one scope variable takes its wanted value (1 for the first `positives`, 0 after).
class Clause final : public Propagator {
 public:
  Clause(std::vector<Var> scope, std::size_t positives) : Propagator(std::move(scope), Trigger::any), pos_(positives) {}
  std::string name() const override { return "clause"; }
  bool satisfied(std::span<const Value> v) const override {
    bool any = false;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (v[i] != 0 && v[i] != 1) return false;
      any = any || v[i] == wanted(i);
    }
    return any;
  }
  PropStatus propagate(Context& ctx) override {
    std::size_t open = scope().size(), candidates = 0;  // literals that can still be true
    bool satisfied = false;
    for (std::size_t i = 0; i < scope().size(); ++i) {
      const Bounds b = cut_to_01(ctx, scope()[i]);
      if (b.min > b.max) return PropStatus::failed;
      const Value w = wanted(i);
      if (w < b.min || w > b.max) continue;
      // A true literal: done, once every variable is cut to {0, 1} (so keep cutting).
      if (b.min == b.max) satisfied = true;
      open = i;
      ++candidates;
    }
    if (satisfied) return PropStatus::fixpoint;
    if (candidates == 0) return PropStatus::failed;
    if (candidates == 1 && !ctx.assign(scope()[open], wanted(open))) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

 private:
  Value wanted(std::size_t i) const { return i < pos_ ? 1 : 0; }
  std::size_t pos_;
};

// b <-> all xs equal t: and_all with t = 1, or_all with t = 0 (b <-> OR(xs) is not b <-> AND(not xs)).
// The scope is (xs..., b).
class AllEqual final : public Propagator {
 public:
  AllEqual(std::vector<Var> scope, Value t) : Propagator(std::move(scope), Trigger::any), t_(t) {}
  std::string name() const override { return t_ == 1 ? "and_all" : "or_all"; }
  bool satisfied(std::span<const Value> v) const override {
    bool all = true;
    for (Value a : v)
      if (a != 0 && a != 1) return false;
    for (std::size_t i = 0; i + 1 < v.size(); ++i) all = all && v[i] == t_;
    return (v.back() == t_) == all;  // the result is t exactly when every xs is
  }
  PropStatus propagate(Context& ctx) override {
    const std::size_t n = scope().size() - 1;
    const Var b = scope()[n];
    std::size_t open = n, open_count = 0;
    bool some_not_t = false;  // some xs cannot be t: b is 1 - t
    for (std::size_t i = 0; i <= n; ++i) {
      const Bounds x = cut_to_01(ctx, scope()[i]);
      if (x.min > x.max) return PropStatus::failed;
      if (i == n) break;
      if (t_ < x.min || t_ > x.max) {
        some_not_t = true;
      } else if (x.min != x.max) {
        open = i;
        ++open_count;
      }
    }
    if (some_not_t) return ctx.assign(b, 1 - t_) ? PropStatus::fixpoint : PropStatus::failed;
    if (open_count == 0) return ctx.assign(b, t_) ? PropStatus::fixpoint : PropStatus::failed;
    if (!ctx.fixed(b)) return PropStatus::fixpoint;
    if (ctx.value(b) == t_) {
      for (std::size_t i = 0; i < n; ++i)
        if (!ctx.assign(scope()[i], t_)) return PropStatus::failed;
    } else if (open_count == 1 && !ctx.assign(scope()[open], 1 - t_)) {
      return PropStatus::failed;
    }
    return PropStatus::fixpoint;
  }

 private:
  Value t_;
};

class Parity final : public Propagator {
 public:
  Parity(std::vector<Var> xs, bool odd) : Propagator(std::move(xs), Trigger::any), odd_(odd) {}
  std::string name() const override { return odd_ ? "parity(odd)" : "parity(even)"; }
  bool satisfied(std::span<const Value> v) const override {
    int ones = 0;
    for (Value a : v) {
      if (a != 0 && a != 1) return false;
      ones += a;
    }
    return (ones % 2 == 1) == odd_;
  }
  PropStatus propagate(Context& ctx) override {
    int ones = 0;
    std::size_t open = scope().size(), open_count = 0;
    for (std::size_t i = 0; i < scope().size(); ++i) {
      const Bounds x = cut_to_01(ctx, scope()[i]);
      if (x.min > x.max) return PropStatus::failed;
      if (x.min != x.max) {
        open = i;
        ++open_count;
      } else {
        ones += x.min;
      }
    }
    const int want = odd_ ? 1 : 0;
    if (open_count == 0) return ones % 2 == want ? PropStatus::fixpoint : PropStatus::failed;
    if (open_count == 1 && !ctx.assign(scope()[open], (want - ones % 2 + 2) % 2)) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

 private:
  bool odd_;
};

std::vector<Var> joined(std::vector<Var> a, const std::vector<Var>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

std::unique_ptr<Propagator> clause(std::vector<Var> positive, std::vector<Var> negative) {
  const std::size_t p = positive.size();
  return std::make_unique<Clause>(joined(std::move(positive), negative), p);
}
std::unique_ptr<Propagator> and_all(std::vector<Var> xs, Var b) {
  return std::make_unique<AllEqual>(joined(std::move(xs), {b}), 1);
}
std::unique_ptr<Propagator> or_all(std::vector<Var> xs, Var b) {
  return std::make_unique<AllEqual>(joined(std::move(xs), {b}), 0);
}
std::unique_ptr<Propagator> parity(std::vector<Var> xs, bool odd) {
  return std::make_unique<Parity>(std::move(xs), odd);
}

}  // namespace csp
