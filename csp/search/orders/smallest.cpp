// smallest: the unfixed variable with the smallest least candidate.
#include "csp/search/orders.hpp"

#include <cstdint>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

// Higher chosen first.
struct SmallestMin {
  std::int64_t operator()(const Model&, const Domains& d, Var v) const { return -std::int64_t{d.min(v)}; }
};

}  // namespace

namespace order {
VariableOrderFactory smallest() {
  return [](const Model& m) { return std::make_unique<detail::HighestScore<SmallestMin>>(m); };
}
}  // namespace order

}  // namespace csp
