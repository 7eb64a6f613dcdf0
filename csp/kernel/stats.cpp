#include "csp/kernel/stats.hpp"

#include <algorithm>

namespace csp {

Stats& Stats::operator+=(const Stats& other) {
  nodes += other.nodes;
  failures += other.failures;
  solutions += other.solutions;
  propagations += other.propagations;
  removals += other.removals;
  restarts += other.restarts;
  learnt += other.learnt;
  learnt_literals += other.learnt_literals;
  backjumped += other.backjumped;
  clauses_deleted += other.clauses_deleted;
  turns += other.turns;
  max_depth = std::max(max_depth, other.max_depth);
  elapsed += other.elapsed;
  if (counters.size() < other.counters.size()) counters.resize(other.counters.size(), 0);
  for (std::size_t i = 0; i < other.counters.size(); ++i) counters[i] += other.counters[i];
  return *this;
}

}  // namespace csp
