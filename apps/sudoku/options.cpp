#include "options.hpp"

#include <algorithm>
#include <thread>

namespace sudoku_app {

unsigned BatchConfig::thread_count() const {
  // Each worker holds its own models and solvers (a 25x25 one is large): past kMaxThreads more
  // threads only cost memory, and thousands could exhaust it.
  if (threads != 0) return std::min(threads, kMaxThreads);
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : std::min(hw, kMaxThreads);  // 0 means "unknown"
}

void add_search_options(CLI::App& cmd, SearchConfig& c) {
  apps_common::add_search_options(cmd, c, {"order", "values", "seed", "inference", "rules", "node-limit", "time-limit"});
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
