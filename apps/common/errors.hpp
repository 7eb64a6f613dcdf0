// What ends a command, and how every command (sudoku, csp, fzn-csp, sudoku-serve) reports it: the
// exit statuses they share, the errors their parts throw, and an error out of the command's run (a
// failed parse of the command line: parse_command_line.hpp, which keeps CLI11 out of this header).
#pragma once

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

namespace apps_common {

/// The exit statuses of the errors below; each command's own statuses (apps/<name>/) name them too,
/// and its --help says them (exit_status_help).
namespace exit_status {
/// bad input: a file missing or unreadable, bad content in one (1 also means "not every answer",
/// per command)
constexpr int input = 1;
constexpr int usage = 2;     ///< bad command line (an unknown option, a bad value)
constexpr int internal = 3;  ///< an answer failed its independent check, or another internal error (a bug)
}  // namespace exit_status

/// The exit statuses for a command's --help footer, the shared ones worded once: "Exit status: 0
/// <ok>, 1 bad input (a missing or unreadable file, bad content)<also_1>, 2 usage error (an unknown
/// option, a bad value)" and, when `checks` (the command re-checks its answers), "3 an answer
/// failed its independent check (a bug)".
inline std::string exit_status_help(const std::string& ok, const std::string& also_1 = "", bool checks = true) {
  return "Exit status: 0 " + ok + ", 1 bad input (a missing or unreadable file, bad content)" + also_1 +
         ", 2 usage error (an unknown option, a bad value)" +
         (checks ? ", 3 an answer failed its independent check (a bug)." : ".");
}

/// A mistake in how the command was called; the message names the option and what is wrong:
/// exit 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Bad input (a file missing, unreadable or with bad content, an equation): the message names
/// where; exit 1.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs the command, run() giving its exit status; an error out of it is printed after "NAME: "
/// and ends the command: InputError with exit_status::input, UsageError with exit_status::usage,
/// any other ("NAME: internal error: ...") with exit_status::internal.
template <class Run>
int run_command(const std::string& name, Run&& run) {
  try {
    return std::forward<Run>(run)();
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s: %s\n", name.c_str(), e.what());
    return exit_status::input;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s: %s\n", name.c_str(), e.what());
    return exit_status::usage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: internal error: %s\n", name.c_str(), e.what());
    return exit_status::internal;
  }
}

}  // namespace apps_common
