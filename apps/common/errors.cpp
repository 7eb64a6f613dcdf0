#include "apps/common/errors.hpp"

namespace apps_common {
namespace {

/// After a failed parse of `app` (which requires a subcommand): the word given where a subcommand
/// was expected, when no subcommand was recognised ("frobnicate" in `sudoku frobnicate`); empty
/// otherwise. CLI11 reports this case only as "A subcommand is required" (a RequiredError) and
/// keeps the word among the unparsed arguments.
std::string unknown_command(const CLI::App& app) {
  if (app.get_require_subcommand_min() == 0 || !app.get_subcommands().empty()) return {};
  for (const std::string& arg : app.remaining())
    if (!arg.empty() && arg.front() != '-') return arg;
  return {};
}

}  // namespace

int report_parse_error(const CLI::App& app, const std::string& name, const CLI::ParseError& e) {
  if (e.get_exit_code() == 0) return app.exit(e);  // --help
  if (const std::string word = unknown_command(app); !word.empty())
    std::fprintf(stderr, "%s: unknown command '%s' (see %s --help)\n", name.c_str(), word.c_str(), name.c_str());
  else
    std::fprintf(stderr, "%s: %s (see %s --help)\n", name.c_str(), e.what(), name.c_str());
  return exit_status::usage;
}

}  // namespace apps_common
