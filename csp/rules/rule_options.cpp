// The rules' option entry (rule_options.hpp).
#include "csp/rules/rule_options.hpp"

#include <string>
#include <vector>

namespace csp {

namespace {

// The rule names first (in listing order), then the words for sets of them: every canonical name
// parse_rules() accepts, read off the rules' own list (csp::rule_names()).
std::vector<std::string> rule_list_choices() {
  std::vector<std::string> out;
  for (bool sets : {false, true})
    for (const RuleName& n : rule_names())
      if (n.set == sets) out.emplace_back(n.name);
  return out;
}

std::string rules_help() {
  auto joined = [](const RuleSet& rules) {
    std::string s;
    for (Rule r : rules) s += (s.empty() ? "" : ", ") + std::string(rule_name(r));
    return s;
  };
  std::string sets;
  for (const RuleName& n : rule_names())
    if (n.set) sets += (sets.empty() ? "" : ", ") + std::string(n.name);
  return "Comma-separated rules (" + joined(all_rules()) + "; technique rules: " + joined(technique_rules()) +
         "), or sets of them: " + sets + " (all: the " + std::to_string(all_rules().size()) +
         " group rules; every: all, then techniques)";
}

}  // namespace

void add_rule_options(OptionTable& table) {
  table.add({"rules", "rules", OptionKind::list, rules_help(), rule_list_choices(), 0, UINT64_MAX,
             &SearchSettings::rules},
            "inference");
}

RuleSet rule_set(const SearchSettings& settings) { return parse_rules(settings.rules); }

}  // namespace csp
