// The table from a FlatZinc constraint name to the function that posts it (a poster), with the
// number of arguments it takes and a one-line note (the native propagator, or how it decomposes).
//
// The rows live in files by who owns them: post_builtins.cpp (add_builtin_posters: the builtins of
// the FlatZinc specification) and post_globals.cpp (add_global_posters: the fzn_* predicates of the
// solver library mznlib/). registry() is both, built once; docs list it with markdown_table().
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "csp/flatzinc/builder.hpp"

namespace csp::flatzinc {

/// Posts one constraint: reads its arguments through the builder, posts propagators.
using Poster = void (*)(Builder& b, const std::vector<Expr>& args);

/// One row of the registry.
struct PosterEntry {
  std::string name;   ///< the FlatZinc constraint name ("int_lin_eq")
  int arity = 0;      ///< how many arguments it takes (checked before the poster runs)
  Poster post = nullptr;  ///< the poster
  std::string note;   ///< "native: linear()" or how it is decomposed
};

/// Constraint name -> poster.
class Registry {
 public:
  /// Adds a row; throws std::logic_error when the name with that arity is already there (one name
  /// may have rows of different arities: FlatZinc overloads bool_xor).
  void add(std::string_view name, int arity, Poster post, std::string_view note);
  /// The row of `name` taking `arity` arguments, or nullptr.
  const PosterEntry* find(std::string_view name, int arity) const;
  /// True when some row has this name (whatever its arity).
  bool knows(std::string_view name) const;
  /// Every row, sorted by name, then arity.
  const std::vector<PosterEntry>& entries() const { return entries_; }

 private:
  std::vector<PosterEntry> entries_;  // sorted by name, then arity
};

/// The builtins of the FlatZinc specification (int_*, bool_*, array_*, set_in*).
void add_builtin_posters(Registry& r);
/// The global constraints of the solver library (mznlib/fzn_*.mzn).
void add_global_posters(Registry& r);
/// Both, built once.
const Registry& registry();

/// The rows of `r` as a markdown table: `first_column` (the name), arguments, note. README.md and
/// docs/minizinc.md show add_builtin_posters' and add_global_posters' rows so, between marker
/// comments (docs/tools/constraint_tables.cpp prints and checks them; ctest docs.constraint_tables).
std::string markdown_table(const Registry& r, std::string_view first_column);

}  // namespace csp::flatzinc
