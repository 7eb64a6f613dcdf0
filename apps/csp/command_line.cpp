// The command line of csp: every subcommand's options, help, defaults and checks (add_queens ...
// add_merge, declared in commands.hpp), and the search options they share. Kept apart from the
// subcommands' run_* so that CLI11, which costs seconds of compile time in every file including
// it, is compiled here and in main.cpp only.
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "apps/common/cli.hpp"
#include "apps/common/search_options.hpp"
#include "commands.hpp"
#include "csp/constraints/all_different.hpp"

namespace csp_app {
namespace {

/// Adds --order, --values, --seed, --inference, (when with_rules) --rules, --node-limit,
/// --time-limit from the library's table, --threads, --stats, and --split / --part (docs/scale-out.md); the
/// accepted variable orders are `own_orders` (the command's, such as dsatur), then the library's.
void add_search_options(CLI::App& cmd, SearchConfig& c, const std::vector<std::string>& own_orders = {},
                        bool with_rules = false) {
  std::vector<std::string_view> names{"order", "values", "seed", "inference", "node-limit", "time-limit", "restart",
                                      "restart-base", "restart-search", "phase-saving", "share-learnt"};
  if (with_rules) names.push_back("rules");  // (added in the table's order, whatever the order here)
  apps_common::add_search_options(cmd, c, names, own_orders);
  cmd.add_option("--threads", c.threads, "Threads searching each instance together (1: the sequential search)")
      ->check(CLI::Range(1u, 1024u))
      ->capture_default_str();
  cmd.add_flag("--stats", c.stats, "Print search statistics on standard error");
  auto* split = cmd.add_option("--split", c.split,
                               "Print at least N command lines, one per part of the search (each this command with "
                               "--part), and exit; csp merge combines their results (docs/scale-out.md)")
                    ->check(apps_common::whole_number(1, 1000000));
  cmd.add_option("--part", c.part,
                 "Solve only this part of the search (a line --split printed) and print one result line for csp merge")
      ->check(CLI::Validator([](std::string& s) { return s.empty() ? std::string("the path is empty (the whole search is -)") : std::string(); },
                             "PATH"))
      ->excludes(split);
}

/// Adds --strength for the all-different constraints of a model.
void add_strength_option(CLI::App& cmd, std::string& strength) {
  const auto& names = csp::all_different_strength_names();
  apps_common::add_choice_option(cmd, "strength", strength, "Strength of the all-different constraints",
                                 std::vector<std::string>(names.begin(), names.end()));
}

}  // namespace

CLI::App* add_queens(CLI::App& app, QueensCommand& c) {
  CLI::App* cmd = app.add_subcommand("queens", "Place N queens on an NxN board, no two attacking");
  cmd->add_option("N", c.n, "Board size")->required()->check(CLI::Range(1, 64));
  auto* count = cmd->add_flag("--count", c.count, "Print only the number of placements");
  auto* all = cmd->add_flag("--all", c.all, "Print every placement, then their number");
  auto* first = cmd->add_flag("--first", c.first, "Print the first placement (the default)");
  count->excludes(all)->excludes(first);
  all->excludes(first);
  cmd->add_option("--model", c.model, "binary: a relation per pair of columns; all-different: rows and diagonals")
      ->check(CLI::IsMember({"binary", "all-different"}))
      ->capture_default_str();
  add_strength_option(*cmd, c.strength);
  add_search_options(*cmd, c.search);
  // Two-way branching (x = a, then x != a and choose again) did the same work on queens as d-way
  // (n = 12, value model: 2,322 M against 2,319 M instructions; docs/benchmarks-generic.md).
  cmd->footer("Branching: d-way, each node tries its variable's values in turn (measured as fast here as\n"
              "two-way branching, x = a then x != a and choose again, which is how Gecode branches).");
  return cmd;
}

CLI::App* add_color(CLI::App& app, ColorCommand& c) {
  CLI::App* cmd = app.add_subcommand("color", "Colour a graph (DIMACS .col file) with the fewest colours");
  cmd->add_option("FILE", c.file, "The graph, in DIMACS .col format (-: standard input)")->required();
  cmd->add_option("--colors", c.colors, "Only answer whether this many colours suffice")->check(CLI::Range(1, 100000));
  cmd->add_option("--clique-budget", c.clique_budget, "Seconds for the exact clique search (the lower bound; 0: no limit)")
      ->check(apps_common::seconds())
      ->capture_default_str();
  cmd->add_flag("--strict", c.strict,
                "Refuse a file with a self-loop (`e V V`); by default self-loops are dropped with a warning");
  c.search.order = "dsatur";
  add_search_options(*cmd, c.search, {"dsatur"});
  return cmd;
}

CLI::App* add_map(CLI::App& app, MapCommand& c) {
  CLI::App* cmd = app.add_subcommand("map", "Colour a map so that neighbouring regions differ");
  cmd->add_option("MAP", c.map, "australia or usa (the 48 contiguous states)")
      ->required()
      ->check(CLI::IsMember({"australia", "usa"}));
  cmd->add_option("--colors", c.colors, "Number of colours")->check(CLI::Range(1, 64))->capture_default_str();
  c.search.order = "dsatur";
  add_search_options(*cmd, c.search, {"dsatur"});
  return cmd;
}

CLI::App* add_cryptarithm(CLI::App& app, CryptarithmCommand& c) {
  CLI::App* cmd = app.add_subcommand("cryptarithm", "Solve a letter arithmetic puzzle such as SEND+MORE=MONEY");
  cmd->add_option("EQUATION", c.equation, "Words joined by + and -, one '=' (e.g. SEND+MORE=MONEY)")->required();
  add_strength_option(*cmd, c.strength);
  add_search_options(*cmd, c.search);
  return cmd;
}

CLI::App* add_zebra(CLI::App& app, ZebraCommand& c) {
  CLI::App* cmd = app.add_subcommand("zebra", "Solve the zebra (Einstein) puzzle");
  add_strength_option(*cmd, c.strength);
  add_search_options(*cmd, c.search);
  return cmd;
}

CLI::App* add_latin(CLI::App& app, LatinCommand& c) {
  CLI::App* cmd = app.add_subcommand("latin", "Complete Latin squares, one per line (n*n cells, '.' or '0' blank)");
  cmd->add_option("FILE", c.files, "Files of squares (none or -: standard input)");
  add_search_options(*cmd, c.search, {}, true);  // --rules: for the rows and columns
  return cmd;
}

CLI::App* add_merge(CLI::App& app, MergeCommand& c) {
  CLI::App* cmd = app.add_subcommand(
      "merge", "Combine the result lines of a split search's parts (csp <command> ... --part LINE) into one answer");
  cmd->add_option("FILE", c.files, "Files of result lines (none or -: standard input)");
  cmd->add_option("--parts", c.parts,
                  "The part lines --split printed: each must have exactly one result, and their order is the part order "
                  "(without it: the results' own order, and a missing part cannot be noticed)");
  return cmd;
}

}  // namespace csp_app
