// min: the smallest candidate first (lazy: one decision at a time).
#include "csp/search/orders.hpp"

#include <memory>

#include "csp/search/detail/lazy_values.hpp"

namespace csp {
namespace {

class Ascending final : public detail::LazyOrder {
 public:
  Ascending() : detail::LazyOrder(false) {}
  Decision decide(Var v, const Domains& d) override { return {Decision::Kind::assign, d.min(v)}; }
};

}  // namespace

namespace values {
ValueOrderFactory ascending() {
  return [](const Model&) { return std::make_unique<Ascending>(); };
}
}  // namespace values

}  // namespace csp
