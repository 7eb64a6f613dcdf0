#include "csp/constraints/all_different.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "csp/constraints/all_different_domain.hpp"
#include "csp/constraints/detail/all_different_explain.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {

bool distinct_values(std::span<const Value> values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i + 1; j < values.size(); ++j)
      if (values[i] == values[j]) return false;
  return true;
}

bool distinct_shifted(std::span<const Value> values, std::span<const Value> offsets) {
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i + 1; j < values.size(); ++j)
      if (values[i] + offsets[i] == values[j] + offsets[j]) return false;
  return true;
}

namespace {

// Shared by every strength: the meaning, the check for search without propagation, and the
// offsets (all 0 for the plain constraint): position i stands for the value of scope()[i] + offset(i).
class AllDifferentBase : public Propagator {
 public:
  AllDifferentBase(std::vector<Var> vars, Trigger trigger, std::vector<Value> offsets)
      : Propagator(std::move(vars), trigger), offsets_(std::move(offsets)) {}
  bool satisfied(std::span<const Value> v) const override { return distinct_shifted(v, offsets_); }
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    return detail::explain_all_different(scope(), offsets_, at, inferred, reason);
  }
  bool check(const Domains& d) const override {
    const auto& s = scope();
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (!d.fixed(s[i])) continue;
      for (std::size_t j = i + 1; j < s.size(); ++j)
        if (d.fixed(s[j]) && d.value(s[i]) + offset(i) == d.value(s[j]) + offset(j)) return false;
    }
    return true;
  }

 protected:
  /// Position i's offset.
  Value offset(std::size_t i) const { return offsets_[i]; }
  const std::vector<Value>& offsets() const { return offsets_; }

 private:
  std::vector<Value> offsets_;  // one per scope position
};

class AllDifferentCheck final : public AllDifferentBase {
 public:
  AllDifferentCheck(std::vector<Var> vars, std::vector<Value> offsets)
      : AllDifferentBase(std::move(vars), Trigger::fixed, std::move(offsets)) {}
  std::string name() const override { return "all-different(check)"; }
  PropStatus propagate(Context& ctx) override {
    return check(ctx.domains()) ? PropStatus::fixpoint : PropStatus::failed;
  }
};

// Which scope positions are "handled": fixed, with their value gone from every other variable of
// the scope. One bit per position, kept in words of the search state when the propagator has some
// (Model::add_state: backtracking restores them with the domains, so a run only handles the
// variables fixed since its ancestor's run, as Gecode's ValProp does), else in scratch words
// cleared at every run.
class Handled {
 public:
  Handled(std::uint64_t* words, std::size_t size) : words_(words), size_(size) {}
  /// The number of words that hold `size` positions.
  static std::size_t words_for(std::size_t size) { return (size + 63) / 64; }
  /// Marks position i handled.
  void add(std::size_t i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  /// Marks every position open again.
  void clear() { std::fill(words_, words_ + words_for(size_), 0); }
  /// The first open position at or after `from`, or size() when there is none.
  std::size_t next_open(std::size_t from) const {
    std::size_t w = from >> 6;
    if (w >= words_for(size_)) return size_;
    std::uint64_t open = ~words_[w] & (~std::uint64_t{0} << (from & 63));
    while (open == 0) {
      if (++w == words_for(size_)) return size_;
      open = ~words_[w];
    }
    return std::min(size_, w * 64 + static_cast<std::size_t>(std::countr_zero(open)));
  }
  /// Number of open positions.
  std::size_t open_count() const {
    std::size_t handled = 0;
    for (std::size_t w = 0; w < words_for(size_); ++w) handled += static_cast<std::size_t>(std::popcount(words_[w]));
    return size_ - handled;
  }
  /// Number of positions.
  std::size_t size() const { return size_; }

 private:
  std::uint64_t* words_;
  std::size_t size_;
};

// Removes the (shifted) value of every fixed variable from the others, until no new variable gets
// fixed; then (unless it failed) the handled positions are exactly the fixed ones. A handled
// variable holds none of the other handled values, so only the open positions are visited, and
// only those fixed since the last run send their value.
PropStatus eliminate_fixed_values(const std::vector<Var>& vars, const std::vector<Value>& offsets, Context& ctx,
                                  Handled& handled) {
  const std::size_t n = vars.size();
  for (bool again = true; again;) {
    again = false;
    for (std::size_t i = handled.next_open(0); i < n; i = handled.next_open(i + 1)) {
      if (!ctx.fixed(vars[i])) continue;
      handled.add(i);
      const std::int64_t x = std::int64_t{ctx.value(vars[i])} + offsets[i];
      for (std::size_t j = handled.next_open(0); j < n; j = handled.next_open(j + 1)) {
        // x leaves position j as the value x - offsets[j] of its variable (when in range).
        const std::int64_t y = x - offsets[j];
        if (j == i || y < kMinValue || y > kMaxValue || !ctx.contains(vars[j], static_cast<Value>(y))) continue;
        const int before = ctx.size(vars[j]);
        if (!ctx.remove(vars[j], static_cast<Value>(y))) return PropStatus::failed;
        again |= ctx.fixed(vars[j]);
        // An interval form loses x only at a bound, which then moves onto values fixed earlier
        // that it kept as interior ones: eliminate every fixed value again.
        if (ctx.domains().interval(vars[j]) && ctx.size(vars[j]) != before) {
          handled.clear();
          again = true;
        }
      }
    }
  }
  return PropStatus::fixpoint;
}

// Pairwise and value keep their handled positions in the search state when posted through
// all_different(Model&, ...); built without a model (or over an interval form, where a bound can
// later move back onto a value removed only in name) they rescan the scope at every run.
class IncrementalAllDifferent : public AllDifferentBase {
 public:
  IncrementalAllDifferent(std::vector<Var> vars, std::vector<Value> offsets, Trigger trigger,
                          std::optional<std::uint32_t> state)
      : AllDifferentBase(std::move(vars), trigger, std::move(offsets)), state_(state) {
    if (!state_) scratch_.resize(Handled::words_for(scope().size()));
  }

 protected:
  // The handled positions of the domains being propagated.
  Handled handled(Context& ctx) {
    if (state_) return Handled(ctx.state(*state_), scope().size());
    Handled h(scratch_.data(), scope().size());
    h.clear();
    return h;
  }

 private:
  std::optional<std::uint32_t> state_;  // the first of Handled::words_for(scope size) state words
  std::vector<std::uint64_t> scratch_;  // without state: the handled words of the current run
};

class AllDifferentPairwise final : public IncrementalAllDifferent {
 public:
  AllDifferentPairwise(std::vector<Var> vars, std::vector<Value> offsets, std::optional<std::uint32_t> state)
      : IncrementalAllDifferent(std::move(vars), std::move(offsets), Trigger::fixed, state) {}
  std::string name() const override { return "all-different(pairwise)"; }
  PropStatus propagate(Context& ctx) override {
    Handled h = handled(ctx);
    return eliminate_fixed_values(scope(), offsets(), ctx, h);
  }
};

class AllDifferentValue final : public IncrementalAllDifferent {
 public:
  AllDifferentValue(std::vector<Var> vars, std::vector<Value> offsets, std::optional<std::uint32_t> state)
      : IncrementalAllDifferent(std::move(vars), std::move(offsets), Trigger::any, state) {}
  std::string name() const override { return "all-different(value)"; }

  PropStatus propagate(Context& ctx) override {
    Handled h = handled(ctx);
    for (;;) {
      if (eliminate_fixed_values(scope(), offsets(), ctx, h) == PropStatus::failed) return PropStatus::failed;
      const PropStatus counted = count(ctx, h);
      if (counted != PropStatus::not_fixpoint) return counted;  // not_fixpoint: it fixed some
    }
  }

 private:
  // The counting rule over the open (= unfixed, after elimination) variables: fails when their
  // (shifted) candidates cover fewer values than there are of them; when they cover exactly as
  // many, fixes each value with one place left there (then not_fixpoint: eliminate again).
  PropStatus count(Context& ctx, const Handled& open) {
    const std::size_t unfixed = open.open_count();
    if (unfixed == 0) return PropStatus::fixpoint;
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size();
    // When every candidate lies in one window of 64 values, the union and the values with a
    // single place are word operations, with bit 0 standing for the window's start `lo`.
    Value lo = std::numeric_limits<Value>::max(), hi = std::numeric_limits<Value>::min();
    for (std::size_t i = open.next_open(0); i < n; i = open.next_open(i + 1)) {
      const Var v = scope()[i];
      if (!d.single_word(v)) return count_sorted(ctx, open, unfixed);
      lo = std::min(lo, d.min(v) + offset(i));
      hi = std::max(hi, d.max(v) + offset(i));
    }
    if (std::int64_t{hi} - lo >= 64) return count_sorted(ctx, open, unfixed);
    auto window = [&](std::size_t i) {
      const Var v = scope()[i];
      const std::int64_t shift = std::int64_t{d.layout(v).base} + offset(i) - lo;  // |shift| < 64: see above
      return shift >= 0 ? d.bits(v) << shift : d.bits(v) >> -shift;
    };
    std::uint64_t once = 0, twice = 0;  // the values with at least one place, with two or more
    for (std::size_t i = open.next_open(0); i < n; i = open.next_open(i + 1)) {
      const std::uint64_t w = window(i);
      twice |= once & w;
      once |= w;
    }
    const auto covered = static_cast<std::size_t>(std::popcount(once));
    if (covered < unfixed) return PropStatus::failed;
    const std::uint64_t single = once & ~twice;
    if (covered > unfixed || single == 0) return PropStatus::fixpoint;
    for (std::size_t i = open.next_open(0); i < n; i = open.next_open(i + 1)) {
      const std::uint64_t mine = window(i) & single;
      if (mine == 0) continue;
      if ((mine & (mine - 1)) != 0) return PropStatus::failed;  // two values need this variable
      if (!ctx.assign(scope()[i], lo + std::countr_zero(mine) - offset(i))) return PropStatus::failed;
    }
    return PropStatus::not_fixpoint;
  }

  // count() over candidates of any form: sorted, so equal values stand together and can be
  // counted without an array spanning the (possibly huge) value range.
  PropStatus count_sorted(Context& ctx, const Handled& open, std::size_t unfixed) {
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size();
    seen_.clear();
    for (std::size_t i = open.next_open(0); i < n; i = open.next_open(i + 1)) {
      const Var v = scope()[i];
      // A domain larger than the number of unfixed variables covers more values than that: the
      // counting would end in fixpoint, after listing every value of (maybe) a wide interval.
      if (static_cast<std::size_t>(ctx.size(v)) > unfixed) return PropStatus::fixpoint;
      d.for_each(v, [&, c = offset(i)](Value x) { seen_.push_back(x + c); });
    }
    std::sort(seen_.begin(), seen_.end());
    const auto covered = static_cast<std::size_t>(std::unique(seen_.begin(), seen_.end()) - seen_.begin());
    if (covered < unfixed) return PropStatus::failed;
    if (covered > unfixed) return PropStatus::fixpoint;
    // Every covered value must be used: a value with a single place left goes there. Places are
    // counted over the open variables, all of which are unfixed until the first assignment.
    bool placed = false;
    for (std::size_t i = open.next_open(0); i < n; i = open.next_open(i + 1)) {
      const Var v = scope()[i];
      Value only = Domains::none;  // a value of v (unshifted)
      bool two = false;
      d.for_each(v, [&](Value x) {
        if (places(d, open, std::int64_t{x} + offset(i)) != 1) return;
        two |= only != Domains::none;
        only = x;
      });
      if (two) return PropStatus::failed;  // two values need this variable
      if (only == Domains::none) continue;
      if (!ctx.assign(v, only)) return PropStatus::failed;
      placed = true;
    }
    return placed ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

  // The number of open scope positions that still have the shifted value x.
  int places(const Domains& d, const Handled& open, std::int64_t x) const {
    int count = 0;
    for (std::size_t i = open.next_open(0); i < scope().size(); i = open.next_open(i + 1)) {
      const std::int64_t y = x - offset(i);
      count += y >= kMinValue && y <= kMaxValue && d.contains(scope()[i], static_cast<Value>(y)) ? 1 : 0;
    }
    return count;
  }

  std::vector<Value> seen_;  // scratch: grows to the largest candidate count, then is reused
};

std::unique_ptr<Propagator> make(std::vector<Var> vars, std::vector<Value> offsets, AllDifferentStrength strength,
                                 std::optional<std::uint32_t> state) {
  if (offsets.size() != vars.size())
    throw std::invalid_argument("all_different: " + std::to_string(offsets.size()) + " offsets for " +
                                std::to_string(vars.size()) + " variables");
  if (std::any_of(offsets.begin(), offsets.end(), [](Value c) { return c < kMinValue || c > kMaxValue; }))
    throw std::invalid_argument("all_different: an offset outside the supported value range");
  switch (strength) {
    case AllDifferentStrength::check: return std::make_unique<AllDifferentCheck>(std::move(vars), std::move(offsets));
    case AllDifferentStrength::pairwise:
      return std::make_unique<AllDifferentPairwise>(std::move(vars), std::move(offsets), state);
    case AllDifferentStrength::value:
      return std::make_unique<AllDifferentValue>(std::move(vars), std::move(offsets), state);
    case AllDifferentStrength::domain: return make_all_different_domain(std::move(vars), std::move(offsets));
  }
  throw std::invalid_argument("all_different: bad strength");
}

}  // namespace

const std::vector<std::string_view>& all_different_strength_names() {
  static const std::vector<std::string_view> n{"check", "pairwise", "value", "domain"};
  return n;
}

AllDifferentStrength parse_all_different_strength(std::string_view name) {
  if (name == "check") return AllDifferentStrength::check;
  if (name == "pairwise") return AllDifferentStrength::pairwise;
  if (name == "value") return AllDifferentStrength::value;
  if (name == "domain") return AllDifferentStrength::domain;
  throw std::invalid_argument("unknown all-different strength '" + std::string(name) +
                              "' (expected check, pairwise, value or domain)");
}

std::unique_ptr<Propagator> all_different(std::vector<Var> vars, AllDifferentStrength strength) {
  std::vector<Value> offsets(vars.size(), 0);
  return make(std::move(vars), std::move(offsets), strength, std::nullopt);
}

std::unique_ptr<Propagator> all_different(std::vector<Var> vars, std::vector<Value> offsets,
                                          AllDifferentStrength strength) {
  return make(std::move(vars), std::move(offsets), strength, std::nullopt);
}

std::unique_ptr<Propagator> all_different(Model& model, std::vector<Var> vars, AllDifferentStrength strength) {
  std::vector<Value> offsets(vars.size(), 0);
  return all_different(model, std::move(vars), std::move(offsets), strength);
}

std::unique_ptr<Propagator> all_different(Model& model, std::vector<Var> vars, std::vector<Value> offsets,
                                          AllDifferentStrength strength) {
  const bool incremental = strength == AllDifferentStrength::pairwise || strength == AllDifferentStrength::value;
  const Domains& d = model.initial_domains();
  if (!incremental || vars.empty() || std::any_of(vars.begin(), vars.end(), [&](Var v) { return d.interval(v); }))
    return make(std::move(vars), std::move(offsets), strength, std::nullopt);
  const std::uint32_t state = model.add_state(Handled::words_for(vars.size()));
  return make(std::move(vars), std::move(offsets), strength, state);
}

}  // namespace csp
