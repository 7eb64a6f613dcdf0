#include "csp/constraints/cumulative.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "csp/engine.hpp"

namespace csp {
namespace {

// Scope: s..., d..., r..., b.
class Cumulative final : public Propagator {
 public:
  Cumulative(std::vector<Var> scope, std::size_t n)
      : Propagator(std::move(scope), Trigger::bounds), n_(n), part_(n), times_(2 * n), height_(2 * n) {}
  std::string name() const override { return "cumulative"; }
  bool satisfied(std::span<const Value> v) const override {
    const auto s = v.first(n_), d = v.subspan(n_, n_), r = v.subspan(2 * n_, n_);
    const long b = v[3 * n_];
    if (n_ > 0 && b < 0) return false;
    for (std::size_t i = 0; i < n_; ++i)
      if (d[i] < 0 || r[i] < 0) return false;
    for (std::size_t j = 0; j < n_; ++j) {  // the load peaks at some task's start
      if (d[j] == 0 || r[j] == 0) continue;
      long load = 0;
      for (std::size_t i = 0; i < n_; ++i)
        if (s[i] <= s[j] && static_cast<long>(s[j]) < static_cast<long>(s[i]) + d[i]) load += r[i];
      if (load > b) return false;
    }
    return true;
  }
  PropStatus propagate(Context& ctx) override {
    if (n_ == 0) return PropStatus::fixpoint;
    const Var b = scope()[3 * n_];
    if (!ctx.remove_below(b, 0)) return PropStatus::failed;
    for (std::size_t i = 0; i < n_; ++i)
      if (!ctx.remove_below(dur(i), 0) || !ctx.remove_below(use(i), 0)) return PropStatus::failed;
    // The compulsory parts and the profile they make, over the segments between their ends.
    std::size_t m = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      Part& p = part_[i];
      p.from = ctx.max(start(i));
      p.to = static_cast<long>(ctx.min(start(i))) + ctx.min(dur(i));
      p.use = ctx.min(use(i));
      if (p.from >= p.to || p.use == 0) p.to = p.from;  // none
      if (p.from == p.to) continue;
      times_[m++] = p.from;
      times_[m++] = p.to;
    }
    std::sort(times_.begin(), times_.begin() + static_cast<long>(m));
    m = static_cast<std::size_t>(std::unique(times_.begin(), times_.begin() + static_cast<long>(m)) - times_.begin());
    const std::size_t segments = m == 0 ? 0 : m - 1;  // segment k is [times_[k], times_[k + 1])
    long peak = 0;
    for (std::size_t k = 0; k < segments; ++k) {
      height_[k] = 0;
      for (const Part& p : part_)
        if (p.from <= times_[k] && times_[k + 1] <= p.to) height_[k] += p.use;
      peak = std::max(peak, height_[k]);
    }
    if (peak > ctx.max(b) || !ctx.remove_below(b, static_cast<Value>(peak))) return PropStatus::failed;
    const long cap = ctx.max(b);
    // Each task away from the segments where it cannot run beside the others' compulsory parts.
    bool changed = false;
    for (std::size_t i = 0; i < n_; ++i) {
      const long length = ctx.min(dur(i)), need = ctx.min(use(i));
      if (length == 0 || need == 0) continue;
      const Part& own = part_[i];
      auto blocked = [&](std::size_t k) {
        const bool mine = own.from <= times_[k] && times_[k + 1] <= own.to;
        return height_[k] - (mine ? own.use : 0) + need > cap;
      };
      long est = ctx.min(start(i)), lst = ctx.max(start(i));
      for (std::size_t k = 0; k < segments; ++k)
        if (blocked(k) && est < times_[k + 1] && est + length > times_[k]) est = times_[k + 1];
      for (std::size_t k = segments; k-- > 0;)
        if (blocked(k) && lst < times_[k + 1] && lst + length > times_[k]) lst = times_[k] - length;
      if (est > lst) return PropStatus::failed;
      if (est == ctx.min(start(i)) && lst == ctx.max(start(i))) continue;
      if (!ctx.remove_below(start(i), static_cast<Value>(est)) || !ctx.remove_above(start(i), static_cast<Value>(lst)))
        return PropStatus::failed;
      changed = true;
    }
    // A moved start grows compulsory parts: run again until the profile stands.
    return changed ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

 private:
  struct Part {
    long from = 0, to = 0, use = 0;  // [from, to) at height use; from == to: none
  };
  Var start(std::size_t i) const { return scope()[i]; }
  Var dur(std::size_t i) const { return scope()[n_ + i]; }
  Var use(std::size_t i) const { return scope()[2 * n_ + i]; }

  std::size_t n_;
  std::vector<Part> part_;   // scratch, per task
  std::vector<long> times_;  // scratch: the parts' ends, sorted
  std::vector<long> height_;  // scratch: the profile per segment
};

}  // namespace

std::unique_ptr<Propagator> cumulative(std::vector<Var> s, std::vector<Var> d, std::vector<Var> r, Var b) {
  if (s.size() != d.size() || s.size() != r.size())
    throw std::invalid_argument("cumulative: starts, durations and uses differ in length");
  const std::size_t n = s.size();
  s.insert(s.end(), d.begin(), d.end());
  s.insert(s.end(), r.begin(), r.end());
  s.push_back(b);
  return std::make_unique<Cumulative>(std::move(s), n);
}

}  // namespace csp
