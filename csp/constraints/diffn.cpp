#include "csp/constraints/diffn.hpp"

#include <stdexcept>
#include <string>

#include "csp/constraints/detail/bounds.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// Scope: x..., y..., dx..., dy... (n each). A dimension k of box i is (start, size) = scope
// [k * n + i] and [(k + 2) * n + i].
class Diffn final : public Propagator {
 public:
  Diffn(std::vector<Var> scope, std::size_t n, bool strict)
      : Propagator(std::move(scope), Trigger::bounds), n_(n), strict_(strict), side_(2 * n) {}
  std::string name() const override { return strict_ ? "diffn" : "diffn(nonstrict)"; }

  bool satisfied(std::span<const Value> v) const override {
    auto at = [&](std::size_t k, std::size_t i) { return static_cast<long>(v[k * n_ + i]); };
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        if (!strict_ && (at(2, i) == 0 || at(2, j) == 0 || at(3, i) == 0 || at(3, j) == 0)) continue;
        bool apart = false;
        for (std::size_t k = 0; k < 2 && !apart; ++k)
          apart = at(k, i) + at(k + 2, i) <= at(k, j) || at(k, j) + at(k + 2, j) <= at(k, i);
        if (!apart) return false;
      }
    return true;
  }

  // A pair of boxes that must overlap along one axis (neither can end before the other starts,
  // by their bounds in `at`) must be apart along the other: a start or size of box i moved there
  // rests on that overlap, on why j cannot precede i (or i precede j) along the axis, and on the
  // bound of j it is pushed by; a start value punched out on the bounds of j it falls between. The
  // non-strict form names that the four sizes are not 0. A failure: a pair overlapping along both.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (inferred == nullptr) {
      for (std::size_t i = 0; i < n_; ++i)
        for (std::size_t j = i + 1; j < n_; ++j) {
          const std::size_t before = reason.size();
          if (sized(at, i, j, reason) && overlap(at, 0, i, j, reason) && overlap(at, 1, i, j, reason)) return true;
          reason.resize(before);
        }
      return false;
    }
    const std::size_t role = detail::once(scope(), inferred->var);
    if (role == scope().size()) return false;
    const std::size_t k = role / n_ % 2, i = role % n_;
    const bool is_size = role >= 2 * n_;
    for (std::size_t j = 0; j < n_; ++j) {
      if (j == i) continue;
      const std::size_t before = reason.size();
      if (!sized(at, i, j, reason) || !overlap(at, 1 - k, i, j, reason)) {
        reason.resize(before);
        continue;
      }
      const std::size_t pair = reason.size();
      if (!is_size && inferred->kind == Lit::Kind::ne && punched(at, k, i, j, inferred->value, reason)) return true;
      reason.resize(pair);
      if (detail::explain_by_bounds(at, *inferred, reason, [&](Lit b) { return apart(at, k, i, j, is_size, b, reason); }))
        return true;
      reason.resize(before);
    }
    return false;
  }

  PropStatus propagate(Context& ctx) override {
    for (std::size_t i = 0; i < n_; ++i) load(ctx, i);
    bool changed = false, all_apart = true;
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        if (surely_apart(i, j)) continue;
        all_apart = false;
        if (!strict_ && (may_be_zero(i) || may_be_zero(j))) continue;
        const bool overlap_x = must_overlap(0, i, j), overlap_y = must_overlap(1, i, j);
        if (overlap_x && overlap_y) return PropStatus::failed;
        if (!overlap_x && !overlap_y) continue;
        const Outcome o = separate(ctx, overlap_x ? 1 : 0, i, j);
        if (o == Outcome::failed) return PropStatus::failed;
        if (o == Outcome::same) continue;
        changed = true;
        load(ctx, i);  // a variable shared with another box leaves that box's copy stale, but
        load(ctx, j);  // wider than the truth: sound, and the run ends not at a fixpoint anyway
      }
    if (changed) return PropStatus::not_fixpoint;
    return all_apart ? PropStatus::subsumed : PropStatus::fixpoint;
  }

 private:
  enum class Outcome : std::uint8_t { same, changed, failed };
  // One box's bounds along one axis, read once per run (and again after the box is narrowed).
  struct Side {
    long lo = 0, hi = 0;            // the start's bounds
    long size_lo = 0, size_hi = 0;  // the size's bounds
  };

  Var start(std::size_t k, std::size_t i) const { return scope()[k * n_ + i]; }
  Var size(std::size_t k, std::size_t i) const { return scope()[(k + 2) * n_ + i]; }
  Side& side(std::size_t k, std::size_t i) { return side_[k * n_ + i]; }
  const Side& side(std::size_t k, std::size_t i) const { return side_[k * n_ + i]; }
  void load(const Context& ctx, std::size_t i) {
    for (std::size_t k = 0; k < 2; ++k) {
      const Bounds s = bounds(ctx.domains(), start(k, i)), d = bounds(ctx.domains(), size(k, i));
      side(k, i) = {s.min, s.max, d.min, d.max};
    }
  }
  // Box i can lie wholly before box j along axis k (with its least size).
  bool may_precede(std::size_t k, std::size_t i, std::size_t j) const {
    return side(k, i).lo + side(k, i).size_lo <= side(k, j).hi;
  }
  bool must_overlap(std::size_t k, std::size_t i, std::size_t j) const {
    return !may_precede(k, i, j) && !may_precede(k, j, i);
  }
  // Box i lies before box j along axis k whatever the candidates.
  bool surely_precedes(std::size_t k, std::size_t i, std::size_t j) const {
    return side(k, i).hi + side(k, i).size_hi <= side(k, j).lo;
  }
  // Every completion keeps i and j apart (nonstrict: or gives one of them a size 0).
  bool surely_apart(std::size_t i, std::size_t j) const {
    for (std::size_t k = 0; k < 2; ++k)
      if (surely_precedes(k, i, j) || surely_precedes(k, j, i)) return true;
    return !strict_ && (zero_size(i) || zero_size(j));
  }
  // By bounds, as the trigger: a 0 removed from inside a size's domain wakes nobody.
  bool may_be_zero(std::size_t i) const {
    for (std::size_t k = 0; k < 2; ++k)
      if (side(k, i).size_lo <= 0 && side(k, i).size_hi >= 0) return true;
    return false;
  }
  bool zero_size(std::size_t i) const {
    for (std::size_t k = 0; k < 2; ++k)
      if (side(k, i).size_lo == 0 && side(k, i).size_hi == 0) return true;
    return false;
  }

  // Boxes i and j overlap along the other axis: they must be apart along axis k.
  Outcome separate(Context& ctx, std::size_t k, std::size_t i, std::size_t j) {
    const bool ij = may_precede(k, i, j), ji = may_precede(k, j, i);
    if (!ij && !ji) return Outcome::failed;
    if (!ij || !ji) return ij ? precede(ctx, k, i, j) : precede(ctx, k, j, i);
    // Either order: the starts where neither fits go.
    const Outcome a = punch(ctx, k, i, j);
    if (a == Outcome::failed) return a;
    const Outcome b = punch(ctx, k, j, i);
    if (b == Outcome::failed) return b;
    return a == Outcome::changed || b == Outcome::changed ? Outcome::changed : Outcome::same;
  }

  // Imposes start(k, i) + size(k, i) <= start(k, j) on bounds.
  Outcome precede(Context& ctx, std::size_t k, std::size_t i, std::size_t j) {
    const Side &a = side(k, i), &b = side(k, j);
    const long lo_j = a.lo + a.size_lo, hi_i = b.hi - a.size_lo, hi_size = b.hi - a.lo;
    bool changed = false;
    auto raise = [&](Var v, long now, long to) {
      if (now >= to) return true;
      changed = true;
      return ctx.remove_below(v, static_cast<Value>(to));
    };
    auto lower = [&](Var v, long now, long to) {
      if (now <= to) return true;
      changed = true;
      return ctx.remove_above(v, static_cast<Value>(to));
    };
    if (!raise(start(k, j), b.lo, lo_j) || !lower(start(k, i), a.hi, hi_i) || !lower(size(k, i), a.size_hi, hi_size))
      return Outcome::failed;
    return changed ? Outcome::changed : Outcome::same;
  }

  // Removes from start(k, i) the c that can neither precede j (c + least size > greatest start
  // of j) nor follow it (c < least start of j + its least size).
  Outcome punch(Context& ctx, std::size_t k, std::size_t i, std::size_t j) {
    const Var s = start(k, i);
    const Side &a = side(k, i), &b = side(k, j);
    const long lo = b.hi - a.size_lo + 1, hi = b.lo + b.size_lo - 1;
    if (lo > hi || hi < a.lo || lo > a.hi) return Outcome::same;
    if (lo <= a.lo && hi >= a.hi) return Outcome::failed;
    if (lo <= a.lo) return ctx.remove_below(s, static_cast<Value>(hi + 1)) ? Outcome::changed : Outcome::failed;
    if (hi >= a.hi) return ctx.remove_above(s, static_cast<Value>(lo - 1)) ? Outcome::changed : Outcome::failed;
    if (ctx.domains().interval(s)) return Outcome::same;  // the interval form keeps no holes
    bool changed = false;
    for (Value c = ctx.domains().next(s, static_cast<Value>(lo - 1)); c != Domains::none && c <= hi;
         c = ctx.domains().next(s, c)) {
      if (!ctx.remove(s, c)) return Outcome::failed;
      changed = true;
    }
    return changed ? Outcome::changed : Outcome::same;
  }

  // ---- explanations, over the bounds in `at` ----

  // Non-strict: every size of i and j is not 0 (by its bounds), or false.
  bool sized(const PastDomains& at, std::size_t i, std::size_t j, std::vector<Lit>& reason) const {
    if (strict_) return true;
    for (const std::size_t b : {i, j})
      for (std::size_t k = 0; k < 2; ++k) {
        const Var d = size(k, b);
        if (at.min(d) > 0) reason.push_back(Lit::ge(d, 1));
        else if (at.max(d) < 0) reason.push_back(Lit::le(d, -1));
        else return false;
      }
    return true;
  }
  // Box a cannot end before box b starts along axis k: [s_a >= lo], [d_a >= p], [s_b <= lo + p - 1].
  bool after(const PastDomains& at, std::size_t k, std::size_t a, std::size_t b, std::vector<Lit>& reason) const {
    const long lo = at.min(start(k, a)), p = at.min(size(k, a));
    if (lo + p <= at.max(start(k, b))) return false;
    reason.push_back(Lit::ge(start(k, a), static_cast<Value>(lo)));
    reason.push_back(Lit::ge(size(k, a), static_cast<Value>(p)));
    reason.push_back(Lit::le(start(k, b), static_cast<Value>(lo + p - 1)));
    return true;
  }
  bool overlap(const PastDomains& at, std::size_t k, std::size_t i, std::size_t j, std::vector<Lit>& reason) const {
    return after(at, k, i, j, reason) && after(at, k, j, i, reason);
  }
  // Start c of box i along axis k falls where i can neither end before j starts nor start after j
  // ends: j's start within [c - p_j + 1, c + p_i - 1], with their least sizes.
  bool punched(const PastDomains& at, std::size_t k, std::size_t i, std::size_t j, Value c, std::vector<Lit>& reason) const {
    const long pi = at.min(size(k, i)), pj = at.min(size(k, j));
    const Var sj = start(k, j);
    if (c + pi <= at.max(sj) || c - pj + 1 > at.min(sj)) return false;
    reason.push_back(Lit::ge(size(k, i), static_cast<Value>(pi)));
    reason.push_back(Lit::ge(size(k, j), static_cast<Value>(pj)));
    reason.push_back(Lit::le(sj, static_cast<Value>(c + pi - 1)));
    reason.push_back(Lit::ge(sj, static_cast<Value>(c - pj + 1)));
    return true;
  }
  // The bound b of box i's start (or size) along axis k, i and j apart along it: i after j when i
  // cannot precede j (a least start), i before j when j cannot precede i (a greatest start or size).
  bool apart(const PastDomains& at, std::size_t k, std::size_t i, std::size_t j, bool is_size, Lit b,
             std::vector<Lit>& reason) const {
    const Var si = start(k, i), di = size(k, i), sj = start(k, j), dj = size(k, j);
    if (b.kind == Lit::Kind::ge) {
      if (is_size || !after(at, k, i, j, reason)) return false;
      const long proven = long{at.min(sj)} + at.min(dj);
      reason.push_back(Lit::ge(dj, at.min(dj)));
      reason.push_back(Lit::ge(sj, static_cast<Value>(std::min<long>(proven, b.value) - at.min(dj))));
      return detail::reach_bound(at, b, proven, reason);
    }
    if (b.kind != Lit::Kind::le || !after(at, k, j, i, reason)) return false;
    const long hj = at.max(sj);
    if (is_size) {  // d_i <= s_j - s_i
      const long proven = hj - at.min(si);
      reason.push_back(Lit::ge(si, at.min(si)));
      reason.push_back(Lit::le(sj, static_cast<Value>(std::max<long>(proven, b.value) + at.min(si))));
      return detail::reach_bound(at, b, proven, reason);
    }
    const long proven = hj - at.min(di);  // s_i <= s_j - d_i
    reason.push_back(Lit::ge(di, at.min(di)));
    reason.push_back(Lit::le(sj, static_cast<Value>(std::max<long>(proven, b.value) + at.min(di))));
    return detail::reach_bound(at, b, proven, reason);
  }

  std::size_t n_;
  bool strict_;
  std::vector<Side> side_;  // scratch: side_[k * n + i], box i along axis k
};

}  // namespace

std::unique_ptr<Propagator> diffn(std::vector<Var> x, std::vector<Var> y, std::vector<Var> dx, std::vector<Var> dy,
                                  bool strict) {
  const std::size_t n = x.size();
  if (y.size() != n || dx.size() != n || dy.size() != n)
    throw std::invalid_argument("diffn: coordinates and sizes differ in length");
  x.insert(x.end(), y.begin(), y.end());
  x.insert(x.end(), dx.begin(), dx.end());
  x.insert(x.end(), dy.begin(), dy.end());
  return std::make_unique<Diffn>(std::move(x), n, strict);
}

}  // namespace csp
