#include "csp/search/detail/branching.hpp"

namespace csp {

Branching::Branching(const Model& model, const SearchOptions& options)
    : var_order_(options.order(model)), value_order_(options.values(model)) {
  for (const Phase& p : options.phases) {
    if (p.vars.empty()) continue;
    phase_orders_.push_back((p.order ? p.order : options.order)(model));
    phase_orders_.back()->restrict(p.vars);
    phase_values_.push_back((p.values ? p.values : options.values)(model));
  }
}

void Branching::start() {
  var_order_->start();
  for (auto& o : phase_orders_) o->start();
}

Var Branching::select(const Domains& d, ValueOrder*& values) {
  for (std::size_t p = 0; p < phase_orders_.size(); ++p) {
    const Var v = phase_orders_[p]->select(d);
    if (v.id >= 0) {
      values = phase_values_[p].get();
      return v;
    }
  }
  values = value_order_.get();
  return var_order_->select(d);
}

void Branching::failed(PropagatorId by) {
  var_order_->failed(by);
  for (auto& o : phase_orders_) o->failed(by);
}

void Branching::conflict(std::span<const Var> vars) {
  var_order_->conflict(vars);
  for (auto& o : phase_orders_) o->conflict(vars);
}

}  // namespace csp
