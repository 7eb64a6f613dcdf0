// Rule names (from the registry of deductions), rule-set parsing, and post_groups().
#include "csp/rules/group_rules.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "csp/constraints/all_different.hpp"
#include "csp/rules/group_rule.hpp"

namespace csp {

namespace rules_detail {

std::vector<Shape> shapes_of(const techniques::Structure& st) {
  std::vector<Shape> shapes;
  shapes.reserve(st.groups().size());
  for (const techniques::Structure::GroupInfo& g : st.groups()) {
    Shape s;
    s.values = g.values;
    s.base = st.base();
    std::copy(g.words.begin(), g.words.end(), s.word.begin());
    shapes.push_back(s);
  }
  return shapes;
}

}  // namespace rules_detail

namespace {

constexpr Rule kAll[] = {Rule::naked_single, Rule::hidden_single, Rule::naked_pair,
                         Rule::hidden_pair,  Rule::naked_triple,  Rule::locked_candidates};
constexpr Rule kTechniques[] = {Rule::hidden_triple,    Rule::naked_quad, Rule::hidden_quad, Rule::x_wing,
                                Rule::swordfish,        Rule::jellyfish,  Rule::xy_wing,     Rule::xyz_wing,
                                Rule::simple_colouring, Rule::x_chain};
constexpr Rule kSingles[] = {Rule::naked_single, Rule::hidden_single};
constexpr Rule kLast = Rule::x_chain;

// The sets parse_rules() knows besides the rules themselves, and what they stand for.
struct NamedSet {
  std::string_view name;
  std::string_view idea;
  std::span<const Rule> rules;
};
constexpr NamedSet kSets[] = {
    {"none", "no rule: a checking all-different on each group keeps search sound", {}},
    {"all", "the group rules: singles, naked-pair, hidden-pair, naked-triple, locked-candidates", kAll},
    {"techniques", "the technique rules: hidden-triple to x-chain", kTechniques},
    {"every", "all, then techniques", {}},
    {"singles", "naked-single and hidden-single", kSingles},
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The registry's rows posted by the rule: its deduction, or every deduction of its set.
std::vector<const techniques::Technique*> rows_of(Rule r) {
  std::vector<const techniques::Technique*> rows;
  for (const techniques::Technique& t : techniques::catalogue())
    if (t.rule == r) rows.push_back(&t);
  return rows;
}

std::vector<std::string_view> split_aliases(std::string_view list) {
  std::vector<std::string_view> out;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    out.push_back(list.substr(0, comma));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

std::string known_names() {
  std::string out;
  for (const RuleName& n : rule_names()) {
    if (!out.empty()) out += ", ";
    out += n.name;
  }
  return out;
}

bool is_technique(Rule r) { return std::find(std::begin(kTechniques), std::end(kTechniques), r) != std::end(kTechniques); }

}  // namespace

std::string_view rule_name(Rule r) {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (int i = 0; i <= static_cast<int>(kLast); ++i) {
      const std::vector<const techniques::Technique*> rows = rows_of(static_cast<Rule>(i));
      out.push_back(rows.size() == 1 ? rows[0]->name : rows.empty() ? std::string_view("?") : rows[0]->set);
    }
    return out;
  }();
  const auto i = static_cast<std::size_t>(r);
  return i < names.size() ? names[i] : std::string_view("?");
}

const std::vector<RuleName>& rule_names() {
  static const std::vector<RuleName> names = [] {
    std::vector<RuleName> out;
    for (const NamedSet& s : kSets) out.push_back({s.name, {}, std::string(s.idea), true});
    for (int i = 0; i <= static_cast<int>(kLast); ++i) {
      const std::vector<const techniques::Technique*> rows = rows_of(static_cast<Rule>(i));
      RuleName n{rule_name(static_cast<Rule>(i)), {}, {}, false};
      if (rows.size() == 1) {
        n.aliases = split_aliases(rows[0]->aliases);
        n.idea = std::string(rows[0]->idea);
      } else {
        // A set of deductions posted as one rule: its ideas in turn.
        for (const techniques::Technique* t : rows) {
          if (!n.idea.empty()) n.idea += "; ";
          n.idea += std::string(t->name) + ": " + std::string(t->idea);
        }
      }
      out.push_back(std::move(n));
    }
    return out;
  }();
  return names;
}

const RuleSet& all_rules() {
  static const RuleSet all(std::begin(kAll), std::end(kAll));
  return all;
}

const RuleSet& technique_rules() {
  static const RuleSet all(std::begin(kTechniques), std::end(kTechniques));
  return all;
}

// The sets are accepted anywhere in the list ("none" adds nothing, "every" the group rules then
// the technique rules); a rule named twice is kept once, at its first place.
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
    const RuleName* found = nullptr;
    for (const RuleName& n : rule_names())
      if (n.name == item || std::find(n.aliases.begin(), n.aliases.end(), item) != n.aliases.end()) found = &n;
    if (found == nullptr)
      throw std::invalid_argument("unknown rule '" + std::string(item) + "' (expected " + known_names() + ")");
    if (item == "every") {
      for (Rule r : kAll) add(r);
      for (Rule r : kTechniques) add(r);
    } else if (found->set) {
      for (const NamedSet& s : kSets)
        if (s.name == item) for (Rule r : s.rules) add(r);
    } else {
      add(static_cast<Rule>(found - rule_names().data() - static_cast<long>(std::size(kSets))));
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
  // Validate everything first (the structure throws on a group that is not exact or does not fit
  // one word), so a bad group leaves the model untouched.
  auto structure = std::make_shared<const techniques::Structure>(model.initial_domains(), groups);
  const std::vector<rules_detail::Shape> shapes = rules_detail::shapes_of(*structure);

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
  // technique rules, then the other rules as listed.
  std::map<Rule, rules_detail::Counters> counters;
  auto count_as = [&](Rule r) {
    const std::string name(rule_name(r));
    counters[r] = rules_detail::Counters{model.add_counter(name), model.add_counter(name + ".removals")};
  };
  for (Rule r : kSingles)
    if (has(r)) count_as(r);
  for (Rule r : unique)
    if (is_technique(r)) count_as(r);
  for (Rule r : unique)
    if (counters.count(r) == 0) count_as(r);

  // The accelerators. Locked candidates: every pair of groups sharing two or more cells (in
  // Sudoku: a box with a row or a column), all in one rule over the pairs (locked_pairs.hpp),
  // hosted by the singles propagator when there is one (they then share one copy of the cells and
  // one fixpoint), by a propagator of its own otherwise.
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (has(Rule::locked_candidates))
    for (const techniques::Structure::Overlap& o : structure->overlaps()) pairs.emplace_back(o.a, o.b);
  if (naked || hidden)
    model.post(rules_detail::make_singles(model, groups, shapes, naked, hidden, counters[Rule::naked_single],
                                          counters[Rule::hidden_single], pairs, counters[Rule::locked_candidates]));
  else if (!pairs.empty())
    model.post(rules_detail::make_locked_candidates(model, groups, shapes, pairs, counters[Rule::locked_candidates]));

  // Every other rule: its finder to a fixpoint (the technique rules first, then the group rules,
  // each in the order given). One propagator over all the groups, or one per group for a deduction
  // within a group: woken only by its group's changes, it does not look at the other groups again.
  std::vector<std::shared_ptr<const techniques::Structure>> each;
  auto post = [&](Rule r) {
    if (!techniques::one_group(r)) {
      model.post(rules_detail::make_technique_rule(r, structure, counters[r]));
      return;
    }
    if (each.empty())
      for (const Group& g : groups)
        each.push_back(std::make_shared<const techniques::Structure>(model.initial_domains(), std::vector<Group>{g}));
    for (const auto& one : each) model.post(rules_detail::make_technique_rule(r, one, counters[r]));
  };
  for (Rule r : unique)
    if (is_technique(r)) post(r);
  for (Rule r : unique)
    if (!is_technique(r) && r != Rule::locked_candidates && r != Rule::naked_single && r != Rule::hidden_single)
      post(r);
}

}  // namespace csp
