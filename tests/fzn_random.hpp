// Random small FlatZinc models with extreme bounds, their meaning by enumeration, and a check of
// what the fzn-csp path answers for them: shared by the property test
// (tests/flatzinc/random.cpp, seeded) and the fuzz target (tests/fuzz/fuzz_flatzinc_random.cpp,
// the fuzzer's bytes as the choices).
//
// A model has 1-8 variables (at most 4 of them free) and 1-6 constraints over the FlatZinc builtins of
// csp/flatzinc/post_builtins.cpp and a few globals of mznlib/ (csp_all_different, csp_table_int,
// csp_count_eq, csp_among, csp_lex_less(eq)_int, csp_global_cardinality). Its variables are
//   - free: a tiny ordinary domain (-2..2, {-3,0,4}, var bool), or a few values at the edge of the
//     range (kMinValue..kMinValue+2, {kMinValue, 0, kMaxValue}, ...), or a wide declaration
//     (`var int`, `var -1073741823..1073741823`) narrowed to a few values by a constraint of the
//     model (set_in, int_le): the values each can take are listed, and enumeration tries them all;
//   - defined: declared `var int` (unbounded), wide, or small, and given a value by one constraint
//     of the model that is a function of earlier variables (z in int_plus(x, y, z), int_times,
//     int_div, int_pow, an element, a reified comparison's Boolean, ...).
// Enumeration (enumerate()) tries every combination of the free variables' values, computes the
// defined ones, and keeps the assignments that satisfy every constraint as MiniZinc 2.6.4 defines it
// (flatzinc_builtins.mzn): int_div truncates toward zero and int_mod takes the dividend's sign, both
// false for a zero divisor; int_pow with a negative exponent is 1 div pow(x, -y) (false for x = 0);
// an element's index outside the array is false. The evaluator is written here from those
// definitions and uses no library code. One reading is the solver's, not MiniZinc's: an
// unbounded `var int` ranges over [kMinValue, kMaxValue] = ±(2^30 - 1), the range csp/kernel/var.hpp
// documents (MiniZinc itself declares tighter bounds for what it computes, and the builder refuses a
// domain outside that range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fzn_random {

using Int = std::int64_t;
/// Sorted, disjoint closed intervals.
using Ranges = std::vector<std::pair<Int, Int>>;

/// The generator's choices: a seeded pseudo-random sequence, or a fuzzer's bytes followed, once they
/// run out, by a pseudo-random sequence seeded by a hash of them (so every input is a whole model).
class Source {
 public:
  explicit Source(std::uint64_t seed);
  Source(const std::uint8_t* data, std::size_t size);
  /// A number in [0, n) (n >= 1).
  std::uint64_t below(std::uint64_t n);
  /// True `percent` times in 100.
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0, at_ = 0;
  bool bytes_ = false;
  std::uint64_t state_ = 0;
};

/// What the generator may use. The switches named after a bug leave out what shows that bug while
/// it is open; the rest narrow the language for a focused run.
struct Features {
  /// int_pow with a possibly negative exponent (issue 29: pow_3.mzn; int_pow(2, -1, z) unsatisfiable).
  bool pow_negative_exponent = true;
  /// Linear constraints and int_ne over several unbounded (or full-range) variables, whose sums reach
  /// past ±2^31 (issue 29: bug212, bug222: "propagator 'linear(!=)' accepted an assignment...").
  bool linear_over_wide = true;
  /// bool_eq/ne/le/lt_reif and _imp with a literal true/false argument (issue 29:
  /// bool_eq_reif(true,false,false): "expected an integer, got a bool").
  bool bool_reif_literals = true;
  /// The variable order mrv (fzn-csp's default, and first_fail) with a variable of exactly
  /// 2^31 - 1 candidates, [kMinValue, kMaxValue] (found here: mrv never branches on it, so the search
  /// reports it fixed at its least value; `var int: x; solve satisfy;` -a prints one solution and
  /// ==========). Off: the configurations use the other orders.
  bool mrv_full_range = true;
  /// Linear coefficients whose sum over one variable (or one constant: every literal 0 and every
  /// `var bool: b = false` are the same constant variable) passes ±2^30 (found here: refused with
  /// "linear: coefficients must be non-zero and within +-2^30"). Off: |coefficients| sum to 2^30 at most.
  bool merged_coefficients = true;
  /// One variable on both sides of int_lt, int_le/lt_reif, int_lt_imp (found here: under mac,
  /// `int_lt(x, x)` and `int_le_reif(x, x, b)` ended in "propagator 'less' / 'reified(x <= y + c)'
  /// accepted an assignment that violates it"). Off: the second side is another variable or a literal.
  bool repeated_comparison = true;
  /// array_int_element(x, a, x): the index is the result (found here: under mac,
  /// `var 0..3: x; array_int_element(x, [2, 3, -5], x)` ends in "propagator 'element' accepted an
  /// assignment that violates it"). Off: the result is another variable or a literal.
  bool element_self_index = true;
  /// array_int_element / array_bool_element with an index of a wide domain (found here: the
  /// propagator walks the index domain value by value, about 0.7 s a propagation for a 2^31-wide
  /// interval; answers are right). Off: the index is a literal or a variable of a compact domain.
  bool element_wide_index = true;
  /// Linear equations (int_lin_eq, and the reified / implied forms that can become one) over two
  /// or more wide variables (the interval form) with a coefficient other than ±1 (found here:
  /// bounds propagation then narrows the bounds a little each round, for minutes at the root;
  /// `var int: x, y; int_lin_eq([2, 2], [x, y], 3)` is fixed (0b5da79: linear divides by the gcd),
  /// `var 0..1073741823: x; var int: y; int_lin_eq([1073741827, -1073741823], [x, y], 3221225469)`
  /// still takes 40 s to find x = 0, y = -3). Answers are right.
  /// Off: such an equation is not generated (unit coefficients over wide variables still are).
  bool linear_convergence = true;
  /// csp_lex_less(eq)_int with one variable in both arrays (found here: `var int: x;
  /// csp_lex_less_int([x], [x])` proves unsatisfiability in 45 s, the bounds moving one value a round;
  /// answers are right). Off: the second array holds none of the first's variables.
  bool lex_shared = true;
  /// int_times / int_div / int_mod / int_min / int_max / int_pow / int_plus / int_minus with one wide
  /// variable as both operands (found here: `var -1073741823..0: x, z; int_div(x, x, z)` proves
  /// unsatisfiability in 46 s, the bounds moving one value a round; answers are right). Off: the
  /// second operand of a wide first one is another variable or a literal.
  bool arithmetic_shared = true;
  /// Constraints over wide variables that close a cycle (two or more constraints connecting the
  /// same wide variables; found here: `int_plus(-3, x3, x4)` and `int_minus(x4, x3, x5)` with x3, x4
  /// wide, x5 in -1073741823..0: each value of x5 but -3 fails only after the bounds of x3 and x4
  /// have crawled toward each other, about 2^30 rounds; the fuzzer timed out). Answers are right.
  /// Off: a constraint that would close such a cycle is left out (chains and trees stay).
  bool wide_cycles = true;
  bool globals = true;      ///< csp_all_different, csp_table_int, csp_count_eq, ...
  bool objective = true;    ///< minimize / maximize goals
  bool annotations = true;  ///< int_search / bool_search / seq_search on the solve item
};

/// The features with every switch off whose bug is still open (tests/fzn_random.cpp says which):
/// what must pass today. Features{} (everything) is what must pass once they are fixed.
Features without_open_bugs();

/// An argument of a constraint as written.
struct Arg {
  enum class Kind : std::uint8_t { var, integer, boolean, array, set };
  Kind kind = Kind::integer;
  int var = -1;               ///< var: the variable's index
  Int value = 0;              ///< integer / boolean (0, 1)
  std::vector<Arg> elements;  ///< array
  Ranges set;                 ///< set
  std::string name;           ///< array only: written as a declared array of this name (empty: a literal)
  bool booleans = false;      ///< array only: of bool (for its declaration)
};

struct Variable {
  std::string name;
  bool boolean = false;
  std::string type;               ///< as declared: "var bool", "var int", "var -2..2", "var {0,3}"
  Ranges domain;                  ///< what the declaration allows (var int: [kMinValue, kMaxValue])
  std::optional<Int> fixed;       ///< `= v` in the declaration
  std::vector<Int> candidates;    ///< free: every value it can take in a solution (and maybe more)
  int defined_by = -1;            ///< defined: the constraint that gives its value
};

struct Constraint {
  std::string name;
  std::vector<Arg> args;
  int defines = -1;  ///< the variable it gives a value to (-1: none)
};

struct RandomModel {
  enum class Goal : std::uint8_t { satisfy, minimize, maximize };
  std::vector<Variable> vars;
  std::vector<Constraint> constraints;
  Goal goal = Goal::satisfy;
  int objective = -1;            ///< minimize / maximize: the variable
  std::string annotation;        ///< the solve item's annotation, written out (empty: none)
  /// The model as FlatZinc: predicate declarations of the globals used, named arrays, every
  /// variable `:: output_var`, the constraints, the solve item.
  std::string text() const;
};

/// A random model drawn from `source`.
RandomModel generate(Source& source, const Features& features);

/// The meaning of a model, by enumeration.
struct Expected {
  std::vector<std::vector<Int>> solutions;  ///< every solution (a value per variable), sorted
  std::optional<Int> optimum;               ///< minimize / maximize with a solution: the best objective
};
Expected enumerate(const RandomModel& m);

/// How fzn-csp is run: its flags and search options.
struct RunConfig {
  bool all = false;             ///< -a
  std::uint64_t solutions = 0;  ///< -n (0: not given)
  bool ignore_annotations = false;  ///< --ignore-search-annotations
  std::string order = "mrv", values = "min", inference = "mac";  ///< --order, --values, --inference
  std::uint64_t node_limit = 20000;  ///< a limit that only a runaway search reaches (tiny models)
  std::string flags() const;    ///< as fzn-csp's command line
};
/// A random configuration for `m`; with `all_solutions`, -a (every solution listed, or every
/// improving one). Inference fc and none only when every domain spans fewer than 4096 values.
RunConfig random_config(Source& source, const RandomModel& m, bool all_solutions, const Features& features);

/// Builds `m.text()` and solves it as fzn-csp does (parse, build, csp::flatzinc::run writing the
/// FlatZinc output), reads the output back and compares it with enumerate(m): the status, each
/// solution (a solution of the model, no repeats; with -a and satisfy, exactly the set of
/// solutions), and the optimum. Returns "" when everything agrees, else what differs. A search the
/// node limit stops is no disagreement (its solutions are still checked): `*limited` says so.
std::string check(const RandomModel& m, const RunConfig& config, bool* limited = nullptr);

/// check() with the model text, the flags and the expected answer around the difference: a report
/// to print when check() fails.
std::string report(const RandomModel& m, const RunConfig& config, const std::string& failure);

}  // namespace fzn_random
