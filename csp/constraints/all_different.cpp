#include "csp/constraints/all_different.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "csp/constraints/all_different_domain.hpp"
#include "csp/engine.hpp"

namespace csp {

bool distinct_values(std::span<const Value> values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i + 1; j < values.size(); ++j)
      if (values[i] == values[j]) return false;
  return true;
}

namespace {

// Shared by every strength: the meaning, and the check for search without propagation.
class AllDifferentBase : public Propagator {
 public:
  using Propagator::Propagator;
  bool satisfied(std::span<const Value> v) const override { return distinct_values(v); }
  bool check(const Domains& d) const override {
    const auto& s = scope();
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (!d.fixed(s[i])) continue;
      for (std::size_t j = i + 1; j < s.size(); ++j)
        if (d.fixed(s[j]) && d.value(s[i]) == d.value(s[j])) return false;
    }
    return true;
  }
};

class AllDifferentCheck final : public AllDifferentBase {
 public:
  explicit AllDifferentCheck(std::vector<Var> vars) : AllDifferentBase(std::move(vars), Trigger::fixed) {}
  std::string name() const override { return "all-different(check)"; }
  PropStatus propagate(Context& ctx) override {
    return check(ctx.domains()) ? PropStatus::fixpoint : PropStatus::failed;
  }
};

// Removes the value of every fixed variable from the others, until no new variable gets fixed.
PropStatus eliminate_fixed_values(const std::vector<Var>& vars, Context& ctx, std::vector<std::uint8_t>& done) {
  std::fill(done.begin(), done.end(), 0);
  for (bool again = true; again;) {
    again = false;
    for (std::size_t i = 0; i < vars.size(); ++i) {
      if (done[i] || !ctx.fixed(vars[i])) continue;
      done[i] = 1;
      const Value x = ctx.value(vars[i]);
      for (std::size_t j = 0; j < vars.size(); ++j) {
        if (j == i || !ctx.contains(vars[j], x)) continue;
        const int before = ctx.size(vars[j]);
        if (!ctx.remove(vars[j], x)) return PropStatus::failed;
        again |= ctx.fixed(vars[j]);
        // An interval form loses x only at a bound, which then moves onto values fixed earlier
        // that it kept as interior ones: eliminate every fixed value again.
        if (ctx.domains().interval(vars[j]) && ctx.size(vars[j]) != before) {
          std::fill(done.begin(), done.end(), 0);
          again = true;
        }
      }
    }
  }
  return PropStatus::fixpoint;
}

class AllDifferentPairwise final : public AllDifferentBase {
 public:
  explicit AllDifferentPairwise(std::vector<Var> vars)
      : AllDifferentBase(std::move(vars), Trigger::fixed), done_(scope().size()) {}
  std::string name() const override { return "all-different(pairwise)"; }
  PropStatus propagate(Context& ctx) override { return eliminate_fixed_values(scope(), ctx, done_); }

 private:
  std::vector<std::uint8_t> done_;
};

class AllDifferentValue final : public AllDifferentBase {
 public:
  explicit AllDifferentValue(std::vector<Var> vars)
      : AllDifferentBase(std::move(vars), Trigger::any), done_(scope().size()) {}
  std::string name() const override { return "all-different(value)"; }

  PropStatus propagate(Context& ctx) override {
    for (;;) {
      if (eliminate_fixed_values(scope(), ctx, done_) == PropStatus::failed) return PropStatus::failed;
      // The candidates of the unfixed variables, sorted, so equal values stand together and can be
      // counted without an array spanning the (possibly huge) value range.
      const Domains& d = ctx.domains();
      seen_.clear();
      int unfixed = 0;
      for (Var v : scope()) {
        if (ctx.fixed(v)) continue;
        ++unfixed;
        // A domain larger than the scope covers more values than there are unfixed variables: the
        // counting would end in fixpoint, after listing every value of (maybe) a wide interval.
        if (static_cast<std::size_t>(ctx.size(v)) > scope().size()) return PropStatus::fixpoint;
        d.for_each(v, [&](Value x) { seen_.push_back(x); });
      }
      std::sort(seen_.begin(), seen_.end());
      const auto covered = std::unique(seen_.begin(), seen_.end()) - seen_.begin();
      if (covered < unfixed) return PropStatus::failed;
      if (covered > unfixed) return PropStatus::fixpoint;
      // Exactly as many values as unfixed variables: every one of them must be used, so a value
      // with a single place left goes there. Count places from the unsorted multiset again.
      bool placed = false;
      for (Var v : scope()) {
        if (ctx.fixed(v)) continue;
        Value only = Domains::none;
        d.for_each(v, [&](Value x) {
          if (only == Domains::none && places(d, x) == 1) only = x;
        });
        if (only != Domains::none) {
          if (!ctx.assign(v, only)) return PropStatus::failed;
          placed = true;
        }
      }
      if (!placed) return PropStatus::fixpoint;
    }
  }

 private:
  // The number of unfixed scope variables that still have x.
  int places(const Domains& d, Value x) const {
    int n = 0;
    for (Var v : scope()) n += (!d.fixed(v) && d.contains(v, x)) ? 1 : 0;
    return n;
  }

  std::vector<std::uint8_t> done_;
  std::vector<Value> seen_;  // scratch: grows to the largest candidate count, then is reused
};

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
  switch (strength) {
    case AllDifferentStrength::check: return std::make_unique<AllDifferentCheck>(std::move(vars));
    case AllDifferentStrength::pairwise: return std::make_unique<AllDifferentPairwise>(std::move(vars));
    case AllDifferentStrength::value: return std::make_unique<AllDifferentValue>(std::move(vars));
    case AllDifferentStrength::domain: return make_all_different_domain(std::move(vars));
  }
  throw std::invalid_argument("all_different: bad strength");
}

}  // namespace csp
