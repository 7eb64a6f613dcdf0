// The command line of sudoku: every subcommand's options, help, defaults and checks (add_solve ...
// add_serve, declared in commands.hpp), and the search and batch options they share. Kept apart from
// the subcommands' run_* so that CLI11, which costs seconds of compile time in every file including
// it, is compiled here and in main.cpp only.
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "apps/common/cli.hpp"
#include "apps/common/search_options.hpp"
#include "commands.hpp"

namespace sudoku_app {
namespace {

/// The check every whole-number option of a subcommand goes through (apps/common/cli.hpp): it says
/// what was expected and what was given.
using apps_common::whole_number;

/// Adds --order, --values, --seed, --inference, --rules, --node-limit, --time-limit (from the
/// library's table, see apps/common/search_options.hpp).
void add_search_options(CLI::App& cmd, SearchConfig& c) {
  apps_common::add_search_options(cmd, c, {"order", "values", "seed", "inference", "rules", "node-limit", "time-limit"});
}

/// Adds FILE..., --threads, --stats, --summary and (when with_format) --format.
void add_batch_options(CLI::App& cmd, BatchConfig& c, bool with_format) {
  cmd.add_option("FILE", c.files, "Puzzle files, one puzzle per line (none or -: standard input)");
  cmd.add_option("--threads", c.threads, "Worker threads (default: one per hardware thread; at most 256)")
      ->check(whole_number(1, UINT32_MAX));
  cmd.add_flag("--stats", c.stats, "Print a summary on standard error");
  cmd.add_flag("--summary", c.summary, "Print a one-line summary on standard error");
  if (with_format) {
    cmd.add_option("--format", c.format, "Answer layout")
        ->check(CLI::IsMember({"line", "grid"}))
        ->capture_default_str();
  }
}

}  // namespace

CLI::App* add_solve(CLI::App& app, SolveCommand& c) {
  CLI::App* cmd = app.add_subcommand("solve", "Solve puzzles, one per line: prints one answer line per puzzle line");
  add_search_options(*cmd, c.search);
  add_batch_options(*cmd, c.batch, true);
  return cmd;
}

CLI::App* add_count(CLI::App& app, CountCommand& c) {
  CLI::App* cmd = app.add_subcommand("count", "Count the solutions of each puzzle, stopping at --max (printed as >=MAX)");
  cmd->add_option("--max", c.max, "Stop counting at this many solutions")->check(whole_number(1, UINT64_MAX))->capture_default_str();
  add_search_options(*cmd, c.search);
  add_batch_options(*cmd, c.batch, false);
  return cmd;
}

CLI::App* add_generate(CLI::App& app, GenerateCommand& c) {
  CLI::App* cmd = app.add_subcommand(
      "generate", "Generate proper, minimal puzzles (one solution; no clue removable), one per line; 16x16 may be slow");
  cmd->add_option("--count", c.count, "Number of puzzles")->check(whole_number(0, UINT64_MAX))->capture_default_str();
  cmd->add_option("--seed", c.seed, "Seed: the same seed gives the same puzzles")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--size", c.size, "Grid side")->check(CLI::IsMember({4, 9, 16}))->capture_default_str();
  cmd->add_option("--threads", c.threads, "Worker threads (the output does not depend on it)")->check(whole_number(1, UINT32_MAX));
  return cmd;
}

CLI::App* add_explain(CLI::App& app, ExplainCommand& c) {
  CLI::App* cmd = app.add_subcommand("explain", "Explain how a puzzle is solved, step by step");
  cmd->add_option("PUZZLE", c.puzzle, "The puzzle (none or -: the first puzzle line of standard input)");
  cmd->add_option("--techniques", c.techniques,
                  "Techniques tried at each step, in order (comma-separated names, 'singles', "
                  "'locked-candidates' or 'all'; see docs/techniques.md)")
      ->capture_default_str();
  // The search that continues when no technique applies shows every rule by default: that is what
  // makes its steps readable.
  c.search.rules = "all";
  add_search_options(*cmd, c.search);
  cmd->add_option("--format", c.format, "line or grid: the steps, then the solution in that layout; json: one JSON object")
      ->check(CLI::IsMember({"line", "grid", "json"}))
      ->capture_default_str();
  return cmd;
}

CLI::App* add_grade(CLI::App& app, GradeCommand& c) {
  CLI::App* cmd = app.add_subcommand(
      "grade", "Grade puzzles like a human solver: hardest technique, score, level (or 'needs search'), one line each");
  cmd->add_option("--techniques", c.techniques,
                  "Techniques tried at each step, in order (comma-separated names, 'singles', "
                  "'locked-candidates' or 'all'; see docs/techniques.md)")
      ->capture_default_str();
  add_batch_options(*cmd, c.batch, false);
  return cmd;
}

CLI::App* add_bench(CLI::App& app, BenchCommand& c) {
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Measure every combination of the listed orders, value orders, inference levels and rule sets on "
      "every file: one row per (file, configuration). Exit 0: all solved; 1: some puzzle unsolved, stopped "
      "by a limit, or an invalid line; 3: a wrong answer");
  // One value per occurrence (allow_extra_args false), so that the options may repeat and never
  // swallow the file names that follow them.
  cmd->add_option("--order", c.orders, "Variable orders, comma-separated (" + apps_common::choices_of("order") + ")")
      ->allow_extra_args(false)
      ->capture_default_str();
  cmd->add_option("--values", c.values, "Value orders, comma-separated (" + apps_common::choices_of("values") + ")")
      ->allow_extra_args(false)
      ->capture_default_str();
  cmd->add_option("--inference", c.inferences,
                  "Inference levels, comma-separated (" + apps_common::choices_of("inference") + ")")
      ->allow_extra_args(false)
      ->capture_default_str();
  cmd->add_option("--rules", c.rules,
                  "A rule set (" + apps_common::choices_of("rules") + "); repeat the option to compare several")
      ->allow_extra_args(false)
      ->capture_default_str();
  cmd->add_option("--repeat", c.repeat, "Run each configuration K times and report the run with the median puzzles/s")
      ->check(whole_number(1, UINT32_MAX))
      ->capture_default_str();
  // Each worker gets its own models: a bound keeps a typo like --threads 100000 from exhausting memory.
  cmd->add_option("--threads", c.threads, "Worker threads (1 to 256)")->check(whole_number(1, 256))->capture_default_str();
  cmd->add_option("--format", c.format, "Report layout")
      ->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  apps_common::add_search_options(*cmd, c.limits, {"seed", "node-limit", "time-limit"});
  cmd->add_option("FILE", c.files, "Puzzle files, one puzzle per line (- : standard input)")->required();
  return cmd;
}

CLI::App* add_serve(CLI::App& app, ServeCommand&) {
  CLI::App* cmd = app.add_subcommand(
      "serve", "Serve a web page to play, solve and explain puzzles, and its JSON API (sudoku serve --help: its options)");
  cmd->prefix_command();  // the rest of the line is the server's
  cmd->set_help_flag();   // so is --help
  cmd->fallthrough(false);  // even the options the sudoku command knows (--help, --log-level)
  return cmd;
}

}  // namespace sudoku_app
