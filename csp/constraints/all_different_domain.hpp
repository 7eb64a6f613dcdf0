// All-different at domain consistency (Régin 1994): the propagator behind
// all_different(vars, AllDifferentStrength::domain). Internal header: use all_different.hpp.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// True when the values are pairwise distinct (the meaning of every all-different strength).
bool distinct_values(std::span<const Value> values);
/// True when the values + offsets are pairwise distinct; offsets.size() == values.size().
bool distinct_shifted(std::span<const Value> values, std::span<const Value> offsets);

/// Generalised arc consistency for all-different over vars[i] + offsets[i] (offsets.size() ==
/// vars.size()), by maximum matching and strong components.
std::unique_ptr<Propagator> make_all_different_domain(std::vector<Var> vars, std::vector<Value> offsets);

}  // namespace csp
