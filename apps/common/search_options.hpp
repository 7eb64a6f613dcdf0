// The command-line side of the table of search options (csp/search/settings.hpp, composed with
// the rules' in option_registry.hpp): the settings as a command holds them (a bad name is a usage
// error), one generator that turns entries of search_option_table() into CLI11 options, with their
// help and checks, and one that prints the options of a command as the Markdown table of
// docs/options.md.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "csp/search/settings.hpp"
#include "csp/rules/group_rules.hpp"

// Declared only: CLI11 costs seconds of compile time in every file that includes it, and most that
// include this header only want SearchSettings.
namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace apps_common {

/// The library's search settings as a command's options set them: a bad name in them is a
/// mistake in how the command was called, so these throw UsageError (errors.hpp) where the
/// library throws std::invalid_argument.
struct SearchSettings : csp::SearchSettings {
  /// The rule set; throws UsageError naming a bad rule ("--rules: ...").
  csp::RuleSet rule_set() const;
  /// The search options (no tracer); throws UsageError on a bad name.
  csp::SearchOptions search_options() const;
};

/// Adds --NAME for each entry of search_option_table() (option_registry.hpp) named in `names` (in
/// the table's order), bound to its field of `s`, with the entry's help and s's value shown as the
/// default, checked by kind: a choice must be one of its names (--order also accepts
/// `extra_orders`, listed first), a whole number goes through whole_number(min, max), seconds
/// through seconds(); a list (--rules) is left to its parser, which names the bad item.
void add_search_options(CLI::App& cmd, csp::SearchSettings& s, const std::vector<std::string_view>& names,
                        const std::vector<std::string>& extra_orders = {});

/// The names the table's option `name` takes, comma-separated ("min, max, lcv, random"), for help
/// texts; empty for an option with none.
std::string choices_of(std::string_view name);

/// Adds --NAME taking one of `choices` into `value`, shown with its default: for a command's own
/// options beside the table's (csp's --strength).
CLI::Option* add_choice_option(CLI::App& cmd, const std::string& name, std::string& value, const std::string& help,
                               const std::vector<std::string>& choices);

/// The options of `cmd` that are in the library's table or named in `extra_names` (without "--"),
/// in cmd's order, as a Markdown table: | option | values | default | meaning |, the values and
/// defaults as --help prints them.
std::string options_markdown(const CLI::App& cmd, const std::vector<std::string>& extra_names = {});

/// Adds the hidden flag --options-markdown to `app`: it prints make() on standard output and ends
/// the parse as --help does (CLI::Success). tests/cli/options_doc.sh compares docs/options.md
/// with what the commands print, so that the docs cannot go stale.
void add_options_markdown_flag(CLI::App& app, std::function<std::string()> make);

}  // namespace apps_common
