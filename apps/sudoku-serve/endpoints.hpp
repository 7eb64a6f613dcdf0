// The endpoints of the JSON API (api.hpp lists their fields and status codes) as plain functions
// from a request to a JSON reply, free of HTTP and of the Api's search slots: they throw ApiError
// for a request they refuse. What they share: the server's limits (ApiConfig) and that error.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace sudoku_web {

using json = nlohmann::json;
/// Query parameters of a GET request (httplib::Params has this type).
using Query = std::multimap<std::string, std::string>;

struct ApiConfig {
  double time_limit = 2.0;                ///< seconds per search, the most a request may ask for
  std::uint64_t node_limit = 2'000'000;   ///< nodes per search, the most a request may ask for
  std::uint64_t max_count = 1000;         ///< the largest "max" of /api/count
  std::size_t max_explain_steps = 5000;   ///< steps of /api/explain past this are counted, not sent
  std::size_t max_puzzle_chars = 4096;    ///< a longer "puzzle" is refused before parsing
  unsigned max_concurrent = 0;            ///< searches at once; 0: twice the hardware threads (at least 2)
  std::chrono::milliseconds queue_wait{3000};  ///< how long a request waits for a free slot before 503
};

/// A request the API refuses: the status and the message of {"error": ...}.
struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

/// POST /api/solve and /api/count (search_endpoints.cpp). `interrupt` (may be null) stops the
/// search when set: ApiError 503 then.
json solve(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt = nullptr);
json count(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt = nullptr);
/// POST /api/explain and /api/grade (logic_endpoints.cpp). grade applies the techniques only (no
/// search): bounded by the puzzle's size, not by the search limits.
json explain(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt = nullptr);
json grade(const json& request, const ApiConfig& config);
/// GET /api/generate (generate_endpoint.cpp).
json generate(const Query& query);
/// GET /api/options (options_endpoint.cpp).
json options(const ApiConfig& config);

}  // namespace sudoku_web
