// Work shared out over threads, items handed out one at a time (puzzle difficulty varies a lot,
// and an atomic increment is cheap next to even the easiest solve).
#pragma once

#include <cstddef>
#include <functional>

namespace apps_common {

/// Runs fn(worker, i) for i in [0, n) on `threads` workers (worker 0 is the calling thread; no
/// thread is started when threads is 1). Each worker number is used by one thread at a time, so
/// per-worker state indexed by it needs no lock. After an exception no new item is started, and
/// the first exception a worker threw is rethrown. When the system refuses a new thread, the work
/// goes on with the threads it has.
void parallel_for(std::size_t n, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn);

}  // namespace apps_common
