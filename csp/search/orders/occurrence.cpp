// occurrence: the unfixed variable on the most propagators.
#include "csp/search/orders.hpp"

#include <cstdint>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

// Higher chosen first.
struct MostPropagators {
  std::int64_t operator()(const Model& m, const Domains&, Var v) const {
    return static_cast<std::int64_t>(m.propagators_of(v).size());
  }
};

}  // namespace

namespace order {
VariableOrderFactory occurrence() {
  return [](const Model& m) { return std::make_unique<detail::HighestScore<MostPropagators>>(m); };
}
}  // namespace order

}  // namespace csp
