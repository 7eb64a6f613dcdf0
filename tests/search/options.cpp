// The library's table of search options (csp/search/settings.hpp) and what is generated from it: the
// command-line options (apps/common/search_options.hpp) and the web API's listing and parsing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "apps/common/option_registry.hpp"
#include "apps/common/search_options.hpp"
#include "apps/sudoku-serve/api.hpp"
#include "csp/search/settings.hpp"
#include "csp/rules/rule_options.hpp"

namespace {

std::vector<std::string> names_of(const sudoku_web::json& list) {
  std::vector<std::string> out;
  for (const auto& n : list) out.push_back(n.get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("options: every name the table offers is one the library builds", "[options]") {
  const auto table = apps_common::search_option_table();
  for (const csp::OptionSpec& o : table) {
    CAPTURE(o.name);
    CHECK(apps_common::find_search_option(o.name) == &o);
    CHECK_FALSE(o.help.empty());
    // The web field is the flag with '_' for '-'.
    std::string key = o.name;
    std::replace(key.begin(), key.end(), '-', '_');
    CHECK(o.key == key);
    for (const std::string& choice : o.choices) {
      CAPTURE(choice);
      csp::SearchSettings s;
      std::visit(
          [&](auto member) {
            if constexpr (std::is_same_v<std::decay_t<decltype(s.*member)>, std::string>) s.*member = choice;
          },
          o.field);
      if (o.name == "restart-search") s.restart = "luby";  // it changes the orders at restarts: needs some
      CHECK_NOTHROW(s.search_options());
      CHECK_NOTHROW(csp::rule_set(s));
    }
  }
  CHECK(apps_common::find_search_option("nonsense") == nullptr);
  // The lists are the library's own.
  CHECK(apps_common::find_search_option("values")->choices.size() == csp::values::names().size());
  CHECK(apps_common::find_search_option("inference")->choices.size() == csp::inference_names().size());
}

TEST_CASE("options: the table is the core's options with the rules module's added", "[options]") {
  const csp::OptionTable core = csp::core_option_table();
  CHECK(core.find("rules") == nullptr);  // the search core knows no rules
  std::vector<std::string> names, core_names;
  for (const csp::OptionSpec& o : apps_common::search_option_table())
    if (o.name != "rules") names.push_back(o.name);
  for (const csp::OptionSpec& o : core.entries()) core_names.push_back(o.name);
  CHECK(names == core_names);
  // --rules right after --inference, where the commands have always listed it.
  const auto table = apps_common::search_option_table();
  const auto at = std::find_if(table.begin(), table.end(), [](const csp::OptionSpec& o) { return o.name == "rules"; });
  REQUIRE(at != table.begin());
  REQUIRE(at != table.end());
  CHECK((at - 1)->name == "inference");
}

TEST_CASE("options: the rules option lists every rule parse_rules accepts", "[options]") {
  const std::vector<std::string>& choices = apps_common::find_search_option("rules")->choices;
  const std::set<std::string> listed(choices.begin(), choices.end());
  for (csp::Rule r : csp::parse_rules("every")) CHECK(listed.count(std::string(csp::rule_name(r))) == 1);
  // ... and every set, by its canonical name.
  for (const csp::RuleName& n : csp::rule_names()) CHECK(listed.count(std::string(n.name)) == 1);
  CHECK(listed.count("singles") == 1);
}

TEST_CASE("options: settings build the options they name", "[options]") {
  csp::SearchSettings s;
  CHECK(csp::option_text(*apps_common::find_search_option("order"), s) == "mrv");
  s.inference = "fc";
  s.node_limit = 12;
  s.time_limit = 1e-12;  // below a nanosecond: the smallest limit, never "none"
  const csp::SearchOptions o = s.search_options();
  CHECK(o.inference == csp::Inference::forward);
  CHECK(o.limits.nodes == 12);
  CHECK(o.limits.time.count() == 1);
  CHECK(csp::option_text(*apps_common::find_search_option("node-limit"), s) == "12");
  s.values = "middle";  // not a value order (median is one since issue 18)
  CHECK_THROWS_AS(s.search_options(), std::invalid_argument);
}

TEST_CASE("options: the command-line generator binds, checks and documents each option", "[options]") {
  CLI::App app;
  csp::SearchSettings s;
  apps_common::add_search_options(app, s, {"order", "seed", "rules", "time-limit"}, {"dsatur"});
  CHECK(app.get_options().size() == 5);  // --help and the four asked for
  app.parse(std::vector<std::string>{"2.5", "--time-limit", "x-wing,all", "--rules", "7", "--seed", "dsatur", "--order"});
  CHECK(s.order == "dsatur");
  CHECK(s.seed == 7);
  CHECK(s.rules == "x-wing,all");
  CHECK(s.time_limit == 2.5);
  CLI::App bad;
  csp::SearchSettings t;
  apps_common::add_search_options(bad, t, {"order", "seed"});
  CHECK_THROWS_AS(bad.parse(std::vector<std::string>{"dsatur", "--order"}), CLI::ValidationError);
  CHECK_THROWS_AS(bad.parse(std::vector<std::string>{"-5", "--seed"}), CLI::ValidationError);
  const std::string md = apps_common::options_markdown(app);
  CHECK(md.find("| `--order` | TEXT:{dsatur,input,mrv,") != std::string::npos);
  CHECK(md.find("| `--seed` |") != std::string::npos);
  CHECK(md.find("--help") == std::string::npos);
}

TEST_CASE("options: the web API lists and takes the table's options", "[options][serve]") {
  const sudoku_web::ApiConfig config;
  const sudoku_web::json o = sudoku_web::options(config);
  CHECK(o["options"].size() == apps_common::search_option_table().size());
  // Every rule --rules accepts (not only the six group rules), and what "all" stands for.
  std::vector<std::string> every;
  for (csp::Rule r : csp::parse_rules("every")) every.emplace_back(csp::rule_name(r));
  CHECK(names_of(o["rules"]) == every);
  CHECK(o["rule_sets"]["all"].size() == csp::all_rules().size());
  CHECK(names_of(o["inferences"]) == std::vector<std::string>{"none", "fc", "mac", "learn", "portfolio"});
  // A technique rule and a limit are taken as fields; an unknown field is refused.
  const char* puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const sudoku_web::json r = sudoku_web::solve({{"puzzle", puzzle}, {"rules", "naked-single,x-wing"}, {"node_limit", 100000}},
                                               config);
  CHECK(r["status"] == "solved");
  CHECK(r["config"]["rules"] == "naked-single,x-wing");
  CHECK(r["config"]["node_limit"] == 100000);
  CHECK_THROWS_AS(sudoku_web::solve({{"puzzle", puzzle}, {"depth", 3}}, config), sudoku_web::ApiError);
}
