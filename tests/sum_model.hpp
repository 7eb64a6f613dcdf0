// A small optimisation model the search tests share: a variable `total` equal to the sum of some
// variables, to maximise or minimise (branch and bound with many improving steps).
#pragma once

#include <cstdint>
#include <vector>

#include "csp/csp.hpp"

namespace csp_test {

/// Adds total in [0, hi] and posts total = sum(x); returns total.
inline csp::Var add_sum(csp::Model& m, const std::vector<csp::Var>& x, csp::Value hi) {
  csp::Var total = m.add_var(0, hi, "total");
  std::vector<csp::Var> scope = x;
  scope.push_back(total);
  std::vector<std::int64_t> c(x.size(), 1);
  c.push_back(-1);
  m.post(csp::linear(c, scope, csp::LinearRelation::equal, 0));
  return total;
}

}  // namespace csp_test
