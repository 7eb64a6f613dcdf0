// Eight queens through the installed library: prints the count and fails unless it is 92.
#include <cstdio>
#include <cstdlib>

#include <csp/csp.hpp>

int main() {
  csp::Model m;
  auto q = m.add_vars(8, 0, 7, "q");  // q[c] = row of the queen in column c
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j)
      m.post(csp::relation(q[i], q[j], [d = j - i](int a, int b) { return a != b && std::abs(a - b) != d; }));
  csp::Solver solver(m);
  const csp::SearchResult r = solver.count(m.initial_domains());
  std::printf("solutions: %llu\n", static_cast<unsigned long long>(r.stats.solutions));
  return r.status == csp::SearchStatus::exhausted && r.stats.solutions == 92 ? 0 : 1;
}
