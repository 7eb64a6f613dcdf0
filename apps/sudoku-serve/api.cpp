#include "api.hpp"

#include <algorithm>
#include <new>
#include <string>
#include <thread>
#include <utility>

#include <spdlog/spdlog.h>

#include "request.hpp"

#include "csp/kernel/log.hpp"

namespace sudoku_web {
namespace {

// The explain schema says "result", the others "status".
json invalid_reply(const std::string& reason) {
  return json{{"status", "invalid"}, {"result", "invalid"}, {"error", reason}};
}

unsigned default_slots() {
  const unsigned hw = std::thread::hardware_concurrency();
  return std::max(2u, 2 * (hw == 0 ? 1 : hw));
}
}  // namespace

/// One search slot, held while a search runs; acquire() waits up to queue_wait for one.
class Api::Slot {
 public:
  explicit Slot(Api& api) : api_(api) {
    std::unique_lock<std::mutex> lock(api_.mutex_);
    if (!api_.freed_.wait_for(lock, api_.config_.queue_wait,
                              [&] { return api_.slots_free_ > 0 || api_.stopping_.load(); }) ||
        api_.stopping_.load()) {
      if (api_.stopping_.load()) throw ApiError(503, "the server is stopping");
      throw ApiError(503, "the server is busy: every solve slot is in use, try again");
    }
    --api_.slots_free_;
  }
  ~Slot() {
    {
      std::lock_guard<std::mutex> lock(api_.mutex_);
      ++api_.slots_free_;
    }
    api_.freed_.notify_one();
  }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  Api& api_;
};

Api::Api(ApiConfig config)
    : config_(config),
      slots_total_(config.max_concurrent != 0 ? config.max_concurrent : default_slots()),
      slots_free_(slots_total_) {}

void Api::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  freed_.notify_all();
}

std::string_view Api::method_of(std::string_view path) {
  if (path == "/api/solve" || path == "/api/count" || path == "/api/explain" || path == "/api/grade") return "POST";
  if (path == "/api/generate" || path == "/api/options") return "GET";
  return {};
}

Reply Api::handle(std::string_view method, std::string_view path, const Query& query, std::string_view body) {
  try {
    const std::string_view expected = method_of(path);
    if (expected.empty()) throw ApiError(404, "no such endpoint: " + shown(path));
    if (method != expected && !(expected == "GET" && method == "HEAD"))
      throw ApiError(405, std::string(path) + " takes " + std::string(expected) + ", not " + shown(method));
    if (path == "/api/options") return {200, options(config_)};
    if (stopping_.load()) throw ApiError(503, "the server is stopping");
    if (path == "/api/generate") {
      const Slot slot(*this);
      return {200, generate(query)};
    }
    json request = json::parse(body.begin(), body.end(), nullptr, false);
    if (request.is_discarded()) throw ApiError(400, "the request body is not valid JSON");
    const Slot slot(*this);
    if (path == "/api/solve") return {200, solve(request, config_, &stopping_)};
    if (path == "/api/count") return {200, count(request, config_, &stopping_)};
    if (path == "/api/grade") return {200, grade(request, config_)};
    return {200, explain(request, config_, &stopping_)};
  } catch (const ApiError& e) {
    json body_out{{"error", e.what()}};
    if (e.status == 422) body_out = invalid_reply(e.what());
    return {e.status, std::move(body_out)};
  } catch (const std::bad_alloc&) {
    return {503, json{{"error", "out of memory"}}};
  } catch (const std::exception& e) {
    csp::log().error("{} {}: internal error: {}", method, path, e.what());
    return {500, json{{"error", std::string("internal error: ") + e.what()}}};
  }
}

}  // namespace sudoku_web
