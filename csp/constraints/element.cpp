#include "csp/constraints/element.hpp"

#include <string>

#include "csp/constraints/supports.hpp"
#include "csp/engine.hpp"

namespace csp {
namespace {

// The array position of index i, or -1 outside 1..n.
long position(Value i, std::size_t n) {
  return i >= 1 && static_cast<std::size_t>(i) <= n ? static_cast<long>(i) - 1 : -1;
}

class ElementConst final : public Propagator {
 public:
  ElementConst(Var x, std::vector<Value> a, Var z) : Propagator({x, z}, Trigger::any), a_(std::move(a)) {}
  std::string name() const override { return "element"; }
  bool satisfied(std::span<const Value> v) const override {
    const long p = position(v[0], a_.size());
    return p >= 0 && a_[static_cast<std::size_t>(p)] == v[1];
  }
  PropStatus propagate(Context& ctx) override {
    const Var x = scope()[0], z = scope()[1];
    const Domains& d = ctx.domains();
    supports_.reset(d, scope());
    d.for_each(x, [&](Value i) {
      const long p = position(i, a_.size());
      if (p < 0 || !d.contains(z, a_[static_cast<std::size_t>(p)])) return;
      supports_.mark(0, i);
      supports_.mark(1, a_[static_cast<std::size_t>(p)]);
    });
    const bool ok = supports_.prune(ctx, 0, x) && supports_.prune(ctx, 1, z);
    return ok ? PropStatus::fixpoint : PropStatus::failed;
  }

 private:
  std::vector<Value> a_;
  Supports supports_;
};

class ElementVar final : public Propagator {
 public:
  explicit ElementVar(std::vector<Var> scope) : Propagator(std::move(scope), Trigger::any) {}
  std::string name() const override { return "element(var)"; }
  bool satisfied(std::span<const Value> v) const override {
    const long p = position(v[0], v.size() - 2);
    return p >= 0 && v[static_cast<std::size_t>(p) + 2] == v[1];
  }
  PropStatus propagate(Context& ctx) override {
    const Var x = scope()[0], z = scope()[1];
    const std::size_t n = scope().size() - 2;
    const Domains& d = ctx.domains();
    supports_.reset(d, std::span<const Var>(scope()).first(2));  // marks for x and z only
    d.for_each(x, [&](Value i) {
      const long p = position(i, n);
      if (p < 0) return;
      bool shared = false;
      d.for_each(scope()[static_cast<std::size_t>(p) + 2], [&](Value v) {
        if (!d.contains(z, v)) return;
        supports_.mark(1, v);
        shared = true;
      });
      if (shared) supports_.mark(0, i);
    });
    if (!supports_.prune(ctx, 0, x) || !supports_.prune(ctx, 1, z)) return PropStatus::failed;
    if (ctx.fixed(x)) {  // a[x] = z: a[x] keeps z's candidates (z's are already a[x]'s)
      const Var ax = scope()[static_cast<std::size_t>(ctx.value(x)) + 1];
      if (d.interval(ax))  // no holes to make: z's candidates all lie in a[x], so its bounds are a[x]'s
        return ctx.remove_below(ax, ctx.min(z)) && ctx.remove_above(ax, ctx.max(z)) ? PropStatus::fixpoint
                                                                                   : PropStatus::failed;
      bool ok = true;
      d.for_each(ax, [&](Value v) {
        if (ok && !d.contains(z, v)) ok = ctx.remove(ax, v);
      });
      if (!ok) return PropStatus::failed;
    }
    return PropStatus::fixpoint;
  }

 private:
  Supports supports_;
};

}  // namespace

std::unique_ptr<Propagator> element(Var x, std::vector<Value> array, Var z) {
  return std::make_unique<ElementConst>(x, std::move(array), z);
}

std::unique_ptr<Propagator> element(Var x, std::vector<Var> array, Var z) {
  std::vector<Var> scope{x, z};
  scope.insert(scope.end(), array.begin(), array.end());
  return std::make_unique<ElementVar>(std::move(scope));
}

}  // namespace csp
