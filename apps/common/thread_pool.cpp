#include "apps/common/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace apps_common {

void parallel_for(std::size_t n, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn) {
  const std::size_t workers = std::min<std::size_t>(threads, n);
  if (workers <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(0, i);
    return;
  }
  // Items are handed out one at a time: puzzle difficulty varies a lot, and an atomic increment
  // is cheap next to even the easiest solve.
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto loop = [&](unsigned w) {
    try {
      while (!stop.load(std::memory_order_relaxed)) {
        const std::size_t i = next.fetch_add(1);
        if (i >= n) break;
        fn(w, i);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) {
    try {
      pool.emplace_back(loop, w);
    } catch (const std::system_error&) {
      break;  // out of threads (ulimit -u, memory): the ones running share the work
    }
  }
  loop(0);
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace apps_common
