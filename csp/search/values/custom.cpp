// A value order from a plain function.
#include "csp/search/orders.hpp"

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace csp {
namespace {

class CustomValues final : public ValueOrder {
 public:
  using Fn = std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)>;
  CustomValues(const Model& m, Fn f) : m_(m), f_(std::move(f)) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override { f_(m_, d, v, out); }

 private:
  const Model& m_;
  Fn f_;
};

}  // namespace

namespace values {
ValueOrderFactory custom(std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)> order) {
  return [order = std::move(order)](const Model& m) { return std::make_unique<CustomValues>(m, order); };
}
}  // namespace values

}  // namespace csp
