#include "csp/kernel/log.hpp"

#include <stdexcept>
#include <string>

#include <spdlog/logger.h>
#include <spdlog/sinks/stdout_sinks.h>

namespace csp {

spdlog::logger& log() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto l = std::make_shared<spdlog::logger>("csp", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    l->set_level(spdlog::level::off);
    l->set_pattern("[%H:%M:%S.%e] [%l] %v");
    return l;
  }();
  return *logger;
}

void set_log_level(std::string_view level) {
  static const std::pair<std::string_view, spdlog::level::level_enum> levels[] = {
      {"off", spdlog::level::off},   {"error", spdlog::level::err}, {"warn", spdlog::level::warn},
      {"info", spdlog::level::info}, {"debug", spdlog::level::debug}, {"trace", spdlog::level::trace}};
  for (const auto& [name, l] : levels) {
    if (name == level) {
      log().set_level(l);
      return;
    }
  }
  throw std::invalid_argument("unknown log level '" + std::string(level) +
                              "' (expected off, error, warn, info, debug or trace)");
}

}  // namespace csp
