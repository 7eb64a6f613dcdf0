// dom-wdeg: the smallest ratio of domain size to failure weights (Boussemart et al.).
#include "csp/search/orders.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

class DomWdeg final : public detail::ScopedOrder {
 public:
  explicit DomWdeg(const Model& m)
      : detail::ScopedOrder(m), m_(m), weights_(static_cast<std::size_t>(m.propagator_count()), 1) {}
  void start() override { std::fill(weights_.begin(), weights_.end(), 1); }
  void failed(PropagatorId p) override {
    if (p >= 0) ++weights_[static_cast<std::size_t>(p)];
  }
  Var select(const Domains& d) override {
    Var best{};
    double best_ratio = std::numeric_limits<double>::infinity();
    for (Var v : vars_) {
      int s = d.size(v);
      if (s <= 1) continue;
      std::uint64_t w = 0;
      detail::live_weight(m_, d, v, &weights_, &w);
      double ratio = static_cast<double>(s) / static_cast<double>(std::max<std::uint64_t>(w, 1));
      if (ratio < best_ratio) {
        best = v;
        best_ratio = ratio;
      }
    }
    return best;
  }

 private:
  const Model& m_;
  std::vector<std::uint64_t> weights_;
};

}  // namespace

namespace order {
VariableOrderFactory dom_wdeg() { return [](const Model& m) { return std::make_unique<DomWdeg>(m); }; }
}  // namespace order

}  // namespace csp
