// Subproblems: a search space cut into disjoint parts, each named by the decisions that lead to it
// from the root (a Path), so that parts can be searched apart — by threads (csp/search/detail/parallel.hpp) or
// by other processes and machines, which receive a path as text (to_text / parse_path).
//
// split() expands the search tree as depth-first search would (the same variable and value orders,
// phases and inference), so a part's solutions are a contiguous run of the sequential search's, and
// the parts come in the sequential order. A node with listed candidates becomes one part per
// candidate (x = a); a lazy order's decision c becomes two parts, c and its negation (or three,
// x = a, x <= a - 1 and x > a, when an interval-form domain cannot drop the value a).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "csp/search/options.hpp"
#include "csp/search/result.hpp"

namespace csp {

/// One branching decision of a path from the root: var = value, var != value, var <= value, var > value.
/// (Named PathDecision, not Decision as issue 20's interface sketch had it: csp::Decision is already
/// the heuristics' decision, csp/search/orders.hpp.)
struct PathDecision {
  enum class Op : std::uint8_t { eq, ne, le, gt };
  Var var;
  Op op = Op::eq;
  Value value = 0;

  friend bool operator==(const PathDecision&, const PathDecision&) = default;
};
/// A part of a search space: the start domains narrowed by these decisions, in order.
using Path = std::vector<PathDecision>;

/// Cuts the search tree of `model` from `start` (searched with `options`' orders, phases and inference) into
/// at least `parts` disjoint parts whose union is the whole space, by expanding the open node with the
/// largest space (product of domain sizes) first until there are enough, so that the parts are of
/// comparable size (fewer only when the tree has fewer nodes). Parts are returned in depth-first order, so the
/// sequential search's first solution lies in the first part that has one. Nodes that fail during the
/// split are dropped (they hold no solution); `stats`, when given, receives the split's own nodes/failures.
/// A start that fails at the root gives no part at all. `options`' limits and tracer are not used.
std::vector<Path> split(const Model& model, const SearchOptions& options, const Domains& start,
                        std::size_t parts, Stats* stats = nullptr);
/// Narrows `d` by each decision of `path` in turn (no propagation); false when one empties a variable.
/// Throws std::out_of_range for a variable that `d` does not have.
bool apply(const Path& path, Domains& d);
/// Text form, one token per decision separated by one space: "3=4 5!=2 1<=7 2>7" (variable ids, values).
/// An empty path is "-" (the whole space).
std::string to_text(const Path& path);
/// Parses to_text()'s form (white space before and after is ignored); throws std::invalid_argument naming
/// the bad token (and why) on anything else, including a variable id that is not below `variables` and
/// two spaces or a tab between decisions.
Path parse_path(std::string_view text, std::size_t variables);
/// As above, and checks each decision against `start` (the domains the path will narrow) as check_path does.
Path parse_path(std::string_view text, const Domains& start);
/// Throws std::invalid_argument naming the decision (and why) when one names a variable `start` does not
/// have, or a value outside the variable's domain in `start`: for = and != a value it does not hold, for
/// <= and > one below its least or above its greatest value. Such a decision is never in a split's path:
/// it empties the part or does nothing, so the path was written for another model or mangled.
void check_path(const Path& path, const Domains& start);

}  // namespace csp
