// activity: the unfixed variable whose recent conflicts involved it most (VSIDS).
//
// Each conflict adds `increment_` to the activity of every variable its analysis went through,
// then grows the increment by 1/0.95: old bumps fade geometrically, so the order follows the part
// of the problem search is fighting with now. Scores are rescaled before they overflow.
#include "csp/search/orders.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "csp/search/detail/scoped_order.hpp"

namespace csp {
namespace {

class Activity final : public detail::ScopedOrder {
 public:
  explicit Activity(const Model& m)
      : detail::ScopedOrder(m), m_(m), activity_(static_cast<std::size_t>(m.var_count()), 0) {}
  void start() override {
    std::fill(activity_.begin(), activity_.end(), 0);
    increment_ = 1;
  }
  void conflict(std::span<const Var> vars) override {
    for (Var v : vars) bump(v);
    decay();
  }
  // Without learning there is no analysis: the failed propagator's variables stand for it.
  void failed(PropagatorId p) override {
    if (p < 0) return;
    for (Var v : m_.propagator(p).scope()) bump(v);
    decay();
  }
  Var select(const Domains& d) override {
    Var best{};
    double best_activity = -1;
    for (Var v : vars_) {
      if (d.fixed(v)) continue;
      const double a = activity_[static_cast<std::size_t>(v.id)];
      if (a > best_activity) {
        best = v;
        best_activity = a;
      }
    }
    return best;
  }

 private:
  void bump(Var v) { activity_[static_cast<std::size_t>(v.id)] += increment_; }
  // Rescales every activity before they overflow; here, so that conflicts that bump nothing cannot
  // grow the increment to infinity (activities stay below 20 increments).
  void decay() {
    increment_ /= 0.95;
    if (increment_ > 1e100) {
      for (double& x : activity_) x *= 1e-100;
      increment_ *= 1e-100;
    }
  }

  const Model& m_;
  std::vector<double> activity_;
  double increment_ = 1;
};

}  // namespace

namespace order {
VariableOrderFactory activity() { return [](const Model& m) { return std::make_unique<Activity>(m); }; }
}  // namespace order

}  // namespace csp
