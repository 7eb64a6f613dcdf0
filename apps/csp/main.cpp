// csp: solve the framework's example problems from the command line. This file only parses the
// command line and dispatches; each subcommand's options are in command_line.cpp, and its run in a
// file of its own, which calls problems/.
#include <CLI/CLI.hpp>

#include "apps/common/errors.hpp"
#include "apps/common/parse_command_line.hpp"
#include "apps/common/search_options.hpp"
#include "commands.hpp"
#include "parts.hpp"

int main(int argc, char** argv) {
  using namespace csp_app;
  remember_command_line(argc, argv);
  CLI::App app{"Solve constraint-satisfaction problems: N-queens, graph and map colouring, cryptarithms, "
               "the zebra puzzle, Latin squares."};
  app.require_subcommand(1);
  app.footer(apps_common::exit_status_help("answered (unsolvable and infeasible are answers)",
                                           " or an answer cut short by a limit") +
             "\nGuide: docs/define-your-own.md");

  QueensCommand queens;
  ColorCommand color;
  MapCommand map;
  CryptarithmCommand cryptarithm;
  ZebraCommand zebra;
  LatinCommand latin;
  MergeCommand merge;
  CLI::App* queens_cmd = add_queens(app, queens);
  CLI::App* color_cmd = add_color(app, color);
  CLI::App* map_cmd = add_map(app, map);
  CLI::App* cryptarithm_cmd = add_cryptarithm(app, cryptarithm);
  CLI::App* zebra_cmd = add_zebra(app, zebra);
  CLI::App* latin_cmd = add_latin(app, latin);
  CLI::App* merge_cmd = add_merge(app, merge);
  apps_common::add_options_markdown_flag(app, [queens_cmd] {
    return "## csp\n\nThe search options of every `csp` subcommand (shown for `csp queens`). `color` and `map` also take\n"
           "`--order dsatur` (the default there); `latin` also takes `--rules` (default `naked-single,hidden-single`);\n"
           "`queens`, `cryptarithm` and `zebra` take `--strength`.\n\n" +
           apps_common::options_markdown(*queens_cmd, {"strength"});
  });

  if (const auto status = apps_common::parse_command_line(app, "csp", argc, argv)) return *status;
  return apps_common::run_command("csp", [&]() -> int {
    if (*queens_cmd) return run_queens(queens);
    if (*color_cmd) return run_color(color);
    if (*map_cmd) return run_map(map);
    if (*cryptarithm_cmd) return run_cryptarithm(cryptarithm);
    if (*zebra_cmd) return run_zebra(zebra);
    if (*latin_cmd) return run_latin(latin);
    if (*merge_cmd) return run_merge(merge);
    return Exit::usage;
  });
}
