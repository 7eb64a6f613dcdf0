#include "csp/constraints/count.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/repeats.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// True when v has a candidate in [lo, hi].
bool hits(const Domains& d, Var v, long lo, long hi) {
  if (lo > hi) return false;
  if (lo <= d.min(v)) return d.min(v) <= hi;
  if (lo > d.max(v)) return false;
  const Value x = d.next(v, static_cast<Value>(lo - 1));
  return x != Domains::none && x <= hi;
}

// Cuts c to [lo, hi]; false on a wipe-out.
bool clamp(Context& ctx, Var c, long lo, long hi) {
  if (lo > ctx.max(c) || hi < ctx.min(c)) return false;
  return ctx.remove_below(c, static_cast<Value>(std::max<long>(lo, ctx.min(c)))) &&
         ctx.remove_above(c, static_cast<Value>(std::min<long>(hi, ctx.max(c))));
}

// ---- explanations ----------------------------------------------------------------------------

// The explanations of one count: how many of xs take a value of the sorted set `set`, a count the
// variable n holds (or, when n.id < 0, that lies within [low, up]). A position is surely in when
// every candidate is a member, surely out when none is (in `at`). A bound of the count rests on
// that many positions surely in (its least value) or out (its greatest); a member leaves x_i when
// the count is full (its greatest value, and that many other positions surely in), a non-member
// when the count needs every position not surely out (its least value, and the others surely out).
struct CountReasons {
  const PastDomains& at;
  std::span<const Var> xs;
  const std::vector<Value>& set;
  Var n{-1};
  long low = 0, up = 0;

  bool member(Value a) const { return std::binary_search(set.begin(), set.end(), a); }
  // 1 when x_i is surely in, -1 surely out, 0 otherwise (or too wide to say).
  int side(std::size_t i) const {
    const Var x = xs[i];
    if (at.max(x) - std::int64_t{at.min(x)} > 256) return 0;
    bool in = false, out = false;
    for (Value a = at.min(x); a <= at.max(x) && !(in && out); ++a)
      if (at.contains(x, a)) (member(a) ? in : out) = true;
    return in && !out ? 1 : !in && out ? -1 : 0;
  }
  void facts(std::size_t i, int s, std::vector<Lit>& reason) const {
    const Var x = xs[i];
    const Value lo = at.min(x), hi = at.max(x);
    if (s > 0 && lo == hi) {
      reason.push_back(Lit::eq(x, lo));
      return;
    }
    bool low_bound = false, high_bound = false;
    if (s > 0) {  // within the bounds, every non-member absent
      reason.push_back(Lit::ge(x, lo));
      reason.push_back(Lit::le(x, hi));
      for (Value a = lo; a <= hi; ++a)
        if (!member(a)) reason.push_back(Lit::ne(x, a));
      return;
    }
    for (const Value a : set) {  // every member absent: outside the bounds, or a hole
      if (a < lo) low_bound = true;
      else if (a > hi) high_bound = true;
      else reason.push_back(Lit::ne(x, a));
    }
    if (low_bound) reason.push_back(Lit::ge(x, lo));
    if (high_bound) reason.push_back(Lit::le(x, hi));
  }
  // Adds the facts of up to k positions other than `skip` surely on side s; how many it found.
  long some(int s, long k, std::size_t skip, std::vector<Lit>& reason) const {
    long found = 0;
    for (std::size_t i = 0; i < xs.size() && found < k; ++i)
      if (i != skip && side(i) == s) {
        facts(i, s, reason);
        ++found;
      }
    return found;
  }
  bool by_var() const { return n.id >= 0; }
  // The count's greatest value in `at` (with its fact), and its least.
  long most(std::vector<Lit>& reason) const {
    if (!by_var()) return up;
    reason.push_back(Lit::le(n, at.max(n)));
    return at.max(n);
  }
  long least(std::vector<Lit>& reason) const {
    if (!by_var()) return low;
    reason.push_back(Lit::ge(n, at.min(n)));
    return at.min(n);
  }
  // Why x_i takes no member: the count is full without it. False with `reason` as it was.
  bool full(std::size_t i, std::vector<Lit>& reason) const {
    const std::size_t before = reason.size();
    const long k = most(reason);
    if (k < 0 || some(1, k, i, reason) == k) return true;
    reason.resize(before);
    return false;
  }
  // Why x_i takes a member: the count needs every other position not surely out, and x_i.
  bool needs(std::size_t i, std::vector<Lit>& reason) const {
    const std::size_t before = reason.size();
    const long k = static_cast<long>(xs.size()) - least(reason);
    if (k < 0 || some(-1, k, i, reason) == k) return true;
    reason.resize(before);
    return false;
  }
  // A bound b of the count variable n.
  bool bound(Lit b, std::vector<Lit>& reason) const {
    const long size = static_cast<long>(xs.size());
    if (b.kind == Lit::Kind::ge) return detail::reach_bound(at, b, some(1, b.value, xs.size(), reason), reason);
    if (b.kind == Lit::Kind::le)
      return detail::reach_bound(at, b, size - some(-1, size - b.value, xs.size(), reason), reason);
    return false;
  }
  // Why the count cannot hold: more positions surely in than it allows, more surely out, or no
  // candidate of n between the two. False with `reason` as it was.
  bool failure(std::vector<Lit>& reason) const {
    const long size = static_cast<long>(xs.size());
    const std::size_t before = reason.size();
    long in = 0, out = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const int s = side(i);
      in += s > 0;
      out += s < 0;
    }
    const long hi = most(reason);
    if (in > hi && some(1, hi + 1, xs.size(), reason) == hi + 1) return true;
    reason.resize(before);
    const long lo = least(reason);
    if (size - out < lo && some(-1, size - lo + 1, xs.size(), reason) == size - lo + 1) return true;
    reason.resize(before);
    if (!by_var() || size - out - in > 64) return false;
    for (long c = in; c <= size - out; ++c) {
      if (at.contains(n, static_cast<Value>(c))) {
        reason.resize(before);
        return false;
      }
      detail::absent(at, n, static_cast<Value>(c), reason);
    }
    some(1, in, xs.size(), reason);
    some(-1, out, xs.size(), reason);
    return true;
  }
};

// Explains the inference (nullptr: failure) of a propagator that counts one set: on n by its
// bounds, on x_i value by value (a member by full(), a non-member by needs()), a failure by the
// count or by a position left with no value.
bool explain_count(const CountReasons& r, const Lit* inferred, std::vector<Lit>& reason) {
  // x_i's removals: each of the two reasons added once.
  auto removals = [&](std::size_t i) {
    return [&r, &reason, i, full = 0, needs = 0](Value a) mutable {
      int& done = r.member(a) ? full : needs;
      if (done == 0) done = (r.member(a) ? r.full(i, reason) : r.needs(i, reason)) ? 1 : -1;
      return done > 0;
    };
  };
  if (inferred == nullptr) {
    if (r.failure(reason)) return true;
    for (std::size_t i = 0; i < r.xs.size(); ++i)
      if (detail::emptied(r.at, r.xs[i], reason, removals(i))) return true;
    return false;
  }
  const std::size_t i = detail::once(r.xs, inferred->var);
  if (r.by_var() && inferred->var == r.n) {
    if (i != r.xs.size()) return false;
    return detail::explain_by_bounds(r.at, *inferred, reason, [&](Lit b) { return r.bound(b, reason); });
  }
  if (i == r.xs.size()) return false;
  return detail::each_removal(r.at, *inferred, reason, removals(i));
}

// ---- count_eq ------------------------------------------------------------------------------

// Scope: x..., y, c.
class CountEq final : public Propagator {
 public:
  explicit CountEq(std::vector<Var> scope) : Propagator(std::move(scope), Trigger::any) {}
  std::string name() const override { return "count_eq"; }
  // With y fixed, the count of y's value (explain_count), and y's value named. Otherwise (y of
  // at most 65 values in a span): y loses v when v's count cannot be c (CountReasons::failure),
  // a bound or hole of c holds for each candidate v of y (y's bounds and holes named), a failure
  // is y left with no such v; x's removals take the default.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t n = scope().size() - 2;
    const Var y = scope()[n], c = scope()[n + 1];
    const std::span<const Var> xs(scope().data(), n);
    if (y == c || std::count(xs.begin(), xs.end(), y) > 0 || std::count(xs.begin(), xs.end(), c) > 0) return false;
    if (at.fixed(y)) {
      if (inferred != nullptr && inferred->var == y) return false;
      const std::vector<Value> set{at.min(y)};
      reason.push_back(Lit::eq(y, at.min(y)));
      return explain_count(CountReasons{at, xs, set, c}, inferred, reason);
    }
    if (at.max(y) - std::int64_t{at.min(y)} > 64) return false;
    std::vector<Value> set(1);
    const CountReasons r{at, xs, set, c};
    auto dead = [&](Value v) {  // y = v leaves no count c can take
      set[0] = v;
      return r.failure(reason);
    };
    if (inferred == nullptr) return detail::emptied(at, y, reason, dead);
    if (inferred->var == y) return detail::each_removal(at, *inferred, reason, dead);
    if (inferred->var != c) return false;
    reason.push_back(Lit::ge(y, at.min(y)));
    reason.push_back(Lit::le(y, at.max(y)));
    for (Value v = at.min(y); v <= at.max(y); ++v) {
      if (!at.contains(y, v)) {
        reason.push_back(Lit::ne(y, v));
        continue;
      }
      set[0] = v;
      if (!detail::explain_by_bounds(at, *inferred, reason, [&](Lit b) { return r.bound(b, reason); })) return false;
    }
    return true;
  }
  bool satisfied(std::span<const Value> v) const override {
    const std::size_t n = v.size() - 2;
    return std::count(v.begin(), v.begin() + static_cast<long>(n), v[n]) == v[n + 1];
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size() - 2;
    const Var y = scope()[n], c = scope()[n + 1];
    if (ctx.size(y) > kCountValues) return wide_y(ctx);
    // Per candidate v of y: how many x are fixed to v (sure) and how many may take it (possible).
    std::size_t m = 0;
    d.for_each(y, [&](Value v) {
      values_[m] = v;
      sure_[m] = possible_[m] = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (!d.contains(scope()[i], v)) continue;
        ++possible_[m];
        if (d.fixed(scope()[i])) ++sure_[m];
      }
      ++m;
    });
    // y keeps v when some count in [sure, possible] is a candidate of c; c keeps those counts.
    long lo = 1L << 40, hi = -(1L << 40);
    for (std::size_t k = 0; k < m; ++k) {
      if (!hits(d, c, sure_[k], possible_[k])) {
        if (!ctx.remove(y, values_[k])) return PropStatus::failed;
        possible_[k] = -1;  // dead: no longer a support
        continue;
      }
      lo = std::min<long>(lo, sure_[k]);
      hi = std::max<long>(hi, possible_[k]);
    }
    if (!clamp(ctx, c, lo, hi)) return PropStatus::failed;
    // Holes of c between the supported ranges: keep the counts some live v reaches.
    bool ok = true;
    d.for_each(c, [&](Value k) {
      if (!ok) return;
      for (std::size_t j = 0; j < m; ++j)
        if (possible_[j] >= 0 && sure_[j] <= k && k <= possible_[j]) return;
      ok = ctx.remove(c, k);
    });
    if (!ok) return PropStatus::failed;
    // x[i] = a needs a live v == a with x[i] counted, or a live v != a with x[i] not counted.
    for (std::size_t i = 0; i < n; ++i) {
      const Var xi = scope()[i];
      const bool fixed = d.fixed(xi);
      int others = 0;  // live v whose count can avoid x[i]
      Value other = 0;
      for (std::size_t k = 0; k < m; ++k) {
        if (possible_[k] < 0) continue;
        const int in = d.contains(xi, values_[k]) ? 1 : 0;
        if (fixed && in) continue;  // x[i] is v: it cannot avoid it
        if (hits(d, c, sure_[k], possible_[k] - in)) ++others, other = values_[k];
      }
      if (others >= 2) continue;  // every a has a v != a
      // x[i] = values_[k] with x[i] counted: the count lies in [sure (+1 unless x[i] is sure), possible].
      auto counted = [&](std::size_t k) {
        return k < m && possible_[k] >= 0 && d.contains(xi, values_[k]) &&
               hits(d, c, sure_[k] + (fixed ? 0 : 1), possible_[k]);
      };
      auto index = [&](Value a) {
        return static_cast<std::size_t>(std::find(values_.begin(), values_.begin() + static_cast<long>(m), a) -
                                        values_.begin());
      };
      if (others == 1) {  // every a but `other` avoids through it; `other` itself must be counted
        if (!counted(index(other)) && !ctx.remove(xi, other)) return PropStatus::failed;
        continue;
      }
      // Nothing avoids x[i]: it keeps the live v it is counted by (within their span, then each).
      long lo = 1L << 40, hi = -(1L << 40);
      for (std::size_t k = 0; k < m; ++k)
        if (counted(k)) lo = std::min<long>(lo, values_[k]), hi = std::max<long>(hi, values_[k]);
      if (!clamp(ctx, xi, lo, hi)) return PropStatus::failed;
      d.for_each(xi, [&](Value a) {
        if (ok && !counted(index(a))) ok = ctx.remove(xi, a);
      });
      if (!ok) return PropStatus::failed;
    }
    return PropStatus::not_fixpoint;  // x's narrowing changes the counts
  }

 private:
  // Too many candidates of y to count each: bounds only. c is at most the number of x that may
  // meet y; when c >= 1, y lies within the hull of those x. Both hold for every y in a solution.
  PropStatus wide_y(Context& ctx) {
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size() - 2;
    const Var y = scope()[n], c = scope()[n + 1];
    long meets = 0, lo = 1L << 40, hi = -(1L << 40);
    for (std::size_t i = 0; i < n; ++i) {
      const Var xi = scope()[i];
      const long from = std::max(d.min(xi), d.min(y)), to = std::min(d.max(xi), d.max(y));
      if (!hits(d, xi, from, to) || !hits(d, y, from, to)) continue;  // a shared value is possible
      ++meets;
      lo = std::min<long>(lo, d.min(xi));
      hi = std::max<long>(hi, d.max(xi));
    }
    if (!clamp(ctx, c, 0, meets)) return PropStatus::failed;
    if (ctx.min(c) >= 1 && !clamp(ctx, y, lo, hi)) return PropStatus::failed;
    return PropStatus::not_fixpoint;  // y's cut changes which x meet it
  }

  std::array<Value, kCountValues> values_{};
  std::array<int, kCountValues> sure_{}, possible_{};
};

// ---- among and global_cardinality: counts of fixed value sets ----------------------------------

// How many of x lie surely inside a value set, and how many may; the bounds a count may take.
struct SetTally {
  long sure = 0, possible = 0;
};

// Scope: n, x...; `set_` sorted, duplicates removed.
class Among final : public Propagator {
 public:
  Among(std::vector<Var> scope, std::vector<Value> set)
      : Propagator(std::move(scope), Trigger::any), set_(std::move(set)), done_(repeats(this->scope()) ? PropStatus::not_fixpoint : PropStatus::fixpoint) {
    std::sort(set_.begin(), set_.end());
    set_.erase(std::unique(set_.begin(), set_.end()), set_.end());
  }
  std::string name() const override { return "among"; }
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (set_.size() > 256) return false;
    return explain_count(CountReasons{at, std::span<const Var>(scope()).subspan(1), set_, scope()[0]}, inferred,
                         reason);
  }
  bool satisfied(std::span<const Value> v) const override {
    return std::count_if(v.begin() + 1, v.end(), [&](Value x) { return in_set(x); }) == v[0];
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    const Var n = scope()[0];
    SetTally t;
    for (std::size_t i = 1; i < scope().size(); ++i) {
      const auto [inside, outside] = split(d, scope()[i]);
      if (inside) ++t.possible;
      if (inside && !outside) ++t.sure;
    }
    if (!clamp(ctx, n, t.sure, t.possible)) return PropStatus::failed;
    // An undecided x[i] may go inside iff n has a candidate in [sure + 1, possible], outside iff
    // one in [sure, possible - 1].
    const bool may_in = hits(d, n, t.sure + 1, t.possible), may_out = hits(d, n, t.sure, t.possible - 1);
    if (may_in && may_out) return done_;
    for (std::size_t i = 1; i < scope().size(); ++i) {
      const Var xi = scope()[i];
      const auto [inside, outside] = split(d, xi);
      if (!inside || !outside) continue;
      bool ok = true;
      if (d.interval(xi)) {  // no holes: only the bounds move, past the values that must go
        if (!keep_side(ctx, xi, may_in)) return PropStatus::failed;
      } else if (!may_in && static_cast<std::size_t>(d.size(xi)) > set_.size()) {  // the members go, one by one
        for (const Value a : set_) ok = ok && ctx.remove(xi, a);
      } else {  // within the set's span first when only members may stay, then each
        if (may_in && !clamp(ctx, xi, set_.front(), set_.back())) return PropStatus::failed;
        d.for_each(xi, [&](Value a) {
          if (ok && in_set(a) != may_in) ok = ctx.remove(xi, a);
        });
      }
      if (!ok) return PropStatus::failed;
    }
    return done_;
  }

 private:
  bool in_set(Value x) const { return std::binary_search(set_.begin(), set_.end(), x); }
  // For an interval-form xi, where removing an interior value is a no-op: raises its min and lowers
  // its max past every value on the wrong side of the set (members when !inside), so that one run
  // leaves both bounds on the side to keep. O(|set|), however wide xi is.
  bool keep_side(Context& ctx, Var xi, bool inside) const {
    const Domains& d = ctx.domains();
    long lo = d.min(xi), hi = d.max(xi);
    if (inside) {
      const auto first = std::lower_bound(set_.begin(), set_.end(), static_cast<Value>(lo));
      const auto last = std::upper_bound(set_.begin(), set_.end(), static_cast<Value>(hi));
      if (first == last) return false;  // no member within [lo, hi]
      lo = *first;
      hi = *(last - 1);
    } else {  // past each run of consecutive members at either end
      for (auto it = std::lower_bound(set_.begin(), set_.end(), static_cast<Value>(lo)); it != set_.end() && *it == lo; ++it)
        ++lo;
      for (auto it = std::upper_bound(set_.begin(), set_.end(), static_cast<Value>(hi)); it != set_.begin() && *(it - 1) == hi; --it)
        --hi;
      if (lo > hi) return false;
    }
    return ctx.remove_below(xi, static_cast<Value>(lo)) && ctx.remove_above(xi, static_cast<Value>(hi));
  }
  // Whether v has candidates inside the set, and outside it: walks v's candidates or the set's
  // members, whichever are fewer (a wide v against a small set, or the reverse).
  std::pair<bool, bool> split(const Domains& d, Var v) const {
    bool inside = false, outside = false;
    if (static_cast<std::size_t>(d.size(v)) <= set_.size()) {
      d.for_each(v, [&](Value a) { (in_set(a) ? inside : outside) = true; });
      return {inside, outside};
    }
    const auto members = std::count_if(set_.begin(), set_.end(), [&](Value a) { return d.contains(v, a); });
    return {members > 0, d.size(v) > members};
  }

  std::vector<Value> set_;
  PropStatus done_;  // not_fixpoint when a variable repeats: one run may not reach the fixpoint
};

// Scope: x..., counts... (when counted by variables). Each cover value's count on its own.
class GlobalCardinality final : public Propagator {
 public:
  GlobalCardinality(std::vector<Var> scope, std::size_t n, std::vector<Value> cover, std::vector<Value> low,
                    std::vector<Value> up, bool closed)
      : Propagator(std::move(scope), Trigger::any),
        n_(n),
        cover_(std::move(cover)),
        low_(std::move(low)),
        up_(std::move(up)),
        closed_(closed),
        sorted_(cover_) {
    std::sort(sorted_.begin(), sorted_.end());
  }
  std::string name() const override { return closed_ ? "global_cardinality(closed)" : "global_cardinality"; }
  // Each cover value's count on its own (CountReasons); a value outside a closed cover needs
  // nothing. x_i loses a cover value when that value's count is full, any other value when some
  // cover value's count needs x_i.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::span<const Var> xs(scope().data(), n_);
    std::vector<std::vector<Value>> sets;
    std::vector<CountReasons> counts;
    sets.reserve(cover_.size());
    for (std::size_t j = 0; j < cover_.size(); ++j) {
      sets.push_back({cover_[j]});
      counts.push_back(by_vars() ? CountReasons{at, xs, sets[j], scope()[n_ + j]}
                                 : CountReasons{at, xs, sets[j], Var{-1}, low_[j], up_[j]});
    }
    // Why x_i cannot take a: outside a closed cover; a's count full; another value's count needs x_i.
    auto removals = [&](std::size_t i) {
      return [&, i, needed = -2](Value a) mutable {
        if (closed_ && !in_cover(a)) return true;
        for (std::size_t j = 0; j < cover_.size(); ++j)
          if (cover_[j] == a && counts[j].full(i, reason)) return true;
        if (needed == -2) {
          needed = -1;
          for (std::size_t j = 0; j < cover_.size() && needed < 0; ++j)
            if (counts[j].needs(i, reason)) needed = static_cast<int>(j);
        }
        return needed >= 0 && cover_[static_cast<std::size_t>(needed)] != a;
      };
    };
    if (inferred == nullptr) {
      for (const CountReasons& c : counts)
        if (c.failure(reason)) return true;
      for (std::size_t i = 0; i < n_; ++i)
        if (detail::emptied(at, xs[i], reason, removals(i))) return true;
      return false;
    }
    const std::size_t i = detail::once(xs, inferred->var);
    if (i != n_) return detail::each_removal(at, *inferred, reason, removals(i));
    for (std::size_t j = 0; j < cover_.size() && by_vars(); ++j)
      if (scope()[n_ + j] == inferred->var)
        return std::count(scope().begin(), scope().end(), inferred->var) == 1 &&
               detail::explain_by_bounds(at, *inferred, reason, [&](Lit b) { return counts[j].bound(b, reason); });
    return false;
  }
  bool satisfied(std::span<const Value> v) const override {
    const auto x = v.first(n_);
    for (std::size_t j = 0; j < cover_.size(); ++j) {
      const long k = std::count(x.begin(), x.end(), cover_[j]);
      if (by_vars() ? k != v[n_ + j] : (k < low_[j] || k > up_[j])) return false;
    }
    return !closed_ || std::all_of(x.begin(), x.end(), [&](Value a) { return in_cover(a); });
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    bool ok = true;
    if (closed_) {  // within the cover's span first, so that the walk is no wider than the cover
      for (std::size_t i = 0; i < n_ && ok; ++i)
        if (sorted_.empty() || !clamp(ctx, scope()[i], sorted_.front(), sorted_.back())) return PropStatus::failed;
      for (std::size_t i = 0; i < n_ && ok; ++i)
        d.for_each(scope()[i], [&](Value a) {
          if (ok && !in_cover(a)) ok = ctx.remove(scope()[i], a);
        });
      if (!ok) return PropStatus::failed;
    }
    bool changed = false;
    for (std::size_t j = 0; j < cover_.size(); ++j) {
      const Value v = cover_[j];
      SetTally t;
      for (std::size_t i = 0; i < n_; ++i) {
        if (!d.contains(scope()[i], v)) continue;
        ++t.possible;
        if (d.fixed(scope()[i])) ++t.sure;
      }
      if (by_vars()) {
        const Var c = scope()[n_ + j];
        const int before = d.size(c);
        if (!clamp(ctx, c, t.sure, t.possible)) return PropStatus::failed;
        changed |= d.size(c) != before;
      } else if (t.sure > up_[j] || t.possible < low_[j]) {
        return PropStatus::failed;
      }
      const bool may_in = count_hits(d, j, t.sure + 1, t.possible);
      const bool may_out = count_hits(d, j, t.sure, t.possible - 1);
      if (may_in && may_out) continue;
      for (std::size_t i = 0; i < n_; ++i) {
        const Var xi = scope()[i];
        if (d.fixed(xi) || !d.contains(xi, v)) continue;
        if (!(may_in ? ctx.assign(xi, v) : ctx.remove(xi, v))) return PropStatus::failed;
        changed = true;
      }
    }
    // Fixing or removing a value changes the other values' counts: run again until quiet.
    return changed ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

 private:
  bool by_vars() const { return scope().size() > n_; }
  bool in_cover(Value a) const { return std::binary_search(sorted_.begin(), sorted_.end(), a); }
  // True when cover value j's count may lie in [lo, hi].
  bool count_hits(const Domains& d, std::size_t j, long lo, long hi) const {
    if (by_vars()) return hits(d, scope()[n_ + j], lo, hi);
    return std::max<long>(lo, low_[j]) <= std::min<long>(hi, up_[j]);
  }

  std::size_t n_;
  std::vector<Value> cover_, low_, up_;
  bool closed_;
  std::vector<Value> sorted_;
};

}  // namespace

std::unique_ptr<Propagator> count_eq(std::vector<Var> x, Var y, Var c) {
  x.push_back(y);
  x.push_back(c);
  return std::make_unique<CountEq>(std::move(x));
}

std::unique_ptr<Propagator> among(Var n, std::vector<Var> x, std::vector<Value> set) {
  x.insert(x.begin(), n);
  return std::make_unique<Among>(std::move(x), std::move(set));
}

std::unique_ptr<Propagator> global_cardinality(std::vector<Var> x, std::vector<Value> cover, std::vector<Var> counts,
                                               bool closed) {
  if (cover.size() != counts.size()) throw std::invalid_argument("global_cardinality: cover and counts differ in length");
  const std::size_t n = x.size();
  x.insert(x.end(), counts.begin(), counts.end());
  return std::make_unique<GlobalCardinality>(std::move(x), n, std::move(cover), std::vector<Value>{},
                                             std::vector<Value>{}, closed);
}

std::unique_ptr<Propagator> global_cardinality(std::vector<Var> x, std::vector<Value> cover, std::vector<Value> low,
                                               std::vector<Value> up, bool closed) {
  if (cover.size() != low.size() || cover.size() != up.size())
    throw std::invalid_argument("global_cardinality: cover, low and up differ in length");
  const std::size_t n = x.size();
  return std::make_unique<GlobalCardinality>(std::move(x), n, std::move(cover), std::move(low), std::move(up), closed);
}

}  // namespace csp
