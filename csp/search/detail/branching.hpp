// The orders a search branches with: the options' own variable and value orders, and one pair per
// branching phase (SearchOptions::phases), each restricted to its variables; after restarts, the
// activity order where Restarts::search says so; and the values phase saving remembers
// (SearchOptions::phase_saving), tried before the value order's choice. Depth-first search
// (csp/search/detail/dfs.cpp), the learning search and the split into parts
// (csp/search/subproblem.cpp) all branch through one of these, so that a split sees exactly the
// tree the search would.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

/// The variable and value orders of one search. Not thread-safe: one per search, as the orders.
class Branching {
 public:
  /// Builds each order once from the options' factories (phases without variables are skipped);
  /// the model's decisions (Model::decisions) make one more phase after the options' phases.
  Branching(const Model& model, const SearchOptions& options);
  ~Branching();

  /// Tells every variable order that a search starts; forgets the saved values.
  void start();
  /// The variable to branch on in d and the value order for it: the first phase with an unfixed
  /// variable decides, else the options' own order (in a run Restarts::search gives to activity,
  /// the activity order in their place: over each phase's variables in turn, then over the rest, so
  /// that the decisions a model names still come first). Var id -1: every variable is fixed.
  /// Throws std::logic_error, naming the variable, when an order returns a fixed variable or one
  /// not of the model, or the options' order returns Var{} while a variable is unfixed: search
  /// would branch on it without end, or read past the domains.
  Var select(const Domains& d, ValueOrder*& values);
  /// Throws std::logic_error when the listed decisions of a value order on v (ValueOrder::order)
  /// hold no candidate of v in d: search would drop the node as if it had no solution.
  void check_listed(Var v, const Domains& d, std::span<const Value> listed) const;
  /// Throws std::logic_error when a lazy value order's decision on v would not split v's domain in
  /// d both ways (an assignment of a value that is no candidate, a bound at or past the domain's
  /// end): search would take it, or its refutation, again and again.
  void check_decided(Var v, const Domains& d, Decision c) const;
  /// Tells every variable order that propagator `by` failed (kNoPropagator: a decision emptied a domain).
  void failed(PropagatorId by);
  /// Tells every variable order the variables of a conflict's analysis (learning search).
  void conflict(std::span<const Var> vars);
  /// Run `run` (>= 2) of a restart schedule begins: Restarts::search picks its orders.
  void restarted(std::uint64_t run);
  /// PhaseSaving::last: v last had `value` (a decision, or a fixing search undoes).
  void remember(Var v, Value value) {
    if (saving_ != PhaseSaving::last) return;
    saved_[static_cast<std::size_t>(v.id)] = value;
    has_saved_[static_cast<std::size_t>(v.id)] = 1;
  }
  /// True when remember() keeps what it is told (PhaseSaving::last).
  bool remembers() const { return saving_ == PhaseSaving::last; }
  /// A solution (a value per variable): under phase saving, every variable's saved value.
  void solution(std::span<const Value> values);

 private:
  class SavedFirst;  // a value order that tries the saved value first, then its own

  ValueOrder* values_for(std::size_t i);  // value order i (0: the options', p + 1: phase p's), wrapped
  [[noreturn]] void bad_choice(Var v, const Domains& d, const char* whose) const;

  const Model& model_;

  std::unique_ptr<VariableOrder> var_order_;
  std::unique_ptr<ValueOrder> value_order_;
  // The phases' own orders, each restricted to its variables.
  std::vector<std::unique_ptr<VariableOrder>> phase_orders_;
  std::vector<std::unique_ptr<ValueOrder>> phase_values_;
  // Restarts::search activity or alternate: the activity order, told of every failure and
  // conflict from the start, one restricted to each phase's variables, and whether the run under
  // way branches with them.
  RestartSearch restart_search_ = RestartSearch::same;
  std::unique_ptr<VariableOrder> activity_;
  std::vector<std::unique_ptr<VariableOrder>> phase_activity_;
  bool by_activity_ = false;
  // Phase saving: a value per variable, valid where has_saved_ is 1; and the value orders wrapped
  // to try it first (empty under PhaseSaving::none).
  PhaseSaving saving_ = PhaseSaving::none;
  std::vector<Value> saved_;
  std::vector<std::uint8_t> has_saved_;
  std::vector<std::unique_ptr<SavedFirst>> wrapped_;
};

}  // namespace csp
