#include "csp/constraints/binary.hpp"

#include <algorithm>
#include <stdexcept>

#include "csp/constraints/detail/domain_words.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// The offsets c of x REL y + c are any int, so y + c may leave int even though x and y are values
// (kMaxValue - kMinValue, 2^31 - 2, carries one edge of the range to the other): the shifted
// values are computed in 64 bits, and a shifted value outside [kMinValue, kMaxValue] is no one's
// candidate.
bool in_range(std::int64_t a) { return a >= kMinValue && a <= kMaxValue; }
// A bound in 64 bits as a Value that cuts the same candidates: clamped to just past the range.
Value as_bound(std::int64_t a) {
  return static_cast<Value>(std::clamp<std::int64_t>(a, std::int64_t{kMinValue} - 1, std::int64_t{kMaxValue} + 1));
}

// Any relation given as a predicate: AC by looking for a support of every candidate (AC-3's
// revise, both ways, repeated until neither side loses a value).
class Relation final : public Propagator {
 public:
  Relation(Var x, Var y, std::function<bool(Value, Value)> allowed, std::string name)
      : Propagator({x, y}, Trigger::any), x_(x), y_(y), allowed_(std::move(allowed)), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  bool satisfied(std::span<const Value> v) const override { return allowed_(v[0], v[1]); }

  PropStatus propagate(Context& ctx) override {
    for (bool changed = true; changed;) {
      changed = false;
      int r = revise(ctx, x_, y_, false);
      if (r < 0) return PropStatus::failed;
      changed |= r > 0;
      r = revise(ctx, y_, x_, true);
      if (r < 0) return PropStatus::failed;
      changed |= r > 0;  // x may have lost supports
    }
    return PropStatus::fixpoint;
  }

 private:
  // Removes the candidates of a without support in b; -1 on wipe-out, else the number removed
  // (by the size: in the interval form removing an interior value is a no-op, and counting it
  // would repeat propagate() forever; there each bound moves past its unsupported values instead).
  int revise(Context& ctx, Var a, Var b, bool a_is_y) {
    const Domains& d = ctx.domains();
    const int before = d.size(a);
    auto supported = [&](Value va) {
      for (Value vb = d.min(b); vb != Domains::none; vb = d.next(b, vb))
        if (a_is_y ? allowed_(vb, va) : allowed_(va, vb)) return true;
      return false;
    };
    if (d.interval(a)) {
      Value lo = d.min(a), hi = d.max(a);
      while (lo <= hi && !supported(lo)) ++lo;
      while (hi > lo && !supported(hi)) --hi;
      if (lo > hi || !ctx.remove_below(a, lo) || !ctx.remove_above(a, hi)) return -1;
    } else {
      for (Value va = d.min(a); va != Domains::none; va = d.next(a, va))
        if (!supported(va) && !ctx.remove(a, va)) return -1;
    }
    return before - d.size(a);
  }

  Var x_, y_;
  std::function<bool(Value, Value)> allowed_;
  std::string name_;
};

// x != y + c: only a fixed side can remove anything (the other's one forbidden value).
class NotEqual final : public Propagator {
  static constexpr std::int64_t kNone = INT64_MIN;  // no fixed side: outside the range

 public:
  NotEqual(Var x, Var y, Value c) : Propagator({x, y}, Trigger::fixed), x_(x), y_(y), c_(c) {}
  std::string name() const override { return "not-equal"; }
  bool satisfied(std::span<const Value> v) const override { return v[0] != std::int64_t{v[1]} + c_; }
  PropStatus propagate(Context& ctx) override {
    // a fixed side's one forbidden partner, when it is a value at all
    const std::int64_t not_y = ctx.fixed(x_) ? std::int64_t{ctx.value(x_)} - c_ : kNone;
    const std::int64_t not_x = ctx.fixed(y_) ? std::int64_t{ctx.value(y_)} + c_ : kNone;
    if (in_range(not_y) && !ctx.remove(y_, static_cast<Value>(not_y))) return PropStatus::failed;
    if (in_range(not_x) && !ctx.remove(x_, static_cast<Value>(not_x))) return PropStatus::failed;
    // Entailed once a fixed side's forbidden partner is gone (the interval form may keep it).
    if ((ctx.fixed(x_) && !(in_range(not_y) && ctx.contains(y_, static_cast<Value>(not_y)))) ||
        (ctx.fixed(y_) && !(in_range(not_x) && ctx.contains(x_, static_cast<Value>(not_x)))))
      return PropStatus::subsumed;
    return PropStatus::fixpoint;
  }

  // A removal rests on the other side's value; a failure on both values.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (inferred == nullptr) {
      if (!at.fixed(x_) || !at.fixed(y_)) return false;
      reason.push_back(Lit::eq(x_, at.min(x_)));
      reason.push_back(Lit::eq(y_, at.min(y_)));
      return true;
    }
    return inferred->var == x_ ? detail::explain_shifted_differ(at, x_, y_, -c_, *inferred, reason)
                               : detail::explain_shifted_differ(at, y_, x_, c_, *inferred, reason);
  }

 private:
  Var x_, y_;
  std::int64_t c_;
};

// x == y + c: both keep the shifted intersection of their candidates.
class Equal final : public Propagator {
 public:
  Equal(Var x, Var y, Value c) : Propagator({x, y}, Trigger::any), x_(x), y_(y), c_(c) {}
  std::string name() const override { return "equal"; }
  bool satisfied(std::span<const Value> v) const override { return v[0] == std::int64_t{v[1]} + c_; }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    if (d.interval(x_) || d.interval(y_)) return propagate_bounds(ctx);
    if (d.single_word(x_) && d.single_word(y_)) {
      // Word by word: value a of x is bit a - base x, and y's candidate a - c is the same bit of
      // y's word moved by base y + c - base x. Two shifts and two masks, no value loop.
      const std::int64_t by = std::int64_t{d.layout(y_).base} + c_ - d.layout(x_).base;
      const std::uint64_t wx = d.bits(x_), wy = d.bits(y_);
      const std::uint64_t kx = wx & domain_words::shifted(wy, by);
      const std::uint64_t ky = wy & domain_words::shifted(kx, -by);
      if (kx != wx && !ctx.keep_bits(x_, kx)) return PropStatus::failed;
      if (ky != wy && !ctx.keep_bits(y_, ky)) return PropStatus::failed;
      return (kx & (kx - 1)) == 0 ? PropStatus::subsumed : PropStatus::fixpoint;  // x fixed: so is y
    }
    for (Value a = d.min(x_); a != Domains::none; a = d.next(x_, a)) {
      const std::int64_t b = std::int64_t{a} - c_;
      if (!(in_range(b) && d.contains(y_, static_cast<Value>(b))) && !ctx.remove(x_, a)) return PropStatus::failed;
    }
    for (Value b = d.min(y_); b != Domains::none; b = d.next(y_, b)) {
      const std::int64_t a = std::int64_t{b} + c_;
      if (!(in_range(a) && d.contains(x_, static_cast<Value>(a))) && !ctx.remove(y_, b)) return PropStatus::failed;
    }
    return ctx.fixed(x_) ? PropStatus::subsumed : PropStatus::fixpoint;  // then y is fixed to match
  }

  // A bound by the other side's bound, a removal by the partner the other side lacks, a fixing by
  // the other side's value; a failure by the two sides' disjoint candidates.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (inferred == nullptr) return detail::disjoint(at, x_, y_, reason, -c_);
    return inferred->var == x_ ? detail::explain_shifted_equal(at, x_, y_, -c_, *inferred, reason)
                               : detail::explain_shifted_equal(at, y_, x_, c_, *inferred, reason);
  }

 private:
  // An interval side has no holes to make: its bounds go to the other side's nearest candidates,
  // and a bit-form side keeps the candidates inside the interval's new bounds.
  PropStatus propagate_bounds(Context& ctx) {
    const Domains& d = ctx.domains();
    bool changed = false;
    for (int round = 0; round < 2; ++round) {  // x's bounds may move y's, and then once more
      if (d.interval(x_) && !keep_shifted_bounds(ctx, x_, y_, -std::int64_t{c_}, changed)) return PropStatus::failed;
      if (d.interval(y_) && !keep_shifted_bounds(ctx, y_, x_, c_, changed)) return PropStatus::failed;
      if (!d.interval(x_) && !keep_within(ctx, x_, y_, c_)) return PropStatus::failed;
      if (!d.interval(y_) && !keep_within(ctx, y_, x_, -std::int64_t{c_})) return PropStatus::failed;
    }
    return PropStatus::fixpoint;
  }
  // v is a bit set, w an interval: v keeps [min w + shift, max w + shift].
  static bool keep_within(Context& ctx, Var v, Var w, std::int64_t shift) {
    return ctx.remove_below(v, as_bound(ctx.min(w) + shift)) && ctx.remove_above(v, as_bound(ctx.max(w) + shift));
  }

 private:
  Var x_, y_;
  std::int64_t c_;
};

// x <= y + c (strict `less` is x <= y + c - 1): the bounds chase each other once.
class LessEqual final : public Propagator {
 public:
  LessEqual(Var x, Var y, std::int64_t c, std::string name)
      : Propagator({x, y}, Trigger::bounds), x_(x), y_(y), c_(c), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  bool satisfied(std::span<const Value> v) const override { return v[0] <= std::int64_t{v[1]} + c_; }
  PropStatus propagate(Context& ctx) override {
    if (!ctx.remove_above(x_, as_bound(ctx.max(y_) + c_))) return PropStatus::failed;
    if (!ctx.remove_below(y_, as_bound(ctx.min(x_) - c_))) return PropStatus::failed;
    // Entailed when every x lies at or below every y + c.
    return std::int64_t{ctx.max(x_)} <= std::int64_t{ctx.min(y_)} + c_ ? PropStatus::subsumed : PropStatus::fixpoint;
  }

  // x's greatest value rests on y's, y's least on x's; a failure on x's least and y's greatest.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (inferred == nullptr) {
      reason.push_back(Lit::ge(x_, at.min(x_)));
      reason.push_back(Lit::le(y_, at.max(y_)));
      return true;
    }
    return detail::explain_less_equal(at, x_, y_, c_, *inferred, reason);
  }

 private:
  Var x_, y_;
  std::int64_t c_;  // less()'s offset - 1 too: any int offset, in 64 bits
  std::string name_;
};

// x REL x + c: one variable on both sides, so the relation is 0 REL c whatever x is; it holds or
// fails as a whole (the two-variable propagators would narrow x against itself and stop short).
class Constant final : public Propagator {
 public:
  Constant(Var x, bool holds, std::string name) : Propagator({x}, Trigger::fixed), holds_(holds), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  bool satisfied(std::span<const Value>) const override { return holds_; }
  PropStatus propagate(Context&) override { return holds_ ? PropStatus::subsumed : PropStatus::failed; }

 private:
  bool holds_;
  std::string name_;
};

}  // namespace

bool keep_shifted_bounds(Context& ctx, Var v, Var w, std::int64_t shift, bool& changed) {
  const Domains& d = ctx.domains();
  std::int64_t lo = std::max<std::int64_t>(ctx.min(v), std::int64_t{ctx.min(w)} - shift);
  std::int64_t hi = std::min<std::int64_t>(ctx.max(v), std::int64_t{ctx.max(w)} - shift);
  while (lo <= hi && !d.contains(w, static_cast<Value>(lo + shift))) ++lo;  // only w's holes: w is a
  while (lo <= hi && !d.contains(w, static_cast<Value>(hi + shift))) --hi;  // bit set here, or none
  if (lo > hi) return false;
  changed = changed || lo != ctx.min(v) || hi != ctx.max(v);
  return ctx.remove_below(v, static_cast<Value>(lo)) && ctx.remove_above(v, static_cast<Value>(hi));
}

std::unique_ptr<Propagator> relation(Var x, Var y, std::function<bool(Value, Value)> allowed, std::string name) {
  if (!allowed) throw std::invalid_argument("relation '" + name + "': no function (an empty std::function)");
  return std::make_unique<Relation>(x, y, std::move(allowed), std::move(name));
}

std::unique_ptr<Propagator> table(Var x, Var y, std::vector<std::pair<Value, Value>> allowed) {
  std::sort(allowed.begin(), allowed.end());
  return relation(
      x, y,
      [pairs = std::move(allowed)](Value a, Value b) {
        return std::binary_search(pairs.begin(), pairs.end(), std::pair<Value, Value>{a, b});
      },
      "table");
}

std::unique_ptr<Propagator> not_equal(Var x, Var y, Value offset) {
  if (x == y) return std::make_unique<Constant>(x, offset != 0, "not-equal");
  return std::make_unique<NotEqual>(x, y, offset);
}
std::unique_ptr<Propagator> equal(Var x, Var y, Value offset) {
  if (x == y) return std::make_unique<Constant>(x, offset == 0, "equal");
  return std::make_unique<Equal>(x, y, offset);
}
std::unique_ptr<Propagator> less(Var x, Var y, Value offset) {
  if (x == y) return std::make_unique<Constant>(x, 0 < offset, "less");
  return std::make_unique<LessEqual>(x, y, std::int64_t{offset} - 1, "less");
}
std::unique_ptr<Propagator> less_equal(Var x, Var y, Value offset) {
  if (x == y) return std::make_unique<Constant>(x, 0 <= offset, "less-equal");
  return std::make_unique<LessEqual>(x, y, offset, "less-equal");
}

}  // namespace csp
