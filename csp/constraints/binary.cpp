#include "csp/constraints/binary.hpp"

#include <algorithm>

#include "csp/engine.hpp"

namespace csp {
namespace {

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
 public:
  NotEqual(Var x, Var y, Value c) : Propagator({x, y}, Trigger::fixed), x_(x), y_(y), c_(c) {}
  std::string name() const override { return "not-equal"; }
  bool satisfied(std::span<const Value> v) const override { return v[0] != v[1] + c_; }
  PropStatus propagate(Context& ctx) override {
    if (ctx.fixed(x_) && !ctx.remove(y_, ctx.value(x_) - c_)) return PropStatus::failed;
    if (ctx.fixed(y_) && !ctx.remove(x_, ctx.value(y_) + c_)) return PropStatus::failed;
    // Entailed once a fixed side's forbidden partner is gone (the interval form may keep it).
    if ((ctx.fixed(x_) && !ctx.contains(y_, ctx.value(x_) - c_)) || (ctx.fixed(y_) && !ctx.contains(x_, ctx.value(y_) + c_)))
      return PropStatus::subsumed;
    return PropStatus::fixpoint;
  }

 private:
  Var x_, y_;
  Value c_;
};

// x == y + c: both keep the shifted intersection of their candidates.
class Equal final : public Propagator {
 public:
  Equal(Var x, Var y, Value c) : Propagator({x, y}, Trigger::any), x_(x), y_(y), c_(c) {}
  std::string name() const override { return "equal"; }
  bool satisfied(std::span<const Value> v) const override { return v[0] == v[1] + c_; }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    if (d.interval(x_) || d.interval(y_)) return propagate_bounds(ctx);
    if (d.single_word(x_) && d.single_word(y_)) {
      // Value b of y is bit b - base(y); b + c is bit b + c - base(x) of x: one shift each way.
      const std::int64_t shift = std::int64_t{d.layout(y_).base} + c_ - d.layout(x_).base;
      if (!ctx.keep_bits(x_, shifted(d.bits(y_), shift))) return PropStatus::failed;
      if (!ctx.keep_bits(y_, shifted(d.bits(x_), -shift))) return PropStatus::failed;
      return ctx.fixed(x_) ? PropStatus::subsumed : PropStatus::fixpoint;
    }
    for (Value a = d.min(x_); a != Domains::none; a = d.next(x_, a))
      if (!d.contains(y_, a - c_) && !ctx.remove(x_, a)) return PropStatus::failed;
    for (Value b = d.min(y_); b != Domains::none; b = d.next(y_, b))
      if (!d.contains(x_, b + c_) && !ctx.remove(y_, b)) return PropStatus::failed;
    return ctx.fixed(x_) ? PropStatus::subsumed : PropStatus::fixpoint;  // then y is fixed to match
  }

 private:
  // w moved `shift` bits up (down when negative); bits moved out of the word are dropped.
  static std::uint64_t shifted(std::uint64_t w, std::int64_t shift) {
    if (shift >= 64 || shift <= -64) return 0;
    return shift >= 0 ? w << shift : w >> -shift;
  }
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
    return ctx.remove_below(v, static_cast<Value>(ctx.min(w) + shift)) &&
           ctx.remove_above(v, static_cast<Value>(ctx.max(w) + shift));
  }

 private:
  Var x_, y_;
  Value c_;
};

// x <= y + c (strict `less` is x <= y + c - 1): the bounds chase each other once.
class LessEqual final : public Propagator {
 public:
  LessEqual(Var x, Var y, Value c, std::string name)
      : Propagator({x, y}, Trigger::bounds), x_(x), y_(y), c_(c), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  bool satisfied(std::span<const Value> v) const override { return v[0] <= v[1] + c_; }
  PropStatus propagate(Context& ctx) override {
    if (!ctx.remove_above(x_, ctx.max(y_) + c_)) return PropStatus::failed;
    if (!ctx.remove_below(y_, ctx.min(x_) - c_)) return PropStatus::failed;
    // Entailed when every x lies at or below every y + c.
    return std::int64_t{ctx.max(x_)} <= std::int64_t{ctx.min(y_)} + c_ ? PropStatus::subsumed : PropStatus::fixpoint;
  }

 private:
  Var x_, y_;
  Value c_;
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

std::unique_ptr<Propagator> not_equal(Var x, Var y, Value offset) { return std::make_unique<NotEqual>(x, y, offset); }
std::unique_ptr<Propagator> equal(Var x, Var y, Value offset) { return std::make_unique<Equal>(x, y, offset); }
std::unique_ptr<Propagator> less(Var x, Var y, Value offset) {
  return std::make_unique<LessEqual>(x, y, offset - 1, "less");
}
std::unique_ptr<Propagator> less_equal(Var x, Var y, Value offset) {
  return std::make_unique<LessEqual>(x, y, offset, "less-equal");
}

}  // namespace csp
