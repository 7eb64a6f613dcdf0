// largest: the unfixed variable with the largest greatest candidate.
#include "csp/search/orders.hpp"

#include <cstdint>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

// Higher chosen first.
struct LargestMax {
  std::int64_t operator()(const Model&, const Domains& d, Var v) const { return d.max(v); }
};

}  // namespace

namespace order {
VariableOrderFactory largest() {
  return [](const Model& m) { return std::make_unique<detail::HighestScore<LargestMax>>(m); };
}
}  // namespace order

}  // namespace csp
