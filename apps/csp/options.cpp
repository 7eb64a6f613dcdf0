#include "options.hpp"

#include <cstdio>
#include <string_view>
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

void add_search_options(CLI::App& cmd, SearchConfig& c, const std::vector<std::string>& own_orders, bool with_rules) {
  std::vector<std::string_view> names{"order", "values", "seed", "inference", "node-limit", "time-limit", "restart",
                                      "restart-base", "restart-search", "phase-saving", "share-learnt"};
  if (with_rules) names.push_back("rules");  // (added in the table's order, whatever the order here)
  apps_common::add_search_options(cmd, c, names, own_orders);
  cmd.add_option("--threads", c.threads, "Threads searching each instance together (1: the sequential search)")
      ->check(CLI::Range(1u, 1024u))
      ->capture_default_str();
  cmd.add_flag("--stats", c.stats, "Print search statistics on standard error");
  auto* split = cmd.add_option("--split", c.split,
                               "Print at least N command lines, one per part of the search (each this command with "
                               "--part), and exit; csp merge combines their results (docs/scale-out.md)")
                    ->check(apps_common::whole_number(1, 1000000));
  cmd.add_option("--part", c.part,
                 "Solve only this part of the search (a line --split printed) and print one result line for csp merge")
      ->check(CLI::Validator([](std::string& s) { return s.empty() ? std::string("the path is empty (the whole search is -)") : std::string(); },
                             "PATH"))
      ->excludes(split);
}

void add_strength_option(CLI::App& cmd, std::string& strength) {
  const auto& names = csp::all_different_strength_names();
  apps_common::add_choice_option(cmd, "strength", strength, "Strength of the all-different constraints",
                                 std::vector<std::string>(names.begin(), names.end()));
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
