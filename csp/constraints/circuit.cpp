#include "csp/constraints/circuit.hpp"

#include <algorithm>
#include <string>

#include "csp/engine.hpp"

namespace csp {
namespace {

class Circuit final : public Propagator {
 public:
  Circuit(std::vector<Var> x, Value base)
      : Propagator(std::move(x), Trigger::fixed), base_(base), pred_(scope().size()), seen_(scope().size()) {}
  std::string name() const override { return "circuit"; }
  bool satisfied(std::span<const Value> v) const override {
    const long n = static_cast<long>(v.size());
    if (n == 0) return true;
    long at = 0, steps = 0;
    do {  // follow successors from node 0: back at 0 after exactly n steps, never outside
      const long next = static_cast<long>(v[static_cast<std::size_t>(at)]) - base_;
      if (next < 0 || next >= n || next == at) return false;
      at = next;
      ++steps;
    } while (at != 0 && steps <= n);
    return at == 0 && steps == n;
  }
  PropStatus propagate(Context& ctx) override {
    // Woken only when a node is fixed, so one run must leave its own fixpoint. In the interval
    // form a removal inside the bounds is a no-op: a value that one step cuts from a bound may
    // bare another that an earlier step left inside (a taken successor, the node itself), so the
    // pass repeats while it cuts an interval-form variable. Bit-form domains never repeat it.
    for (;;) {
      bool interval_cut = false;
      const PropStatus status = pass(ctx, interval_cut);
      if (status == PropStatus::failed || !interval_cut) return status;
    }
  }

 private:
  // One pass of the rules below; `interval_cut` set when it narrowed an interval-form variable.
  PropStatus pass(Context& ctx, bool& interval_cut) {
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size();
    if (n == 0) return PropStatus::fixpoint;
    const long hi = base_ + static_cast<long>(n) - 1;
    for (std::size_t i = 0; i < n; ++i) {
      const Var xi = scope()[i];
      if (!ctx.remove_below(xi, base_) || hi < ctx.min(xi) || !ctx.remove_above(xi, static_cast<Value>(hi)) ||
          !ctx.remove(xi, static_cast<Value>(base_ + static_cast<long>(i))))
        return PropStatus::failed;
    }
    // Fixed successors leave the other variables; two nodes with one successor fail. Repeated
    // until nothing is removed, since a removal may fix another node and the chains below want
    // pred_ to hold every fixed one. `removed` by the size: in the interval form a removal inside
    // the bounds is a no-op, and counting it would repeat forever.
    for (bool removed = true; removed;) {
      removed = false;
      std::fill(pred_.begin(), pred_.end(), -1);
      for (std::size_t i = 0; i < n; ++i) {
        if (!d.fixed(scope()[i])) continue;
        const auto j = static_cast<std::size_t>(d.value(scope()[i]) - base_);
        if (pred_[j] >= 0) return PropStatus::failed;
        pred_[j] = static_cast<long>(i);
        for (std::size_t k = 0; k < n; ++k) {
          if (k == i || !d.contains(scope()[k], d.value(scope()[i]))) continue;
          const int before = d.size(scope()[k]);
          if (!ctx.remove(scope()[k], d.value(scope()[i]))) return PropStatus::failed;
          if (d.size(scope()[k]) == before) continue;
          removed = true;
          interval_cut |= d.interval(scope()[k]);
        }
      }
    }
    bool changed = false;
    // Chains of fixed successors: from each head (no fixed predecessor) to its open end, which may
    // not point back to the head unless the chain holds every node.
    std::fill(seen_.begin(), seen_.end(), 0);
    for (std::size_t head = 0; head < n; ++head) {
      if (pred_[head] >= 0) continue;
      std::size_t end = head, length = 1;
      seen_[head] = 1;
      while (d.fixed(scope()[end])) {
        end = static_cast<std::size_t>(d.value(scope()[end]) - base_);
        seen_[end] = 1;
        ++length;
      }
      if (length < n && d.contains(scope()[end], static_cast<Value>(base_ + static_cast<long>(head)))) {
        const int before = d.size(scope()[end]);
        if (!ctx.remove(scope()[end], static_cast<Value>(base_ + static_cast<long>(head)))) return PropStatus::failed;
        if (d.size(scope()[end]) != before) {
          changed = true;
          interval_cut |= d.interval(scope()[end]);
        }
      }
    }
    // Nodes no head reaches lie on closed cycles of fixed successors: one cycle of all is the only
    // good one.
    const auto unseen = static_cast<std::size_t>(std::count(seen_.begin(), seen_.end(), 0));
    if (unseen > 0 && unseen < n) return PropStatus::failed;
    if (unseen == n) {  // every node fixed, no head: one cycle through all?
      std::size_t at = 0, steps = 0;
      do {
        at = static_cast<std::size_t>(d.value(scope()[at]) - base_);
        ++steps;
      } while (at != 0);
      if (steps != n) return PropStatus::failed;
    }
    return changed ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

  Value base_;
  std::vector<long> pred_;  // scratch: the node whose fixed successor each node is, or -1
  std::vector<char> seen_;  // scratch: reached from a chain head
};

}  // namespace

std::unique_ptr<Propagator> circuit(std::vector<Var> x, Value base) {
  return std::make_unique<Circuit>(std::move(x), base);
}

}  // namespace csp
