// anti-first-fail: the unfixed variable with the most candidates. Sizes saturate on interval domains: still the larger.
#include "csp/search/orders.hpp"

#include <cstdint>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

// Higher chosen first.
struct LargestDomain {
  std::int64_t operator()(const Model&, const Domains& d, Var v) const { return d.size(v); }
};

}  // namespace

namespace order {
VariableOrderFactory anti_first_fail() {
  return [](const Model& m) { return std::make_unique<detail::HighestScore<LargestDomain>>(m); };
}
}  // namespace order

}  // namespace csp
