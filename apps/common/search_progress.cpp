#include "apps/common/search_progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <mutex>

namespace apps_common {
namespace {

// One terminal, one line: whoever draws or clears it holds the lock (several solvers may search at
// once, and a parallel search reports from its threads in turn).
std::mutex line_lock;
bool line_shown = false;

constexpr auto kFirstAfter = std::chrono::seconds(1);  // a search that ends sooner shows nothing
constexpr auto kRedraw = std::chrono::milliseconds(250);

}  // namespace

void show_search_progress(csp::SearchOptions& options) {
  if (isatty(STDERR_FILENO) != 1) return;
  options.progress.every_time = kRedraw;
  options.progress.report = [](const csp::Stats& s) {
    if (s.elapsed < kFirstAfter) return true;
    std::lock_guard<std::mutex> hold(line_lock);
    std::fprintf(stderr, "\r\033[Ksearching: %llu nodes, %llu failures, %llu solutions, %.1f s",
                 static_cast<unsigned long long>(s.nodes), static_cast<unsigned long long>(s.failures),
                 static_cast<unsigned long long>(s.solutions), s.seconds());
    std::fflush(stderr);
    line_shown = true;
    return true;
  };
}

void clear_search_progress() {
  std::lock_guard<std::mutex> hold(line_lock);
  if (!line_shown) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  line_shown = false;
}

}  // namespace apps_common
