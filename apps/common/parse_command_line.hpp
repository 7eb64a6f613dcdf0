// How every command (sudoku, csp, fzn-csp, sudoku-serve) parses its command line and reports a
// failed parse. A header of its own, apart from errors.hpp: it needs CLI11's full types, and CLI11
// costs seconds of compile time in every file that includes it, so only the main.cpp files (which
// build a command line anyway) include this one. Header-only for the same reason: a .cpp of its own
// would be one more file paying for CLI11.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "apps/common/errors.hpp"

namespace apps_common {
namespace detail {

/// After a failed parse of `app` (which requires a subcommand): the word given where a subcommand
/// was expected, when no subcommand was recognised ("frobnicate" in `sudoku frobnicate`); empty
/// otherwise. CLI11 reports this case only as "A subcommand is required" (a RequiredError) and
/// keeps the word among the unparsed arguments.
inline std::string unknown_command(const CLI::App& app) {
  if (app.get_require_subcommand_min() == 0 || !app.get_subcommands().empty()) return {};
  for (const std::string& arg : app.remaining())
    if (!arg.empty() && arg.front() != '-') return arg;
  return {};
}

}  // namespace detail

/// After a failed parse of `app`: prints "NAME: unknown command 'W' (see NAME --help)" when `app`
/// requires a subcommand and none was recognised, else "NAME: MESSAGE (see NAME --help)", and
/// returns exit_status::usage; --help (CLI::Success) is printed by CLI11 and returns 0.
inline int report_parse_error(const CLI::App& app, const std::string& name, const CLI::ParseError& e) {
  if (e.get_exit_code() == 0) return app.exit(e);  // --help
  if (const std::string word = detail::unknown_command(app); !word.empty())
    std::fprintf(stderr, "%s: unknown command '%s' (see %s --help)\n", name.c_str(), word.c_str(), name.c_str());
  else
    std::fprintf(stderr, "%s: %s (see %s --help)\n", name.c_str(), e.what(), name.c_str());
  return exit_status::usage;
}

/// Parses the command line with app.parse(args...): std::nullopt when it parsed, otherwise the
/// status to exit with, reported as report_parse_error says.
template <class... Args>
std::optional<int> parse_command_line(CLI::App& app, const std::string& name, Args&&... args) {
  try {
    app.parse(std::forward<Args>(args)...);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    return report_parse_error(app, name, e);
  }
}

}  // namespace apps_common
