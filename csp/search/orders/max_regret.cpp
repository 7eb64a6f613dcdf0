// max-regret: the largest gap between the two smallest candidates.
#include "csp/search/orders.hpp"

#include <cstdint>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

// Higher chosen first.
struct LargestRegret {  // the gap between the two smallest candidates (v is unfixed: both exist)
  std::int64_t operator()(const Model&, const Domains& d, Var v) const {
    const Value lo = d.min(v);
    return std::int64_t{d.next(v, lo)} - lo;
  }
};

}  // namespace

namespace order {
VariableOrderFactory max_regret() {
  return [](const Model& m) { return std::make_unique<detail::HighestScore<LargestRegret>>(m); };
}
}  // namespace order

}  // namespace csp
