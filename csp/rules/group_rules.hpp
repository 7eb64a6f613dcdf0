// Search rules for exact all-different groups: n cells that must take n given values, each once
// (a Sudoku row, column or box; a Latin-square line). Each rule is a deduction of the registry
// (csp/rules/techniques/technique.hpp) working on every group, selectable by name and composable
// into rule sets: its finder applied to a fixpoint by one propagator over all the groups, or its
// accelerator (the singles, and locked candidates, share one fast propagator). Every rule counts
// its firings and removals in Stats::counters under "<rule>" (firings) and "<rule>.removals".
//
// Requirement: the cells of the groups have one-word domains (at most 64 values) with one base;
// post_groups() throws std::invalid_argument otherwise.
#pragma once

#include <string>
#include <cstdint>
#include <string_view>
#include <vector>

#include "csp/model.hpp"

namespace csp {

/// An exact all-different group: its cells take the group's values, each exactly once.
struct Group {
  std::string name;        ///< e.g. "row 3", "box 5" (used in explanations)
  std::vector<Var> cells;  ///< as many cells as values
};

/// A search rule: a deduction of the registry (csp/rules/techniques/technique.hpp) posted as a
/// propagator, or for locked_candidates the set of two (pointing, claiming). Names, aliases and
/// ideas come from the registry.
enum class Rule : std::uint8_t {
  naked_single,       ///< a cell left with one candidate removes it from its peers in the group
  hidden_single,      ///< a value with one place left in a group is placed there
  naked_pair,         ///< two cells with the same two candidates remove both from the rest
  hidden_pair,        ///< two values with the same two places left: those cells keep only them
  naked_triple,       ///< three cells whose candidates together are three values remove them from the rest
  locked_candidates,  ///< a value confined to the intersection of two groups leaves the rest of both
  // The technique rules: not part of "all" (see parse_rules).
  hidden_triple,      ///< three values confined to three cells of a group: those cells keep only them
  naked_quad,         ///< four cells whose candidates together are four values remove them from the rest
  hidden_quad,        ///< four values confined to four cells of a group: those cells keep only them
  x_wing,             ///< fish of size 2 over two crossing families of groups (rows and columns)
  swordfish,          ///< fish of size 3
  jellyfish,          ///< fish of size 4
  xy_wing,            ///< pivot xy, pincers xz and yz: z leaves the cells seeing both pincers
  xyz_wing,           ///< pivot xyz, pincers xz and yz: z leaves the cells seeing all three
  simple_colouring,   ///< chains of conjugate pairs on one value, two colours: wrap and trap
  x_chain,            ///< alternating strong/weak chains on one value: cells seeing both ends lose it
};
using RuleSet = std::vector<Rule>;

/// The canonical name: the registry name of the rule's deduction ("naked-pair", "x-chain", ...), or
/// of its set ("locked-candidates").
std::string_view rule_name(Rule r);
/// The six group rules (naked-single .. locked-candidates), simplest first: what "all" means.
const RuleSet& all_rules();
/// The technique rules (hidden-triple .. x-chain), simplest first: what "techniques" means.
const RuleSet& technique_rules();
/// A comma-separated list of rule names, their aliases (the older plural names: "naked-twins",
/// "hidden-pairs", "naked-triples", "hidden-triples", "naked-quads", "hidden-quads", "x-chains")
/// and the sets "none", "all", "techniques", "every" (all, then techniques) and "singles"
/// (naked-single, hidden-single); throws std::invalid_argument naming the bad one.
RuleSet parse_rules(std::string_view list);
/// The comma-separated canonical names ("none" when empty).
std::string to_string(const RuleSet& rules);

/// A name parse_rules() accepts, for option lists and help texts.
struct RuleName {
  std::string_view name;                  ///< canonical
  std::vector<std::string_view> aliases;  ///< older names accepted too
  std::string idea;                       ///< one sentence (a set: what it stands for)
  bool set = false;                       ///< names several rules (none, all, techniques, every, singles)
};
/// Every name parse_rules() accepts: the sets, then each rule in enum order.
const std::vector<RuleName>& rule_names();

/// Posts the propagators of each rule in `rules`; without the singles (which reject a value fixed
/// twice in a group), also an all-different at `check` strength on every group, so that any rule
/// set, even none, is sound.
void post_groups(Model& model, const std::vector<Group>& groups, const RuleSet& rules);

}  // namespace csp
