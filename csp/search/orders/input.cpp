// input: the first unfixed variable in creation order.
#include "csp/search/orders.hpp"

#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

class InputOrder final : public detail::ScopedOrder {
 public:
  using detail::ScopedOrder::ScopedOrder;
  Var select(const Domains& d) override {
    for (Var v : vars_)
      if (!d.fixed(v)) return v;
    return Var{};
  }
};

}  // namespace

namespace order {
VariableOrderFactory input() { return [](const Model& m) { return std::make_unique<InputOrder>(m); }; }
}  // namespace order

}  // namespace csp
