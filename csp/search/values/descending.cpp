// max: the largest candidate first (lazy).
#include "csp/search/orders.hpp"

#include <memory>

#include "csp/search/detail/lazy_values.hpp"

namespace csp {
namespace {

class Descending final : public detail::LazyOrder {
 public:
  Descending() : detail::LazyOrder(true) {}
  Decision decide(Var v, const Domains& d) override { return {Decision::Kind::assign, d.max(v)}; }
};

}  // namespace

namespace values {
ValueOrderFactory descending() {
  return [](const Model&) { return std::make_unique<Descending>(); };
}
}  // namespace values

}  // namespace csp
