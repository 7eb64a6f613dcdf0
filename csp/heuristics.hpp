// Branching heuristics: which variable to branch on next, and in which order to try its values.
//
// Both are small interfaces; the search builds its own instance from a factory for every solver,
// so a heuristic may keep state (dom/wdeg's weights, a random generator) without sharing it
// between threads. A plain function becomes a heuristic through order::custom().
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "csp/model.hpp"

namespace csp {

/// Chooses the variable to branch on.
class VariableOrder {
 public:
  virtual ~VariableOrder() = default;
  /// Called when a search starts (reset learned state here).
  virtual void start() {}
  /// An unfixed variable to branch on, or Var{} (id -1) when every variable is fixed.
  virtual Var select(const Domains& d) = 0;
  /// Called when a decision fails, naming the propagator that failed (kNoPropagator when unknown).
  virtual void failed(PropagatorId) {}
};

/// Orders the candidates of the chosen variable.
class ValueOrder {
 public:
  virtual ~ValueOrder() = default;
  /// Fills `out` (already empty) with the candidates of v in the order to try them. Search tries
  /// exactly these values: a candidate left out is never tried, so an order may prune values it
  /// knows to be symmetric to one it lists (graph colouring lists one unused colour only). It is
  /// then responsible for that pruning being sound.
  virtual void order(Var v, const Domains& d, std::vector<Value>& out) = 0;
};

/// Builds a variable order for a model: each solver calls it once, so state is never shared.
using VariableOrderFactory = std::function<std::unique_ptr<VariableOrder>(const Model&)>;
/// Builds a value order for a model, once per solver.
using ValueOrderFactory = std::function<std::unique_ptr<ValueOrder>(const Model&)>;

namespace order {
/// The first unfixed variable in creation order.
VariableOrderFactory input();
/// Minimum remaining values: the unfixed variable with the fewest candidates (first on ties).
VariableOrderFactory mrv();
/// MRV, ties broken by the most constraints shared with other unfixed variables.
VariableOrderFactory mrv_degree();
/// MRV, ties broken by the most unfixed neighbours in the constraint graph (variables sharing a
/// relation, Propagator::relations): dom+deg with the degree taken as search goes (Brelaz).
VariableOrderFactory mrv_ddeg();
/// Smallest ratio of domain size to the failure weights of its constraints (Boussemart et al.).
VariableOrderFactory dom_wdeg();
/// A plain function: given the model and domains, return an unfixed variable or Var{}.
VariableOrderFactory custom(std::function<Var(const Model&, const Domains&)> choose);
/// By name: "input", "mrv", "mrv-degree", "mrv-ddeg", "dom-wdeg"; throws std::invalid_argument otherwise.
VariableOrderFactory by_name(std::string_view name);
/// The names by_name() accepts.
const std::vector<std::string_view>& names();
}  // namespace order

namespace values {
/// Smallest candidate first.
ValueOrderFactory ascending();
/// Largest candidate first.
ValueOrderFactory descending();
/// Least constraining value: the candidate whose forward check removes the fewest candidates
/// from other variables first (a candidate whose forward check fails goes last).
ValueOrderFactory lcv();
/// A random order, reproducible for a given seed.
ValueOrderFactory random(std::uint64_t seed);
/// A plain function: fill the vector with v's candidates in the order to try.
ValueOrderFactory custom(std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)> order);
/// By name: "min", "max", "lcv", "random"; throws std::invalid_argument otherwise.
ValueOrderFactory by_name(std::string_view name, std::uint64_t seed = 1);
/// The names by_name() accepts.
const std::vector<std::string_view>& names();
}  // namespace values

}  // namespace csp
