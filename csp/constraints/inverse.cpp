#include "csp/constraints/inverse.hpp"

#include <string>

#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// Scope: f..., g....
class Inverse final : public Propagator {
 public:
  Inverse(std::vector<Var> scope, std::size_t n, Value f_base, Value g_base)
      : Propagator(std::move(scope), Trigger::any), n_(n), f_base_(f_base), g_base_(g_base) {}
  std::string name() const override { return "inverse"; }
  bool satisfied(std::span<const Value> v) const override {
    const auto f = v.first(n_), g = v.subspan(n_);
    for (std::size_t i = 0; i < f.size(); ++i) {
      const long j = position(f[i], g_base_, g.size());
      if (j < 0 || g[static_cast<std::size_t>(j)] != static_cast<long>(i) + f_base_) return false;
    }
    for (std::size_t j = 0; j < g.size(); ++j) {
      const long i = position(g[j], f_base_, f.size());
      if (i < 0 || f[static_cast<std::size_t>(i)] != static_cast<long>(j) + g_base_) return false;
    }
    return true;
  }
  // A value w leaves side[i] because its partner other[w - base] lost i, or because another
  // position of either array already holds what the pair needs (both arrays are permutations).
  // A bound moved or a variable fixed is each value passed over; a failure, a variable left with
  // every value so removed.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::span<const Var> all(scope());
    if (inferred == nullptr) {  // a failure: some variable left with no value (each removal explained)
      for (std::size_t p = 0; p < all.size(); ++p)
        if (detail::emptied(at, all[p], reason, [&](Value w) { return removal_at(at, p, w, reason); })) return true;
      return false;
    }
    const std::size_t p = detail::once(all, inferred->var);
    if (p == all.size()) return false;
    return detail::each_removal(at, *inferred, reason, [&](Value w) { return removal_at(at, p, w, reason); });
  }

  // Why the variable at scope position p cannot take w in `at` (false: not for these reasons).
  bool removal_at(const PastDomains& at, std::size_t p, Value w, std::vector<Lit>& reason) const {
    const std::span<const Var> all(scope());
    const bool in_f = p < n_;
    const std::span<const Var> self = in_f ? all.first(n_) : all.subspan(n_), other = in_f ? all.subspan(n_) : all.first(n_);
    const std::size_t i = in_f ? p : p - n_;
    const Value self_base = in_f ? f_base_ : g_base_, other_base = in_f ? g_base_ : f_base_;
    const long k = position(w, other_base, other.size());
    if (k < 0) return true;  // not a position: the constraint alone says so
    const Value mine = static_cast<Value>(static_cast<long>(i) + self_base);
    const Var partner = other[static_cast<std::size_t>(k)];
    if (!at.contains(partner, mine)) {
      reason.push_back(Lit::ne(partner, mine));
      return true;
    }
    for (std::size_t j = 0; j < other.size(); ++j)
      if (j != static_cast<std::size_t>(k) && at.fixed(other[j]) && at.min(other[j]) == mine) {
        reason.push_back(Lit::eq(other[j], mine));
        return true;
      }
    for (std::size_t j = 0; j < self.size(); ++j)
      if (j != i && at.fixed(self[j]) && at.min(self[j]) == w) {
        reason.push_back(Lit::eq(self[j], w));
        return true;
      }
    return false;
  }

  PropStatus propagate(Context& ctx) override {
    const std::span<const Var> f = std::span<const Var>(scope()).first(n_), g = std::span<const Var>(scope()).subspan(n_);
    bool changed = false;
    if (!channel(ctx, f, g, f_base_, g_base_, changed) || !channel(ctx, g, f, g_base_, f_base_, changed))
      return PropStatus::failed;
    return changed ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

 private:
  // The 0-based position value x names in an array of n starting at `base`, or -1.
  static long position(Value x, Value base, std::size_t n) {
    const long p = static_cast<long>(x) - base;
    return p >= 0 && p < static_cast<long>(n) ? p : -1;
  }
  // a[i] keeps j + b_base iff b[j] has i + a_base; a b[j] fixed to i + a_base fixes a[i].
  static bool channel(Context& ctx, std::span<const Var> a, std::span<const Var> b, Value a_base, Value b_base,
                      bool& changed) {
    const Domains& d = ctx.domains();
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (!d.fixed(b[j])) continue;
      const long i = position(d.value(b[j]), a_base, a.size());
      if (i < 0) return false;
      const Var ai = a[static_cast<std::size_t>(i)];
      const Value want = static_cast<Value>(static_cast<long>(j) + b_base);
      if (d.fixed(ai) && d.value(ai) == want) continue;
      if (!ctx.assign(ai, want)) return false;
      changed = true;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {  // names of b's positions only, then each
      // `changed` by the size: the cut of a[i] to b's positions may fix it, which the other
      // direction then reads; in the interval form an interior removal is a no-op, no change.
      const int before = d.size(a[i]);
      if (b.empty() || !ctx.remove_below(a[i], b_base) || !ctx.remove_above(a[i], b_base + static_cast<Value>(b.size()) - 1))
        return false;
      bool ok = true;
      const Value me = static_cast<Value>(static_cast<long>(i) + a_base);
      d.for_each(a[i], [&](Value x) {
        if (!ok) return;
        const long j = position(x, b_base, b.size());
        if (j >= 0 && d.contains(b[static_cast<std::size_t>(j)], me)) return;
        ok = ctx.remove(a[i], x);
      });
      if (!ok) return false;
      changed |= d.size(a[i]) != before;
    }
    return true;
  }

  std::size_t n_;
  Value f_base_, g_base_;
};

}  // namespace

std::unique_ptr<Propagator> inverse(std::vector<Var> f, std::vector<Var> g, Value f_base, Value g_base) {
  const std::size_t n = f.size();
  f.insert(f.end(), g.begin(), g.end());
  return std::make_unique<Inverse>(std::move(f), n, f_base, g_base);
}

}  // namespace csp
