#include "csp/constraints/lex.hpp"

#include <algorithm>
#include <string>

#include "csp/constraints/detail/repeats.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// True when a and b share a candidate (walks the smaller of the two with next()).
bool meet(const Domains& d, Var a, Var b) {
  if (d.size(a) > d.size(b)) std::swap(a, b);
  const Value lo = std::max(d.min(a), d.min(b)), hi = std::min(d.max(a), d.max(b));
  if (lo > hi) return false;
  for (Value v = d.contains(a, lo) ? lo : d.next(a, lo); v != Domains::none && v <= hi; v = d.next(a, v))
    if (d.contains(b, v)) return true;
  return false;
}

// Scope: x..., y...
class Lex final : public Propagator {
 public:
  Lex(std::vector<Var> scope, std::size_t n, bool strict)
      : Propagator(std::move(scope), Trigger::any), n_(n), strict_(strict), tail_(std::min(n, this->scope().size() - n) + 1), done_(repeats(this->scope()) ? PropStatus::not_fixpoint : PropStatus::fixpoint) {}
  std::string name() const override { return strict_ ? "lex_less" : "lex_lesseq"; }
  bool satisfied(std::span<const Value> v) const override {
    const auto x = v.first(n_), y = v.subspan(n_);
    const bool less = std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
    return less || (!strict_ && std::equal(x.begin(), x.end(), y.begin(), y.end()));
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    const std::size_t m = scope().size() - n_, k = std::min(n_, m);
    auto x = [&](std::size_t i) { return scope()[i]; };
    auto y = [&](std::size_t i) { return scope()[n_ + i]; };
    // tail_[i]: the suffixes from i on can be ordered given equal prefixes. After the common
    // length, the shorter array is smaller: the suffix holds iff x is shorter, or equal when
    // not strict.
    tail_[k] = n_ < m || (n_ == m && !strict_);
    for (std::size_t i = k; i-- > 0;)
      tail_[i] = d.min(x(i)) < d.max(y(i)) || (tail_[i + 1] && meet(d, x(i), y(i)));
    if (!tail_[0]) return PropStatus::failed;
    // Walk the positions whose prefix can be all equal; the first one that cannot be smaller by
    // itself decides nothing only while equal stays possible.
    for (std::size_t i = 0; i < k; ++i) {
      if (d.min(x(i)) < d.max(y(i))) {
        // x[i] < y[i] is possible here, so is equal-then-later: narrow to x[i] <= y[i] (and strict
        // when the rest cannot follow equal).
        const bool rest = tail_[i + 1];
        const Value top = rest ? d.max(y(i)) : d.max(y(i)) - 1;
        const Value bottom = rest ? d.min(x(i)) : d.min(x(i)) + 1;
        if (!ctx.remove_above(x(i), top) || !ctx.remove_below(y(i), bottom)) return PropStatus::failed;
        return done_;
      }
      // Here x[i] >= y[i] always: only equal can do, at a single shared value.
      if (!ctx.remove_above(x(i), d.max(y(i))) || !ctx.remove_below(y(i), d.min(x(i)))) return PropStatus::failed;
      // min(x) == max(y) is now the only equal value: both are fixed to it.
      if (!ctx.assign(x(i), d.max(y(i))) || !ctx.assign(y(i), d.min(x(i)))) return PropStatus::failed;
    }
    return done_;
  }

 private:
  std::size_t n_;
  bool strict_;
  std::vector<char> tail_;  // scratch, one per compared position and one past
  PropStatus done_;         // not_fixpoint when a variable repeats: one run may not reach the fixpoint
};

}  // namespace

std::unique_ptr<Propagator> lex_lesseq(std::vector<Var> x, std::vector<Var> y, bool strict) {
  const std::size_t n = x.size();
  x.insert(x.end(), y.begin(), y.end());
  return std::make_unique<Lex>(std::move(x), n, strict);
}

}  // namespace csp
