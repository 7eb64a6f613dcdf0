// Statistics: what one search did, counted by the engine and the search as they go.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace csp {

struct Stats {
  std::uint64_t nodes = 0;         ///< search decisions tried: each value assigned to a chosen variable
  std::uint64_t failures = 0;      ///< decisions (and refutations) whose propagation or check failed
  std::uint64_t solutions = 0;     ///< solutions reached (each checked against every constraint)
  std::uint64_t propagations = 0;  ///< propagator runs (and constraint checks under inference none)
  std::uint64_t removals = 0;      ///< candidate values removed by propagation (decisions excluded)
  std::uint64_t max_depth = 0;     ///< deepest decision level reached
  std::uint64_t restarts = 0;      ///< times the search went back to the root (SearchOptions::restarts)
  // Learning search only (Inference::learn): every failure is a conflict, analysed into a clause.
  std::uint64_t learnt = 0;            ///< clauses learnt (units included)
  std::uint64_t learnt_literals = 0;   ///< their literals, summed (over learnt: the mean length)
  std::uint64_t backjumped = 0;        ///< decision levels undone by backjumps, one per learnt clause, summed
                                       ///< (over learnt: the mean; not over failures, which under the
                                       ///< portfolio count MAC's too)
  std::uint64_t clauses_deleted = 0;   ///< learnt clauses the database deleted to stay within its limit
  std::uint64_t turns = 0;  ///< Inference::portfolio: the turns learning and MAC took (0: no portfolio)
  std::chrono::nanoseconds elapsed{0};  ///< wall-clock time of the search, set-up included
  /// Named counters registered by propagators (a rule's firings and removals, say), by CounterId;
  /// their names are Model::counter_names().
  std::vector<std::uint64_t> counters;

  /// Adds another run's figures to these (elapsed and counters summed, max_depth maximised).
  Stats& operator+=(const Stats& other);
  double seconds() const { return std::chrono::duration<double>(elapsed).count(); }
  /// The mean length of the clauses learnt (0 when none was).
  double mean_learnt_length() const { return per_learnt(learnt_literals); }
  /// The mean levels a backjump undid (one backjump per clause learnt; 0 when none was).
  double mean_backjump() const { return per_learnt(backjumped); }

 private:
  double per_learnt(std::uint64_t sum) const {
    return learnt != 0 ? static_cast<double>(sum) / static_cast<double>(learnt) : 0.0;
  }
};

}  // namespace csp
