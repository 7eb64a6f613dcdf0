// sudoku: solve, count, generate, explain and benchmark Sudoku puzzles with the csp framework.
// This file only parses the command line and dispatches; each subcommand's options are in
// command_line.cpp, and its run in a file of its own.
#include <csignal>
#include <iostream>

#include <CLI/CLI.hpp>

#include "apps/common/errors.hpp"
#include "apps/common/parse_command_line.hpp"
#include "apps/common/search_options.hpp"
#include "commands.hpp"
#include "csp/kernel/log.hpp"

int main(int argc, char** argv) {
  using namespace sudoku_app;
  // A closed output pipe must show up as EPIPE from fwrite, so that we can stop quietly with the
  // status earned so far, rather than die from the signal.
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);  // input is read through std::cin line by line

  CLI::App app{"Solve, count, generate, explain, grade and benchmark Sudoku puzzles (4x4 to 25x25), one puzzle per line."};
  app.require_subcommand(1);
  app.footer(apps_common::exit_status_help("every puzzle answered",
                                           ", or some puzzle unsolvable, invalid or cut short by a limit"));
  app.fallthrough();  // --log-level may also follow the subcommand
  std::string log_level = "off";
  app.add_option("--log-level", log_level, "Diagnostics on standard error")
      ->check(CLI::IsMember({"off", "error", "warn", "info", "debug", "trace"}))
      ->capture_default_str();

  SolveCommand solve;
  CountCommand count;
  GenerateCommand generate;
  ExplainCommand explain;
  GradeCommand grade;
  BenchCommand bench;
  ServeCommand serve;
  CLI::App* solve_cmd = add_solve(app, solve);
  CLI::App* count_cmd = add_count(app, count);
  CLI::App* generate_cmd = add_generate(app, generate);
  CLI::App* explain_cmd = add_explain(app, explain);
  CLI::App* grade_cmd = add_grade(app, grade);
  CLI::App* bench_cmd = add_bench(app, bench);
  CLI::App* serve_cmd = add_serve(app, serve);
  apps_common::add_options_markdown_flag(app, [solve_cmd] {
    return "## sudoku\n\nThe search options of `sudoku solve`, `count` and `explain`; `sudoku bench` takes comma-separated\n"
           "lists of the same names. The web API (`sudoku serve`) takes the same options as JSON fields, `-` spelled `_`\n"
           "(`node_limit`), under the server's own limits.\n\n" +
           apps_common::options_markdown(*solve_cmd);
  });

  if (const auto status = apps_common::parse_command_line(app, "sudoku", argc, argv)) return *status;
  return apps_common::run_command("sudoku", [&]() -> int {
    csp::set_log_level(log_level);
    if (*solve_cmd) return run_solve(solve);
    if (*count_cmd) return run_count(count);
    if (*generate_cmd) return run_generate(generate);
    if (*explain_cmd) return run_explain(explain);
    if (*grade_cmd) return run_grade(grade);
    if (*bench_cmd) return run_bench(bench);
    if (*serve_cmd) {
      serve.args = serve_cmd->remaining();
      serve.log_level = log_level;
      return run_serve(serve);
    }
    return Exit::usage;
  });
}
