#include "csp/constraints/predicate.hpp"

#include <stdexcept>

#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class PredicatePropagator final : public Propagator {
 public:
  PredicatePropagator(std::vector<Var> vars, Predicate allowed, std::string name)
      : Propagator(vars, Trigger::fixed), allowed_(std::move(allowed)), name_(std::move(name)), values_(vars.size()) {}
  std::string name() const override { return name_; }
  bool satisfied(std::span<const Value> v) const override { return allowed_(v); }

  PropStatus propagate(Context& ctx) override {
    int open = -1;
    for (std::size_t i = 0; i < scope().size(); ++i) {
      Var v = scope()[i];
      if (ctx.fixed(v)) {
        values_[i] = ctx.value(v);
      } else if (open < 0) {
        open = static_cast<int>(i);
      } else if (scope()[static_cast<std::size_t>(open)] != v) {
        return PropStatus::fixpoint;  // two or more unfixed variables: nothing to say yet
      }
    }
    if (open < 0) return allowed_(values_) ? PropStatus::fixpoint : PropStatus::failed;
    const Var last = scope()[static_cast<std::size_t>(open)];
    const Domains& d = ctx.domains();
    auto allowed = [&](Value x) {
      // The same variable may stand twice in a scope: give every occurrence the trial value.
      for (std::size_t i = 0; i < scope().size(); ++i)
        if (scope()[i] == last) values_[i] = x;
      return allowed_(values_);
    };
    if (d.interval(last)) {  // no holes: each bound moves past its disallowed values, or a
      Value lo = d.min(last), hi = d.max(last);  // removal inside them (a no-op) would bare one later
      while (lo <= hi && !allowed(lo)) ++lo;
      while (hi > lo && !allowed(hi)) --hi;
      return lo <= hi && ctx.remove_below(last, lo) && ctx.remove_above(last, hi) ? PropStatus::fixpoint
                                                                                  : PropStatus::failed;
    }
    for (Value x = d.min(last); x != Domains::none; x = d.next(last, x))
      if (!allowed(x) && !ctx.remove(last, x)) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

 private:
  Predicate allowed_;
  std::string name_;
  std::vector<Value> values_;  // scratch, sized once
};

}  // namespace

std::unique_ptr<Propagator> predicate(std::vector<Var> vars, Predicate allowed, std::string name) {
  if (!allowed) throw std::invalid_argument("predicate '" + name + "': no function (an empty std::function)");
  return std::make_unique<PredicatePropagator>(std::move(vars), std::move(allowed), std::move(name));
}

}  // namespace csp
