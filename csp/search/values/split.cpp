// split and reverse-split: halve the domain at the middle of its bounds (lower half first, or upper).
#include "csp/search/orders.hpp"

#include <memory>

#include "csp/search/detail/lazy_values.hpp"

namespace csp {
namespace {

class Split final : public detail::LazyOrder {
 public:
  Split() : detail::LazyOrder(false) {}
  Decision decide(Var v, const Domains& d) override {
    if (d.fixed(v)) return {Decision::Kind::assign, d.min(v)};
    return {Decision::Kind::at_most, detail::mid_bound(v, d)};
  }
};

class ReverseSplit final : public detail::LazyOrder {
 public:
  ReverseSplit() : detail::LazyOrder(true) {}
  Decision decide(Var v, const Domains& d) override {
    if (d.fixed(v)) return {Decision::Kind::assign, d.min(v)};
    return {Decision::Kind::at_least, detail::mid_bound(v, d) + 1};  // mid < max: no overflow
  }
};

}  // namespace

namespace values {
ValueOrderFactory split() {
  return [](const Model&) { return std::make_unique<Split>(); };
}
ValueOrderFactory reverse_split() {
  return [](const Model&) { return std::make_unique<ReverseSplit>(); };
}
}  // namespace values

}  // namespace csp
