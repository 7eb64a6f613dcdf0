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
  // A limit below a nanosecond would round to 0, which means "no limit": make it the smallest one.
  if (seconds > 0 && o.limits.time.count() == 0) o.limits.time = std::chrono::nanoseconds{1};
  return o;
}

unsigned BatchConfig::thread_count() const {
  // Each worker holds its own models and solvers (a 25x25 one is large): past kMaxThreads more
  // threads only cost memory, and thousands could exhaust it.
  if (threads != 0) return std::min(threads, kMaxThreads);
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : std::min(hw, kMaxThreads);  // 0 means "unknown"
}

void add_search_options(CLI::App& cmd, SearchConfig& c) {
  cmd.add_option("--order", c.order, "Variable order")
      ->check(CLI::IsMember(std::vector<std::string>(csp::order::names().begin(), csp::order::names().end())))
      ->capture_default_str();
  cmd.add_option("--values", c.values, "Value order (random uses --seed)")
      ->check(CLI::IsMember({"min", "max", "lcv", "random"}))
      ->capture_default_str();
  cmd.add_option("--seed", c.seed, "Seed of the random value order")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd.add_option("--inference", c.inference, "Inference after each decision")
      ->check(CLI::IsMember({"none", "fc", "mac"}))
      ->capture_default_str();
  cmd.add_option("--rules", c.rules,
                 "Comma-separated rules (naked-single, hidden-single, naked-pair, hidden-pair, "
                 "naked-triple, locked-candidates; technique rules: hidden-triple, naked-quad, "
                 "hidden-quad, x-wing, swordfish, jellyfish, xy-wing, xyz-wing, simple-colouring, "
                 "x-chain), or none, singles, all (the six group rules), techniques, every")
      ->capture_default_str();
  cmd.add_option("--node-limit", c.node_limit, "Give up a puzzle after this many search nodes (0: no limit)")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd.add_option("--time-limit", c.time_limit, "Give up a puzzle after this many seconds (fractional; 0: none)")
      ->check(seconds())
      ->capture_default_str();
}

void add_batch_options(CLI::App& cmd, BatchConfig& c, bool with_format) {
  cmd.add_option("FILE", c.files, "Puzzle files, one puzzle per line (none or -: standard input)");
  cmd.add_option("--threads", c.threads, "Worker threads (default: one per hardware thread; at most 256)")
      ->check(whole_number(1, UINT32_MAX));
  cmd.add_flag("--stats", c.stats, "Print a summary on standard error");
  cmd.add_flag("--summary", c.summary, "Print a one-line summary on standard error");
  if (with_format) {
    cmd.add_option("--format", c.format, "Answer layout")
        ->check(CLI::IsMember({"line", "grid"}))
        ->capture_default_str();
  }
}

}  // namespace sudoku_app
