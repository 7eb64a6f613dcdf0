// Internal to the value orders (csp/search/values/): the base of the lazy orders, and the middle
// of a domain. Not installed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "csp/kernel/domains.hpp"
#include "csp/search/orders.hpp"

namespace csp::detail {

// The lower middle of v's domain, read from its bounds when it has no holes (always so for an
// interval domain, whose size saturates), else counted out.
inline Value lower_middle(Var v, const Domains& d) {
  const Value lo = d.min(v), hi = d.max(v);
  const std::int64_t width = std::int64_t{hi} - lo + 1;
  const int size = d.size(v);
  if (size == width || size == std::numeric_limits<int>::max()) return static_cast<Value>(lo + (width - 1) / 2);
  int skip = (size - 1) / 2;
  Value x = lo;
  while (skip-- > 0) x = d.next(v, x);
  return x;
}

// The middle of v's bounds, rounded down, in 64 bits (min + max may overflow an int).
inline Value mid_bound(Var v, const Domains& d) {
  const std::int64_t lo = d.min(v), hi = d.max(v);
  return static_cast<Value>(lo + (hi - lo) / 2);
}

// A lazy value order (decide()). Its list form, for an order that wraps it (colouring's), is the
// candidates in the order its decisions reach them: ascending, or descending.
class LazyOrder : public ValueOrder {
 public:
  explicit LazyOrder(bool descending) : descending_(descending) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    d.for_each(v, [&](Value x) { out.push_back(x); });
    if (descending_) std::reverse(out.begin(), out.end());
  }
  bool lazy(Var, const Domains&) const override { return true; }

 private:
  bool descending_;
};

}  // namespace csp::detail
