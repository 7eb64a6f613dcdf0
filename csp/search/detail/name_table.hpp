// Internal to the order tables (csp/search/orders/by_name.cpp, csp/search/values/by_name.cpp): a
// table's names, and "a, b or c" for error messages. Not installed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace csp::detail {

// The names of a table's rows, in order.
template <class Row, std::size_t N>
std::vector<std::string_view> names_of(const Row (&rows)[N]) {
  std::vector<std::string_view> out;
  for (const Row& r : rows) out.push_back(r.name);
  return out;
}

// "a, b, c or d", for error messages.
inline std::string one_of(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace csp::detail
