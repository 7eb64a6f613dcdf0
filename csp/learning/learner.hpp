// Learner: what a learning search adds to the propagation engine. It is the engine's Recorder: it
// records every narrowing on the trail with its cause, and propagates the clause database between
// the propagators' runs. The search posts its decisions and asserted literals through post(), and
// asks it, on a conflict, for the clause to learn.
#pragma once

#include <cstdint>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/kernel/recorder.hpp"
#include "csp/learning/analysis.hpp"
#include "csp/learning/clauses.hpp"
#include "csp/learning/trail.hpp"

namespace csp::learning {

class Learner final : public Recorder {
 public:
  explicit Learner(const Model& model);

  /// Forgets the trail and every clause: a new search from `start`.
  void clear(const Domains& start);
  Trail& trail() { return trail_; }
  const Trail& trail() const { return trail_; }
  ClauseDatabase& clauses() { return clauses_; }
  const ClauseDatabase& clauses() const { return clauses_; }

  /// Makes `l` true in d, outside the engine (a decision, or an asserted literal), recording its
  /// events with `cause`. False when it empties the variable. The caller then propagates.
  bool post(Domains& d, Lit l, Cause cause);
  /// Goes back to `level`: trail and clause queue (the caller restores the domains).
  void backtrack(std::uint32_t level) {
    trail_.backtrack(level);
    clauses_.backtracked(trail_.size());
  }
  /// The conflict of the last failed propagation: the engine's failed propagator `failed`, or
  /// (kNoPropagator) the clause found false. False when it holds at level 0.
  bool analyse(PropagatorId failed, Learnt& out, std::vector<Var>& touched);

  // Recorder
  void narrowed_word(Var v, std::uint64_t old, std::uint64_t now, PropagatorId by) override {
    trail_.record_word(model_.initial_domains(), v, old, now, cause_of(by));
  }
  void before(const Domains& d, Var v) override { trail_.before(d, v); }
  void narrowed(const Domains& d, Var v, PropagatorId by) override { trail_.record_wide(d, v, cause_of(by)); }
  bool pending() const override { return clauses_.pending(trail_); }
  bool propagate(Context& ctx) override;

 private:
  Cause cause_of(PropagatorId by) const {
    return by >= 0 ? Cause{Cause::Kind::propagator, static_cast<std::uint32_t>(by)} : cause_;
  }

  const Model& model_;
  Trail trail_;
  ClauseDatabase clauses_;
  ConflictAnalysis analysis_;
  Cause cause_;  // the cause of writes made outside any propagator
  std::vector<Lit> conflict_;  // scratch: the facts of a conflict
};

}  // namespace csp::learning
