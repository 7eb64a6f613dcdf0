// Logging: the framework's spdlog logger, silent unless an application raises its level.
//
// Only declared here: a file that writes to the logger includes <spdlog/spdlog.h> itself. spdlog
// and fmt are used header-only (see CMakeLists.txt), and most files never log; they would each
// parse both libraries for nothing (about 5 s of compiling per file).
#pragma once

#include <string_view>

#include <spdlog/fwd.h>

namespace csp {

/// The logger every part of the framework writes to (name "csp", to stderr, level off by default).
spdlog::logger& log();
/// Sets the level from "off", "error", "warn", "info", "debug" or "trace"; throws std::invalid_argument.
void set_log_level(std::string_view level);

}  // namespace csp
