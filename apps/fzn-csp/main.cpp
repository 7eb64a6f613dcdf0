// fzn-csp: the framework as a FlatZinc solver. Reads a .fzn file (what `minizinc -c` writes),
// builds the model (csp/flatzinc/builder.hpp), solves it (csp/flatzinc/run.hpp) and prints the
// answer in the FlatZinc output format. This file parses the command line and reports errors.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "apps/common/cli.hpp"
#include "apps/common/errors.hpp"
#include "apps/common/interrupt.hpp"
#include "apps/common/parse_command_line.hpp"
#include "apps/common/search_options.hpp"
#include "apps/common/search_progress.hpp"
#include "csp/flatzinc/builder.hpp"
#include "csp/flatzinc/output.hpp"
#include "csp/flatzinc/parser.hpp"
#include "csp/flatzinc/run.hpp"

namespace {

enum Exit : int { answered = 0, bad_input = apps_common::exit_status::input };

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace csp::flatzinc;
  CLI::App app{"Solve a FlatZinc model (the file `minizinc -c` writes) and print the answer in the FlatZinc output "
               "format. MiniZinc runs it as the solver `csp` (csp.msc)."};
  app.footer(apps_common::exit_status_help("answered (=====UNKNOWN===== too, when a limit came first)", "", false));
  std::string file;
  RunOptions run_options;
  bool statistics = false, verbose = false, free = false;
  std::uint64_t time_ms = 0, threads = 1;
  csp::SearchSettings settings;
  app.add_option("file", file, "the FlatZinc model (.fzn)")->required();
  app.add_flag("-a,--all-solutions", run_options.all, "every solution (optimisation: every improving one)");
  app.add_option("-n,--num-solutions", run_options.solutions, "stop after this many solutions")
      ->check(apps_common::whole_number(1, UINT64_MAX));
  app.add_flag("-i,--intermediate", run_options.intermediate, "print every improving solution of an optimisation");
  app.add_flag("-f,--free-search", free,
               "the solver's own search: unless given otherwise, --inference learn --restart luby "
               "--restart-search alternate --phase-saving last, so that runs along the model's search "
               "annotations take turns with runs by activity, as Chuffed's -f (the free search measured best, "
               "docs/learning.md; also the default for a model without search annotations, unless -a on a "
               "satisfaction model; without -f an annotated model is searched along its annotations with "
               "--inference portfolio: learning and MAC in turns)");
  app.add_flag("--ignore-search-annotations", run_options.ignore_annotations,
               "search as if the model had no search annotations (--order and --values decide; the runs by "
               "activity of -f take the model's own variables first)");
  app.add_flag("-s,--statistics", statistics, "print %%%mzn-stat lines after the search");
  app.add_option("-t,--time-limit", time_ms, "stop after this many milliseconds (0: no limit)")
      ->check(apps_common::whole_number(0, UINT64_MAX));
  app.add_option("-r,--random-seed", settings.seed, "the seed of random value orders")
      ->check(apps_common::whole_number(0, UINT64_MAX));
  app.add_option("-p,--parallel", threads, "threads searching the instance together")
      ->check(apps_common::whole_number(1, 1024));
  app.add_flag("-v,--verbose", verbose, "say on stderr what was ignored (unknown annotations)");
  apps_common::add_search_options(app, settings,
                                  {"order", "values", "inference", "node-limit", "restart", "restart-base", "restart-search",
                                   "phase-saving", "share-learnt"});
  // Gecode's spellings of the two limits (-node N, -time MS), which MiniZinc passes on from a parameter
  // file's "backend-flags" ({"-node": 1} becomes `-node 1`); CLI11 would read -node as -n with the value "ode".
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::string& a : args) {
    if (a == "-node") a = "--node-limit";
    else if (a == "-time") a = "-t";
  }
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  if (const auto status = apps_common::parse_command_line(app, "fzn-csp", args)) return *status;
  // Our free search, as measured best (docs/learning.md): under -f, and for a model without a search
  // annotation, except when enumerating every solution of a satisfaction model (learning keeps a
  // clause per solution found). Each option given on the command line wins.
  const auto use_free_search = [&] {
    const auto unset = [&](const char* flag) { return app.count(flag) == 0; };
    if (unset("--inference")) settings.inference = "learn";
    if (unset("--restart")) settings.restart = "luby";
    if (unset("--restart-search") && settings.restart != "none") settings.restart_search = "alternate";
    if (unset("--phase-saving")) settings.phase_saving = "last";
  };

  try {
    const auto begin = std::chrono::steady_clock::now();
    const auto ast = parse(read_file(file));
    const Program program = build(ast);
    const bool enumerating = run_options.all && !program.objective;
    const bool annotated = !program.search.empty() && !run_options.ignore_annotations;
    if (free || (!annotated && !enumerating)) use_free_search();
    // An annotated model: learning and MAC in turns along its annotations (--inference portfolio):
    // learning alone, as Chuffed searches one, solved more of the wider survey than MAC, but lost
    // the Challenge instances MAC proves in seconds (docs/learning.md, fifth step). Enumeration
    // is MAC's inside the portfolio.
    else if (app.count("--inference") == 0) settings.inference = "portfolio";
    const double init_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    run_options.seed = settings.seed;
    run_options.search = settings.search_options();
    run_options.search.limits.time = std::chrono::milliseconds(time_ms);
    // On a terminal (never into a pipe, as MiniZinc runs it): a one-line progress on standard error,
    // cleared before each answer.
    apps_common::show_search_progress(run_options.search);
    run_options.before_write = apps_common::clear_search_progress;
    if (threads > 1) {  // each thread after the first searches its own copy, built the same way
      run_options.search.threads = static_cast<unsigned>(threads);
      run_options.search.worker_model = [&ast]() -> csp::Model { return build(ast).model; };
    }
    // Caught even when the caller started it with SIGINT ignored (a script's background job): a
    // solver's caller always wants the answer so far.
    const apps_common::Interrupt interrupt(apps_common::Interrupt::Ignored::catch_anyway);
    run_options.search.limits.interrupt = &apps_common::interrupt_flag();
    std::vector<std::string> notes = program.notes;
    const csp::SearchResult result = run(program, run_options, stdout, notes);
    apps_common::clear_search_progress();
    if (statistics) std::fputs(statistics_text(program, result, init_seconds).c_str(), stdout);
    if (verbose)
      for (const std::string& n : notes) std::fprintf(stderr, "fzn-csp: %s: %s\n", file.c_str(), n.c_str());
    std::fflush(stdout);
    return Exit::answered;
  } catch (const std::exception& e) {  // ParseError, BuildError, an unreadable file: the input's fault
    std::fprintf(stderr, "fzn-csp: %s: %s\n", file.c_str(), e.what());
  }
  return Exit::bad_input;
}
