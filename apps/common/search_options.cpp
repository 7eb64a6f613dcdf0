#include "apps/common/search_options.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <CLI/CLI.hpp>

#include "apps/common/cli.hpp"
#include "apps/common/errors.hpp"
#include "apps/common/option_registry.hpp"
#include "csp/rules/rule_options.hpp"

namespace apps_common {

csp::RuleSet SearchSettings::rule_set() const {
  try {
    return csp::rule_set(*this);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--rules: ") + e.what());
  }
}

csp::SearchOptions SearchSettings::search_options() const {
  try {
    return csp::SearchSettings::search_options();
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

void add_search_options(CLI::App& cmd, csp::SearchSettings& s, const std::vector<std::string_view>& names,
                        const std::vector<std::string>& extra_orders) {
  for (const csp::OptionSpec& spec : search_option_table()) {
    if (std::find(names.begin(), names.end(), spec.name) == names.end()) continue;
    CLI::Option* opt = std::visit(
        [&](auto member) { return cmd.add_option("--" + spec.name, s.*member, spec.help); }, spec.field);
    switch (spec.kind) {
      case csp::OptionKind::choice: {
        std::vector<std::string> accepted = spec.name == "order" ? extra_orders : std::vector<std::string>{};
        accepted.insert(accepted.end(), spec.choices.begin(), spec.choices.end());
        opt->check(CLI::IsMember(accepted));
        break;
      }
      case csp::OptionKind::list: break;
      case csp::OptionKind::whole: opt->check(whole_number(spec.min, spec.max)); break;
      case csp::OptionKind::seconds: opt->check(seconds()); break;
    }
    opt->capture_default_str();
  }
}

std::string choices_of(std::string_view name) {
  std::string out;
  if (const csp::OptionSpec* spec = find_search_option(name))
    for (const std::string& c : spec->choices) out += (out.empty() ? "" : ", ") + c;
  return out;
}

CLI::Option* add_choice_option(CLI::App& cmd, const std::string& name, std::string& value, const std::string& help,
                               const std::vector<std::string>& choices) {
  return cmd.add_option("--" + name, value, help)->check(CLI::IsMember(choices))->capture_default_str();
}

std::string options_markdown(const CLI::App& cmd, const std::vector<std::string>& extra_names) {
  std::string out = "| option | values | default | meaning |\n|---|---|---|---|\n";
  for (const CLI::Option* opt : cmd.get_options()) {
    const std::string name = opt->get_name();
    if (name.rfind("--", 0) != 0) continue;
    const std::string bare = name.substr(2);
    if (find_search_option(bare) == nullptr &&
        std::find(extra_names.begin(), extra_names.end(), bare) == extra_names.end())
      continue;
    const std::string shown_default = opt->get_default_str();
    out += "| `" + name + "` | " + opt->get_type_name() + " | " +
           (shown_default.empty() ? std::string() : "`" + shown_default + "`") + " | " + opt->get_description() + " |\n";
  }
  return out;
}

void add_options_markdown_flag(CLI::App& app, std::function<std::string()> make) {
  app.add_flag_callback(
         "--options-markdown",
         [make = std::move(make)] {
           std::fputs(make().c_str(), stdout);
           throw CLI::Success();
         },
         "Print the search options as the Markdown of docs/options.md")
      ->group("");
}

}  // namespace apps_common
