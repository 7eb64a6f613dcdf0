// The rules library's search option (--rules, the web API's "rules"): its entry of the option table
// (csp/search/settings.hpp), added by the rules module to the core's, and the rule set of the settings. The
// search core does not know the rules; a front end composes core_option_table() and
// add_rule_options() (apps/common/option_registry.hpp).
#pragma once

#include "csp/search/settings.hpp"
#include "csp/rules/group_rules.hpp"

namespace csp {

/// Adds the entry of --rules to `table`, after "inference" (at the end without it): a list of the
/// rule names and sets parse_rules() accepts, bound to SearchSettings::rules.
void add_rule_options(OptionTable& table);

/// parse_rules(settings.rules): throws std::invalid_argument naming a bad rule.
RuleSet rule_set(const SearchSettings& settings);

}  // namespace csp
