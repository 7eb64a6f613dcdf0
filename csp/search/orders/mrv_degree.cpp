// mrv-degree: MRV, ties broken by the constraints shared with unfixed variables.
#include "csp/search/orders.hpp"

#include <limits>
#include <memory>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

class MrvDegree final : public detail::ScopedOrder {
 public:
  explicit MrvDegree(const Model& m) : detail::ScopedOrder(m), m_(m) {}
  Var select(const Domains& d) override {
    Var best{};
    int best_size = std::numeric_limits<int>::max();
    int best_degree = -1;
    for (Var v : vars_) {
      int s = d.size(v);
      if (s <= 1 || s > best_size) continue;
      int degree = detail::live_weight(m_, d, v, nullptr, nullptr);
      if (s < best_size || degree > best_degree) {
        best = v;
        best_size = s;
        best_degree = degree;
      }
    }
    return best;
  }

 private:
  const Model& m_;
};

}  // namespace

namespace order {
VariableOrderFactory mrv_degree() { return [](const Model& m) { return std::make_unique<MrvDegree>(m); }; }
}  // namespace order

}  // namespace csp
