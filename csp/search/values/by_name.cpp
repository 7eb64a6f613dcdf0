// The value orders by name (values::names(), values::by_name()).
#include "csp/search/orders.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/search/detail/name_table.hpp"

namespace csp {

namespace values {
// The value orders by name, as for the variable orders: a new one is its file in this folder (its class and
// factory), its declaration in orders.hpp, and one row here (the seed goes to the orders that draw at random).
struct NamedValues {
  std::string_view name;
  ValueOrderFactory (*make)(std::uint64_t seed);
};
constexpr NamedValues kValues[] = {
    {"min", [](std::uint64_t) { return ascending(); }},
    {"max", [](std::uint64_t) { return descending(); }},
    {"lcv", [](std::uint64_t) { return lcv(); }},
    {"random", random},
    {"median", [](std::uint64_t) { return median(); }},
    {"split", [](std::uint64_t) { return split(); }},
    {"reverse-split", [](std::uint64_t) { return reverse_split(); }},
};
const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> n = detail::names_of(kValues);
  return n;
}
ValueOrderFactory by_name(std::string_view name, std::uint64_t seed) {
  for (const NamedValues& o : kValues)
    if (o.name == name) return o.make(seed);
  throw std::invalid_argument("unknown value order '" + std::string(name) + "' (expected " + detail::one_of(names()) + ")");
}
}  // namespace values

}  // namespace csp
