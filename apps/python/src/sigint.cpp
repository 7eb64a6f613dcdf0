#include "sigint.hpp"

#include <Python.h>
#include <signal.h>

#include <mutex>

namespace fdcsp_py {
namespace {

// The flags a SIGINT sets: a fixed table of atomic pointers, which a signal handler may read.
constexpr int kSlots = 64;
std::atomic<std::atomic<bool>*> g_slots[kSlots];
// Handlers running now: a scope that leaves waits until none is, so that no handler still holds
// the pointer to its flag.
std::atomic<int> g_in_handler{0};

std::mutex g_install_lock;  // guards g_previous and the installing
struct sigaction g_previous {};
unsigned long g_main_thread = 0;

void on_sigint(int sig, siginfo_t* info, void* context) {
  g_in_handler.fetch_add(1);
  for (auto& slot : g_slots)
    if (std::atomic<bool>* flag = slot.load()) flag->store(true);
  g_in_handler.fetch_sub(1);
  // Then Python's own handler: it notes the signal for PyErr_CheckSignals.
  if ((g_previous.sa_flags & SA_SIGINFO) != 0) {
    if (g_previous.sa_sigaction != nullptr) g_previous.sa_sigaction(sig, info, context);
  } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN && g_previous.sa_handler != nullptr) {
    g_previous.sa_handler(sig);
  }
}

bool ours(const struct sigaction& a) { return (a.sa_flags & SA_SIGINFO) != 0 && a.sa_sigaction == on_sigint; }

}  // namespace

void note_main_thread(unsigned long ident) { g_main_thread = ident; }

SigintScope::SigintScope(std::atomic<bool>* flag) {
  if (PyThread_get_thread_ident() != g_main_thread) return;
  {
    // Ours is installed at the first search and left in front of Python's handler afterwards (with no
    // flag in the table it only passes the signal on), so that a search costs one query, not the four
    // system calls of installing and restoring (1.2 us, as much as solving an easy Sudoku). When
    // Python installs a handler again (signal.signal), ours is gone and the next search puts it back.
    std::lock_guard<std::mutex> hold(g_install_lock);
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) != 0) return;
    if (!ours(current)) {
      const bool function = (current.sa_flags & SA_SIGINFO) != 0 ||
                            (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
      if (!function) return;  // ignored or default: the user's choice stands
      struct sigaction mine {};
      mine.sa_sigaction = on_sigint;
      mine.sa_flags = (current.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;  // Python's SA_ONSTACK, say, kept
      mine.sa_mask = current.sa_mask;
      g_previous = current;
      if (sigaction(SIGINT, &mine, nullptr) != 0) return;
    }
  }
  for (int i = 0; i < kSlots; ++i) {
    std::atomic<bool>* expected = nullptr;
    if (g_slots[i].compare_exchange_strong(expected, flag)) {
      slot_ = i;
      break;
    }
  }
}

SigintScope::~SigintScope() {
  if (slot_ < 0) return;
  g_slots[slot_].store(nullptr);
  while (g_in_handler.load() != 0) {
  }
}

}  // namespace fdcsp_py
