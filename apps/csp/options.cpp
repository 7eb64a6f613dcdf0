#include "options.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace csp_app {

std::chrono::nanoseconds nanoseconds_of(double seconds) {
  // Clamped so that the conversion cannot overflow (a century is "no limit" anyway); a limit below
  // a nanosecond would round to 0, which means "no limit": it becomes the smallest one.
  const double s = std::min(seconds, 3.0e9);
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(s));
  return s > 0 && ns.count() == 0 ? std::chrono::nanoseconds{1} : ns;
}

csp::SearchOptions SearchConfig::search_options() const {
  csp::SearchOptions o;
  try {
    if (order != "dsatur") o.order = csp::order::by_name(order);
    o.values = csp::values::by_name(values, seed);
    o.inference = csp::parse_inference(inference);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  o.limits.nodes = node_limit;
  o.limits.time = nanoseconds_of(time_limit);
  return o;
}

void add_search_options(CLI::App& cmd, SearchConfig& c, std::vector<std::string> own_orders) {
  std::vector<std::string> orders = std::move(own_orders);
  for (std::string_view name : csp::order::names()) orders.emplace_back(name);
  cmd.add_option("--order", c.order, "Variable order")->check(CLI::IsMember(orders))->capture_default_str();
  cmd.add_option("--values", c.values, "Value order (random uses --seed)")
      ->check(CLI::IsMember({"min", "max", "lcv", "random"}))
      ->capture_default_str();
  cmd.add_option("--seed", c.seed, "Seed of the random value order")
      ->check(apps_common::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd.add_option("--inference", c.inference, "Inference after each decision")
      ->check(CLI::IsMember({"none", "fc", "mac"}))
      ->capture_default_str();
  cmd.add_option("--node-limit", c.node_limit, "Give up a search after this many nodes (0: no limit)")
      ->check(apps_common::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd.add_option("--time-limit", c.time_limit, "Give up after this many seconds (fractional; 0: none)")
      ->check(apps_common::seconds())
      ->capture_default_str();
  cmd.add_flag("--stats", c.stats, "Print search statistics on standard error");
}

void add_strength_option(CLI::App& cmd, std::string& strength) {
  cmd.add_option("--strength", strength, "Strength of the all-different constraints")
      ->check(CLI::IsMember({"check", "pairwise", "value", "domain"}))
      ->capture_default_str();
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
}

}  // namespace csp_app
