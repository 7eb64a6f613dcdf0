// The JSON API behind `sudoku serve`, free of HTTP: each endpoint is a function from a request
// (JSON body or query parameters) to a reply (status code and JSON body), so that it can be tested
// without a socket (endpoints.hpp); Api routes a request to its endpoint under a bound on the
// searches at once. The HTTP layer (server.hpp) only moves bytes in and out.
//
// Endpoints (every reply is a JSON object; an error reply is {"error": "..."} with a 4xx or 5xx):
//   POST /api/solve    {"puzzle", "order"?, "values"?, "seed"?, "inference"?, "rules"?, "node_limit"?, "time_limit"?}
//                      (the search options: the fields of apps_common::search_option_table(), see /api/options)
//                      -> {"status": "solved"|"unsolvable"|"limit", "solution"?, "limit"?, "nodes", "failures",
//                          "propagations", "max_depth", "time_us", "counters", "config", "puzzle", "size"}
//   POST /api/count    the same fields plus "max" (default 2) -> {"status": "counted"|"capped"|"limit",
//                      "solutions", "exact", "unique" (true/false, null when the count does not decide it), ...}
//   POST /api/explain  the same fields plus "techniques" (default "all") -> the library's explanation,
//                      problems::sudoku::explain_json (as `sudoku explain --format json`):
//                      {"puzzle", "steps": [{"technique", "text", "groups", "cells", "placements", "removals"}],
//                       "result": "solved"|"needs search"|"unsolvable", "solution"?, "guesses", "limit"?,
//                       "total_steps", "truncated", "time_us", "size", "config"}; "rules", "order", ... set
//                      the search that continues when the techniques get stuck
//   POST /api/grade    {"puzzle", "techniques"?} -> {"result", "hardest", "score", "level", "text" (the line
//                      `sudoku grade` prints), "steps", "uses", "time_us"}
//   GET  /api/generate?seed=S&size=9  -> {"puzzle", "seed", "size", "clues", "time_us"}
//   GET  /api/options  -> the names the library knows ("orders", "values", "inferences", "rules": every rule
//                      "rules" accepts, "rule_sets": what all, techniques, every and none stand for,
//                      "techniques"), "options": every search option of the library's table
//                      (csp/search/settings.hpp: name, kind, default, help, choices or range), "defaults", "limits"
//
// Status codes: 400 malformed request (not JSON, not an object, unknown field, wrong type, unknown
// name); 422 the puzzle text is not a valid puzzle ({"status": "invalid", "error": reason}); 404
// unknown /api path; 405 wrong method; 413 body too large (HTTP layer); 503 every solve
// slot busy for longer than ApiConfig::queue_wait, or the server is stopping.
//
// Every search runs under a node limit and a time limit (a request may ask for lower ones, never
// higher), and at most ApiConfig::max_concurrent searches run at once.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string_view>

#include "endpoints.hpp"

namespace sudoku_web {

/// One answer: an HTTP status and a JSON body.
struct Reply {
  int status = 200;
  json body;
};

/// The endpoints, a bound on concurrent searches, and a stop switch. Thread-safe: handle() is
/// called from every HTTP worker thread at once.
class Api {
 public:
  explicit Api(ApiConfig config = {});

  /// Answers one request. `path` is the URL path (no query). Never throws.
  Reply handle(std::string_view method, std::string_view path, const Query& query, std::string_view body);

  /// Whether `path` is an endpoint, and which method it takes ("GET" or "POST"); empty when unknown.
  static std::string_view method_of(std::string_view path);

  /// Interrupts the searches under way (they answer 503) and refuses later ones.
  void stop();
  const ApiConfig& config() const { return config_; }
  /// The bound on concurrent searches actually used.
  unsigned slots() const { return slots_total_; }

 private:
  class Slot;
  ApiConfig config_;
  unsigned slots_total_;
  std::mutex mutex_;
  std::condition_variable freed_;
  unsigned slots_free_;
  std::atomic<bool> stopping_{false};
};

}  // namespace sudoku_web
