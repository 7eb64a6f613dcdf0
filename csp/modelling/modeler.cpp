#include "csp/modelling/modeler.hpp"

#include <stdexcept>
#include <string>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/cumulative.hpp"
#include "csp/constraints/disjunctive.hpp"
#include "csp/modelling/detail/flattener.hpp"

namespace csp {

IntVar Modeler::decision(Var v) {
  const Var one[] = {v};
  model_.add_decisions(one);
  return handle(v);
}

IntVar Modeler::int_var(Value lo, Value hi, std::string name) { return decision(model_.add_var(lo, hi, std::move(name))); }

IntVar Modeler::int_var(const std::vector<Value>& values, std::string name) {
  return decision(model_.add_var(values, std::move(name)));
}

IntVars Modeler::int_vars(int n, Value lo, Value hi, std::string_view prefix) {
  IntVars out;
  for (const Var v : model_.add_vars(n, lo, hi, prefix)) out.push_back(decision(v));
  return out;
}

IntVar Modeler::bool_var(std::string name) { return int_var(0, 1, std::move(name)); }

IntVars Modeler::bool_vars(int n, std::string_view prefix) { return int_vars(n, 0, 1, prefix); }

IntVar Modeler::var(const IntExpr& e) {
  detail::Flattener f(*this);
  return handle(f.var(f.linear(e.node()), "an expression"));
}

IntVar Modeler::bool_var(const BoolExpr& e) { return handle(detail::Flattener(*this).reify(e.node(), true)); }

IntVars Modeler::vars(const IntExprs& xs) {
  IntVars out;
  for (const IntExpr& x : xs) out.push_back(var(x));
  return out;
}

IntVar Modeler::constant(std::int64_t c) {
  if (c < kMinValue || c > kMaxValue)
    throw std::invalid_argument("Modeler::constant: " + std::to_string(c) + " is beyond the values a variable can take");
  const auto [it, added] = constants_.try_emplace(c);
  if (added) it->second = model_.add_var(static_cast<Value>(c), static_cast<Value>(c));
  return handle(it->second);
}

void Modeler::post(const BoolExpr& e) { detail::Flattener(*this).post(e.node(), true); }

void Modeler::all_different(const IntExprs& xs) { model_.post(csp::all_different(vars(xs))); }

namespace {
void same_length(std::size_t a, std::size_t b, const char* what) {
  if (a != b) throw std::invalid_argument(std::string(what) + ": the lists of the tasks differ in length");
}
}  // namespace

void Modeler::cumulative(const IntExprs& starts, const IntExprs& durations, const IntExprs& uses,
                         const IntExpr& capacity) {
  same_length(starts.size(), durations.size(), "cumulative");
  same_length(starts.size(), uses.size(), "cumulative");
  model_.post(csp::cumulative(vars(starts), vars(durations), vars(uses), var(capacity)));
}

void Modeler::disjunctive(const IntExprs& starts, const IntExprs& durations) {
  same_length(starts.size(), durations.size(), "disjunctive");
  model_.post(csp::disjunctive(vars(starts), vars(durations)));
}

Objective Modeler::minimize(const IntExpr& e) { return {var(e), Objective::Sense::minimize}; }
Objective Modeler::maximize(const IntExpr& e) { return {var(e), Objective::Sense::maximize}; }

}  // namespace csp
