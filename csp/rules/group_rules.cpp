// Rule names (from the registry of deductions), rule-set parsing, and post_groups().
#include "csp/rules/group_rules.hpp"

#include <algorithm>
#include <string>
#include <stdexcept>

#include "csp/constraints/all_different.hpp"
#include "csp/rules/detail/rule_propagators.hpp"

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

using techniques::Search;
using techniques::Technique;

const Technique& row(Rule r) { return techniques::catalogue()[r.row]; }

// Every search rule once, in listing order: the rows that are search rules, a set posted as one
// rule (by_set) at its first row, sorted by Technique::listed (0 last), then registry order.
const RuleSet& listed_rules() {
  static const RuleSet rules = [] {
    const std::vector<Technique>& rows = techniques::catalogue();
    RuleSet out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Technique& t = rows[i];
      const bool later_of_set = t.by_set && std::any_of(out.begin(), out.end(), [&](Rule r) {
                                  return row(r).by_set && row(r).set == t.set;
                                });
      if (t.search != Search::none && !later_of_set) out.push_back(Rule{static_cast<std::uint8_t>(i)});
    }
    std::stable_sort(out.begin(), out.end(), [](Rule a, Rule b) {
      const unsigned la = row(a).listed == 0 ? 256U : row(a).listed, lb = row(b).listed == 0 ? 256U : row(b).listed;
      return la < lb;
    });
    return out;
  }();
  return rules;
}

RuleSet rules_in(Search search) {
  RuleSet out;
  for (Rule r : listed_rules())
    if (row(r).search == search) out.push_back(r);
  return out;
}

// The search rules whose deductions are of the registry's set `set` ("singles": naked-single and
// hidden-single; full-house is no search rule).
RuleSet rules_of_set(std::string_view set) {
  RuleSet out;
  for (Rule r : listed_rules())
    if (row(r).set == set && !row(r).by_set) out.push_back(r);
  return out;
}

// The sets parse_rules() knows besides the rules themselves, what they stand for and hold.
struct NamedSet {
  std::string_view name;
  std::string idea;
  RuleSet rules;
};
const std::vector<NamedSet>& named_sets() {
  static const std::vector<NamedSet> sets = [] {
    const RuleSet& tech = technique_rules();
    RuleSet every = all_rules();
    every.insert(every.end(), tech.begin(), tech.end());
    const std::string range = tech.empty() ? std::string("none")
                                           : std::string(rule_name(tech.front())) + " to " +
                                                 std::string(rule_name(tech.back()));
    return std::vector<NamedSet>{
        {"none", "no rule: a checking all-different on each group keeps search sound", {}},
        {"all", "the group rules: singles, naked-pair, hidden-pair, naked-triple, locked-candidates", all_rules()},
        {"techniques", "the technique rules: " + range, tech},
        {"every", "all, then techniques", every},
        {"singles", "naked-single and hidden-single", rules_of_set("singles")},
    };
  }();
  return sets;
}

std::string known_names() {
  std::string out;
  for (const RuleName& n : rule_names()) {
    if (!out.empty()) out += ", ";
    out += n.name;
  }
  return out;
}

// The entry of rule_names() named `item` (name or alias), nullptr when none.
const RuleName* find_name(std::string_view item) {
  for (const RuleName& n : rule_names())
    if (n.name == item || std::find(n.aliases.begin(), n.aliases.end(), item) != n.aliases.end()) return &n;
  return nullptr;
}

// The rule of an entry of rule_names() that is no set: they follow the sets, in listing order.
Rule rule_of(const RuleName& n) {
  return listed_rules()[static_cast<std::size_t>(&n - rule_names().data()) - named_sets().size()];
}

}  // namespace

std::string_view rule_name(Rule r) {
  if (r.row >= techniques::catalogue().size()) return "?";
  return row(r).by_set ? row(r).set : row(r).name;
}

Rule rule(std::string_view name) {
  const RuleName* n = find_name(name);
  if (n == nullptr || n->set) throw std::invalid_argument("unknown rule '" + std::string(name) + "'");
  return rule_of(*n);
}

const std::vector<RuleName>& rule_names() {
  static const std::vector<RuleName> names = [] {
    std::vector<RuleName> out;
    for (const NamedSet& s : named_sets()) out.push_back({s.name, {}, s.idea, true});
    for (Rule r : listed_rules()) {
      const std::vector<const Technique*> rows = techniques::rows_of(r);
      RuleName n{rule_name(r), {}, {}, false};
      if (!row(r).by_set) {
        if (!row(r).aliases.empty()) n.aliases = techniques::comma_list(row(r).aliases);
        n.idea = std::string(row(r).idea);
      } else {
        // A set of deductions posted as one rule: its ideas in turn.
        for (const Technique* t : rows) {
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
  static const RuleSet rules = rules_in(Search::all);
  return rules;
}

const RuleSet& technique_rules() {
  static const RuleSet rules = rules_in(Search::techniques);
  return rules;
}

// The sets are accepted anywhere in the list ("none" adds nothing, "every" the group rules then
// the technique rules); a rule named twice is kept once, at its first place.
RuleSet parse_rules(std::string_view list) {
  RuleSet out;
  auto add = [&](Rule r) {
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  };
  for (std::string_view item : techniques::comma_list(list)) {
    if (item.empty())
      throw std::invalid_argument("empty rule name in '" + std::string(list) + "' (expected " + known_names() + ")");
    const RuleName* found = find_name(item);
    if (found == nullptr)
      throw std::invalid_argument("unknown rule '" + std::string(item) + "' (expected " + known_names() + ")");
    if (found->set) {
      for (const NamedSet& s : named_sets())
        if (s.name == found->name)
          for (Rule r : s.rules) add(r);
    } else {
      add(rule_of(*found));
    }
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
  rules_detail::post_groups(model, groups, rules, rules_detail::default_accelerator());
}

rules_detail::Accelerator rules_detail::default_accelerator() {
#ifdef CSP_BAND_ACCELERATOR
  return Accelerator::bands;
#else
  return Accelerator::singles;
#endif
}

void rules_detail::post_groups(Model& model, const std::vector<Group>& groups, const RuleSet& rules,
                               Accelerator accelerator) {
  // Validate everything first (the structure throws on a group that is not exact or does not fit
  // one word), so a bad group leaves the model untouched.
  auto structure = std::make_shared<const techniques::Structure>(model.initial_domains(), groups);
  const std::vector<rules_detail::Shape> shapes = rules_detail::shapes_of(*structure);

  RuleSet unique;
  for (Rule r : rules)
    if (std::find(unique.begin(), unique.end(), r) == unique.end()) unique.push_back(r);

  // The accelerators' deductions: the singles propagator (singles.cpp) is naked-single and/or
  // hidden-single, locked pairs (locked_pairs.hpp) is locked-candidates; every other rule is posted
  // through its finder.
  static const Rule kNaked = rule("naked-single"), kHidden = rule("hidden-single"),
                    kLockedRule = rule("locked-candidates");
  auto has = [&](Rule r) { return std::find(unique.begin(), unique.end(), r) != unique.end(); };
  auto accelerated = [&](Rule r) { return r == kNaked || r == kHidden || r == kLockedRule; };
  auto is_technique = [](Rule r) { return row(r).search == Search::techniques; };

  // The two single rules share one propagator over all groups (see singles.cpp). It rejects a
  // value fixed in two cells of a group as soon as it happens; without it, a checking all-different
  // per group does that, so every rule set — even none — is sound and fails early.
  const bool naked = has(kNaked);
  const bool hidden = has(kHidden);
  if (!naked && !hidden)
    for (const Group& g : groups) model.post(all_different(g.cells, AllDifferentStrength::check));
  // Every rule's counters (by registry row), registered in the order the statistics list them: the
  // singles, the technique rules, then the other rules as listed.
  std::vector<rules_detail::Counters> counters(techniques::catalogue().size());
  std::vector<bool> counted(counters.size(), false);
  auto count_as = [&](Rule r) {
    const std::string name(rule_name(r));
    counters[r.row] = rules_detail::Counters{model.add_counter(name), model.add_counter(name + ".removals")};
    counted[r.row] = true;
  };
  for (Rule r : rules_of_set("singles"))
    if (has(r)) count_as(r);
  for (Rule r : unique)
    if (is_technique(r)) count_as(r);
  for (Rule r : unique)
    if (!counted[r.row]) count_as(r);

  // The accelerators. Locked candidates: every pair of groups sharing two or more cells (in
  // Sudoku: a box with a row or a column), all in one rule over the pairs (locked_pairs.hpp),
  // hosted by the singles propagator when there is one (they then share one copy of the cells and
  // one fixpoint), by a propagator of its own otherwise.
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (has(kLockedRule))
    for (const techniques::Structure::Overlap& o : structure->overlaps()) pairs.emplace_back(o.a, o.b);
  // Both singles on a Sudoku or Latin grid, when asked for: the band accelerator
  // (band_singles.cpp), holding the singles propagator for runs with a tracer.
  auto singles = [&] {
    return rules_detail::make_singles(model, groups, shapes, naked, hidden, counters[kNaked.row],
                                      counters[kHidden.row], pairs, counters[kLockedRule.row]);
  };
  std::unique_ptr<Propagator> bands;
  if (naked && hidden && accelerator == rules_detail::Accelerator::bands)
    bands = rules_detail::make_band_singles(model, groups, shapes, !pairs.empty(), counters[kNaked.row],
                                            counters[kHidden.row], counters[kLockedRule.row], singles);
  if (bands)
    model.post(std::move(bands));
  else if (naked || hidden)
    model.post(singles());
  else if (!pairs.empty())
    model.post(rules_detail::make_locked_candidates(model, groups, shapes, pairs, counters[kLockedRule.row]));

  // Every other rule: its finder to a fixpoint (the technique rules first, then the group rules,
  // each in the order given). One propagator over all the groups, or one per group for a deduction
  // within a group: woken only by its group's changes, it does not look at the other groups again.
  std::vector<std::shared_ptr<const techniques::Structure>> each;
  auto post = [&](Rule r) {
    if (!techniques::one_group(r)) {
      model.post(rules_detail::make_technique_rule(r, structure, counters[r.row]));
      return;
    }
    if (each.empty())
      for (const Group& g : groups)
        each.push_back(std::make_shared<const techniques::Structure>(model.initial_domains(), std::vector<Group>{g}));
    for (const auto& one : each) model.post(rules_detail::make_technique_rule(r, one, counters[r.row]));
  };
  for (Rule r : unique)
    if (is_technique(r)) post(r);
  for (Rule r : unique)
    if (!is_technique(r) && !accelerated(r)) post(r);
}

}  // namespace csp
