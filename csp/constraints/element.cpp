#include "csp/constraints/element.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "csp/constraints/detail/domain_words.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/constraints/detail/supports.hpp"
#include "csp/kernel/engine.hpp"

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

  // An index leaves x when z lacks its entry; a value leaves z when x lacks every index holding it.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const Var x = scope()[0], z = scope()[1];
    if (inferred == nullptr || x == z) return false;
    if (inferred->var == x)
      return detail::each_removal(at, *inferred, reason, [&](Value i) {
        const long p = position(i, a_.size());
        if (p < 0) return true;  // not an index: the constraint alone says so
        const Value u = a_[static_cast<std::size_t>(p)];
        if (at.contains(z, u)) return false;
        detail::absent(at, z, u, reason);
        return true;
      });
    return detail::each_removal(at, *inferred, reason, [&](Value u) {
      for (std::size_t p = 0; p < a_.size(); ++p) {
        if (a_[p] != u) continue;
        const auto i = static_cast<Value>(p + 1);
        if (at.contains(x, i)) return false;
        detail::absent(at, x, i, reason);
      }
      return true;
    });
  }

 private:
  std::vector<Value> a_;
  Supports supports_;
};

class ElementVar final : public Propagator {
 public:
  explicit ElementVar(std::vector<Var> scope) : Propagator(scope, watches(scope)) {
    drop_.reserve(this->scope().size() - 2);  // at most one entry per index: no growth later
    // x also the result or an entry of the array: narrowing x as the index changes it in its other
    // role, which one pass does not see (the engine does not wake a propagator on its own writes)
    for (std::size_t k = 1; k < this->scope().size(); ++k) aliased_ = aliased_ || this->scope()[k] == this->scope()[0];
  }
  std::string name() const override { return "element(var)"; }

  // An index leaves x when its entry and z share no candidate; a value leaves z when each index
  // is gone from x or lacks it; a value leaves the chosen entry when z lacks it. A failure: every
  // index gone or disjoint from z.
  // Each reason is a truth of the constraint whatever roles a variable plays (repeated, or z among
  // the entries, as MiniZinc's shared constants make it), so repeats need no special case.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const Var x = scope()[0], z = scope()[1];
    const std::size_t n = scope().size() - 2;
    const auto index_gone = [&](Value i) {
      const long p = position(i, n);
      if (p < 0) return true;  // not an index: the constraint alone says so
      return detail::disjoint(at, element_of(i), z, reason);
    };
    if (inferred == nullptr) {
      reason.push_back(Lit::ge(x, at.min(x)));
      reason.push_back(Lit::le(x, at.max(x)));
      if (at.max(x) - static_cast<std::int64_t>(at.min(x)) > 4096) return false;
      for (Value i = at.min(x); i <= at.max(x); ++i) {
        if (!at.contains(x, i)) reason.push_back(Lit::ne(x, i));
        else if (!index_gone(i)) return false;
      }
      return true;
    }
    if (inferred->var == x) return detail::each_removal(at, *inferred, reason, index_gone);
    if (inferred->var == z)
      return detail::each_removal(at, *inferred, reason, [&](Value u) {
        for (std::size_t p = 0; p < n; ++p) {
          const auto i = static_cast<Value>(p + 1);
          if (!at.contains(x, i)) detail::absent(at, x, i, reason);
          else if (!at.contains(element_of(i), u)) detail::absent(at, element_of(i), u, reason);
          else return false;
        }
        return true;
      });
    // An entry: narrowed to z's candidates once x chose it.
    if (!at.fixed(x)) return false;
    const Value i = at.min(x);
    if (position(i, n) < 0 || element_of(i) != inferred->var) return false;
    reason.push_back(Lit::eq(x, i));
    return detail::each_removal(at, *inferred, reason, [&](Value u) {
      if (at.contains(z, u)) return false;
      detail::absent(at, z, u, reason);
      return true;
    });
  }
  bool satisfied(std::span<const Value> v) const override {
    const long p = position(v[0], v.size() - 2);
    return p >= 0 && v[static_cast<std::size_t>(p) + 2] == v[1];
  }
  PropStatus propagate(Context& ctx) override {
    const Var x = scope()[0], z = scope()[1];
    const Value n = static_cast<Value>(scope().size() - 2);
    // (each write is guarded: an unneeded one still costs the engine a look at the domain)
    if (ctx.min(x) < 1 && !ctx.remove_below(x, 1)) return PropStatus::failed;
    if (ctx.max(x) > n && !ctx.remove_above(x, n)) return PropStatus::failed;
    const Domains& d = ctx.domains();
    const int x_size = ctx.size(x);  // x's size before the pass (aliased_: run again if it moved)
    drop_.clear();
    first_ = last_ = Domains::none;
    const bool ok = d.interval(z) ? support_hull(ctx) : support_words(ctx);
    if (!ok || first_ == Domains::none) return PropStatus::failed;
    // the bounds first: an interval-form x ignores the removal of an interior index
    if (ctx.min(x) < first_ && !ctx.remove_below(x, first_)) return PropStatus::failed;
    if (ctx.max(x) > last_ && !ctx.remove_above(x, last_)) return PropStatus::failed;
    for (Value i : drop_)
      if (!ctx.remove(x, i)) return PropStatus::failed;
    if (ctx.fixed(x) && !narrow_chosen(ctx, element_of(ctx.value(x)))) return PropStatus::failed;
    return aliased_ && ctx.size(x) != x_size ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

 private:
  Var element_of(Value i) const { return scope()[static_cast<std::size_t>(i) + 1]; }

  // x and z on any change; a[i] only while x keeps i: once x has lost i, a[i] supports nothing
  // and is narrowed by nothing, so its changes cannot concern this propagator.
  static std::vector<Watch> watches(const std::vector<Var>& scope) {
    const Var x = scope[0];
    std::vector<Watch> out{Watch::change(x, Trigger::any), Watch::change(scope[1], Trigger::any)};
    for (std::size_t k = 2; k < scope.size(); ++k)
      out.push_back(Watch::guarded(scope[k], Trigger::any, x, static_cast<Value>(k - 1)));
    return out;
  }

  // Records whether index i (visited in increasing order) keeps a support.
  void judge(Value i, bool supported) {
    if (!supported) return drop_.push_back(i);
    if (first_ == Domains::none) first_ = i;
    last_ = i;
  }

  // z in the bit form: z keeps the union of a[i] & z over the indices i left, found word by word,
  // and x drops each i whose a[i] shares nothing with z.
  bool support_words(Context& ctx) {
    const Domains& d = ctx.domains();
    const Var z = scope()[1];
    const VarLayout& zl = d.layout(z);
    const std::uint64_t* zw = d.words().data() + zl.first_word;
    if (zl.words == 1) {  // the common case, one word against one window per index
      std::uint64_t keep = 0;
      d.for_each(scope()[0], [&](Value i) {
        const std::uint64_t both = zw[0] & domain_words::window(d, element_of(i), zl.base);
        keep |= both;
        judge(i, both != 0);
      });
      return keep == zw[0] || ctx.keep_bits(z, keep);
    }
    keep_.assign(zl.words, 0);  // sized to z's words on the first call, reused after
    d.for_each(scope()[0], [&](Value i) {
      const Var a = element_of(i);
      // only z's words that meet a's range (its layout's, which costs no scan of its words)
      const VarLayout& al = d.layout(a);
      const std::int64_t a_min = al.interval ? d.min(a) : al.base;
      const std::int64_t a_max = al.interval ? d.max(a) : al.base + std::int64_t{al.words} * 64 - 1;
      const std::int64_t k_lo = std::max<std::int64_t>(0, (a_min - zl.base) / 64);
      const std::int64_t k_hi = std::min<std::int64_t>(zl.words - 1, (a_max - zl.base) / 64);
      std::uint64_t shared = 0;
      if (a_max >= zl.base)
        for (std::int64_t k = k_lo; k <= k_hi; ++k) {
          const std::uint64_t both = zw[k] & domain_words::window(d, a, zl.base + k * 64);
          keep_[static_cast<std::size_t>(k)] |= both;
          shared |= both;
        }
      judge(i, shared != 0);
    });
    for (std::size_t k = 0; k < keep_.size(); ++k)
      for (std::uint64_t gone = zw[k] & ~keep_[k]; gone != 0; gone &= gone - 1)
        if (!ctx.remove(z, static_cast<Value>(zl.base + static_cast<std::int64_t>(k) * 64 + std::countr_zero(gone))))
          return false;
    return true;
  }

  // z in the interval form (no holes): i is supported when a[i] has a candidate in [min z, max z],
  // and z's bounds become the least and greatest such candidate over the indices left.
  bool support_hull(Context& ctx) {
    const Domains& d = ctx.domains();
    const Var z = scope()[1];
    const Value lo = d.min(z), hi = d.max(z);
    Value new_lo = Domains::none, new_hi = Domains::none;
    d.for_each(scope()[0], [&](Value i) {
      const Var a = element_of(i);
      const Value first = domain_words::first_in(d, a, lo, hi);
      judge(i, first != Domains::none);
      if (first == Domains::none) return;
      const Value last = domain_words::last_in(d, a, lo, hi);
      if (new_lo == Domains::none || first < new_lo) new_lo = first;
      if (new_hi == Domains::none || last > new_hi) new_hi = last;
    });
    if (new_lo == Domains::none) return true;  // no index left: the caller fails
    return (lo >= new_lo || ctx.remove_below(z, new_lo)) && (hi <= new_hi || ctx.remove_above(z, new_hi));
  }

  // x is fixed to i: a[i] = z, so a[i] keeps z's candidates (z's are already a[i]'s).
  bool narrow_chosen(Context& ctx, Var a) {
    const Domains& d = ctx.domains();
    const Var z = scope()[1];
    if (d.min(a) < d.min(z) && !ctx.remove_below(a, d.min(z))) return false;
    if (d.max(a) > d.max(z) && !ctx.remove_above(a, d.max(z))) return false;
    if (d.interval(a) || d.interval(z)) return true;  // bounds are all either form can tell apart
    const VarLayout& al = d.layout(a);
    const std::uint64_t* aw = d.words().data() + al.first_word;
    if (al.words == 1) {
      const std::uint64_t keep = aw[0] & domain_words::window(d, z, al.base);
      return keep == aw[0] || ctx.keep_bits(a, keep);
    }
    for (std::uint32_t k = 0; k < al.words; ++k) {
      const std::int64_t s = al.base + std::int64_t{k} * 64;
      for (std::uint64_t gone = aw[k] & ~domain_words::window(d, z, s); gone != 0; gone &= gone - 1)
        if (!ctx.remove(a, static_cast<Value>(s + std::countr_zero(gone)))) return false;
    }
    return true;
  }

  std::vector<Value> drop_;           // the indices found unsupported in one propagation
  bool aliased_ = false;              // x is also z or an entry of the array
  Value first_ = Domains::none;       // the least and greatest index found supported in it
  Value last_ = Domains::none;
  std::vector<std::uint64_t> keep_;   // z's supported candidates, per word of z
};

}  // namespace

std::unique_ptr<Propagator> element(Var x, std::vector<Value> array, Var z) {
  if (x == z) {  // a[x] = x: x is one of the positions i with a[i] = i (the pair propagator would
                 // narrow x as index and as value apart and stop short of that)
    Ranges fixed_points;
    for (std::size_t i = 0; i < array.size(); ++i)
      if (array[i] == static_cast<std::int64_t>(i) + 1) fixed_points.emplace_back(array[i], array[i]);
    return member(x, std::move(fixed_points));
  }
  return std::make_unique<ElementConst>(x, std::move(array), z);
}

std::unique_ptr<Propagator> element(Var x, std::vector<Var> array, Var z) {
  std::vector<Var> scope{x, z};
  scope.insert(scope.end(), array.begin(), array.end());
  return std::make_unique<ElementVar>(std::move(scope));
}

}  // namespace csp
