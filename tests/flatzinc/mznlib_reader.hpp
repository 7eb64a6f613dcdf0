// Reads the predicate declarations of MiniZinc solver-library text (mznlib/*.mzn): the native ones,
// declared without a body (`predicate csp_table_int(array[int] of var int: x, array[int] of int: t);`),
// which the solver must post itself, and the defined ones (`predicate fzn_... (...) = body;`).
// Enough of MiniZinc for mznlib/: `%` comments, items ending in `;`, parameters separated by the
// commas outside brackets.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>

namespace mznlib {

struct Predicates {
  std::map<std::string, int> native;   ///< name -> number of parameters, declared without a body
  std::map<std::string, int> defined;  ///< name -> number of parameters, with a body
};

inline void read(std::string_view text, Predicates& out) {
  std::string clean;  // without comments
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      while (i < text.size() && text[i] != '\n') ++i;
      clean += '\n';
      continue;
    }
    clean += text[i];
  }
  std::size_t at = 0;
  while (at < clean.size()) {
    std::size_t end = clean.find(';', at);
    if (end == std::string::npos) end = clean.size();
    const std::string item = clean.substr(at, end - at);
    at = end + 1;
    const std::size_t start = item.find_first_not_of(" \t\r\n");
    if (start == std::string::npos || item.compare(start, 10, "predicate ") != 0) continue;
    const std::size_t open = item.find('(', start);
    if (open == std::string::npos) continue;
    const std::size_t name_at = item.find_first_not_of(' ', start + 10);
    const std::string name = item.substr(name_at, item.find_last_not_of(' ', open - 1) + 1 - name_at);
    int depth = 0, params = 1;
    std::size_t close = open;
    for (; close < item.size(); ++close) {
      const char c = item[close];
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      if (c == ',' && depth == 1) ++params;
      if (depth == 0) break;
    }
    if (item.find_first_not_of(" \t\r\n", open + 1) == close) params = 0;  // predicate p()
    const bool body = item.find('=', close) != std::string::npos;
    (body ? out.defined : out.native)[name] = params;
  }
}

}  // namespace mznlib
