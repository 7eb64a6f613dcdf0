// GET /api/options: the names the library knows and every option of its table, with the
// defaults and limits of this server.
#include "endpoints.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "request.hpp"

#include "apps/common/option_registry.hpp"
#include "csp/search/settings.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/catalogue.hpp"

namespace sudoku_web {

namespace tq = csp::techniques;

json options(const ApiConfig& config) {
  const csp::SearchSettings defaults = default_settings();
  json orders, values, inferences, rules;
  json listed = json::array();  // every option of the table: its field, kind, default, help, names or range
  for (const csp::OptionSpec& o : apps_common::search_option_table()) {
    json entry{{"name", o.key}, {"help", o.help}};
    std::visit([&](auto member) { entry["default"] = defaults.*member; }, o.field);
    switch (o.kind) {
      case csp::OptionKind::choice: entry["kind"] = "choice"; entry["choices"] = o.choices; break;
      case csp::OptionKind::list: entry["kind"] = "list"; entry["choices"] = o.choices; break;
      case csp::OptionKind::whole: entry["kind"] = "whole"; entry["min"] = o.min; entry["max"] = o.max; break;
      case csp::OptionKind::seconds: entry["kind"] = "seconds"; break;
    }
    listed.push_back(std::move(entry));
  }
  for (std::string_view n : csp::order::names()) orders.push_back(std::string(n));
  for (std::string_view n : csp::values::names()) values.push_back(std::string(n));
  for (std::string_view n : csp::inference_names()) inferences.push_back(std::string(n));
  // Every rule --rules accepts, and what each word for a set of them stands for.
  json rule_sets = json::object();
  for (const csp::RuleSet* set : {&csp::all_rules(), &csp::technique_rules()})
    for (csp::Rule r : *set) rules.push_back(std::string(csp::rule_name(r)));
  for (const csp::RuleName& set : csp::rule_names()) {
    if (!set.set) continue;
    json names = json::array();
    for (csp::Rule r : csp::parse_rules(set.name)) names.push_back(std::string(csp::rule_name(r)));
    rule_sets[std::string(set.name)] = std::move(names);
  }
  json techniques = json::array();
  for (const tq::Technique& t : problems::sudoku::catalogue()) techniques.push_back(std::string(t.name));
  return json{
      {"orders", orders},
      {"values", values},
      {"inferences", inferences},
      {"rules", rules},
      {"rule_sets", rule_sets},
      {"techniques", techniques},
      {"options", listed},
      {"sizes", {4, 9, 16}},
      {"defaults",
       {{"order", defaults.order}, {"values", defaults.values}, {"inference", defaults.inference},
        {"rules", defaults.rules}, {"techniques", kDefaultTechniques}}},
      {"limits",
       {{"time_limit", config.time_limit}, {"node_limit", config.node_limit}, {"max_count", config.max_count},
        {"max_explain_steps", config.max_explain_steps}}},
      {"grade", true},
  };
}

}  // namespace sudoku_web
