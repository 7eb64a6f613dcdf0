#include "csp/constraints/boolean.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>

#include "csp/constraints/detail/bounds.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// What one sweep over 0/1 variables finds.
struct Tally {
  std::size_t ones = 0;       // fixed to 1
  std::size_t zeros = 0;      // fixed to 0
  std::size_t open = 0;       // still {0, 1}
  std::size_t last_open = 0;  // index of the last open one
  bool in_01 = true;          // false: a domain reaches outside {0, 1} (the counts are partial then)
};

// Counts vars[0..n) without writing anything, so the loop keeps its pointers in registers. A
// 0/1 domain has no holes: its bounds say whether it is fixed and to what.
Tally tally(const Domains& d, const Var* vars, std::size_t n) {
  // Counts in locals, stored once: stores into the result would make the compiler reload the
  // domains' pointers on every variable.
  std::size_t ones = 0, zeros = 0, open = 0, last_open = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Bounds b = bounds(d, vars[i]);
    if (b.min < 0 || b.max > 1) return {ones, zeros, open, last_open, false};
    if (b.min != b.max) {
      ++open;
      last_open = i;
    } else if (b.min == 1) {
      ++ones;
    } else {
      ++zeros;
    }
  }
  return {ones, zeros, open, last_open, true};
}

// Reads a propagator's scope of 0/1 variables. When each is a one-word domain whose bit 0 stands
// for 0 or 1 (FlatZinc's bools, and the constants true and false), a propagator reads their words
// straight from the word array, at indices found on the first run (a model's layout never changes),
// through code(): no layout look-up, no bit scans, no call. Anything else, and a domain reaching
// past {0, 1}, takes the general sweep, which first cuts the domains to {0, 1}.
class BoolSweep {
 public:
  explicit BoolSweep(std::size_t n) : words_(n) {}

  /// True when code() can read every variable of `vars` (the propagator's scope, every time).
  bool plain(const Domains& d, const std::vector<Var>& vars) {
    if (kind_ == Kind::unknown) learn(d, vars);
    return kind_ == Kind::plain;
  }
  /// After plain(): vars[i]'s word shifted so that bit 0 stands for 0. A domain inside {0, 1} is 1
  /// ({0}), 2 ({1}) or 3 ({0, 1}); above 3, it reaches past 1 (the caller then takes operator()).
  std::uint64_t code(const Domains& d, std::size_t i) const { return words_.word(d, i) << words_.base(i); }

  /// What scan() finds over codes 0..n.
  struct Scan {
    std::uint64_t seen = 0;     // every code or-ed: above 3, a domain reaches past 1 (take operator())
    std::size_t hits = 0;       // positions where hit(i, code) held
    std::size_t open = 0;       // codes 3: still {0, 1}
    std::size_t last_open = 0;  // the last of them
  };
  /// After plain(): one pass over codes 0..n with no branch but the rare open one, counting the
  /// positions `hit(i, code)` picks (a literal fixed to its wanted value, say).
  template <class Hit>
  Scan scan(const Domains& d, std::size_t n, Hit hit) const {
    Scan s;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t c = code(d, i);
      s.seen |= c;
      s.hits += hit(i, c) ? 1 : 0;
      if (c == 3) {
        ++s.open;
        s.last_open = i;
      }
    }
    return s;
  }

  /// The general path: tally() of vars[from, to) after cutting them to {0, 1}; in_01 is false when
  /// a cut emptied one.
  Tally operator()(Context& ctx, const std::vector<Var>& vars, std::size_t from, std::size_t to) {
    const Domains& d = ctx.domains();
    const Tally t = tally(d, vars.data() + from, to - from);
    if (t.in_01) return t;
    for (std::size_t i = from; i < to; ++i)
      if (!ctx.remove_below(vars[i], 0) || !ctx.remove_above(vars[i], 1)) return t;
    return tally(d, vars.data() + from, to - from);
  }

 private:
  enum class Kind : std::uint8_t { unknown, plain, general };

  void learn(const Domains& d, const std::vector<Var>& vars) {
    kind_ = words_.one_word(d, vars) ? Kind::plain : Kind::general;
    for (std::size_t i = 0; i < vars.size() && kind_ == Kind::plain; ++i)
      if (words_.base(i) != 0 && words_.base(i) != 1) kind_ = Kind::general;
  }

  Kind kind_ = Kind::unknown;
  ScopeWords words_;
};

// The state of a 0/1 variable from its code: 0 or 1 when fixed, -1 when open.
int fixed_value(std::uint64_t code) { return code == 3 ? -1 : static_cast<int>(code >> 1); }

// Learning: adds the weakest literal saying 0/1 variable v took `value` in `at` ([v <= 0] or
// [v >= 1]: every constraint here keeps its variables in {0, 1}); false when v had not.
bool took(const PastDomains& at, Var v, Value value, std::vector<Lit>& reason) {
  const Lit l = value == 0 ? Lit::le(v, 0) : Lit::ge(v, 1);
  if (!at.holds(l)) return false;
  reason.push_back(l);
  return true;
}
// The one value of {0, 1} that satisfies l; -1 when both do (then the cut to {0, 1} alone implies
// l) and -2 when neither does.
int single_01(Lit l) {
  const bool by0 = satisfied_by(l, 0), by1 = satisfied_by(l, 1);
  return by0 && by1 ? -1 : by0 ? 0 : by1 ? 1 : -2;
}

// At least one scope variable takes its wanted value (1 for the first `positives`, 0 after).
class Clause final : public Propagator {
 public:
  Clause(std::vector<Var> scope, std::size_t positives)
      : Propagator(std::move(scope), Trigger::any), pos_(positives), sweep_(this->scope().size()) {}
  std::string name() const override { return "clause"; }
  bool satisfied(std::span<const Value> v) const override {
    bool any = false;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (v[i] != 0 && v[i] != 1) return false;
      any = any || v[i] == wanted(i);
    }
    return any;
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    if (sweep_.plain(d, scope())) {
      // A literal is true when fixed to its wanted value: code 2 ({1}) for the first pos_, 1 ({0}) after.
      const auto s = sweep_.scan(d, scope().size(), [&](std::size_t i, std::uint64_t c) { return c == (i < pos_ ? 2u : 1u); });
      if (s.seen <= 3) return decide(ctx, s.hits > 0, s.open, s.last_open);
    }
    const Tally p = sweep_(ctx, scope(), 0, pos_);
    if (!p.in_01) return PropStatus::failed;
    const Tally q = sweep_(ctx, scope(), pos_, scope().size());
    if (!q.in_01) return PropStatus::failed;
    return decide(ctx, p.ones > 0 || q.zeros > 0, p.open + q.open, p.open > 0 ? p.last_open : pos_ + q.last_open);
  }

  // The last open literal rests on the others' being false; a failure on all of them.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (inferred != nullptr && single_01(*inferred) == -1) return true;
    for (std::size_t i = 0; i < scope().size(); ++i) {
      const Var v = scope()[i];
      if (inferred != nullptr && v == inferred->var) {
        if (!satisfied_by(*inferred, wanted(i))) return false;
      } else if (!took(at, v, 1 - wanted(i), reason)) {
        return false;
      }
    }
    return true;
  }

 private:
  // From the scope's state: whether a literal is true, how many are open and which one was last.
  PropStatus decide(Context& ctx, bool sat, std::size_t open, std::size_t last_open) const {
    if (sat) return PropStatus::subsumed;
    // Every fixed literal is false: the open ones are the only candidates.
    if (open == 0) return PropStatus::failed;
    if (open == 1) return ctx.assign(scope()[last_open], wanted(last_open)) ? PropStatus::subsumed : PropStatus::failed;
    return PropStatus::fixpoint;
  }
  Value wanted(std::size_t i) const { return i < pos_ ? 1 : 0; }
  std::size_t pos_;
  BoolSweep sweep_;
};

// b <-> all xs equal t: and_all with t = 1, or_all with t = 0 (b <-> OR(xs) is not b <-> AND(not xs)).
// The scope is (xs..., b).
class AllEqual final : public Propagator {
 public:
  AllEqual(std::vector<Var> scope, Value t) : Propagator(std::move(scope), Trigger::any), t_(t), sweep_(this->scope().size()) {}
  std::string name() const override { return t_ == 1 ? "and_all" : "or_all"; }
  bool satisfied(std::span<const Value> v) const override {
    bool all = true;
    for (Value a : v)
      if (a != 0 && a != 1) return false;
    for (std::size_t i = 0; i + 1 < v.size(); ++i) all = all && v[i] == t_;
    return (v.back() == t_) == all;  // the result is t exactly when every xs is
  }
  PropStatus propagate(Context& ctx) override {
    const std::size_t n = scope().size() - 1;
    const Domains& d = ctx.domains();
    if (sweep_.plain(d, scope())) {
      const std::uint64_t other = t_ == 1 ? 1 : 2;  // the code of an xs fixed to 1 - t
      const auto s = sweep_.scan(d, n, [other](std::size_t, std::uint64_t c) { return c == other; });
      const std::uint64_t b = sweep_.code(d, n);
      if ((s.seen | b) <= 3) return decide(ctx, s.hits > 0, s.open, s.last_open, fixed_value(b));
    }
    const Tally xs = sweep_(ctx, scope(), 0, n);
    if (!xs.in_01) return PropStatus::failed;
    const Tally b = sweep_(ctx, scope(), n, n + 1);
    if (!b.in_01) return PropStatus::failed;
    return decide(ctx, (t_ == 1 ? xs.zeros : xs.ones) > 0, xs.open, xs.last_open, b.open > 0 ? -1 : static_cast<int>(b.ones));
  }

  // b = 1 - t rests on one xs at 1 - t, b = t on every xs at t; an xs at t on b = t, the last xs
  // at 1 - t on b = 1 - t and the others at t. A failure: b = t and one xs at 1 - t, or b = 1 - t
  // and every xs at t.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t n = scope().size() - 1;
    const Var b = scope()[n];
    const auto xs = std::span<const Var>(scope()).first(n);
    if (std::find(xs.begin(), xs.end(), b) != xs.end()) return false;
    const std::size_t before = reason.size();
    // one xs at 1 - t, and b at t when `with_b`
    const auto one_missed = [&](bool with_b) {
      if (with_b && !took(at, b, t_, reason)) return false;
      for (Var x : xs)
        if (took(at, x, 1 - t_, reason)) return true;
      return false;
    };
    // every xs but `skip` at t, and b at 1 - t when `with_b`
    const auto all_but = [&](Var skip, bool with_b) {
      if (with_b && !took(at, b, 1 - t_, reason)) return false;
      for (Var x : xs)
        if (x != skip && !took(at, x, t_, reason)) return false;
      return true;
    };
    if (inferred == nullptr) {
      if (one_missed(true)) return true;
      reason.resize(before);
      return all_but(Var{}, true);
    }
    const int value = single_01(*inferred);
    if (value == -1) return true;
    if (value < 0) return false;
    if (inferred->var == b) return value == t_ ? all_but(Var{}, false) : one_missed(false);
    return value == t_ ? took(at, b, t_, reason) : all_but(inferred->var, true);
  }

 private:
  // From the scope's state: whether some xs is fixed to 1 - t, how many xs are open and which one
  // was last, and b's value (-1: open).
  PropStatus decide(Context& ctx, bool missed, std::size_t open, std::size_t last_open, int b_value) const {
    const Var b = scope().back();
    if (missed) return ctx.assign(b, 1 - t_) ? PropStatus::subsumed : PropStatus::failed;
    if (open == 0) return ctx.assign(b, t_) ? PropStatus::subsumed : PropStatus::failed;
    if (b_value < 0) return PropStatus::fixpoint;
    if (b_value == t_) {
      for (std::size_t i = 0; i + 1 < scope().size(); ++i)
        if (!ctx.assign(scope()[i], t_)) return PropStatus::failed;
      return PropStatus::subsumed;
    }
    if (open == 1) return ctx.assign(scope()[last_open], 1 - t_) ? PropStatus::subsumed : PropStatus::failed;
    return PropStatus::fixpoint;
  }
  Value t_;
  BoolSweep sweep_;
};

class Parity final : public Propagator {
 public:
  Parity(std::vector<Var> xs, bool odd) : Propagator(std::move(xs), Trigger::any), odd_(odd), sweep_(scope().size()) {}
  std::string name() const override { return odd_ ? "parity(odd)" : "parity(even)"; }
  bool satisfied(std::span<const Value> v) const override {
    int ones = 0;
    for (Value a : v) {
      if (a != 0 && a != 1) return false;
      ones += a;
    }
    return (ones % 2 == 1) == odd_;
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    if (sweep_.plain(d, scope())) {
      const auto s = sweep_.scan(d, scope().size(), [](std::size_t, std::uint64_t c) { return c == 2; });  // ones
      if (s.seen <= 3) return decide(ctx, s.hits, s.open, s.last_open);
    }
    const Tally t = sweep_(ctx, scope(), 0, scope().size());
    if (!t.in_01) return PropStatus::failed;
    return decide(ctx, t.ones, t.open, t.last_open);
  }

  // The last open variable, or a failure, rests on the others' values.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (inferred != nullptr && single_01(*inferred) == -1) return true;
    int ones = 0, open = 0;
    for (Var v : scope()) {
      if (inferred != nullptr && v == inferred->var) {
        ++open;
        continue;
      }
      const Value value = at.min(v);
      if (!at.fixed(v) || value < 0 || value > 1 || !took(at, v, value, reason)) return false;
      ones += value;
    }
    if (inferred == nullptr) return (ones % 2 == 1) != odd_;
    // the open variable once (twice, its value would not count), with the value that fixes the parity
    return open == 1 && satisfied_by(*inferred, (ones % 2 == 1) != odd_ ? 1 : 0);
  }

 private:
  PropStatus decide(Context& ctx, std::size_t ones, std::size_t open, std::size_t last_open) const {
    const int want = odd_ ? 1 : 0;
    const int have = static_cast<int>(ones % 2);
    if (open == 0) return have == want ? PropStatus::subsumed : PropStatus::failed;
    if (open == 1)
      return ctx.assign(scope()[last_open], (want - have + 2) % 2) ? PropStatus::subsumed : PropStatus::failed;
    return PropStatus::fixpoint;
  }
  bool odd_;
  BoolSweep sweep_;
};

std::vector<Var> joined(std::vector<Var> a, const std::vector<Var>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

std::unique_ptr<Propagator> clause(std::vector<Var> positive, std::vector<Var> negative) {
  const std::size_t p = positive.size();
  return std::make_unique<Clause>(joined(std::move(positive), negative), p);
}
std::unique_ptr<Propagator> and_all(std::vector<Var> xs, Var b) {
  return std::make_unique<AllEqual>(joined(std::move(xs), {b}), 1);
}
std::unique_ptr<Propagator> or_all(std::vector<Var> xs, Var b) {
  return std::make_unique<AllEqual>(joined(std::move(xs), {b}), 0);
}
std::unique_ptr<Propagator> parity(std::vector<Var> xs, bool odd) {
  return std::make_unique<Parity>(std::move(xs), odd);
}

}  // namespace csp
