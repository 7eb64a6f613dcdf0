// The settings shared by the sudoku subcommands (their options are added in command_line.cpp), the
// exit statuses, and the errors that end a command.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/common/errors.hpp"
#include "apps/common/search_options.hpp"

#include "csp/search/settings.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/search/solver.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sudoku_app {

/// A mistake in how the command was called (a bad option value): exit status 2. A missing or
/// unreadable file is bad input (apps_common::InputError): exit status 1.
using apps_common::UsageError;

/// Exit statuses of every subcommand.
enum Exit : int {
  ok = 0,          ///< every puzzle was handled (solved, counted, generated)
  not_all = 1,     ///< some puzzle was unsolvable, invalid or stopped by a limit; or an input file missing or unreadable
  usage = apps_common::exit_status::usage,        ///< bad command line, failed write
  internal = apps_common::exit_status::internal,  ///< the solver produced a wrong answer (a bug): never printed
};

/// How each puzzle is searched: the library's search settings (csp/search/settings.hpp; a bad name is a
/// UsageError, apps/common/search_options.hpp) with Sudoku's defaults, the fastest configuration
/// measured so far.
struct SearchConfig : apps_common::SearchSettings {
  SearchConfig() {
    order = problems::sudoku::kDefaultOrder;
    rules = problems::sudoku::kDefaultRules;
  }
};

/// More worker threads than this are not started (see BatchConfig::thread_count).
constexpr unsigned kMaxThreads = 256;

/// Input files, threads and output shape of the commands that read puzzle lines.
struct BatchConfig {
  std::vector<std::string> files;  ///< empty or "-": standard input
  unsigned threads = 0;            ///< 0: one per hardware thread; at most kMaxThreads are used
  bool stats = false;
  bool summary = false;  ///< one summary line on standard error (what `make run` shows)
  std::string format = "line";

  unsigned thread_count() const;
};

}  // namespace sudoku_app
