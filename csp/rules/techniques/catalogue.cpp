// The registry of deductions (names, aliases, ideas, finders, rules, accelerators) and the parsing
// of technique lists.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "csp/rules/techniques/finders.hpp"

namespace csp::techniques {

namespace {

constexpr std::string_view kSingles = "singles";
constexpr std::string_view kLocked = "locked-candidates";
constexpr std::string_view kSinglesPropagator = "singles (csp/rules/singles.cpp, on value boards)";
constexpr std::string_view kLockedPairs = "locked pairs (csp/rules/locked_pairs.hpp)";

}  // namespace

std::vector<std::string_view> comma_list(std::string_view list) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  };
  std::vector<std::string_view> out;
  for (;;) {
    const std::size_t comma = list.find(',');
    out.push_back(trim(list.substr(0, comma)));
    if (comma == std::string_view::npos) return out;
    list.remove_prefix(comma + 1);
  }
}

bool Technique::named(std::string_view n) const {
  if (n == name) return true;
  if (aliases.empty()) return false;
  const std::vector<std::string_view> names = comma_list(aliases);
  return std::find(names.begin(), names.end(), n) != names.end();
}

// The registry. A new deduction is its finder's file (declared in finders.hpp, beside the others:
// a function in another file has to be declared somewhere) and one row here, usually just name,
// aliases, idea and finder: the defaults make it a technique rule ("techniques", "every", --rules
// <name>) posted through its finder, listed after the existing rules. Order: simplest first.
const std::vector<Technique>& catalogue() {
  using namespace detail;
  constexpr Search kNone = Search::none, kGroup = Search::all, kTech = Search::techniques;
  static const std::vector<Technique> all = {
      {"full-house", "", "the last open cell of a group takes the group's missing value", find_full_house, kSingles,
       kNone, false, false, kSinglesPropagator},
      {"naked-single", "", "a cell with one candidate left takes it", find_naked_single, kSingles, kGroup, false, false,
       kSinglesPropagator, 1},
      {"hidden-single", "", "a value with one place left in a group goes there", find_hidden_single, kSingles, kGroup,
       false, false, kSinglesPropagator, 2},
      {"pointing", "", "a value confined to a line within a box leaves the rest of the line", find_pointing, kLocked,
       kGroup, false, true, kLockedPairs, 6},
      {"claiming", "", "a value confined to a box within a line leaves the rest of the box", find_claiming, kLocked,
       kGroup, false, true, kLockedPairs, 6},
      {"naked-pair", "naked-twins", "two cells of a group holding only the same two values take both: they leave the group",
       find_naked_pair, "", kGroup, true, false, "", 3},
      {"hidden-pair", "hidden-pairs", "two values with the same two places in a group: those cells keep only them",
       find_hidden_pair, "", kGroup, true, false, "", 4},
      {"naked-triple", "naked-triples", "three cells of a group holding only three values take them all",
       find_naked_triple, "", kGroup, true, false, "", 5},
      {"hidden-triple", "hidden-triples", "three values confined to three cells of a group: those cells keep only them",
       find_hidden_triple, "", kTech, true, false, "", 7},
      {"unique-rectangle-1", "ur-1", "three corners of a rectangle in two boxes hold only a,b: the fourth loses a,b (uniqueness)",
       find_unique_rectangle_1, "", kNone, false, false, "", 0, true},
      {"unique-rectangle-2", "ur-2",
       "a rectangle's floor holds only a,b and its roof a,b,c: c leaves the cells seeing both roof cells (uniqueness)",
       find_unique_rectangle_2, "", kNone, false, false, "", 0, true},
      {"unique-rectangle-3", "ur-3",
       "a rectangle's roof holds a,b and more: its other values form a naked subset with cells of a group it shares "
       "(uniqueness)",
       find_unique_rectangle_3, "", kNone, false, false, "", 0, true},
      {"unique-rectangle-4", "ur-4",
       "a rectangle's floor holds only a,b and a group of its roof has a only there: b leaves the roof (uniqueness)",
       find_unique_rectangle_4, "", kNone, false, false, "", 0, true},
      {"bug-plus-1", "bug+1", "all open cells bivalue but one: it takes the value with three places in its groups (uniqueness)",
       find_bug_plus_1, "", kNone, false, false, "", 0, true},
      {"naked-quad", "naked-quads", "four cells of a group holding only four values take them all", find_naked_quad, "",
       kTech, true, false, "", 8},
      {"turbot-fish", "", "two conjugate pairs of a value joined by a shared group: one outer end holds it",
       find_turbot_fish},
      {"empty-rectangle", "", "a box's value on one row and column, with a conjugate pair in a line crossing its row",
       find_empty_rectangle},
      {"skyscraper", "", "conjugate pairs in two parallel lines with ends on one crossing line: an outer end holds it",
       find_skyscraper},
      {"finned-x-wing", "", "an x-wing with extra places (fins) in a base line: cells of the cover seeing every fin lose the value",
       find_finned_x_wing},
      {"x-wing", "", "a value confined to the same two columns in two rows leaves the rest of those columns",
       find_x_wing, "", kTech, false, false, "", 10},
      {"hidden-quad", "hidden-quads", "four values confined to four cells of a group: those cells keep only them",
       find_hidden_quad, "", kTech, true, false, "", 9},
      {"swordfish", "", "a value confined to three columns in three rows leaves the rest of those columns",
       find_swordfish, "", kTech, false, false, "", 11},
      {"simple-colouring", "", "cells chained by conjugate pairs alternate: one colour holds the value",
       find_simple_colouring, "", kTech, false, false, "", 15},
      {"two-string-kite", "", "conjugate pairs in a row and a column with ends in one box: an outer end holds it",
       find_two_string_kite},
      {"w-wing", "", "two cells xy linked by a conjugate pair of x their ends see: y leaves cells seeing both", find_w_wing},
      {"sashimi-x-wing", "", "a finned x-wing whose base line keeps one place in the cover", find_sashimi_x_wing},
      {"jellyfish", "", "a value confined to four columns in four rows leaves the rest of those columns",
       find_jellyfish, "", kTech, false, false, "", 12},
      {"xy-wing", "", "a pivot xy and pincers xz, yz it sees: z leaves every cell seeing both pincers", find_xy_wing,
       "", kTech, false, false, "", 13},
      {"xyz-wing", "", "a pivot xyz and pincers xz, yz it sees: z leaves every cell seeing all three", find_xyz_wing,
       "", kTech, false, false, "", 14},
      {"wxyz-wing", "", "four cells holding four values, all but z confined to cells seeing each other: z leaves "
       "every cell seeing the set's z",
       find_wxyz_wing},
      {"finned-swordfish", "", "a swordfish with fins: cells of the cover seeing every fin lose the value",
       find_finned_swordfish},
      {"sashimi-swordfish", "", "a finned swordfish with a base line keeping one place in the cover",
       find_sashimi_swordfish},
      {"finned-jellyfish", "", "a jellyfish with fins: cells of the cover seeing every fin lose the value",
       find_finned_jellyfish},
      {"sue-de-coq", "two-sector-disjoint-subsets",
       "cells of a box-line intersection short of k values, and cells of the line and of the box taking them: "
       "each part's values leave the rest of its group",
       find_sue_de_coq},
      {"sashimi-jellyfish", "", "a finned jellyfish with a base line keeping one place in the cover",
       find_sashimi_jellyfish},
      {"x-chain", "x-chains", "an alternating chain of strong and weak links on one value: one end holds it",
       find_x_chain, "", kTech, false, false, "", 16},
      {"xy-chain", "xy-chains", "a chain of bivalue cells linked by shared values: one end holds the ends' value",
       find_xy_chain},
      {"3d-medusa", "medusa",
       "candidates chained by strong links of every value alternate: one colour holds; what both forbid goes",
       find_medusa_3d},
      {"aic", "alternating-inference-chain,nice-loop",
       "a chain of candidates alternating strong and weak links: one of its ends holds", find_aic},
      {"grouped-aic", "grouped-x-chain,grouped-nice-loop",
       "an alternating inference chain whose nodes may be a value's places in a box-line intersection",
       find_grouped_aic},
      {"als-xz", "",
       "two almost locked sets with a restricted common x: another common value z leaves cells seeing all its z",
       find_als_xz},
      {"als-xy-wing", "",
       "almost locked sets A, B linked to C by restricted commons x, y: a value z of A and B leaves cells seeing all its z",
       find_als_xy_wing},
      {"forcing-chain", "forcing-chains",
       "a candidate whose chain of single-premise implications contradicts, or a cell or group all of whose "
       "choices imply one removal",
       find_forcing_chain},
      {"forcing-net", "forcing-nets",
       "as forcing chains, with implications of several premises (singles and locked candidates after an "
       "assumption)",
       find_forcing_net},
      {"nested-forcing-net", "nested-forcing-nets",
       "as forcing nets, each branch first removing the candidates whose own forcing net contradicts",
       find_nested_forcing_net},
  };
  return all;
}

const Technique* find_technique(std::string_view name) {
  for (const Technique& t : catalogue())
    if (t.named(name)) return &t;
  return nullptr;
}

std::vector<const Technique*> rows_of(Rule rule) {
  std::vector<const Technique*> out;
  const std::vector<Technique>& rows = catalogue();
  if (rule.row >= rows.size()) return out;
  const Technique& first = rows[rule.row];
  for (const Technique& t : rows)
    if (&t == &first || (first.by_set && t.by_set && t.set == first.set)) out.push_back(&t);
  return out;
}

std::vector<Finder> finders_of(Rule rule) {
  std::vector<Finder> out;
  for (const Technique* t : rows_of(rule)) out.push_back(t->find);
  return out;
}

bool one_group(Rule rule) {
  const std::vector<const Technique*> rows = rows_of(rule);
  return !rows.empty() && std::all_of(rows.begin(), rows.end(), [](const Technique* t) { return t->one_group; });
}

std::vector<const Technique*> parse_techniques(std::string_view list) {
  std::vector<const Technique*> out;
  auto add = [&](std::string_view name) {
    const Technique* t = find_technique(name);
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  };
  auto known = [] {
    std::string s = "all, " + std::string(kSingles) + ", " + std::string(kLocked);
    for (const Technique& t : catalogue()) s.append(", ").append(t.name);
    return s;
  };
  for (std::string_view item : comma_list(list)) {
    if (item.empty())
      throw std::invalid_argument("empty technique name in '" + std::string(list) + "' (expected " + known() + ")");
    if (item == "all") {
      for (const Technique& t : catalogue()) add(t.name);
    } else if (item == kSingles || item == kLocked) {
      for (const Technique& t : catalogue())
        if (t.set == item) add(t.name);
    } else if (find_technique(item) != nullptr) {
      add(item);
    } else {
      throw std::invalid_argument("unknown technique '" + std::string(item) + "' (expected " + known() + ")");
    }
  }
  return out;
}

}  // namespace csp::techniques
