#include "csp/options.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

namespace csp {
namespace {

std::vector<std::string> strings(const std::vector<std::string_view>& names) {
  return {names.begin(), names.end()};
}

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

std::vector<OptionSpec> build_table() {
  std::vector<OptionSpec> t;
  t.push_back({"order", "order", OptionKind::choice, "Variable order", strings(order::names()), 0, UINT64_MAX,
               &SearchSettings::order});
  t.push_back({"values", "values", OptionKind::choice, "Value order (random uses --seed)", strings(values::names()), 0,
               UINT64_MAX, &SearchSettings::values});
  t.push_back({"seed", "seed", OptionKind::whole, "Seed of the random value order", {}, 0, UINT64_MAX,
               &SearchSettings::seed});
  t.push_back({"inference", "inference", OptionKind::choice, "Inference after each decision",
               strings(inference_names()), 0, UINT64_MAX, &SearchSettings::inference});
  t.push_back({"rules", "rules", OptionKind::list, rules_help(), rule_list_choices(), 0, UINT64_MAX,
               &SearchSettings::rules});
  t.push_back({"node-limit", "node_limit", OptionKind::whole, "Give up a search after this many nodes (0: no limit)",
               {}, 0, UINT64_MAX, &SearchSettings::node_limit});
  t.push_back({"time-limit", "time_limit", OptionKind::seconds,
               "Give up a search after this many seconds (fractional; 0: no limit)", {}, 0, UINT64_MAX,
               &SearchSettings::time_limit});
  t.push_back({"restart", "restart", OptionKind::choice,
               "Restart from the root on a failure schedule (keeps learned weights and the best bound)",
               strings(restart_kind_names()), 0, UINT64_MAX, &SearchSettings::restart});
  t.push_back({"restart-base", "restart_base", OptionKind::whole,
               "Failures allowed to the first run of a restart schedule (the scale of every run)", {}, 1, UINT64_MAX,
               &SearchSettings::restart_base});
  return t;
}

}  // namespace

std::chrono::nanoseconds time_limit_of(double seconds) {
  // Clamped so that the conversion to nanoseconds cannot overflow (a century is "no limit" anyway).
  const double s = std::min(seconds, 3.0e9);
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(s));
  // A limit below a nanosecond would round to 0, which means "no limit": make it the smallest one.
  return s > 0 && ns.count() == 0 ? std::chrono::nanoseconds{1} : ns;
}

SearchOptions SearchSettings::search_options() const {
  SearchOptions o;
  o.order = order::by_name(order);
  o.values = values::by_name(values, seed);
  o.inference = parse_inference(inference);
  o.limits.nodes = node_limit;
  o.limits.time = time_limit_of(time_limit);
  o.restarts.kind = parse_restart_kind(restart);
  o.restarts.base = restart_base;
  return o;
}

RuleSet SearchSettings::rule_set() const { return parse_rules(rules); }

std::span<const OptionSpec> search_option_table() {
  static const std::vector<OptionSpec> table = build_table();
  return table;
}

const OptionSpec* find_search_option(std::string_view name) {
  const auto t = search_option_table();
  const auto it = std::find_if(t.begin(), t.end(), [&](const OptionSpec& o) { return o.name == name; });
  return it == t.end() ? nullptr : &*it;
}

std::string option_text(const OptionSpec& spec, const SearchSettings& s) {
  return std::visit(
      [&](auto member) -> std::string {
        const auto& v = s.*member;
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>) return v;
        else return fmt::format("{}", v);
      },
      spec.field);
}

}  // namespace csp
