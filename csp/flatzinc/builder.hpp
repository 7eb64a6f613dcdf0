// Turning the items of a FlatZinc model (csp/flatzinc/ast.hpp) into a csp::Model: variables from
// their declarations, constraints through the registry's posters (csp/flatzinc/registry.hpp), the
// objective, the output variables and the search annotations.
//
// Booleans are 0/1 integer variables. An alias (`var int: y = x;`) is the same Var as x, a fixed
// variable (`var 1..9: z = 3;`) a constant one, a literal where a poster wants a variable a
// constant variable (one per value). Unbounded `var int` gets the bounds [csp::kMinValue,
// csp::kMaxValue] (csp/kernel/var.hpp), in the interval form of wide domains.
// Anything the solver cannot take — float or set variables, a value outside the supported range, a
// constraint with no poster — throws BuildError naming the line and what is missing.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "csp/constraints/reified.hpp"
#include "csp/flatzinc/ast.hpp"
#include "csp/kernel/model.hpp"

namespace csp::flatzinc {

/// What the builder's recognisers of implied constraints (csp/flatzinc/detail/implied.hpp) found
/// and posted beside the model's own constraints.
struct Implied {
  int channels = 0;        ///< x = v <-> a compare_reified propagators posted
  int all_different = 0;   ///< all_different propagators posted
};

/// A model the solver cannot take: what() is "line L, column C: what is wrong or missing".
class BuildError : public std::runtime_error {
 public:
  BuildError(Location where, const std::string& message);
  Location where() const { return where_; }

 private:
  Location where_;
};

/// One output item: a variable (`output_var`) or an array (`output_array([1..2, 1..3])`).
struct Output {
  std::string name;                                            ///< as declared
  bool boolean = false;                                        ///< printed as true/false
  bool array = false;                                          ///< printed as arrayNd(...)
  std::vector<std::pair<std::int64_t, std::int64_t>> dims;     ///< array index ranges (array only)
  std::vector<Var> vars;                                       ///< one (scalar) or the elements
};

/// One `int_search` / `bool_search` of the solve item, names as written (seq_search is flattened).
struct SearchAnnotation {
  std::vector<Var> vars;      ///< the variables it branches on
  std::string var_select;     ///< "first_fail", "input_order", ...
  std::string value_select;   ///< "indomain_min", "indomain_split", ...
  Location where;             ///< where it was written
};

/// Everything a FlatZinc model becomes.
struct Program {
  csp::Model model;                            ///< the variables and propagators
  Solve::Goal goal = Solve::Goal::satisfy;     ///< satisfy, minimize or maximize
  std::optional<Var> objective;                ///< minimize/maximize only
  std::vector<Output> outputs;                 ///< in declaration order
  std::vector<SearchAnnotation> search;        ///< the solve item's search, in order (may be empty)
  /// The variables the model declares itself (no `var_is_introduced`), in declaration order: the
  /// default search branches on these first, as Gecode's FlatZinc front end does (branching first
  /// on the Booleans that reify a decomposition can cost exponentially more: schur_numbers 7-3
  /// took 365,335 nodes with smallest-domain order over all variables, the Booleans first).
  std::vector<Var> declared;
  /// Variables MiniZinc introduced and no constraint defines (`var_is_introduced` without
  /// `is_defined_var`): branched on after `declared`. The defined ones (both annotations) follow
  /// from the others by propagation and come last.
  std::vector<Var> introduced;
  std::vector<std::string> notes;              ///< what was ignored (unknown annotations), one line each
  Implied implied;                             ///< the implied constraints build() added (detail/implied.hpp)
};

class Registry;

/// Typed access to a constraint's arguments for the posters, and the model they post into. Every
/// accessor throws BuildError naming the argument's line when the argument has the wrong type.
class Builder {
 public:
  /// Declares the parameters and variables of `ast` (not the constraints) in `out.model`.
  Builder(const Ast& ast, Program& out);

  /// The model being built.
  csp::Model& model() { return out_.model; }
  /// The program being built (notes, outputs).
  Program& program() { return out_; }
  /// Posts a propagator into the model.
  void post(std::unique_ptr<Propagator> p);
  /// The constraint being posted (for its annotations and line).
  const Constraint& constraint() const { return *current_; }
  /// True when the current constraint carries the annotation `name` (a plain identifier or call).
  bool annotated(std::string_view name) const;

  /// A variable: its identifier, an array access `a[i]`, or an int/bool literal or parameter
  /// (then a constant variable).
  Var var(const Expr& e);
  /// An array of variables: a var or par array's identifier, or an array literal of var() items.
  std::vector<Var> vars(const Expr& e);
  /// True when e is a literal or names a parameter (or an element of a parameter array).
  bool is_par(const Expr& e) const;
  /// An integer literal or parameter (bool literals are not integers here).
  std::int64_t integer(const Expr& e) const;
  /// integer(e), checked to lie in [kMinValue, kMaxValue].
  Value value(const Expr& e) const;
  /// A bool literal or parameter.
  bool boolean(const Expr& e) const;
  /// value(e), or a bool literal or parameter as 0/1: the bool_*_reif builtins share the int
  /// posters, and MiniZinc writes their constant arguments as true/false.
  Value number(const Expr& e) const;
  /// An array of integers (literal or parameter).
  std::vector<std::int64_t> integers(const Expr& e) const;
  /// integers(e), each checked as value().
  std::vector<Value> values(const Expr& e) const;
  /// An array of bools.
  std::vector<bool> booleans(const Expr& e) const;
  /// A set literal or parameter.
  IntSet set(const Expr& e) const;
  /// An array of sets.
  std::vector<IntSet> sets(const Expr& e) const;
  /// set(e) as the ranges member() takes, clipped to [kMinValue, kMaxValue] (no variable can take
  /// a value outside it).
  Ranges ranges(const Expr& e) const;

  /// The constant variable holding v (made once per value).
  Var constant(Value v);
  /// A new variable over [lo, hi] (auxiliaries of a decomposition).
  Var new_var(Value lo, Value hi);
  /// Throws BuildError at `where` with `message`.
  [[noreturn]] static void fail(Location where, const std::string& message);

  /// Posts every constraint of `ast` through `registry`, in order.
  void post_constraints(const Ast& ast, const Registry& registry);

 private:
  // What an identifier names: a parameter's value, or variables (one for a scalar).
  struct Named {
    const Expr* par = nullptr;   // a parameter's value (resolved literal)
    std::vector<Var> vars;       // a variable or variable array
    bool array = false;
  };
  const Named& lookup(const Expr& e) const;
  const Expr& par_value(const Expr& e) const;
  void declare(const Variable& v);
  Var scalar(const Variable& v);
  void narrow(Var x, const Variable& v);
  Var ranged(const Expr& domain, const std::string& name, Location where);

  Program& out_;
  std::unordered_map<std::string, Named> names_;
  std::unordered_map<Value, Var> constants_;
  std::vector<std::unique_ptr<Expr>> owned_;  // array parameters resolved element by element
  const Constraint* current_ = nullptr;
};

/// Builds a whole program: variables, constraints (through `registry`), objective, outputs and
/// search annotations. Throws BuildError.
Program build(const Ast& ast, const Registry& registry);
/// build() with the registry of every poster (registry()).
Program build(const Ast& ast);

}  // namespace csp::flatzinc
