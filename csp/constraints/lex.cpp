#include "csp/constraints/lex.hpp"

#include <algorithm>
#include <string>

#include "csp/constraints/detail/explain_bounds.hpp"
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
  // A bound of x[i] (or y[i]) rests on the positions before i, each with x[j] >= y[j] forced
  // ([x[j] >= a], [y[j] <= a]: so all equal), and on y[i]'s greatest value (x[i]'s least); one
  // less when the rest cannot follow equal: from i + 1 on, x[j] >= y[j] up to a position where
  // x[j] > y[j] is forced, or to the end of an order that equal arrays fail. A failure is that
  // from position 0.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t k = std::min(n_, scope().size() - n_);
    if (inferred == nullptr) return after_equal(at, 0, reason);
    const std::size_t p = detail::once(scope(), inferred->var);
    if (p == scope().size()) return false;
    const bool in_x = p < n_;
    const std::size_t i = in_x ? p : p - n_;
    if (i >= k) return false;
    for (std::size_t j = 0; j < i; ++j)  // the prefix: x[j] >= y[j], so equal
      if (!at_least(at, j, false, reason)) return false;
    const Var other = in_x ? y(i) : x(i);
    // x[i] <= y[i], or x[i] < y[i] when the rest cannot follow equal; on y[i]'s side, mirrored.
    return detail::explain_by_bounds(at, *inferred, reason, [&](Lit b) {
      if (b.kind != (in_x ? Lit::Kind::le : Lit::Kind::ge)) return false;
      const int sign = in_x ? 1 : -1;  // in_x: need other >= ... read as upper bounds
      auto bound_lit = [&](long v) { return in_x ? Lit::le(other, static_cast<Value>(v)) : Lit::ge(other, static_cast<Value>(v)); };
      const long edge = in_x ? at.max(other) : at.min(other);  // other's bound on x[i]'s side
      if (sign * (edge - b.value) <= 0) {  // other's bound alone
        reason.push_back(bound_lit(b.value));
        return true;
      }
      if (after_equal(at, i + 1, reason)) {  // one step further
        if (sign * (edge - sign - b.value) <= 0) {
          reason.push_back(bound_lit(b.value + sign));
          return true;
        }
        reason.push_back(bound_lit(edge));
        return detail::reach_bound(at, b, edge - sign, reason);
      }
      reason.push_back(bound_lit(edge));
      return detail::reach_bound(at, b, edge, reason);
    });
  }

  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    const std::size_t m = scope().size() - n_, k = std::min(n_, m);
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
  Var x(std::size_t i) const { return scope()[i]; }
  Var y(std::size_t i) const { return scope()[n_ + i]; }
  // Adds that x[j] >= y[j] (strictly when `strict`) is forced in `at`: [x[j] >= a], [y[j] <= a]
  // (a + 1 for x when strict) at y[j]'s greatest value. False when it is not.
  bool at_least(const PastDomains& at, std::size_t j, bool strict, std::vector<Lit>& reason) const {
    const Value a = at.max(y(j));
    if (at.min(x(j)) < a + (strict ? 1 : 0)) return false;
    reason.push_back(Lit::ge(x(j), strict ? a + 1 : a));
    reason.push_back(Lit::le(y(j), a));
    return true;
  }
  // Why the arrays from position `from` on cannot be in order given equal before: x[j] >= y[j]
  // forced up to a position where x[j] > y[j] is forced, or to the end when equal fails there.
  // False (reason as it was) when that is not so.
  bool after_equal(const PastDomains& at, std::size_t from, std::vector<Lit>& reason) const {
    const std::size_t m = scope().size() - n_, k = std::min(n_, m), before = reason.size();
    for (std::size_t j = from; j < k; ++j) {
      if (at_least(at, j, true, reason)) return true;
      if (!at_least(at, j, false, reason)) {
        reason.resize(before);
        return false;
      }
    }
    if (n_ > m || (n_ == m && strict_)) return true;  // equal to the end fails
    reason.resize(before);
    return false;
  }

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
