// median: the middle of what is left first (lazy).
#include "csp/search/orders.hpp"

#include <cstddef>
#include <memory>
#include <vector>

#include "csp/search/detail/lazy_values.hpp"

namespace csp {
namespace {

class Median final : public detail::LazyOrder {
 public:
  Median() : detail::LazyOrder(false) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    // The order decide() takes on a domain that can hold holes: each time the middle of what is left.
    std::vector<Value> left = d.values(v);
    while (!left.empty()) {
      const auto mid = left.begin() + static_cast<std::ptrdiff_t>((left.size() - 1) / 2);
      out.push_back(*mid);
      left.erase(mid);
    }
  }
  Decision decide(Var v, const Domains& d) override { return {Decision::Kind::assign, detail::lower_middle(v, d)}; }
};

}  // namespace

namespace values {
ValueOrderFactory median() {
  return [](const Model&) { return std::make_unique<Median>(); };
}
}  // namespace values

}  // namespace csp
