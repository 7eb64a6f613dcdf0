// Rule modules for exact all-different groups: n cells that must take n given values, each once
// (a Sudoku row, column or box; a Latin-square line). Each rule works on every group (locked-
// candidates: on every pair of groups sharing two or more cells), selectable by name and
// composable into rule sets; the singles and locked candidates share one propagator over all the
// groups, the pattern rules are a propagator per group. Every rule counts its firings and
// removals in Stats::counters under the counter names "<rule>" (firings) and "<rule>.removals".
//
// Requirement: the cells of a group have one-word domains with the same base (at most 64 values);
// post_groups() throws std::invalid_argument otherwise.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "csp/model.hpp"

namespace csp {

/// An exact all-different group: its cells take the group's values, each exactly once.
struct Group {
  std::string name;        ///< e.g. "row 3", "box 5" (used in explanations)
  std::vector<Var> cells;  ///< as many cells as values
};

enum class Rule : std::uint8_t {
  naked_single,       ///< a cell left with one candidate removes it from its peers in the group
  hidden_single,      ///< a value with one place left in a group is placed there
  naked_twins,        ///< two cells with the same two candidates remove both from the rest (naked pairs)
  hidden_pairs,       ///< two values with the same two places left: those cells keep only them
  naked_triples,      ///< three cells whose candidates together are three values remove them from the rest
  locked_candidates,  ///< a value confined to the intersection of two groups leaves the rest of both
  // Technique propagators (csp/rules/techniques/): one propagator over all the groups, applying the
  // technique's step finder until it finds nothing. Not part of "all" (see parse_rules).
  hidden_triples,     ///< three values confined to three cells of a group: those cells keep only them
  naked_quads,        ///< four cells whose candidates together are four values remove them from the rest
  hidden_quads,       ///< four values confined to four cells of a group: those cells keep only them
  x_wing,             ///< fish of size 2 over two crossing families of groups (rows and columns)
  swordfish,          ///< fish of size 3
  jellyfish,          ///< fish of size 4
  xy_wing,            ///< pivot xy, pincers xz and yz: z leaves the cells seeing both pincers
  xyz_wing,           ///< pivot xyz, pincers xz and yz: z leaves the cells seeing all three
  simple_colouring,   ///< chains of conjugate pairs on one value, two colours: wrap and trap
  x_chains,           ///< alternating strong/weak chains on one value: cells seeing both ends lose it
};
using RuleSet = std::vector<Rule>;

/// "naked-single", "hidden-single", "naked-twins", "hidden-pairs", "naked-triples", "locked-candidates",
/// "hidden-triples", "naked-quads", "hidden-quads", "x-wing", "swordfish", "jellyfish", "xy-wing",
/// "xyz-wing", "simple-colouring", "x-chains".
std::string_view rule_name(Rule r);
/// The six group rules (naked-single .. locked-candidates), simplest first: what "all" means.
const RuleSet& all_rules();
/// The technique propagators (hidden-triples .. x-chains), simplest first: what "techniques" means.
const RuleSet& technique_rules();
/// "none", "all", "techniques", "every" (all, then techniques), or a comma-separated list of those
/// and rule names; throws std::invalid_argument naming the bad one.
RuleSet parse_rules(std::string_view list);
/// The comma-separated names ("none" when empty).
std::string to_string(const RuleSet& rules);

/// Posts the propagators of each rule in `rules`; without the singles (which reject a value fixed
/// twice in a group), also an all-different at `check` strength on every group, so that any rule
/// set, even none, is sound.
void post_groups(Model& model, const std::vector<Group>& groups, const RuleSet& rules);

}  // namespace csp
