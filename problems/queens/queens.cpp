#include "problems/queens/queens.hpp"

#include <cstdlib>
#include <string>

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
  // Diagonals as auxiliary variables up[c] = row[c] + c and down[c] = row[c] - c.
  std::vector<csp::Var> up, down;
  for (int c = 0; c < n; ++c) {
    up.push_back(q.model.add_var(c, c + n - 1, "up" + std::to_string(c)));
    down.push_back(q.model.add_var(-c, n - 1 - c, "down" + std::to_string(c)));
    q.model.post(csp::equal(up.back(), q.row[static_cast<std::size_t>(c)], c));
    q.model.post(csp::equal(down.back(), q.row[static_cast<std::size_t>(c)], -c));
  }
  q.model.post(csp::all_different(q.model, q.row, strength));
  q.model.post(csp::all_different(q.model, up, strength));
  q.model.post(csp::all_different(q.model, down, strength));
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
