#include "options.hpp"

#include <cstdio>
#include <utility>

#include "apps/common/search_options.hpp"
#include "apps/common/search_progress.hpp"
#include "csp/rules/rule_options.hpp"

namespace csp_app {

std::chrono::nanoseconds nanoseconds_of(double seconds) { return csp::time_limit_of(seconds); }

csp::SearchOptions SearchConfig::search_options() const {
  apps_common::SearchSettings s = *this;
  if (s.order == "dsatur") s.order = "mrv";  // the command's own order: it replaces this one
  csp::SearchOptions o = s.search_options();
  apps_common::show_search_progress(o);  // on a terminal only
  return o;
}

csp::SearchOptions SearchConfig::search_options(std::function<csp::Model()> worker_model) const {
  csp::SearchOptions o = search_options();
  if (threads > 1) {
    o.threads = threads;
    o.worker_model = std::move(worker_model);
  }
  return o;
}

csp::AllDifferentStrength strength_of(const std::string& name) {
  try {
    return csp::parse_all_different_strength(name);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

void print_stats(const csp::Stats& s, const std::vector<std::pair<std::string, std::string>>& extras) {
  for (const auto& [name, value] : extras) std::fprintf(stderr, "%s: %s\n", name.c_str(), value.c_str());
  std::fprintf(stderr, "nodes: %llu\nfailures: %llu\npropagations: %llu\nseconds: %.3f\n",
               static_cast<unsigned long long>(s.nodes), static_cast<unsigned long long>(s.failures),
               static_cast<unsigned long long>(s.propagations), s.seconds());
  if (s.restarts != 0) std::fprintf(stderr, "restarts: %llu\n", static_cast<unsigned long long>(s.restarts));
  if (s.turns != 0) std::fprintf(stderr, "portfolio turns: %llu\n", static_cast<unsigned long long>(s.turns));
  if (s.learnt != 0) {  // learning search: each clause learnt from a conflict, and one backjump
    std::fprintf(stderr, "learnt clauses: %llu (mean length %.2f, %llu deleted)\nmean backjump: %.2f levels\n",
                 static_cast<unsigned long long>(s.learnt), s.mean_learnt_length(),
                 static_cast<unsigned long long>(s.clauses_deleted), s.mean_backjump());
  }
}

}  // namespace csp_app
