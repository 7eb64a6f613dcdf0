// The option table every front end offers (the commands' flags and --options-markdown, the web
// API's fields and /api/options), composed once: the search core's options
// (csp/search/settings.hpp), then the rules module's (csp/rules/rule_options.hpp), in the order the
// commands list them: order, values, seed, inference, rules, node-limit, time-limit, restart,
// restart-base.
#pragma once

#include <span>
#include <string_view>

#include "csp/search/settings.hpp"

namespace apps_common {

/// The composed table, built on first use.
const csp::OptionTable& option_registry();
/// Its entries.
inline std::span<const csp::OptionSpec> search_option_table() { return option_registry().entries(); }
/// Its entry named `name` ("node-limit"); nullptr when there is none.
inline const csp::OptionSpec* find_search_option(std::string_view name) { return option_registry().find(name); }

}  // namespace apps_common
