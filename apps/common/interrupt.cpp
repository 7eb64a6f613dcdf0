#include "apps/common/interrupt.hpp"

namespace apps_common {
namespace {

// Only lock-free atomics may be touched in a signal handler.
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_interrupted.store(true);
}

// Installs the handler unless the signal was ignored when we started (and `keep_ignored`): `nohup`
// and the background jobs of a non-interactive shell ignore SIGINT on purpose, and a program that
// works through its input should keep it so.
void install(int sig, struct sigaction& old, bool keep_ignored) {
  if (sigaction(sig, nullptr, &old) != 0 || (keep_ignored && old.sa_handler == SIG_IGN)) return;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  // SA_RESTART: a write or read under way is resumed, not failed with EINTR (reads that could
  // wait forever are polled with a timeout instead, see LineReader::fill). SA_RESETHAND: the
  // handler runs once, so a second signal ends the process at once.
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(sig, &sa, nullptr);
}

}  // namespace

Interrupt::Interrupt(Ignored ignored) {
  install(SIGINT, old_int_, ignored == Ignored::keep);
  install(SIGTERM, old_term_, ignored == Ignored::keep);
}

Interrupt::~Interrupt() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }
int interrupt_signal() { return g_signal.load(); }
int interrupted_status() { return 128 + interrupt_signal(); }
}  // namespace apps_common
