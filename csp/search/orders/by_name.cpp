// The variable orders by name (order::names(), order::by_name()), and the default restrict().
#include "csp/search/orders.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "csp/search/detail/name_table.hpp"

namespace csp {

void VariableOrder::restrict(std::span<const Var>) {
  throw std::invalid_argument("this variable order cannot be restricted to a phase's variables");
}

namespace order {
// The orders by name: one row each, from which names() and by_name() are read. A new order is its
// file in this folder (its class and factory), its declaration in orders.hpp, and one row here.
struct NamedOrder {
  std::string_view name;
  VariableOrderFactory (*make)();
};
constexpr NamedOrder kOrders[] = {
    {"input", input},
    {"mrv", mrv},
    {"mrv-degree", mrv_degree},
    {"mrv-ddeg", mrv_ddeg},
    {"dom-wdeg", dom_wdeg},
    {"anti-first-fail", anti_first_fail},
    {"smallest", smallest},
    {"largest", largest},
    {"occurrence", occurrence},
    {"most-constrained", mrv_degree},  // FlatZinc's most_constrained: fewest candidates, ties by degree
    {"max-regret", max_regret},
    {"activity", activity},
};
const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> n = detail::names_of(kOrders);
  return n;
}
VariableOrderFactory by_name(std::string_view name) {
  for (const NamedOrder& o : kOrders)
    if (o.name == name) return o.make();
  throw std::invalid_argument("unknown variable order '" + std::string(name) + "' (expected " + detail::one_of(names()) + ")");
}
}  // namespace order

}  // namespace csp
