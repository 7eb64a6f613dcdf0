// A small job shop with the expression layer: each job runs its tasks in order, each machine runs
// one task at a time, and the last task to end (the makespan) ends as early as possible.
#include <cstdio>
#include <utility>
#include <vector>

#include "csp/csp.hpp"

int main() {
  // jobs[j][k] = {machine, duration} of job j's k-th task.
  const std::vector<std::vector<std::pair<int, int>>> jobs = {
      {{0, 3}, {1, 2}, {2, 2}}, {{0, 2}, {2, 1}, {1, 4}}, {{1, 4}, {2, 3}, {0, 1}}};
  csp::Modeler m;
  std::vector<csp::IntVars> start;                    // start[j][k]: decisions, branched on first
  std::vector<csp::IntExprs> on_start(3), on_length(3);  // per machine: its tasks' starts and durations
  csp::IntExprs ends;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    start.push_back(m.int_vars(3, 0, 20));
    for (std::size_t k = 0; k < 3; ++k) {
      const auto [machine, length] = jobs[j][k];
      if (k > 0) m.post(start[j][k - 1] + jobs[j][k - 1].second <= start[j][k]);  // one linear propagator
      on_start[machine].push_back(start[j][k]);
      on_length[machine].push_back(length);  // a constant: no fixed variable written by hand
    }
    ends.push_back(start[j][2] + jobs[j][2].second);
  }
  for (int machine = 0; machine < 3; ++machine) m.disjunctive(on_start[machine], on_length[machine]);
  const csp::Objective goal = m.minimize(csp::max(ends));  // a variable for the expression, introduced

  const csp::SearchResult r = csp::Solver(m.model()).optimize(m.model().initial_domains(), goal);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    std::printf("job %zu starts:", j);
    for (const csp::IntVar s : start[j]) std::printf(" %d", r.solution[static_cast<std::size_t>(s.id())]);
    std::printf("\n");
  }
  std::printf("makespan: %d\n", r.found() ? r.solution[static_cast<std::size_t>(goal.var.id)] : -1);
}
