// A clean stop on SIGINT/SIGTERM: the first signal only sets a flag that the work looks at (a
// search hands it to csp::Limits::interrupt, a reader stops reading, a server stops serving); a
// second one ends the process at once, for when the output itself is stuck.
#pragma once

#include <signal.h>  // struct sigaction (POSIX)

#include <atomic>

namespace apps_common {

/// Catches SIGINT and SIGTERM while it lives: the first one sets interrupt_flag(), then restores
/// the default action so that a second signal ends the process. A signal ignored at start-up
/// (nohup, the background jobs of a script) stays ignored unless `ignored` says catch: a server,
/// started in the background and stopped with kill -INT, catches it anyway. The previous handlers
/// come back on destruction. One at a time.
class Interrupt {
 public:
  enum class Ignored : bool { keep, catch_anyway };
  explicit Interrupt(Ignored ignored = Ignored::keep);
  ~Interrupt();
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};
/// Set once a caught SIGINT or SIGTERM arrived (never reset: the process is ending).
const std::atomic<bool>& interrupt_flag();
/// The signal caught (SIGINT or SIGTERM), 0 when none.
int interrupt_signal();
/// The exit status for an interrupted run: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
int interrupted_status();

}  // namespace apps_common
