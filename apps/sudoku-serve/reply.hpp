// The parts of a reply that several endpoints share: times in microseconds, the settings as
// applied ("config"), and the puzzle and search statistics of /api/solve and /api/count.
#pragma once

#include <chrono>
#include <cstdint>

#include "request.hpp"

#include "csp/kernel/model.hpp"
#include "csp/kernel/stats.hpp"

namespace sudoku_web {

inline std::int64_t micros(std::chrono::nanoseconds ns) {
  return std::chrono::duration_cast<std::chrono::microseconds>(ns).count();
}

/// The search options as applied (the request's, within the server's limits), the rules as parsed.
json config_json(const Settings& s);
/// The reply's fields common to solve and count: the puzzle, its size and the config.
json start_reply(const Settings& s);
/// `out` with the search's statistics and the model's counters added.
json stats_json(json out, const csp::Stats& st, const csp::Model& m);

}  // namespace sudoku_web
