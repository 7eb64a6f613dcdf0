// Channels and all-different recognised in linear decompositions (see implied.hpp).
#include "csp/flatzinc/detail/implied.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/flatzinc/builder.hpp"

namespace csp::flatzinc {

namespace {

// A domain wider than this is not walked value by value when checking an all-different group.
constexpr std::int64_t kMaxGroupValues = 4096;

// sum cs[i] * xs[i] REL rhs, read from a top-level int_lin_* constraint.
struct Linear {
  std::vector<std::int64_t> cs;
  std::vector<Var> xs;
  std::int64_t rhs = 0;
};

std::optional<Linear> read_linear(Builder& b, const Constraint& c) {
  if (c.args.size() != 3) return std::nullopt;
  try {
    Linear l{b.integers(c.args[0]), b.vars(c.args[1]), b.integer(c.args[2])};
    if (l.cs.size() != l.xs.size()) return std::nullopt;
    return l;
  } catch (const BuildError&) {  // posting it succeeded, so this does not happen; skip it if it does
    return std::nullopt;
  }
}

std::vector<int> ids(const std::vector<Var>& xs) {
  std::vector<int> out;
  out.reserve(xs.size());
  for (const Var x : xs) out.push_back(x.id);
  return out;
}

bool all_ones(const std::vector<std::int64_t>& cs) {
  return std::all_of(cs.begin(), cs.end(), [](std::int64_t c) { return c == 1; });
}

class Recogniser {
 public:
  Recogniser(Builder& b, const Ast& ast) : b_(b), ast_(ast), d_(b.model().initial_domains()) {}

  Implied run() {
    find_exactly_ones();
    if (exactly_one_.empty()) return found_;  // most models: no channel, so no all-different either
    post_channels();
    post_all_differents();
    return found_;
  }

 private:
  bool boolean(Var x) const { return d_.min(x) >= 0 && d_.max(x) <= 1; }
  bool fixed(Var x) const { return d_.min(x) == d_.max(x); }

  // int_lin_eq([1, ..., 1], a, 1) over 0/1 variables, none twice.
  void find_exactly_ones() {
    for (const Constraint& c : ast_.constraints) {
      if (c.name != "int_lin_eq") continue;
      const std::optional<Linear> l = read_linear(b_, c);
      if (!l || l->rhs != 1 || l->xs.empty() || !all_ones(l->cs)) continue;
      if (!std::all_of(l->xs.begin(), l->xs.end(), [&](Var x) { return boolean(x); })) continue;
      std::vector<int> key = ids(l->xs), sorted = key;
      std::sort(sorted.begin(), sorted.end());
      bool repeated = false;  // a constant 0 may stand twice; a variable may not
      for (std::size_t i = 1; i < sorted.size(); ++i)
        repeated = repeated || (sorted[i] == sorted[i - 1] && !fixed(Var{sorted[i]}));
      if (!repeated) exactly_one_.insert(std::move(key));
    }
  }

  // int_lin_eq(cs ++ [-1], a ++ [x], r) (or its negation, or x anywhere) over an exactly-one a
  // with distinct cs: x = cs[i] - r <-> a[i].
  void post_channels() {
    for (const Constraint& c : ast_.constraints) {
      if (c.name != "int_lin_eq") continue;
      std::optional<Linear> l = read_linear(b_, c);
      if (!l || l->xs.size() < 2) continue;
      for (int sign : {1, -1}) {
        if (sign == -1) {
          for (std::int64_t& k : l->cs) k = -k;
          l->rhs = -l->rhs;
        }
        if (try_channel(*l)) break;
      }
    }
  }

  bool try_channel(const Linear& l) {
    for (std::size_t k = 0; k < l.xs.size(); ++k) {
      if (l.cs[k] != -1) continue;
      std::vector<Var> a;
      std::vector<std::int64_t> values;
      for (std::size_t i = 0; i < l.xs.size(); ++i) {
        if (i == k) continue;
        a.push_back(l.xs[i]);
        values.push_back(l.cs[i] - l.rhs);
      }
      const Var x = l.xs[k];
      if (!exactly_one_.count(ids(a))) continue;
      if (std::any_of(a.begin(), a.end(), [&](Var v) { return v == x; })) continue;
      std::vector<std::int64_t> sorted = values;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) continue;
      if (sorted.front() < kMinValue || sorted.back() > kMaxValue) continue;
      // x takes one of the channels' values: the others go (x = 4 was left by 1..5 over 1, 2, 3, 5).
      Ranges allowed;
      for (const std::int64_t v : sorted) allowed.emplace_back(static_cast<Value>(v), static_cast<Value>(v));
      const bool exact = static_cast<std::size_t>(d_.size(x)) == sorted.size() &&
                         std::all_of(sorted.begin(), sorted.end(),
                                     [&](std::int64_t v) { return d_.contains(x, static_cast<Value>(v)); });
      if (!exact)
        b_.post(member(x, std::move(allowed)));
      for (std::size_t i = 0; i < a.size(); ++i) {
        const Value v = static_cast<Value>(values[i]);
        b_.post(compare_reified(x, Comparison::equal, v, a[i], Reify::equivalent));
        ++found_.channels;
        if (!fixed(a[i])) literal_.emplace(a[i].id, std::make_pair(x, v));
        channel_.emplace(std::make_pair(x.id, v), a[i]);
      }
      return true;
    }
    return false;
  }

  // int_lin_le([1, ..., 1], lits, 1) over channel literals of one value and distinct variables
  // (and constants): "at most one of these variables takes that value". Grouped by the variables;
  // a group whose every shared value has such a constraint over all its variables that can take it
  // is all-different.
  void post_all_differents() {
    if (literal_.empty()) return;
    std::map<Value, std::vector<std::vector<int>>> by_value;  // value -> sorted variable sets
    std::set<std::vector<int>> groups;
    for (const Constraint& c : ast_.constraints) {
      if (c.name != "int_lin_le") continue;
      const std::optional<Linear> l = read_linear(b_, c);
      if (!l || l->rhs < 0 || l->rhs > 1 || !all_ones(l->cs)) continue;
      std::vector<int> vars;
      std::optional<Value> value;
      bool ok = true;
      for (const Var a : l->xs) {
        if (fixed(a) && boolean(a)) continue;
        const auto it = literal_.find(a.id);
        if (it == literal_.end() || (value && *value != it->second.second)) {
          ok = false;
          break;
        }
        value = it->second.second;
        vars.push_back(it->second.first.id);
      }
      if (!ok || !value || vars.size() < 2) continue;
      std::sort(vars.begin(), vars.end());
      if (std::adjacent_find(vars.begin(), vars.end()) != vars.end()) continue;
      if (vars.size() >= 3) groups.insert(vars);
      by_value[*value].push_back(std::move(vars));
    }
    for (const std::vector<int>& group : groups)
      if (all_different_holds(group, by_value)) {
        std::vector<Var> xs;
        for (const int id : group) xs.push_back(Var{id});
        b_.post(all_different(b_.model(), std::move(xs), AllDifferentStrength::domain));
        ++found_.all_different;
      }
  }

  bool all_different_holds(const std::vector<int>& group,
                           const std::map<Value, std::vector<std::vector<int>>>& by_value) const {
    std::set<Value> values;
    for (const int id : group) {
      if (d_.size(Var{id}) > kMaxGroupValues) return false;
      d_.for_each(Var{id}, [&](Value v) { values.insert(v); });
      if (static_cast<std::int64_t>(values.size()) > kMaxGroupValues) return false;
    }
    for (const Value v : values) {
      std::vector<int> takers;  // sorted, as group is: the variables whose channel for v may be 1
      for (const int id : group)
        if (may_take(Var{id}, v)) takers.push_back(id);
      if (takers.size() < 2) continue;
      const auto it = by_value.find(v);
      if (it == by_value.end()) return false;
      const bool covered = std::any_of(it->second.begin(), it->second.end(), [&](const std::vector<int>& s) {
        return std::includes(s.begin(), s.end(), takers.begin(), takers.end());
      });
      if (!covered) return false;
    }
    return true;
  }

  // x = v is possible: x has a channel literal for v not fixed to 0 (a channelled x takes only
  // the values of its channels, whatever its declared domain).
  bool may_take(Var x, Value v) const {
    const auto it = channel_.find({x.id, v});
    return it != channel_.end() && d_.max(it->second) == 1;
  }

  Builder& b_;
  const Ast& ast_;
  const Domains& d_;
  std::set<std::vector<int>> exactly_one_;                      // variable ids, in the order written
  std::unordered_map<int, std::pair<Var, Value>> literal_;      // a -> (x, v) with a <-> x = v
  std::map<std::pair<int, Value>, Var> channel_;                // (x, v) -> a, fixed ones too
  Implied found_;
};

}  // namespace

Implied post_implied(Builder& b, const Ast& ast) { return Recogniser(b, ast).run(); }

}  // namespace csp::flatzinc
