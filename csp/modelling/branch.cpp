#include "csp/modelling/branch.hpp"

#include <stdexcept>
#include <utility>

namespace csp {

SearchOptions& branch(SearchOptions& options, std::vector<Var> vars, VariableOrderFactory order, ValueOrderFactory values) {
  if (vars.empty()) throw std::invalid_argument("branch: no variables to branch on");
  options.phases.push_back({std::move(vars), std::move(order), std::move(values)});
  return options;
}

}  // namespace csp
