// An n-ary constraint given as a plain function over the values of its scope.
//
// Strength: when every scope variable is fixed it fails unless the function accepts; when exactly
// one is unfixed it keeps that variable's candidates the function accepts (forward checking on
// the last variable); otherwise it waits.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

using Predicate = std::function<bool(std::span<const Value>)>;

/// allowed(values of vars, in order) must hold. `name` shows in logs and explanations.
std::unique_ptr<Propagator> predicate(std::vector<Var> vars, Predicate allowed, std::string name = "predicate");

}  // namespace csp
