// A variable order from a plain function.
#include "csp/search/orders.hpp"

#include <functional>
#include <memory>
#include <utility>

namespace csp {
namespace {

class CustomOrder final : public VariableOrder {
 public:
  CustomOrder(const Model& m, std::function<Var(const Model&, const Domains&)> f) : m_(m), f_(std::move(f)) {}
  Var select(const Domains& d) override { return f_(m_, d); }

 private:
  const Model& m_;
  std::function<Var(const Model&, const Domains&)> f_;
};

}  // namespace

namespace order {
VariableOrderFactory custom(std::function<Var(const Model&, const Domains&)> choose) {
  return [choose = std::move(choose)](const Model& m) { return std::make_unique<CustomOrder>(m, choose); };
}
}  // namespace order

}  // namespace csp
