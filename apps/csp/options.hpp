// What every csp subcommand shares: the search settings (their options are added in
// command_line.cpp), the exit statuses, the errors that end a command, and the --stats summary.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "apps/common/line_reader.hpp"
#include "apps/common/search_options.hpp"
#include "apps/common/search_progress.hpp"
#include "apps/common/errors.hpp"

#include "csp/constraints/all_different.hpp"
#include "csp/search/settings.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/search/solver.hpp"

namespace csp_app {

/// Exit statuses of every subcommand.
enum Exit : int {
  ok = 0,        ///< the question was answered (including "unsatisfiable" and "infeasible")
  failed = apps_common::exit_status::input,  ///< bad input, or some answer was cut short by a limit or is unsolvable/invalid (latin)
  usage = apps_common::exit_status::usage,   ///< bad command line
  internal = apps_common::exit_status::internal,  ///< the solver produced an answer the independent check rejects (a bug)
};

/// Bad content in an input (a file, an equation): the message names where; exit 1.
using apps_common::InputError;
/// A mistake in how the command was called; exit 2.
using apps_common::UsageError;
/// An answer failed its independent check; exit 3 (as any other error out of a subcommand).
struct InternalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The library's search settings (csp/search/settings.hpp, the same names and meanings as the sudoku
/// command's; a bad name is a UsageError, apps/common/search_options.hpp), and --stats.
struct SearchConfig : apps_common::SearchSettings {
  bool stats = false;
  /// --split N: print at least N part lines and exit (0: not asked); parts.hpp.
  std::size_t split = 0;
  /// --part LINE: the path of the one part to solve ("": the whole search); parts.hpp.
  std::string part;

  /// True when --split or --part was given.
  bool parted() const { return split > 0 || !part.empty(); }
  unsigned threads = 1;  ///< --threads: threads searching one instance together

  /// The options for csp::Solver, on one thread; an order the library does not know (dsatur) is
  /// left at mrv for the command to replace; a progress line on standard error when it is a
  /// terminal (apps/common/search_progress.hpp: clear it before printing). Throws UsageError on a
  /// bad name.
  csp::SearchOptions search_options() const;
  /// The same on --threads threads, each after the first over its own model from `worker_model`
  /// (which must build the command's model again, exactly).
  csp::SearchOptions search_options(std::function<csp::Model()> worker_model) const;
};

/// Seconds as a limit: clamped to a century, and never rounded down to 0 ("none").
std::chrono::nanoseconds nanoseconds_of(double seconds);

/// The all-different strength --strength names (command_line.cpp adds the option); throws
/// UsageError on a bad name.
csp::AllDifferentStrength strength_of(const std::string& name);

/// Prints "name: value" lines on stderr: the given extras, then nodes, failures, propagations, seconds.
void print_stats(const csp::Stats& s, const std::vector<std::pair<std::string, std::string>>& extras = {});

/// The lines of a file ("-": standard input), without their newlines; throws InputError when it cannot be read.
using apps_common::read_lines;

}  // namespace csp_app
