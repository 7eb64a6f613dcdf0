// A value order from a plain function.
#include "csp/search/orders.hpp"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace csp {
namespace {

class CustomValues final : public ValueOrder {
 public:
  using Fn = std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)>;
  CustomValues(const Model& m, Fn f) : m_(m), f_(std::move(f)) {}
  // A plain function is the easiest place to get the candidates wrong: every value it lists is
  // checked (a look each, next to the function's own work), so that a value that is none is an
  // error here rather than a branch search silently skips.
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    f_(m_, d, v, out);
    for (Value x : out)
      if (!d.contains(v, x))
        throw std::logic_error("values::custom listed " + std::to_string(x) + " for " + m_.name(v) +
                               ", which is not one of its candidates");
  }

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
