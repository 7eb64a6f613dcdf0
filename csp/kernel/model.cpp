#include "csp/kernel/model.hpp"

#include <algorithm>
#include <iterator>
#include <span>
#include <stdexcept>
#include <utility>

#include <boost/container/small_vector.hpp>

#include "csp/kernel/engine.hpp"

namespace csp {

namespace {

// x in a set of values, for a variable in the interval form (which holds bounds only): each bound
// moves to the nearest member inside them. The values in between stay candidates, so search and
// the solution check (satisfied) see the holes. The kernel's own, so that add_var needs nothing
// from constraints/ (member() there is the same test over ranges, with the bit-set form too).
class IntervalMembers final : public Propagator {
 public:
  IntervalMembers(Var x, std::vector<Value> members)
      : Propagator({x}, {Watch::change(x, Trigger::bounds)}), members_(std::move(members)) {
    std::sort(members_.begin(), members_.end());
    members_.erase(std::unique(members_.begin(), members_.end()), members_.end());
  }
  std::string name() const override { return "member"; }
  bool satisfied(std::span<const Value> v) const override {
    return std::binary_search(members_.begin(), members_.end(), v[0]);
  }
  PropStatus propagate(Context& ctx) override {
    const Var x = scope()[0];
    const auto first = std::lower_bound(members_.begin(), members_.end(), ctx.min(x));
    const auto past_last = std::upper_bound(members_.begin(), members_.end(), ctx.max(x));
    if (first >= past_last) return PropStatus::failed;
    return ctx.remove_below(x, *first) && ctx.remove_above(x, *std::prev(past_last)) ? PropStatus::fixpoint
                                                                                     : PropStatus::failed;
  }

 private:
  std::vector<Value> members_;  // sorted, distinct
};

}  // namespace

Var Model::add_layout(Value lo, Value hi, std::string name) {
  if (lo > hi) throw std::invalid_argument("empty domain for variable '" + name + "'");
  if (lo < kMinValue || hi > kMaxValue)
    throw std::invalid_argument("domain of variable '" + name + "' leaves the supported values " +
                                std::to_string(kMinValue) + ".." + std::to_string(kMaxValue));
  const long span = static_cast<long>(hi) - lo + 1;
  VarLayout l;
  l.base = lo;
  l.first_word = static_cast<std::uint32_t>(initial_.words().size());
  l.interval = span > std::min(interval_threshold_, kMaxBitsetValues);
  l.words = l.interval ? 2 : static_cast<std::uint32_t>((span + 63) / 64);
  if (l.words > 1 && !l.interval) ++l.first_word;  // the head word (size, least, greatest) first
  layout_->push_back(l);
  initial_.grow(l.first_word + l.words);
  names_.push_back(std::move(name));
  watchers_.emplace_back();
  propagators_of_.emplace_back();
  return Var{static_cast<int>(layout_->size()) - 1};
}

std::uint32_t Model::add_state(std::size_t words) {
  const auto first = static_cast<std::uint32_t>(initial_.words().size());
  initial_.grow(first + words);
  return first;
}

Var Model::add_var(Value lo, Value hi, std::string name) {
  Var v = add_layout(lo, hi, std::move(name));
  initial_.add_range(v, lo, hi);
  return v;
}

Var Model::add_var(const std::vector<Value>& values, std::string name) {
  if (values.empty()) throw std::invalid_argument("empty domain for variable '" + name + "'");
  auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  Var v = add_layout(*lo, *hi, std::move(name));
  for (Value x : values) initial_.add(v, x);
  // The interval form cannot hold the holes: a propagator keeps the bounds on members instead.
  if (initial_.interval(v)) post(std::make_unique<IntervalMembers>(v, values));
  return v;
}

std::vector<Var> Model::add_vars(int n, Value lo, Value hi, std::string_view prefix) {
  if (n < 0) throw std::invalid_argument("add_vars: a negative number of variables (" + std::to_string(n) + ")");
  std::vector<Var> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    out.push_back(add_var(lo, hi, prefix.empty() ? std::string{} : std::string(prefix) + std::to_string(i)));
  return out;
}

PropagatorId Model::post(std::unique_ptr<Propagator> p) {
  if (!p) throw std::invalid_argument("post: null propagator");
  for (const Watch& w : p->watches()) {  // checked before anything is recorded
    const auto& scope = p->scope();
    if (std::find(scope.begin(), scope.end(), w.var) == scope.end())
      throw std::invalid_argument("post: a watch on a variable outside the scope");
    if (w.kind == Watch::Kind::guarded && std::find(scope.begin(), scope.end(), w.guard) == scope.end())
      throw std::invalid_argument("post: a guard outside the scope");
  }
  // Every check before anything is recorded: a post that throws leaves the model as it was.
  for (Var v : p->scope()) {
    if (v.id < 0 || v.id >= var_count())
      throw std::invalid_argument("post: " + p->name() + " names variable id " + std::to_string(v.id) +
                                  ", which is not in this model (" + std::to_string(var_count()) + " variables)");
  }
  auto id = static_cast<PropagatorId>(propagators_.size());
  if (id % 64 == 0) subsumed_words_.push_back(add_state(1));  // room for the next 64 "subsumed" bits
  for (Var v : p->scope()) {
    auto& mine = propagators_of_[static_cast<std::size_t>(v.id)];
    if (!mine.empty() && mine.back() == id) continue;  // a variable listed twice in one scope
    mine.push_back(id);
    if (p->watches().empty()) watchers_[static_cast<std::size_t>(v.id)][static_cast<std::size_t>(p->trigger())].push_back(id);
  }
  if (!p->watches().empty() && removal_watchers_.size() < static_cast<std::size_t>(var_count())) {
    removal_watchers_.resize(static_cast<std::size_t>(var_count()));  // the first finer watch: every
    guarded_watchers_.resize(static_cast<std::size_t>(var_count()));  // variable so far gets its lists
  }
  for (const Watch& w : p->watches()) {
    const auto v = static_cast<std::size_t>(w.var.id);
    const auto on = static_cast<std::size_t>(w.on);
    switch (w.kind) {
      case Watch::Kind::change: watchers_[v][on].push_back(id); break;
      case Watch::Kind::removal: {
        auto& list = removal_watchers_[v];
        const auto at = std::upper_bound(list.begin(), list.end(), w.value,
                                         [](Value c, const RemovalWatcher& r) { return c < r.value; });
        list.insert(at, RemovalWatcher{w.value, id});
        break;
      }
      case Watch::Kind::guarded:
        guarded_watchers_[v][on].push_back(GuardedWatcher{id, w.guard, w.value});
        break;
    }
  }
  propagators_.push_back(std::move(p));
  return id;
}

CounterId Model::add_counter(std::string_view name) {
  for (std::size_t i = 0; i < counter_names_.size(); ++i)
    if (counter_names_[i] == name) return static_cast<CounterId>(i);
  counter_names_.emplace_back(name);
  return static_cast<CounterId>(counter_names_.size() - 1);
}

std::vector<Var> Model::vars() const {
  std::vector<Var> out;
  for (int i = 0; i < var_count(); ++i) out.push_back(Var{i});
  return out;
}

std::string Model::name(Var v) const {
  if (v.id < 0 || v.id >= var_count())
    throw std::invalid_argument("Model::name: variable id " + std::to_string(v.id) + " is not in this model");
  const std::string& n = names_.at(static_cast<std::size_t>(v.id));
  if (!n.empty()) return n;
  std::string fallback = "x";  // built in two steps: GCC 12 warns falsely on "x" + to_string()
  fallback += std::to_string(v.id);
  return fallback;
}

std::optional<Var> Model::find(std::string_view name) const {
  for (int i = 0; i < var_count(); ++i)
    if (names_[static_cast<std::size_t>(i)] == name) return Var{i};
  return std::nullopt;
}

void Model::add_decisions(std::span<const Var> vars) {
  is_decision_.resize(static_cast<std::size_t>(var_count()), 0);
  for (const Var v : vars)
    if (v.id < 0 || v.id >= var_count()) {
      std::string what = "Model::add_decisions: variable id ";  // in steps: GCC 12 warns falsely on "..." + to_string()
      what += std::to_string(v.id);
      what += " is not of this model";
      throw std::invalid_argument(what);
    }
  for (const Var v : vars) {
    auto& marked = is_decision_[static_cast<std::size_t>(v.id)];
    if (marked == 0) decisions_.push_back(v);
    marked = 1;
  }
}

std::optional<PropagatorId> Model::first_violated(std::span<const Value> assignment) const {
  if (static_cast<int>(assignment.size()) != var_count()) return kNoPropagator;
  for (int i = 0; i < var_count(); ++i)
    if (!initial_.contains(Var{i}, assignment[static_cast<std::size_t>(i)])) return kNoPropagator;
  boost::container::small_vector<Value, 64> scope_values;
  for (std::size_t id = 0; id < propagators_.size(); ++id) {
    const Propagator& p = *propagators_[id];
    scope_values.clear();
    for (Var v : p.scope()) scope_values.push_back(assignment[static_cast<std::size_t>(v.id)]);
    if (!p.satisfied({scope_values.data(), scope_values.size()})) return static_cast<PropagatorId>(id);
  }
  return std::nullopt;
}

}  // namespace csp
