#include "csp/search/detail/branching.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace csp {

// Phase saving over any value order: the saved value first where it is still a candidate, then
// the order's own choice. A listed order keeps its list, the saved value moved to its front (a
// value the order leaves out, a symmetry it prunes, stays out); a lazy one decides the saved
// value, and once search has refuted it (it is no longer a candidate) decides as it would.
class Branching::SavedFirst final : public ValueOrder {
 public:
  SavedFirst(ValueOrder& inner, const Branching& memory) : inner_(inner), memory_(memory) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    inner_.order(v, d, out);
    Value s = 0;
    if (!saved(v, d, s)) return;
    const auto it = std::find(out.begin(), out.end(), s);
    if (it != out.end()) std::rotate(out.begin(), it, it + 1);
  }
  bool lazy(Var v, const Domains& d) const override { return inner_.lazy(v, d); }
  Decision decide(Var v, const Domains& d) override {
    Value s = 0;
    return saved(v, d, s) ? Decision{Decision::Kind::assign, s} : inner_.decide(v, d);
  }

 private:
  bool saved(Var v, const Domains& d, Value& s) const {
    const auto i = static_cast<std::size_t>(v.id);
    if (memory_.has_saved_[i] == 0) return false;
    s = memory_.saved_[i];
    return d.contains(v, s);
  }

  ValueOrder& inner_;
  const Branching& memory_;
};

Branching::Branching(const Model& model, const SearchOptions& options)
    : model_(model),
      var_order_(options.order(model)),
      value_order_(options.values(model)),
      restart_search_(options.restarts.kind != RestartKind::none ? options.restarts.search : RestartSearch::same),
      saving_(options.phase_saving) {
  // The model's decisions are one more phase, after the options' own and before the rest, with the
  // options' orders: so the variables expressions introduced are branched on last. Built here,
  // once, it costs search nothing per node. An order that cannot be restricted (a custom function)
  // keeps choosing among all variables, as it was written to.
  std::vector<Phase> phases = options.phases;
  if (!model.decisions().empty()) {
    bool restrictable = true;
    try {
      options.order(model)->restrict(model.decisions());
    } catch (const std::invalid_argument&) {
      restrictable = false;
    }
    if (restrictable) phases.push_back({model.decisions(), options.order, options.values});
  }
  for (const Phase& p : phases) {
    if (p.vars.empty()) continue;
    phase_orders_.push_back((p.order ? p.order : options.order)(model));
    phase_orders_.back()->restrict(p.vars);
    phase_values_.push_back((p.values ? p.values : options.values)(model));
  }
  if (restart_search_ != RestartSearch::same) {
    activity_ = order::activity()(model);
    for (const Phase& p : phases) {
      if (p.vars.empty()) continue;
      phase_activity_.push_back(order::activity()(model));
      phase_activity_.back()->restrict(p.vars);
    }
  }
  if (saving_ != PhaseSaving::none) {
    saved_.assign(static_cast<std::size_t>(model.var_count()), 0);
    has_saved_.assign(saved_.size(), 0);
    wrapped_.push_back(std::make_unique<SavedFirst>(*value_order_, *this));
    for (auto& v : phase_values_) wrapped_.push_back(std::make_unique<SavedFirst>(*v, *this));
  }
}

Branching::~Branching() = default;

void Branching::start() {
  var_order_->start();
  for (auto& o : phase_orders_) o->start();
  if (activity_) activity_->start();
  for (auto& o : phase_activity_) o->start();
  by_activity_ = false;
  std::fill(has_saved_.begin(), has_saved_.end(), 0);
}

ValueOrder* Branching::values_for(std::size_t i) {
  // Where runs by activity take turns with runs along the search's own orders, only the former try
  // saved values first: the latter follow their value orders as written (a model's annotations,
  // as Chuffed keeps its polarity for VSIDS). mapping mesh2x2_1 under fzn-csp -f: its optimum
  // proved in 0.5 s so, not in 60 s with saved values in every run (docs/learning.md).
  if (!wrapped_.empty() && (by_activity_ || restart_search_ == RestartSearch::same)) return wrapped_[i].get();
  return i == 0 ? value_order_.get() : phase_values_[i - 1].get();
}

// Every order's choice is checked here, where it comes back (a compare and a look at one domain per
// node): an order that returns a fixed variable would make search branch on it forever, deeper and
// deeper, and one not of the model would read past the domains.
Var Branching::select(const Domains& d, ValueOrder*& values) {
  const int n = d.var_count();
  for (std::size_t p = 0; p < phase_orders_.size(); ++p) {
    const Var v = (by_activity_ ? phase_activity_[p] : phase_orders_[p])->select(d);
    if (v.id >= 0 && v.id < n && !d.fixed(v)) {
      values = values_for(p + 1);
      return v;
    }
    if (v.id != -1) bad_choice(v, d, "a phase's variable order");
  }
  values = values_for(0);
  const Var v = (by_activity_ ? activity_ : var_order_)->select(d);
  if (v.id >= 0 && v.id < n && !d.fixed(v)) return v;
  if (v.id != -1) bad_choice(v, d, "the variable order");
  // Var{}: every variable must be fixed (once per leaf, where the solution is read out anyway).
  for (int i = 0; i < n; ++i)
    if (!d.fixed(Var{i}))
      throw std::logic_error("the variable order returned Var{} (no variable) while " + model_.name(Var{i}) +
                             " is unfixed: it must return an unfixed variable while there is one");
  return v;
}

void Branching::bad_choice(Var v, const Domains& d, const char* whose) const {
  if (v.id < 0 || v.id >= d.var_count())
    throw std::logic_error(std::string(whose) + " returned variable id " + std::to_string(v.id) +
                           ", which is not in the model (" + std::to_string(d.var_count()) + " variables)");
  throw std::logic_error(std::string(whose) + " returned " + model_.name(v) + " = " + std::to_string(d.value(v)) +
                         ", which is already fixed: it must return an unfixed variable, or Var{} when none is left");
}

void Branching::check_listed(Var v, const Domains& d, std::span<const Value> listed) const {
  // The first listed value is almost always a candidate: one look per node.
  for (Value x : listed)
    if (d.contains(v, x)) return;
  throw std::logic_error("the value order listed " + std::to_string(listed.size()) + " values for " + model_.name(v) +
                         ", none of them a candidate: it must list at least one of its candidates");
}

void Branching::check_decided(Var v, const Domains& d, Decision c) const {
  const Value lo = d.min(v), hi = d.max(v);
  bool splits = false;
  switch (c.kind) {
    case Decision::Kind::assign: splits = d.contains(v, c.value); break;
    case Decision::Kind::at_most: splits = lo <= c.value && c.value < hi; break;
    case Decision::Kind::at_least:
    case Decision::Kind::below: splits = lo < c.value && c.value <= hi; break;
  }
  if (splits) return;
  static const char* const kinds[] = {"=", "<=", ">=", "<"};
  throw std::logic_error("the value order decided " + model_.name(v) + " " + kinds[static_cast<int>(c.kind)] + " " +
                         std::to_string(c.value) + " on " + std::to_string(lo) + ".." + std::to_string(hi) +
                         ": a decision must assign a candidate or split the domain in two non-empty parts");
}

void Branching::failed(PropagatorId by) {
  var_order_->failed(by);
  for (auto& o : phase_orders_) o->failed(by);
  if (activity_) activity_->failed(by);
  for (auto& o : phase_activity_) o->failed(by);
}

void Branching::conflict(std::span<const Var> vars) {
  var_order_->conflict(vars);
  for (auto& o : phase_orders_) o->conflict(vars);
  if (activity_) activity_->conflict(vars);
  for (auto& o : phase_activity_) o->conflict(vars);
}

void Branching::restarted(std::uint64_t run) {
  if (restart_search_ == RestartSearch::activity) by_activity_ = true;
  else if (restart_search_ == RestartSearch::alternate) by_activity_ = run % 2 == 0;
}

void Branching::solution(std::span<const Value> values) {
  if (saving_ == PhaseSaving::none) return;
  std::copy(values.begin(), values.end(), saved_.begin());
  std::fill(has_saved_.begin(), has_saved_.end(), 1);
}

}  // namespace csp
