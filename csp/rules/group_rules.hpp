// Search rules for exact all-different groups: n cells that must take n given values, each once
// (a Sudoku row, column or box; a Latin-square line). Each rule is a deduction of the registry
// (csp/rules/techniques/technique.hpp) working on every group, selectable by name and composable
// into rule sets: its finder applied to a fixpoint by one propagator over all the groups, or its
// accelerator (the singles, and locked candidates, share one fast propagator). The rules and
// the named sets are read off the registry's rows (Technique::search), so a new row is a new rule.
// Every rule counts
// its firings and removals in Stats::counters under "<rule>" (firings) and "<rule>.removals".
//
// Requirement: the cells of the groups have one-word domains (at most 64 values) with one base;
// post_groups() throws std::invalid_argument otherwise.
#pragma once

#include <string>
#include <cstdint>
#include <string_view>
#include <vector>

#include "csp/kernel/model.hpp"

namespace csp {

/// An exact all-different group: its cells take the group's values, each exactly once.
struct Group {
  std::string name;        ///< e.g. "row 3", "box 5" (used in explanations)
  std::vector<Var> cells;  ///< as many cells as values
};

/// A search rule: a deduction of the registry (csp/rules/techniques/technique.hpp) posted as a
/// propagator, or a set of them posted together as one rule (locked-candidates: pointing and
/// claiming; Technique::by_set). A handle on the registry, which is the only list of rules: names,
/// aliases, ideas and the named sets come from its rows; rule() finds one by name.
struct Rule {
  std::uint8_t row = 0;  ///< the index in techniques::catalogue() of its deduction (a set's first)
  bool operator==(const Rule&) const = default;
};
using RuleSet = std::vector<Rule>;

/// The rule of that name or alias (a rule, not a set such as "all"); throws std::invalid_argument
/// naming it when there is none, like parse_rules().
Rule rule(std::string_view name);
/// The canonical name: the registry name of the rule's deduction ("naked-pair", "x-chain", ...), or
/// of its set ("locked-candidates").
std::string_view rule_name(Rule r);
/// The group rules (Search::all: naked-single .. locked-candidates) as listed: what "all" means.
const RuleSet& all_rules();
/// The technique rules (Search::techniques: hidden-triple .. x-chain, then any newer) as listed:
/// what "techniques" means.
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
/// Every name parse_rules() accepts: the sets, then each rule in listing order (Technique::listed).
const std::vector<RuleName>& rule_names();

/// Posts the propagators of each rule in `rules`; without the singles (which reject a value fixed
/// twice in a group), also an all-different at `check` strength on every group, so that any rule
/// set, even none, is sound.
void post_groups(Model& model, const std::vector<Group>& groups, const RuleSet& rules);

}  // namespace csp
