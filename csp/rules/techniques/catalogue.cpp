// The registry of deductions (names, aliases, ideas, finders, rules, accelerators) and the parsing
// of technique lists.
#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>

#include "csp/rules/detail/finders.hpp"

namespace csp::techniques {

namespace {

constexpr std::string_view kSingles = "singles";
constexpr std::string_view kLocked = "locked-candidates";
constexpr std::string_view kSinglesPropagator = "singles (csp/rules/singles.cpp, on value boards)";
constexpr std::string_view kLockedPairs = "locked pairs (csp/rules/detail/locked_pairs.hpp)";

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

// The rows name only the fields they set (designated initializers; the others keep Technique's
// defaults). GCC before 14 takes an omitted field for a forgotten one (its bug 96868): not here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

// The registry. A new deduction is its finder's file (declared in detail/finders.hpp, beside the
// others: a function in another file has to be declared somewhere) and one row here, usually just
// .name, .aliases, .idea and .find: the defaults make it a technique rule ("techniques", "every",
// --rules <name>) posted through its finder, listed after the existing rules. Order: simplest
// first. Only deductions sound on any position: a problem's uniqueness rows live with the problem.
const std::vector<Technique>& catalogue() {
  using namespace detail;
  constexpr Search kNone = Search::none, kGroup = Search::all;
  static const std::vector<Technique> all = {
      {.name = "full-house", .idea = "the last open cell of a group takes the group's missing value",
       .find = find_full_house, .set = kSingles, .search = kNone, .accelerator = kSinglesPropagator},
      {.name = "naked-single", .idea = "a cell with one candidate left takes it", .find = find_naked_single,
       .set = kSingles, .search = kGroup, .accelerator = kSinglesPropagator, .listed = 1},
      {.name = "hidden-single", .idea = "a value with one place left in a group goes there", .find = find_hidden_single,
       .set = kSingles, .search = kGroup, .accelerator = kSinglesPropagator, .listed = 2},
      {.name = "pointing", .idea = "a value confined to a line within a box leaves the rest of the line",
       .find = find_pointing, .set = kLocked, .search = kGroup, .by_set = true, .accelerator = kLockedPairs,
       .listed = 6},
      {.name = "claiming", .idea = "a value confined to a box within a line leaves the rest of the box",
       .find = find_claiming, .set = kLocked, .search = kGroup, .by_set = true, .accelerator = kLockedPairs,
       .listed = 6},
      {.name = "naked-pair", .aliases = "naked-twins",
       .idea = "two cells of a group holding only the same two values take both: they leave the group",
       .find = find_naked_pair, .search = kGroup, .one_group = true, .listed = 3},
      {.name = "hidden-pair", .aliases = "hidden-pairs",
       .idea = "two values with the same two places in a group: those cells keep only them", .find = find_hidden_pair,
       .search = kGroup, .one_group = true, .listed = 4},
      {.name = "naked-triple", .aliases = "naked-triples",
       .idea = "three cells of a group holding only three values take them all", .find = find_naked_triple,
       .search = kGroup, .one_group = true, .listed = 5},
      {.name = "hidden-triple", .aliases = "hidden-triples",
       .idea = "three values confined to three cells of a group: those cells keep only them",
       .find = find_hidden_triple, .one_group = true, .listed = 7},
      {.name = "naked-quad", .aliases = "naked-quads",
       .idea = "four cells of a group holding only four values take them all", .find = find_naked_quad,
       .one_group = true, .listed = 8},
      {.name = "turbot-fish", .idea = "two conjugate pairs of a value joined by a shared group: one outer end holds it",
       .find = find_turbot_fish},
      {.name = "empty-rectangle",
       .idea = "a box's value on one row and column, with a conjugate pair in a line crossing its row",
       .find = find_empty_rectangle},
      {.name = "skyscraper",
       .idea = "conjugate pairs in two parallel lines with ends on one crossing line: an outer end holds it",
       .find = find_skyscraper},
      {.name = "finned-x-wing",
       .idea = "an x-wing with extra places (fins) in a base line: cells of the cover seeing every fin lose the value",
       .find = find_finned_x_wing},
      {.name = "x-wing",
       .idea = "a value confined to the same two columns in two rows leaves the rest of those columns",
       .find = find_x_wing, .listed = 10},
      {.name = "hidden-quad", .aliases = "hidden-quads",
       .idea = "four values confined to four cells of a group: those cells keep only them", .find = find_hidden_quad,
       .one_group = true, .listed = 9},
      {.name = "swordfish", .idea = "a value confined to three columns in three rows leaves the rest of those columns",
       .find = find_swordfish, .listed = 11},
      {.name = "simple-colouring", .idea = "cells chained by conjugate pairs alternate: one colour holds the value",
       .find = find_simple_colouring, .listed = 15},
      {.name = "two-string-kite",
       .idea = "conjugate pairs in a row and a column with ends in one box: an outer end holds it",
       .find = find_two_string_kite},
      {.name = "w-wing",
       .idea = "two cells xy linked by a conjugate pair of x their ends see: y leaves cells seeing both",
       .find = find_w_wing},
      {.name = "sashimi-x-wing", .idea = "a finned x-wing whose base line keeps one place in the cover",
       .find = find_sashimi_x_wing},
      {.name = "jellyfish", .idea = "a value confined to four columns in four rows leaves the rest of those columns",
       .find = find_jellyfish, .listed = 12},
      {.name = "xy-wing", .idea = "a pivot xy and pincers xz, yz it sees: z leaves every cell seeing both pincers",
       .find = find_xy_wing, .listed = 13},
      {.name = "xyz-wing", .idea = "a pivot xyz and pincers xz, yz it sees: z leaves every cell seeing all three",
       .find = find_xyz_wing, .listed = 14},
      {.name = "wxyz-wing",
       .idea = "four cells holding four values, all but z confined to cells seeing each other: z leaves every cell "
       "seeing the set's z",
       .find = find_wxyz_wing},
      {.name = "finned-swordfish", .idea = "a swordfish with fins: cells of the cover seeing every fin lose the value",
       .find = find_finned_swordfish},
      {.name = "sashimi-swordfish", .idea = "a finned swordfish with a base line keeping one place in the cover",
       .find = find_sashimi_swordfish},
      {.name = "finned-jellyfish", .idea = "a jellyfish with fins: cells of the cover seeing every fin lose the value",
       .find = find_finned_jellyfish},
      {.name = "sue-de-coq", .aliases = "two-sector-disjoint-subsets",
       .idea = "cells of a box-line intersection short of k values, and cells of the line and of the box taking them: "
       "each part's values leave the rest of its group",
       .find = find_sue_de_coq},
      {.name = "sashimi-jellyfish", .idea = "a finned jellyfish with a base line keeping one place in the cover",
       .find = find_sashimi_jellyfish},
      {.name = "x-chain", .aliases = "x-chains",
       .idea = "an alternating chain of strong and weak links on one value: one end holds it", .find = find_x_chain,
       .listed = 16},
      {.name = "xy-chain", .aliases = "xy-chains",
       .idea = "a chain of bivalue cells linked by shared values: one end holds the ends' value",
       .find = find_xy_chain},
      {.name = "3d-medusa", .aliases = "medusa",
       .idea = "candidates chained by strong links of every value alternate: one colour holds; what both forbid goes",
       .find = find_medusa_3d},
      {.name = "aic", .aliases = "alternating-inference-chain,nice-loop",
       .idea = "a chain of candidates alternating strong and weak links: one of its ends holds", .find = find_aic},
      {.name = "grouped-aic", .aliases = "grouped-x-chain,grouped-nice-loop",
       .idea = "an alternating inference chain whose nodes may be a value's places in a box-line intersection",
       .find = find_grouped_aic},
      {.name = "als-xz",
       .idea = "two almost locked sets with a restricted common x: another common value z leaves cells seeing all its "
       "z",
       .find = find_als_xz},
      {.name = "als-xy-wing",
       .idea = "almost locked sets A, B linked to C by restricted commons x, y: a value z of A and B leaves cells "
       "seeing all its z",
       .find = find_als_xy_wing},
      {.name = "forcing-chain", .aliases = "forcing-chains",
       .idea = "a candidate whose chain of single-premise implications contradicts, or a cell or group all of whose "
       "choices imply one removal",
       .find = find_forcing_chain},
      {.name = "forcing-net", .aliases = "forcing-nets",
       .idea = "as forcing chains, with implications of several premises (singles and locked candidates after an "
       "assumption)",
       .find = find_forcing_net},
      {.name = "nested-forcing-net", .aliases = "nested-forcing-nets",
       .idea = "as forcing nets, each branch first removing the candidates whose own forcing net contradicts",
       .find = find_nested_forcing_net},
  };
  return all;
}
#pragma GCC diagnostic pop

const Technique* find_technique(std::span<const Technique> table, std::string_view name) {
  for (const Technique& t : table)
    if (t.named(name)) return &t;
  return nullptr;
}

const Technique* find_technique(std::string_view name) { return find_technique(catalogue(), name); }

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

std::vector<const Technique*> parse_techniques(std::span<const Technique> table, std::string_view list) {
  std::vector<const Technique*> out;
  auto add = [&](std::string_view name) {
    const Technique* t = find_technique(table, name);
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  };
  auto known = [&] {
    std::string s = "all, " + std::string(kSingles) + ", " + std::string(kLocked);
    for (const Technique& t : table) s.append(", ").append(t.name);
    return s;
  };
  for (std::string_view item : comma_list(list)) {
    if (item.empty())
      throw std::invalid_argument("empty technique name in '" + std::string(list) + "' (expected " + known() + ")");
    if (item == "all") {
      for (const Technique& t : table) add(t.name);
    } else if (item == kSingles || item == kLocked) {
      for (const Technique& t : table)
        if (t.set == item) add(t.name);
    } else if (find_technique(table, item) != nullptr) {
      add(item);
    } else {
      throw std::invalid_argument("unknown technique '" + std::string(item) + "' (expected " + known() + ")");
    }
  }
  return out;
}

std::vector<const Technique*> parse_techniques(std::string_view list) { return parse_techniques(catalogue(), list); }

}  // namespace csp::techniques
