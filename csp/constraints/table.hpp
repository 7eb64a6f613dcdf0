// Table: the tuple of a scope's values must be one of the listed rows (FlatZinc's table_int and
// table_bool, booleans being 0/1 variables).
//
// Strength: domain consistency (generalised arc consistency) when the scope's variables are
// distinct: a candidate stays iff some row made of candidates uses it. Which rows are still made
// of candidates is kept in words of the search state (one bit per row, Model::add_state), so a
// propagation only re-checks the rows alive at its parent and clears the dead ones; cost per run
// O(live rows * arity), no allocation. A variable repeated in the scope keeps it sound (and
// exact on complete assignments): a row lives only while each copy has its value.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/model.hpp"

namespace csp {

/// vars must equal some row of `rows`, a row-major array of rows of vars.size() values (FlatZinc's
/// flat table); reserves one bit of search state per row in `model`, where the caller posts it.
std::unique_ptr<Propagator> table(Model& model, std::vector<Var> vars, std::vector<Value> rows);

}  // namespace csp
