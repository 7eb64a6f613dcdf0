// The sudoku subcommands: each registers its options on the command line (add_*, all in
// command_line.cpp) and runs once parsed (run_*, each in the subcommand's own file).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "apps/common/writer.hpp"
#include "options.hpp"

// Declared only: CLI11 costs seconds of compile time in every file that includes it, and only
// main.cpp and command_line.cpp build the command line.
namespace CLI {
class App;
}  // namespace CLI

namespace sudoku_app {

using apps_common::Writer;

struct SolveCommand {
  SearchConfig search;
  BatchConfig batch;
};
struct CountCommand {
  SearchConfig search;
  BatchConfig batch;
  std::uint64_t max = 2;
};
struct GenerateCommand {
  std::uint64_t count = 1;
  std::uint64_t seed = 1;
  int size = 9;
  unsigned threads = 0;
};
struct ExplainCommand {
  SearchConfig search;
  std::string puzzle;  ///< empty: the first puzzle line of standard input
  std::string format = "line";
  std::string techniques = "all";  ///< the techniques tried at each step, in order
};
/// sudoku grade: the hardest technique, score and level of each puzzle (apps/sudoku/grade.cpp).
struct GradeCommand {
  BatchConfig batch;
  std::string techniques = "all";
};
/// sudoku serve: runs the server program, sudoku-serve, with the arguments after `serve`.
struct ServeCommand {
  std::vector<std::string> args;  ///< everything after `serve` on the command line
  std::string log_level = "off";  ///< --log-level given before `serve`, passed on
};
/// sudoku bench: every combination of the listed choices on every file. The lists start as the
/// solve command's defaults and are replaced by whatever the command line gives.
struct BenchCommand {
  std::vector<std::string> orders{SearchConfig{}.order};
  std::vector<std::string> values{SearchConfig{}.values};
  std::vector<std::string> inferences{SearchConfig{}.inference};
  std::vector<std::string> rules{SearchConfig{}.rules};  ///< each one rule set (comma-separated rules)
  SearchConfig limits;  ///< --seed, --node-limit and --time-limit (order, values, inference, rules: the lists above)
  unsigned repeat = 1;
  unsigned threads = 1;  ///< one by default: per-puzzle times are cleaner without a neighbour
  std::string format = "table";
  std::vector<std::string> files;
};

CLI::App* add_solve(CLI::App& app, SolveCommand& c);
CLI::App* add_count(CLI::App& app, CountCommand& c);
CLI::App* add_generate(CLI::App& app, GenerateCommand& c);
CLI::App* add_explain(CLI::App& app, ExplainCommand& c);
CLI::App* add_grade(CLI::App& app, GradeCommand& c);
CLI::App* add_bench(CLI::App& app, BenchCommand& c);
CLI::App* add_serve(CLI::App& app, ServeCommand& c);

// Each returns the exit status (see Exit); UsageError escapes to main.
int run_solve(const SolveCommand& c);
int run_count(const CountCommand& c);
int run_generate(const GenerateCommand& c);
int run_explain(const ExplainCommand& c);
int run_grade(const GradeCommand& c);
int run_bench(const BenchCommand& c);
int run_serve(const ServeCommand& c);

/// "invalid: <reason> (<where>)\n".
std::string invalid_line(const std::string& reason, const std::string& where);
/// Reports a failed write on stderr (a closed pipe is not reported) and gives the exit status.
int output_failed(const Writer& out, int status);

}  // namespace sudoku_app
