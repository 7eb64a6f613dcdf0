// Internal to the search's name tables (the orders' and value orders' by_name.cpp, the inference
// levels, phase saving and restarts): a table's names, "a, b or c" for error messages, and an
// enumeration read from its name. Not installed.
#pragma once

#include <cstddef>
#include <stdexcept>
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

// The value of enumeration E named `name`, its values being 0, 1, ... in the order of `names`;
// throws std::invalid_argument "unknown WHAT 'name' (expected a, b or c)" otherwise.
template <class E>
E enum_named(const std::vector<std::string_view>& names, std::string_view name, std::string_view what) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<E>(i);
  throw std::invalid_argument(std::string("unknown ")
                                  .append(what)
                                  .append(" '")
                                  .append(name)
                                  .append("' (expected ")
                                  .append(one_of(names))
                                  .append(")"));
}

}  // namespace csp::detail
