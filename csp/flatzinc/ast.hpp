// The items of a FlatZinc model as written, before any meaning is given to them: what
// csp::flatzinc::parse() returns, and what a builder turns into a csp::Model.
//
// FlatZinc (the language `minizinc -c` writes for a solver) has five kinds of item, in this order:
// predicate declarations, parameters, variables, constraints and one solve item. Every value is a
// literal, an identifier, an array element `a[3]`, an array literal, or (in annotations only) a
// string or a call such as `int_search(q, first_fail, indomain_min)`. Each item and expression
// keeps its place in the source, so that whatever rejects it later can name the line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace csp::flatzinc {

/// A place in the source text: 1-based line and column (column in bytes).
struct Location {
  int line = 0;
  int column = 0;
};

/// A set of integers as sorted, disjoint, non-adjacent closed intervals (empty: the empty set).
struct IntSet {
  std::vector<std::pair<std::int64_t, std::int64_t>> ranges;

  bool empty() const { return ranges.empty(); }
  std::int64_t min() const { return ranges.front().first; }
  std::int64_t max() const { return ranges.back().second; }
  bool contains(std::int64_t v) const;
  /// Number of elements (saturates at INT64_MAX).
  std::int64_t size() const;
  /// Adds [lo, hi] (nothing when lo > hi), keeping the ranges sorted and merged.
  void add(std::int64_t lo, std::int64_t hi);
  bool operator==(const IntSet&) const = default;
};

/// One expression. `kind` says which fields hold it.
struct Expr {
  enum class Kind : std::uint8_t {
    boolean,     ///< `true` / `false`: flag
    integer,     ///< `-12`: integer
    floating,    ///< `1.5e3`: floating
    float_range, ///< `0.0..1.5` (float domains only): floating .. floating_hi
    set,         ///< `1..5`, `{1,3}`, `{}`: set
    array,       ///< `[a, 1, b]`: elements
    identifier,  ///< `x`: name
    access,      ///< `a[3]`: name and integer (the 1-based index as written)
    string,      ///< `"text"` (annotations only): name holds the text, escapes resolved
    call,        ///< `int_search(q, first_fail)` (annotations only): name and elements (the arguments)
  };
  Kind kind = Kind::boolean;
  bool flag = false;
  std::int64_t integer = 0;
  double floating = 0, floating_hi = 0;
  IntSet set;
  std::vector<Expr> elements;
  std::string name;
  Location where;
};

/// The type of a parameter or variable, as declared.
struct Type {
  enum class Base : std::uint8_t { boolean, integer, floating, int_set };
  Base base = Base::integer;
  bool is_var = false;     ///< `var int` rather than `int`
  bool is_array = false;   ///< `array [1..n] of ...`
  std::int64_t length = 0; ///< n of `array [1..n]` (arrays only)
  /// The declared domain: `var 1..5`, `var {1,3}`, `set of 1..3` (for set types: the universe);
  /// absent for plain `var int` / `var bool`. A float domain is an Expr of kind float_range.
  std::optional<Expr> domain;
};

/// `predicate name(...);` — a solver-specific predicate the model declares (parameters not kept).
struct PredicateDecl {
  std::string name;
  Location where;
};

/// `int: n = 3;`, `array [1..2] of int: c = [1,-1];`
struct Parameter {
  Type type;
  std::string name;
  Expr value;
  Location where;
};

/// `var 1..6: x :: output_var;`, `array [1..6] of var int: q :: output_array([1..6]) = [...];`
struct Variable {
  Type type;
  std::string name;
  std::vector<Expr> annotations;
  std::optional<Expr> value;  ///< `= expr`: an alias, a fixed value, or an array's elements
  Location where;
};

/// `constraint int_lin_eq([1,-1], [x, y], 0) :: defines_var(x);`
struct Constraint {
  std::string name;
  std::vector<Expr> args;
  std::vector<Expr> annotations;
  Location where;
};

/// `solve :: int_search(...) minimize cost;`
struct Solve {
  enum class Goal : std::uint8_t { satisfy, minimize, maximize };
  Goal goal = Goal::satisfy;
  std::optional<Expr> objective;  ///< minimize/maximize only
  std::vector<Expr> annotations;
  Location where;
};

/// A whole FlatZinc model as written (its syntax tree; csp::Model is what a builder makes of it), items in
/// source order within each kind.
struct Ast {
  std::vector<PredicateDecl> predicates;
  std::vector<Parameter> parameters;
  std::vector<Variable> variables;
  std::vector<Constraint> constraints;
  Solve solve;
};

}  // namespace csp::flatzinc
