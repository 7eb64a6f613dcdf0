// Ctrl-C during a search run from Python. While C++ searches, the main thread runs no Python code,
// so Python's own SIGINT handler only notes the signal. From the first SigintScope on (in the main
// thread, while Python's handler is installed), a handler of ours stands in front of Python's: for as
// long as a scope lives it sets the search's stop flag (csp::Limits::interrupt), so the search ends
// at its next node, and it always calls Python's handler, which notes the signal as usual. It stays
// installed between searches (passing the signal on, nothing else), until Python installs one again. Once the search is back the caller
// runs PyErr_CheckSignals() with the GIL: KeyboardInterrupt (or whatever the Python handler does).
// Searches in other threads are not stopped: Python delivers KeyboardInterrupt to the main thread
// only. A SIGINT set to SIG_IGN or SIG_DFL is left alone.
#pragma once

#include <atomic>

namespace fdcsp_py {

/// Remembers which thread is the main one (threading.main_thread().ident; once, at import).
void note_main_thread(unsigned long ident);

class SigintScope {
 public:
  /// From now on a SIGINT sets *flag (in the main thread; elsewhere this does nothing). The flag
  /// must outlive the scope.
  explicit SigintScope(std::atomic<bool>* flag);
  ~SigintScope();
  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;

 private:
  int slot_ = -1;  // our place in the table the handler reads (-1: not registered)
};

}  // namespace fdcsp_py
