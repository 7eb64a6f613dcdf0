// Latin squares of order 4 through the installed rules library (csp::rules): counts them with the
// group rules on the rows and columns and fails unless there are 576.
#include <cstdio>
#include <string>
#include <vector>

#include <csp/csp.hpp>
#include <csp/rules/group_rules.hpp>

int main() {
  constexpr int n = 4;
  csp::Model m;
  auto x = m.add_vars(n * n, 1, n, "x");  // x[r * n + c]
  std::vector<csp::Group> groups;
  for (int i = 0; i < n; ++i) {
    csp::Group row{"row " + std::to_string(i + 1), {}}, col{"column " + std::to_string(i + 1), {}};
    for (int j = 0; j < n; ++j) {
      row.cells.push_back(x[i * n + j]);
      col.cells.push_back(x[j * n + i]);
    }
    groups.push_back(row);
    groups.push_back(col);
  }
  csp::post_groups(m, groups, csp::parse_rules("all"));
  csp::Solver solver(m);
  const csp::SearchResult r = solver.count(m.initial_domains());
  std::printf("latin squares: %llu\n", static_cast<unsigned long long>(r.stats.solutions));
  return r.status == csp::SearchStatus::exhausted && r.stats.solutions == 576 ? 0 : 1;
}
