// The orders a search branches with: the options' own variable and value orders, and one pair per
// branching phase (SearchOptions::phases), each restricted to its variables. Depth-first search
// (csp/search/detail/dfs.cpp) and the split into parts (csp/search/subproblem.cpp) both branch through one of these, so
// that a split sees exactly the tree the search would.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

/// The variable and value orders of one search. Not thread-safe: one per search, as the orders.
class Branching {
 public:
  /// Builds each order once from the options' factories (phases without variables are skipped).
  Branching(const Model& model, const SearchOptions& options);

  /// Tells every variable order that a search starts.
  void start();
  /// The variable to branch on in d and the value order for it: the first phase with an unfixed
  /// variable decides, else the options' own order. Var id -1: every variable is fixed.
  Var select(const Domains& d, ValueOrder*& values);
  /// Tells every variable order that propagator `by` failed (kNoPropagator: a decision emptied a domain).
  void failed(PropagatorId by);
  /// Tells every variable order the variables of a conflict's analysis (learning search).
  void conflict(std::span<const Var> vars);

 private:
  std::unique_ptr<VariableOrder> var_order_;
  std::unique_ptr<ValueOrder> value_order_;
  // The phases' own orders, each restricted to its variables.
  std::vector<std::unique_ptr<VariableOrder>> phase_orders_;
  std::vector<std::unique_ptr<ValueOrder>> phase_values_;
};

}  // namespace csp
