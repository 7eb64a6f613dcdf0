// A Golomb ruler, searched as a long search is: n marks on a ruler as short as can be, no distance
// between two marks measured twice. The search to prove the shortest takes a while from n = 9 on,
// so it runs under a time limit, reports progress every half second, and says how it ended.
//   golomb [n] [inference] [seconds]     e.g. golomb 8 portfolio 10
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "csp/csp.hpp"

int main(int argc, char** argv) try {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  if (n < 2 || n > 16) throw std::invalid_argument("n must be 2..16");
  csp::Modeler m;
  const csp::IntVars mark = m.int_vars(n, 0, n * n, "mark");  // the decisions
  m.post(mark[0] == 0);
  csp::IntExprs distances;
  for (int i = 0; i < n; ++i) {
    if (i > 0) m.post(mark[i - 1] < mark[i]);
    for (int j = i + 1; j < n; ++j) distances.push_back(mark[j] - mark[i]);
  }
  m.all_different(distances);
  if (n > 2) m.post(mark[1] - mark[0] < mark[n - 1] - mark[n - 2]);  // a ruler and its mirror: one of them
  const csp::Objective shortest = m.minimize(mark[n - 1]);

  csp::SearchOptions o;
  o.inference = csp::parse_inference(argc > 2 ? argv[2] : "portfolio");  // a bad name throws, naming it
  o.limits.time = std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::duration<double>(argc > 3 ? std::atof(argv[3]) : 60.0));
  o.progress.every_time = std::chrono::milliseconds(500);
  o.progress.report = [](const csp::Stats& s) {
    std::fprintf(stderr, "%.1f s: %llu nodes, %llu failures, %llu solutions\n", s.seconds(),
                 static_cast<unsigned long long>(s.nodes), static_cast<unsigned long long>(s.failures),
                 static_cast<unsigned long long>(s.solutions));
    return true;  // false would stop the search (status limit, LimitHit::progress)
  };
  const csp::SearchResult r = csp::Solver(m.model(), o).optimize(m.model().initial_domains(), shortest,
                                                                  [&](std::span<const csp::Value> s) {
    std::printf("a ruler of length %d\n", s[static_cast<std::size_t>(shortest.var.id)]);
    return true;  // each solution is shorter than the one before
  });
  if (!r.found()) {
    std::printf(r.status == csp::SearchStatus::exhausted ? "no ruler\n" : "no ruler found before the %s limit\n",
                std::string(csp::to_string(r.limit)).c_str());
    return 1;
  }
  std::printf("marks:");
  for (const csp::IntVar x : mark) std::printf(" %d", r.solution[static_cast<std::size_t>(x.id())]);
  std::printf("\nlength: %d (%s)\n", r.solution[static_cast<std::size_t>(shortest.var.id)],
              r.status == csp::SearchStatus::exhausted ? "optimal" : "the best found before the limit");
  std::printf("%llu nodes, %llu failures, %.2f s\n", static_cast<unsigned long long>(r.stats.nodes),
              static_cast<unsigned long long>(r.stats.failures), r.stats.seconds());
} catch (const std::exception& e) {  // misuse of the library is an exception that names the problem
  std::fprintf(stderr, "golomb: %s\n", e.what());
  return 2;
}
