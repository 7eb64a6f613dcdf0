// Internals shared by the rule modules of csp/rules/ (csp/rules/detail/: not part of the public API,
// not installed; include csp/rules/group_rules.hpp and call post_groups()).
//
// A rule reads a group's domains as one 64-bit word per cell (bit i = value base + i), read
// straight from Domains::words() at the places the structure indexed. Nothing is allocated while
// propagating.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/techniques/technique.hpp"

namespace csp::rules_detail {

/// A group holds at most one word of values, so at most 64 cells.
inline constexpr std::size_t kMaxCells = 64;

/// A group as the accelerators read it (from the validated techniques::Structure).
struct Shape {
  std::uint64_t values = 0;  ///< the group's n values, as bits relative to `base`
  Value base = 0;            ///< the base shared by every cell of the group
  /// Where each cell's word lives in Domains::words(), in group order: reading the words straight
  /// from there skips the layout look-up of Domains::bits() on the hot path.
  std::array<std::uint32_t, kMaxCells> word{};
};

/// The two counters of one rule: its firings and the candidates it removed.
struct Counters {
  CounterId fired = 0;
  CounterId removed = 0;
};

/// True when the word holds exactly one candidate.
constexpr bool single(std::uint64_t w) { return w != 0 && (w & (w - 1)) == 0; }

/// The shape of each group of a validated structure, in group order.
std::vector<Shape> shapes_of(const techniques::Structure& st);

/// Which propagator post_groups() posts for naked and hidden singles together on a grid the band
/// accelerator takes (band_singles.cpp): `bands` that one, `singles` the singles propagator.
enum class Accelerator { singles, bands };
/// The accelerator the public post_groups() asks for: `bands` when built with CSP_BAND_ACCELERATOR
/// (CMake option of that name), else `singles`, as long as the band accelerator is not the faster.
Accelerator default_accelerator();
/// csp::post_groups() with the accelerator of the singles given (the tests hold both to the same
/// closure, whichever is the default).
void post_groups(Model& model, const std::vector<Group>& groups, const RuleSet& rules, Accelerator accelerator);

// One factory per rule; each lives in the rule's own .cpp file.
/// Naked and/or hidden singles on every group at once (one propagator; see singles.cpp), hosting
/// locked candidates on `locked_pairs` when there are any (indices into `groups`, each pair sharing
/// two or more cells).
std::unique_ptr<Propagator> make_singles(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                         bool naked, bool hidden, Counters naked_counters, Counters hidden_counters,
                                         const std::vector<std::pair<std::size_t, std::size_t>>& locked_pairs,
                                         Counters locked_counters);
/// Whether make_singles' value boards count in SSE2 registers: true where the processor has them,
/// false in a build with CSP_NO_SIMD (the plain loops). For the test that the plain loops are the
/// ones linked into the rule tests without SIMD (tests/CMakeLists.txt).
bool singles_count_with_simd();
/// The same rules (naked and hidden singles, with locked candidates when `locked`) on value-major
/// band words (see band_singles.cpp), when the groups are the rows, columns and boxes of a Sudoku
/// (h * n <= 64) or the rows and columns of a Latin square, their cells in row-major order of
/// first appearance; nullptr when they are not. `traced()` makes the propagator that runs with a
/// tracer in its place (make_singles on the same groups), so that traced runs do not change.
std::unique_ptr<Propagator> make_band_singles(Model& model, const std::vector<Group>& groups,
                                              const std::vector<Shape>& shapes, bool locked, Counters naked_counters,
                                              Counters hidden_counters, Counters locked_counters,
                                              const std::function<std::unique_ptr<Propagator>()>& traced);
/// Locked candidates on every listed pair of groups (indices into `groups`), each pair sharing at
/// least two cells and so the same base, without the singles (one propagator; see
/// locked_candidates.cpp).
std::unique_ptr<Propagator> make_locked_candidates(Model& model, const std::vector<Group>& groups,
                                                   const std::vector<Shape>& shapes,
                                                   const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                                   Counters c);
/// A rule as its finder applied to a fixpoint by one propagator over the structure's groups (see
/// techniques/propagator.cpp); on a structure of one group, named "<rule> in <group>".
std::unique_ptr<Propagator> make_technique_rule(Rule rule, std::shared_ptr<const techniques::Structure> structure,
                                                Counters c);

}  // namespace csp::rules_detail
