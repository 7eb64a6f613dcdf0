// Explanations: a solving log in plain words, one step per line, from a csp::Tracer.
//
// The engine reports each removal with the propagator that made it; consecutive removals by the
// same propagator are one run of one rule on one group, and become one step:
//   hidden-single in box 5: r3c5 = 7
//   naked-pair in row 2: removed 3,8 from r2c1, r2c7
// A propagator that covers many groups names each step itself through Tracer::reason(), which
// then replaces the description worked out from the propagator's name and scope.
// Search shows as `guess: r1c2 = 4 (depth 1)` and `backtrack: r1c2 != 4`, a failed propagation
// as `contradiction: <rule> in <group>`.
//
// To say `r3c5 = 7` rather than listing the removed values, the tracer keeps its own copy of the
// domains, replaying every removal. Search restores state by copying (never by undoing), so the
// copy is snapshotted at each decision and restored on the matching refutation, mirroring the
// solver's frames.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "csp/kernel/trace.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace problems::sudoku {

/// Receives one finished log line (without '\n').
using LineSink = std::function<void(std::string_view)>;

class ExplainTracer final : public csp::Tracer {
 public:
  /// `like` gives the alphabet (lower-case letters or not) for values in the log.
  ExplainTracer(const SudokuModel& model, const Puzzle& like, LineSink sink);

  /// Call before each search with the domains it starts from.
  void reset(const csp::Domains& start);
  /// Writes out the step being gathered, if any (the search calls end steps; call this after it).
  void flush();

  void removed(csp::PropagatorId by, csp::Var v, csp::Value x) override;
  void reason(csp::PropagatorId by, std::string_view why) override;
  void failed(csp::PropagatorId by) override;
  void decided(csp::Var v, csp::Value x, std::uint64_t depth) override;
  void refuted(csp::Var v, csp::Value x, std::uint64_t depth) override;
  void solution() override;

  /// Steps written so far (removal steps, guesses, backtracks, contradictions).
  std::uint64_t steps() const { return steps_; }
  /// Decisions the search made.
  std::uint64_t guesses() const { return guesses_; }

 private:
  struct Change {
    csp::Var var;
    std::vector<csp::Value> removed;
  };
  // "hidden-single in box 5" for a propagator, worked out once per propagator from its name.
  const std::string& describe(csp::PropagatorId id);
  std::string value_name(csp::Value x) const;
  void emit(std::string line);

  const SudokuModel& model_;
  bool lowercase_;
  LineSink sink_;
  csp::Domains shadow_;                  // the search's current domains, replayed
  std::vector<csp::Domains> snapshots_;  // by depth: the node's domains when its decision was made
  std::vector<std::string> descriptions_;
  csp::PropagatorId step_by_ = -2;  // the propagator of the step being gathered (-2: none)
  // The last reason a propagator gave (a propagator over many groups names the rule and group
  // itself); it describes that propagator's removals until another propagator or the search acts.
  csp::PropagatorId reason_by_ = -2;
  std::string reason_;
  std::vector<Change> step_;
  std::uint64_t steps_ = 0;
  std::uint64_t guesses_ = 0;
};

/// Turns a propagator name into "rule in group": "hidden-single(box 5)" and "hidden-single: box 5"
/// become "hidden-single in box 5"; a name already in that form, or of another shape, is kept.
std::string describe_propagator(std::string_view name);

/// The outcome of explaining one puzzle.
struct Explanation {
  csp::SearchResult result;
  std::vector<int> solution;  ///< cell values when solved (checked with is_valid_solution)
};

/// Solves `p` with a fresh model using `rules`, writing the steps to `sink` (the options' tracer
/// is replaced by the explainer). Does not write the solution line: the caller formats it.
Explanation explain(const Puzzle& p, const csp::RuleSet& rules, csp::SearchOptions options, const LineSink& sink);

}  // namespace problems::sudoku
