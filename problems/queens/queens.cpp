#include "problems/queens/queens.hpp"

#include <cstdlib>
#include <string>
#include <utility>

namespace problems {

Queens make_queens(int n, QueensModel how, csp::AllDifferentStrength strength) {
  Queens q;
  q.row = q.model.add_vars(n, 0, n - 1, "q");
  if (how == QueensModel::binary) {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        q.model.post(csp::relation(
            q.row[static_cast<std::size_t>(i)], q.row[static_cast<std::size_t>(j)],
            [d = j - i](csp::Value a, csp::Value b) { return a != b && std::abs(a - b) != d; },
            "no-attack(" + std::to_string(i) + "," + std::to_string(j) + ")"));
    return q;
  }
  // The diagonals are all-different over row[c] + c and row[c] - c (Gecode's distinct with offsets):
  // no auxiliary variables, so a solution is the rows alone.
  std::vector<csp::Value> up(static_cast<std::size_t>(n)), down(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) {
    up[static_cast<std::size_t>(c)] = c;
    down[static_cast<std::size_t>(c)] = -c;
  }
  q.model.post(csp::all_different(q.model, q.row, strength));
  q.model.post(csp::all_different(q.model, q.row, std::move(up), strength));
  q.model.post(csp::all_different(q.model, q.row, std::move(down), strength));
  return q;
}

bool queens_valid(const std::vector<csp::Value>& rows) {
  const int n = static_cast<int>(rows.size());
  for (int i = 0; i < n; ++i) {
    if (rows[static_cast<std::size_t>(i)] < 0 || rows[static_cast<std::size_t>(i)] >= n) return false;
    for (int j = i + 1; j < n; ++j) {
      int a = rows[static_cast<std::size_t>(i)], b = rows[static_cast<std::size_t>(j)];
      if (a == b || std::abs(a - b) == j - i) return false;
    }
  }
  return true;
}

}  // namespace problems
