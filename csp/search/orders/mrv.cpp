// mrv: minimum remaining values, the first of the fewest candidates.
#include "csp/search/orders.hpp"

#include <limits>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

class Mrv final : public detail::ScopedOrder {
 public:
  using detail::ScopedOrder::ScopedOrder;
  Var select(const Domains& d) override {
    Var best{};
    int best_size = std::numeric_limits<int>::max();
    for (Var v : vars_) {
      int s = d.size(v);
      // best.id < 0: an unbounded variable's size is INT_MAX itself (2^31 - 1 values), which the
      // sentinel alone would never take, leaving it undecided as if fixed (MiniZinc's bug212)
      if (s > 1 && (s < best_size || best.id < 0)) {
        best = v;
        best_size = s;
        if (s == 2) break;  // no unfixed variable has fewer
      }
    }
    return best;
  }
};

}  // namespace

namespace order {
VariableOrderFactory mrv() { return [](const Model& m) { return std::make_unique<Mrv>(m); }; }
}  // namespace order

}  // namespace csp
