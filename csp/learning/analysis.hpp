// Conflict analysis: from a conflict to the clause that search learns, as in lazy clause generation.
//
// The conflict is a set of facts that cannot all hold. Each fact is traced to the event that first
// made it true. Events of the conflict's level are replaced by their explanations, newest first,
// until one is left: the first unique implication point. The learnt clause says that its fact and
// the remaining facts of lower levels cannot hold together: the negation of each. Facts are kept
// as weak as the conflict needs ([x >= 3] where the event said [x >= 5]), so the clause is as
// strong as it can be. A literal is then dropped when the others imply its fact through its
// explanation (local minimisation). The search backjumps to the highest level among the remaining
// literals, where the clause makes the negated implication point true.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/learning/clauses.hpp"
#include "csp/learning/trail.hpp"

namespace csp::learning {

/// A learnt clause: lits[0] is the asserting literal, lits[1] (if any) has the backjump level.
struct Learnt {
  std::vector<Lit> lits;
  std::uint32_t level = 0;  ///< the level to backjump to
  std::uint32_t lbd = 0;    ///< distinct decision levels among the literals
};

class ConflictAnalysis {
 public:
  explicit ConflictAnalysis(const Model& model) : model_(model) {}

  /// Analyses `conflict` (facts true on the trail that cannot hold together). False when it holds
  /// at level 0: the search space is empty. Bumps the clauses it resolves with; `touched` gets
  /// the variables of every event the analysis visited (for activity-based branching).
  bool analyse(const std::vector<Lit>& conflict, const Trail& trail, ClauseDatabase& clauses, Learnt& out,
               std::vector<Var>& touched);

 private:
  void add(Lit fact, std::int32_t found, const Trail& trail);
  bool redundant(std::uint32_t e, const Trail& trail, const ClauseDatabase& clauses);

  const Model& model_;
  std::uint32_t level_ = 0;          // the conflict's level
  std::uint32_t pending_ = 0;
  std::uint32_t shared_write_ = 0;   // the write whose scope explanation was added last (UINT32_MAX: none)
  std::uint32_t expanding_ = 0;      // the event whose explanation is being added (the trail's size: the conflict's)        // events of that level seen and not yet expanded
  std::vector<std::uint8_t> seen_;   // per trail event: 1 seen (at the conflict level), 2 in the clause
  std::vector<Lit> need_;            // per seen event: the weakest fact needed of it
  std::vector<std::uint32_t> visited_;  // seen events, to clear seen_ afterwards
  std::vector<std::uint32_t> lower_;    // seen events of lower levels (the clause's other literals)
  std::vector<Lit> facts_;              // scratch: an explanation
  std::vector<std::pair<Lit, std::int32_t>> traced_;  // scratch: the conflict's facts and their events
};

}  // namespace csp::learning
