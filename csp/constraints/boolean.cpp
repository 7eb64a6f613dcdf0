#include "csp/constraints/boolean.hpp"

#include <string>

#include "csp/engine.hpp"

namespace csp {
namespace {

bool cut_to_01(Context& ctx, Var v) { return ctx.remove_below(v, 0) && ctx.remove_above(v, 1); }

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
    for (Var x : scope())
      if (!cut_to_01(ctx, x)) return PropStatus::failed;
    std::size_t open = scope().size(), candidates = 0;  // literals that can still be true
    for (std::size_t i = 0; i < scope().size(); ++i) {
      const Var x = scope()[i];
      if (!ctx.contains(x, wanted(i))) continue;
      if (ctx.fixed(x)) return PropStatus::subsumed;  // a true literal
      open = i;
      ++candidates;
    }
    if (candidates == 0) return PropStatus::failed;
    if (candidates == 1) return ctx.assign(scope()[open], wanted(open)) ? PropStatus::subsumed : PropStatus::failed;
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
    for (Var x : scope())
      if (!cut_to_01(ctx, x)) return PropStatus::failed;
    std::size_t open = n, open_count = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const Var x = scope()[i];
      if (!ctx.contains(x, t_)) return ctx.assign(b, 1 - t_) ? PropStatus::subsumed : PropStatus::failed;
      if (!ctx.fixed(x)) {
        open = i;
        ++open_count;
      }
    }
    if (open_count == 0) return ctx.assign(b, t_) ? PropStatus::subsumed : PropStatus::failed;
    if (!ctx.fixed(b)) return PropStatus::fixpoint;
    if (ctx.value(b) == t_) {
      for (std::size_t i = 0; i < n; ++i)
        if (!ctx.assign(scope()[i], t_)) return PropStatus::failed;
      return PropStatus::subsumed;
    }
    if (open_count == 1) return ctx.assign(scope()[open], 1 - t_) ? PropStatus::subsumed : PropStatus::failed;
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
      const Var x = scope()[i];
      if (!cut_to_01(ctx, x)) return PropStatus::failed;
      if (!ctx.fixed(x)) {
        open = i;
        ++open_count;
      } else {
        ones += ctx.value(x);
      }
    }
    const int want = odd_ ? 1 : 0;
    if (open_count == 0) return ones % 2 == want ? PropStatus::subsumed : PropStatus::failed;
    if (open_count == 1)
      return ctx.assign(scope()[open], (want - ones % 2 + 2) % 2) ? PropStatus::subsumed : PropStatus::failed;
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
