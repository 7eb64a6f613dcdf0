// Modeler: a Model built with expressions (expr.hpp). It owns the model, hands out variables that
// compare as expressions (IntVar), posts Boolean expressions as constraints, reifies them into 0/1
// variables, turns an expression into an objective, and takes constants where the globals want
// variables. Every expression becomes the propagators of csp/constraints/ (there is no second
// engine), with a variable introduced only where a propagator needs one: x + 2*y <= z is one linear
// propagator; abs(x - y) == 3 is one variable for x - y, whose bounds come from x's and y's, and
// absolute(). The variables the user asks for are the model's decisions (Model::decisions), so the
// default search branches on them before the variables the expressions introduced.
#pragma once

#include <concepts>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/modelling/expr.hpp"
#include "csp/search/options.hpp"

namespace csp {

/// Builds one Model from expressions. The model stays reachable (model()) for everything else of
/// the library: propagators of its own, Solver(modeler.model(), options), its domains.
class Modeler {
 public:
  Modeler() = default;
  Modeler(const Modeler&) = delete;
  Modeler& operator=(const Modeler&) = delete;
  Modeler(Modeler&&) = default;
  Modeler& operator=(Modeler&&) = default;

  /// The model being built.
  Model& model() { return model_; }
  /// The model being built.
  const Model& model() const { return model_; }

  // --- Variables ---------------------------------------------------------------------------------
  /// A decision variable with domain [lo, hi] (Model::add_var's rules and exceptions).
  IntVar int_var(Value lo, Value hi, std::string name = {});
  /// A decision variable whose domain is the given set of values.
  IntVar int_var(const std::vector<Value>& values, std::string name = {});
  /// n decision variables with domain [lo, hi], named prefix0, prefix1, ... when a prefix is given.
  IntVars int_vars(int n, Value lo, Value hi, std::string_view prefix = {});
  /// A 0/1 decision variable.
  IntVar bool_var(std::string name = {});
  /// n 0/1 decision variables.
  IntVars bool_vars(int n, std::string_view prefix = {});
  /// A variable equal to e: e's own when e is one variable, a fixed one for a constant, else one
  /// introduced with the bounds of e (not a decision). Throws std::invalid_argument when those
  /// bounds leave [kMinValue, kMaxValue], or for any misuse posting e would report.
  IntVar var(const IntExpr& e);
  /// A 0/1 variable equal to e's truth (reification: b <-> e); e's own when e is a 0/1 variable.
  IntVar bool_var(const BoolExpr& e);
  /// A variable of each of xs (as var()): for a global that takes only variables.
  IntVars vars(const IntExprs& xs);
  /// The variable fixed to c (one per value, made on first use); throws std::invalid_argument for
  /// c outside [kMinValue, kMaxValue].
  IntVar constant(std::int64_t c);

  // --- Constraints -------------------------------------------------------------------------------
  /// Posts e: every solution makes it true. Throws std::invalid_argument naming the problem (a
  /// variable of another model, a constant divisor 0, bounds beyond the value range, a 0/1 use of
  /// a wider variable); part of e may be posted by then, so build the model again.
  void post(const BoolExpr& e);
  /// Posts a propagator of csp/constraints/ (or one of your own), as Model::post.
  PropagatorId post(std::unique_ptr<Propagator> p) { return model_.post(std::move(p)); }
  /// A plain bool is refused: it is what comparing two plain csp::Var gives (x == y asks whether they
  /// are the same variable). Use the IntVar a Modeler returns, or write x == y + 0.
  template <class B>
    requires std::same_as<B, bool>
  void post(B) = delete;

  /// The variables of xs all differ (all_different, domain consistent).
  void all_different(const IntExprs& xs);
  /// Cumulative resource (cumulative.hpp) over tasks whose starts, durations, uses and capacity
  /// may be constants or expressions; the three lists have one item per task (else throws
  /// std::invalid_argument).
  void cumulative(const IntExprs& starts, const IntExprs& durations, const IntExprs& uses, const IntExpr& capacity);
  /// Unary resource (disjunctive.hpp) over tasks whose starts and durations may be constants.
  void disjunctive(const IntExprs& starts, const IntExprs& durations);

  // --- Objective ---------------------------------------------------------------------------------
  /// The objective "minimise e" for Solver::optimize (a variable introduced for e when it is not one).
  Objective minimize(const IntExpr& e);
  /// The objective "maximise e" for Solver::optimize.
  Objective maximize(const IntExpr& e);

 private:
  IntVar handle(Var v) const { return IntVar{v, model_.identity()}; }
  IntVar decision(Var v);

  Model model_;
  std::map<std::int64_t, Var> constants_;  // constant(): one fixed variable per value
};

}  // namespace csp
