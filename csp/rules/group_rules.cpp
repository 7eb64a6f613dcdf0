// Rule names, rule-set parsing, the checks that make a group exact, and post_groups().
#include "csp/rules/group_rules.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "csp/constraints/all_different.hpp"
#include "csp/rules/group_rule.hpp"

namespace csp {

namespace rules_detail {

bool distinct_in(std::span<const Value> values, const Shape& shape) {
  std::uint64_t seen = 0;
  for (Value x : values) {
    const long i = static_cast<long>(x) - shape.base;
    if (i < 0 || i >= 64) return false;
    const std::uint64_t bit = bit_of(static_cast<int>(i));
    if ((shape.values & bit) == 0 || (seen & bit) != 0) return false;
    seen |= bit;
  }
  return true;
}

bool fixed_cells_distinct(const Domains& d, std::span<const Var> cells) {
  std::uint64_t seen = 0;
  for (Var v : cells) {
    const std::uint64_t w = d.bits(v);
    if (!single(w)) continue;
    if ((seen & w) != 0) return false;
    seen |= w;
  }
  return true;
}

}  // namespace rules_detail

namespace {

using rules_detail::Shape;

constexpr Rule kAll[] = {Rule::naked_single,  Rule::hidden_single, Rule::naked_twins,
                         Rule::hidden_pairs,  Rule::naked_triples, Rule::locked_candidates};
constexpr Rule kTechniques[] = {Rule::hidden_triples, Rule::naked_quads, Rule::hidden_quads, Rule::x_wing,
                                Rule::swordfish,      Rule::jellyfish,   Rule::xy_wing,      Rule::xyz_wing,
                                Rule::simple_colouring, Rule::x_chains};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string known_names() {
  std::string out = "none, all, techniques, every";
  for (Rule r : kAll) {
    out += ", ";
    out += rule_name(r);
  }
  for (Rule r : kTechniques) {
    out += ", ";
    out += rule_name(r);
  }
  return out;
}

bool is_technique(Rule r) { return std::find(std::begin(kTechniques), std::end(kTechniques), r) != std::end(kTechniques); }

// Checks that a group is exact and fits the one-word fast path every rule relies on; returns its
// values and base. A group that breaks this would make the rules unsound (a rule assumes every
// one of the group's values must appear), so it is refused before anything is posted.
Shape shape_of(const Model& model, const Group& g) {
  const Domains& d = model.initial_domains();
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("group '" + g.name + "': " + why);
  };
  if (g.cells.empty()) fail("has no cells");
  if (g.cells.size() > rules_detail::kMaxCells) fail("has more than 64 cells");
  Shape s;
  for (std::size_t i = 0; i < g.cells.size(); ++i) {
    const Var v = g.cells[i];
    if (v.id < 0 || v.id >= model.var_count()) fail("has a variable that is not in this model");
    if (!d.single_word(v)) fail("cell '" + model.name(v) + "' has a domain wider than 64 values");
    if (i == 0) s.base = d.layout(v).base;
    else if (d.layout(v).base != s.base) fail("cells do not share one value range (base)");
    for (std::size_t j = 0; j < i; ++j)
      if (g.cells[j] == v) fail("cell '" + model.name(v) + "' appears twice");
    s.values |= d.bits(v);
    s.word[i] = d.layout(v).first_word;
  }
  const int n = static_cast<int>(g.cells.size());
  if (std::popcount(s.values) != n)
    fail("is not exact: " + std::to_string(n) + " cells but their domains hold " +
         std::to_string(std::popcount(s.values)) + " values");
  return s;
}

}  // namespace

std::string_view rule_name(Rule r) {
  switch (r) {
    case Rule::naked_single: return "naked-single";
    case Rule::hidden_single: return "hidden-single";
    case Rule::naked_twins: return "naked-twins";
    case Rule::hidden_pairs: return "hidden-pairs";
    case Rule::naked_triples: return "naked-triples";
    case Rule::locked_candidates: return "locked-candidates";
    case Rule::hidden_triples: return "hidden-triples";
    case Rule::naked_quads: return "naked-quads";
    case Rule::hidden_quads: return "hidden-quads";
    case Rule::x_wing: return "x-wing";
    case Rule::swordfish: return "swordfish";
    case Rule::jellyfish: return "jellyfish";
    case Rule::xy_wing: return "xy-wing";
    case Rule::xyz_wing: return "xyz-wing";
    case Rule::simple_colouring: return "simple-colouring";
    case Rule::x_chains: return "x-chains";
  }
  return "?";
}

const RuleSet& all_rules() {
  static const RuleSet all(std::begin(kAll), std::end(kAll));
  return all;
}

const RuleSet& technique_rules() {
  static const RuleSet all(std::begin(kTechniques), std::end(kTechniques));
  return all;
}

// "none", "all", "techniques" and "every" are accepted anywhere in the list (they add nothing, the
// group rules, the technique rules, both); a rule named twice is kept once, at its first place.
RuleSet parse_rules(std::string_view list) {
  RuleSet out;
  auto add = [&](Rule r) {
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  };
  std::string_view rest = list;
  for (;;) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = trim(rest.substr(0, comma));
    if (item.empty())
      throw std::invalid_argument("empty rule name in '" + std::string(list) + "' (expected " + known_names() + ")");
    if (item == "all" || item == "every") for (Rule r : kAll) add(r);
    if (item == "techniques" || item == "every") for (Rule r : kTechniques) add(r);
    if (item != "none" && item != "all" && item != "techniques" && item != "every") {
      const Rule* found = std::find_if(std::begin(kAll), std::end(kAll), [&](Rule r) { return rule_name(r) == item; });
      if (found == std::end(kAll))
        found = std::find_if(std::begin(kTechniques), std::end(kTechniques), [&](Rule r) { return rule_name(r) == item; });
      if (found == std::end(kTechniques))
        throw std::invalid_argument("unknown rule '" + std::string(item) + "' (expected " + known_names() + ")");
      add(*found);
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return out;
}

std::string to_string(const RuleSet& rules) {
  if (rules.empty()) return "none";
  std::string out;
  for (Rule r : rules) {
    if (!out.empty()) out += ',';
    out += rule_name(r);
  }
  return out;
}

void post_groups(Model& model, const std::vector<Group>& groups, const RuleSet& rules) {
  // Validate everything first, so a bad group leaves the model untouched.
  std::vector<Shape> shapes;
  shapes.reserve(groups.size());
  for (const Group& g : groups) shapes.push_back(shape_of(model, g));

  RuleSet unique;
  for (Rule r : rules)
    if (std::find(unique.begin(), unique.end(), r) == unique.end()) unique.push_back(r);

  // The two single rules share one propagator over all groups (see singles.cpp). It rejects a
  // value fixed in two cells of a group as soon as it happens; without it, a checking all-different
  // per group does that, so every rule set — even none — is sound and fails early.
  auto has = [&](Rule r) { return std::find(unique.begin(), unique.end(), r) != unique.end(); };
  const bool naked = has(Rule::naked_single);
  const bool hidden = has(Rule::hidden_single);
  if (!naked && !hidden)
    for (const Group& g : groups) model.post(all_different(g.cells, AllDifferentStrength::check));
  // Every rule's counters, registered in the order the statistics list them: the singles, the
  // techniques, then the other rules as listed.
  std::map<Rule, rules_detail::Counters> counters;
  auto count_as = [&](Rule r) {
    const std::string name(rule_name(r));
    counters[r] = rules_detail::Counters{model.add_counter(name), model.add_counter(name + ".removals")};
  };
  for (Rule r : {Rule::naked_single, Rule::hidden_single})
    if (has(r)) count_as(r);
  for (Rule r : unique)
    if (is_technique(r)) count_as(r);
  for (Rule r : unique)
    if (counters.count(r) == 0) count_as(r);

  // Locked candidates: every pair of groups sharing two or more cells (in Sudoku: a box with a
  // row or a column), all in one rule over the pairs (locked_pairs.hpp), hosted by the singles
  // propagator when there is one (they then share one copy of the cells and one fixpoint), by a
  // propagator of its own otherwise.
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (has(Rule::locked_candidates)) {
    std::vector<int> owner(static_cast<std::size_t>(model.var_count()), -1);
    for (std::size_t a = 0; a < groups.size(); ++a) {
      for (Var v : groups[a].cells) owner[static_cast<std::size_t>(v.id)] = static_cast<int>(a);
      for (std::size_t b = a + 1; b < groups.size(); ++b) {
        std::size_t shared = 0;
        for (Var v : groups[b].cells) shared += owner[static_cast<std::size_t>(v.id)] == static_cast<int>(a);
        if (shared >= 2) pairs.emplace_back(a, b);
      }
    }
  }
  if (naked || hidden)
    model.post(rules_detail::make_singles(model, groups, shapes, naked, hidden, counters[Rule::naked_single],
                                          counters[Rule::hidden_single], pairs, counters[Rule::locked_candidates]));
  else if (!pairs.empty())
    model.post(rules_detail::make_locked_candidates(model, groups, shapes, pairs, counters[Rule::locked_candidates]));

  // The technique rules share one index of the groups (cells, peers, families).
  std::shared_ptr<const techniques::Structure> structure;
  for (Rule r : unique) {
    if (!is_technique(r)) continue;
    if (!structure) structure = std::make_shared<const techniques::Structure>(model.initial_domains(), groups);
    model.post(rules_detail::make_technique_rule(r, structure, counters[r]));
  }

  for (Rule r : unique) {
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const Group& g = groups[i];
      switch (r) {
        case Rule::naked_twins: model.post(rules_detail::make_naked_twins(g, shapes[i], counters[r])); break;
        case Rule::hidden_pairs: model.post(rules_detail::make_hidden_pairs(g, shapes[i], counters[r])); break;
        case Rule::naked_triples: model.post(rules_detail::make_naked_triples(g, shapes[i], counters[r])); break;
        default: break;  // the singles, locked candidates and the techniques: posted above
      }
    }
  }
}

}  // namespace csp
