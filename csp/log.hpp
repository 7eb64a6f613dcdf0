// Logging: the framework's spdlog logger, silent unless an application raises its level.
#pragma once

#include <memory>
#include <string_view>

#include <spdlog/spdlog.h>

namespace csp {

/// The logger every part of the framework writes to (name "csp", to stderr, level off by default).
spdlog::logger& log();
/// Sets the level from "off", "error", "warn", "info", "debug" or "trace"; throws std::invalid_argument.
void set_log_level(std::string_view level);

}  // namespace csp
