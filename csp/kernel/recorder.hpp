// Recorder: the engine's hook for learning search (csp/learning/), which must know every narrowing
// and who made it, and which propagates its learnt clauses between the propagators' runs.
//
// Set one with Engine::set_recorder(). With none set (every search but a learning one) the engine
// pays the same one test per write that a tracer costs. With one set, each write through Context
// is reported: a one-word variable's old and new word, a wider one's domain before (before()) and
// after (narrowed()). A write that empties its variable is not reported as a narrowing: it is a
// failure, and the failing propagator is the one to explain it.
#pragma once

#include <cstdint>

#include "csp/kernel/domains.hpp"

namespace csp {

class Context;
using PropagatorId = int;

class Recorder {
 public:
  virtual ~Recorder() = default;
  /// A one-word v went from `old` to `now` (not empty), narrowed by propagator `by` (-1: outside
  /// any propagator, by the recorder itself).
  virtual void narrowed_word(Var v, std::uint64_t old, std::uint64_t now, PropagatorId by) = 0;
  /// A wider v is about to be written: remember what it holds.
  virtual void before(const Domains& d, Var v) = 0;
  /// The wider v of the last before() was narrowed by `by` (it may be unchanged, or empty: ignore).
  virtual void narrowed(const Domains& d, Var v, PropagatorId by) = 0;
  /// True when the recorder has work of its own (clauses to propagate) since it last ran.
  virtual bool pending() const = 0;
  /// Runs that work when the propagators' queue is empty, writing through ctx; false on a conflict.
  virtual bool propagate(Context& ctx) = 0;
};

}  // namespace csp
