#include "options.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace sudoku_app {

csp::RuleSet SearchConfig::rule_set() const {
  try {
    return csp::parse_rules(rules);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--rules: ") + e.what());
  }
}

csp::SearchOptions SearchConfig::search_options() const {
  csp::SearchOptions o;
  try {
    o.order = csp::order::by_name(order);
    o.values = csp::values::by_name(values, seed);
    o.inference = csp::parse_inference(inference);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  o.limits.nodes = node_limit;
  // Clamped so that the conversion to nanoseconds cannot overflow (a century is "no limit" anyway).
  const double seconds = std::min(time_limit, 3.0e9);
  o.limits.time = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds));
  return o;
}

unsigned BatchConfig::thread_count() const {
  if (threads != 0) return threads;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;  // 0 means "unknown"
}

void add_search_options(CLI::App& cmd, SearchConfig& c) {
  cmd.add_option("--order", c.order, "Variable order")
      ->check(CLI::IsMember({"input", "mrv", "mrv-degree", "dom-wdeg"}))
      ->capture_default_str();
  cmd.add_option("--values", c.values, "Value order (random uses --seed)")
      ->check(CLI::IsMember({"min", "max", "lcv", "random"}))
      ->capture_default_str();
  cmd.add_option("--seed", c.seed, "Seed of the random value order")->capture_default_str();
  cmd.add_option("--inference", c.inference, "Inference after each decision")
      ->check(CLI::IsMember({"none", "fc", "mac"}))
      ->capture_default_str();
  cmd.add_option("--rules", c.rules,
                 "Comma-separated rules (naked-single, hidden-single, naked-twins, hidden-pairs, "
                 "naked-triples, locked-candidates), or none, or all")
      ->capture_default_str();
  cmd.add_option("--node-limit", c.node_limit, "Give up a puzzle after this many search nodes (0: no limit)")
      ->capture_default_str();
  cmd.add_option("--time-limit", c.time_limit, "Give up a puzzle after this many seconds (fractional; 0: none)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
}

void add_batch_options(CLI::App& cmd, BatchConfig& c, bool with_format) {
  cmd.add_option("FILE", c.files, "Puzzle files, one puzzle per line (none or -: standard input)");
  cmd.add_option("--threads", c.threads, "Worker threads (default: one per hardware thread)")
      ->check(CLI::PositiveNumber);
  cmd.add_flag("--stats", c.stats, "Print a summary on standard error");
  if (with_format) {
    cmd.add_option("--format", c.format, "Answer layout")
        ->check(CLI::IsMember({"line", "grid"}))
        ->capture_default_str();
  }
}

}  // namespace sudoku_app
