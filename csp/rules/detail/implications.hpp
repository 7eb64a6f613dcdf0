// Internal to the rules library (csp/rules/detail/: not part of the public API, not installed).
// What follows from assuming one candidate true or false: the engine of forcing chains and nets
// (forcing_search.cpp). It copies a position's candidates and propagates an assumption with the
// simplest deductions, each of which only ever removes what no solution extending the assumption
// can hold:
//   - a cell reduced to one value takes it: the value leaves the cell's peers (naked single);
//   - a value with one place left in a group goes there (hidden single);
//   - nets only: a value whose places in a group all lie in another group leaves the rest of that
//     other group (locked candidates).
// A cell without candidates or a group value without a place is a contradiction: the assumption is
// false.
//
// Three reaches (Spread):
//   chains: an inference has ONE premise, as along a chain of strong and weak links: a cell passes
//     its value on only when it was bivalue in the position (or is the assumed cell), a group
//     places a value only when it had exactly two places for it in the position;
//   nets: every single and locked candidate over the current candidates (an inference may need
//     several premises: the chains branch and join);
//   nested: nets, and within each branch a forcing net of its own: a candidate whose assumption
//     (as a net, on the branch's candidates) contradicts leaves the branch. Trial and error of
//     depth two, what the hardest puzzles need (Sudoku Explainer's nested forcing chains).
// All are sound for the same reason: each step removes only values the assumption excludes.
//
// The engine keeps its arrays between calls (a finder reuses one engine per thread), so repeated
// assumptions allocate nothing once they have grown.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "csp/rules/techniques/technique.hpp"

namespace csp::techniques::detail {

enum class Spread : std::uint8_t { chains, nets, nested };

class Implications {
 public:
  /// Reads the position: copies its candidates and propagates the cells already fixed (with the
  /// same reach). Returns false when the position itself contradicts (then assume() is meaningless).
  bool start(const Position& p, Spread spread);
  /// The same from candidates given per cell (as Position::cands()).
  bool start(const Structure& st, std::span<const std::uint64_t> cands, Spread spread);
  /// Assumes that cell c holds value `bit` (holds = true) or does not (false), from the started
  /// position, and propagates. Returns false on a contradiction; else result() is what remains.
  bool assume(Cell c, std::uint64_t bit, bool holds);
  /// The candidates per cell after the last successful assume() (a subset of the position's).
  std::span<const std::uint64_t> result() const { return work_; }
  /// The assumptions propagated since start(), the nested ones included: the measure of the work
  /// (forcing_search.cpp bounds it).
  std::uint64_t assumptions() const { return assumptions_ + (inner_ ? inner_total_ : 0); }

 private:
  bool propagate();
  bool spread_singles(bool& changed);
  bool hidden_singles(bool& changed);
  void locked(bool& changed);
  bool nested_contradictions(bool& changed);
  void touched(Cell c);  // c's candidates changed: c and its groups need another look
  void pend(Cell c);     // c may pass its value on: spread_singles() looks at it

  const Structure* st_ = nullptr;
  Spread spread_ = Spread::nets;
  std::vector<std::uint64_t> base_, work_;
  std::vector<std::uint8_t> base_done_, done_;  // per cell: its single value already left its peers
  // Chains: per cell, its single value may pass on (bivalue in the position, the assumed cell, a
  // cell a bilocal value went to); per group, the values with two places in the position.
  std::vector<std::uint8_t> base_passes_, passes_;
  std::vector<std::uint64_t> bilocal_;
  // Per group: a cell of it changed since hidden_singles() last looked at it. assume() starts from
  // a closed position, so that only the groups its changes reach are scanned.
  std::vector<std::uint8_t> dirty_;
  // The cells spread_singles() has to look at (changed, or newly passing, since it last did).
  std::vector<Cell> pending_;
  std::vector<std::uint8_t> is_pending_;
  std::unique_ptr<Implications> inner_;  // nested: the nets within a branch
  std::uint64_t assumptions_ = 0, inner_total_ = 0;
};

}  // namespace csp::techniques::detail
