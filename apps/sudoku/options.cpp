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

}  // namespace sudoku_app
