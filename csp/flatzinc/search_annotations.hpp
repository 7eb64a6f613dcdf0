// The solve item's search annotations (int_search, bool_search, seq_search) and their meaning as
// branching phases of the library (csp::Phase): FlatZinc's variable and value selection names map
// onto the names of csp::order::by_name and csp::values::by_name.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "csp/flatzinc/builder.hpp"
#include "csp/search/solver.hpp"

namespace csp::flatzinc {

/// Reads the search annotations among `annotations` into b.program().search (seq_search
/// flattened, in order); any other annotation becomes a note in b.program().notes.
void read_search(Builder& b, const std::vector<Expr>& annotations);

/// The library's variable order name for a FlatZinc var_select ("first_fail" -> "mrv"), or empty.
std::string_view order_name(std::string_view var_select);
/// The library's value order name for a FlatZinc value_select ("indomain_min" -> "min"), or empty.
std::string_view values_name(std::string_view value_select);

/// The phases of p.search: one per annotation, its orders by name (`seed` for random ones). A
/// selection the library does not know falls back to input order / min, with a note appended to
/// `notes`.
std::vector<Phase> phases(const Program& p, std::uint64_t seed, std::vector<std::string>& notes);

}  // namespace csp::flatzinc
