#include "problems/common/line_text.hpp"

namespace problems::line_text {

std::size_t content_start(std::string_view& line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line[first] == '#') return std::string_view::npos;
  return first;
}

std::string show(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string(1, c);
  const char* hex = "0123456789abcdef";
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

std::string numbered(std::string prefix, long long k) {
  prefix += std::to_string(k);
  return prefix;
}

}  // namespace problems::line_text
