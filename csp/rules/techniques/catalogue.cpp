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

bool Technique::named(std::string_view n) const {
  if (n == name) return true;
  for (std::string_view rest = aliases; !rest.empty();) {
    const std::size_t comma = rest.find(',');
    if (rest.substr(0, comma) == n) return true;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return false;
}

// The registry. A new deduction is one row here and one file with its finder.
const std::vector<Technique>& catalogue() {
  using namespace detail;
  static const std::vector<Technique> all = {
      {"full-house", "", "the last open cell of a group takes the group's missing value", find_full_house, kSingles,
       std::nullopt, kSinglesPropagator},
      {"naked-single", "", "a cell with one candidate left takes it", find_naked_single, kSingles, Rule::naked_single,
       kSinglesPropagator},
      {"hidden-single", "", "a value with one place left in a group goes there", find_hidden_single, kSingles,
       Rule::hidden_single, kSinglesPropagator},
      {"pointing", "", "a value confined to a line within a box leaves the rest of the line", find_pointing, kLocked,
       Rule::locked_candidates, kLockedPairs},
      {"claiming", "", "a value confined to a box within a line leaves the rest of the box", find_claiming, kLocked,
       Rule::locked_candidates, kLockedPairs},
      {"naked-pair", "naked-twins", "two cells of a group holding only the same two values take both: they leave the group",
       find_naked_pair, "", Rule::naked_pair, "", true},
      {"hidden-pair", "hidden-pairs", "two values with the same two places in a group: those cells keep only them",
       find_hidden_pair, "", Rule::hidden_pair, "", true},
      {"naked-triple", "naked-triples", "three cells of a group holding only three values take them all",
       find_naked_triple, "", Rule::naked_triple, "", true},
      {"hidden-triple", "hidden-triples", "three values confined to three cells of a group: those cells keep only them",
       find_hidden_triple, "", Rule::hidden_triple, "", true},
      {"naked-quad", "naked-quads", "four cells of a group holding only four values take them all", find_naked_quad, "",
       Rule::naked_quad, "", true},
      {"x-wing", "", "a value confined to the same two columns in two rows leaves the rest of those columns",
       find_x_wing, "", Rule::x_wing, ""},
      {"hidden-quad", "hidden-quads", "four values confined to four cells of a group: those cells keep only them",
       find_hidden_quad, "", Rule::hidden_quad, "", true},
      {"swordfish", "", "a value confined to three columns in three rows leaves the rest of those columns",
       find_swordfish, "", Rule::swordfish, ""},
      {"simple-colouring", "", "cells chained by conjugate pairs alternate: one colour holds the value",
       find_simple_colouring, "", Rule::simple_colouring, ""},
      {"jellyfish", "", "a value confined to four columns in four rows leaves the rest of those columns",
       find_jellyfish, "", Rule::jellyfish, ""},
      {"xy-wing", "", "a pivot xy and pincers xz, yz it sees: z leaves every cell seeing both pincers", find_xy_wing,
       "", Rule::xy_wing, ""},
      {"xyz-wing", "", "a pivot xyz and pincers xz, yz it sees: z leaves every cell seeing all three", find_xyz_wing,
       "", Rule::xyz_wing, ""},
      {"x-chain", "x-chains", "an alternating chain of strong and weak links on one value: one end holds it",
       find_x_chain, "", Rule::x_chain, ""},
  };
  return all;
}

const Technique* find_technique(std::string_view name) {
  for (const Technique& t : catalogue())
    if (t.named(name)) return &t;
  return nullptr;
}

std::vector<Finder> finders_of(Rule rule) {
  std::vector<Finder> out;
  for (const Technique& t : catalogue())
    if (t.rule == rule) out.push_back(t.find);
  return out;
}

bool one_group(Rule rule) {
  bool any = false, all = true;
  for (const Technique& t : catalogue())
    if (t.rule == rule) any = true, all = all && t.one_group;
  return any && all;
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
  std::string_view rest = list;
  for (;;) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
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
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace csp::techniques
