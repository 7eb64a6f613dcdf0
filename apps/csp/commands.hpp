// The subcommands of csp: each adds itself to the command line (add_*, all in command_line.cpp)
// and runs from its parsed settings (run_*, each in the subcommand's own file).
#pragma once

#include <string>
#include <vector>

#include "options.hpp"

// Declared only: CLI11 costs seconds of compile time in every file that includes it, and only
// main.cpp and command_line.cpp build the command line.
namespace CLI {
class App;
}  // namespace CLI

namespace csp_app {

struct QueensCommand {
  int n = 8;
  bool count = false, all = false, first = false;
  std::string model = "binary";
  std::string strength = "domain";
  SearchConfig search;
};
CLI::App* add_queens(CLI::App& app, QueensCommand& c);
int run_queens(const QueensCommand& c);

struct ColorCommand {
  std::string file;
  int colors = 0;  ///< 0: find the chromatic number
  double clique_budget = 1.0;
  bool strict = false;  ///< refuse a file with a self-loop instead of dropping it with a warning
  SearchConfig search;
};
CLI::App* add_color(CLI::App& app, ColorCommand& c);
int run_color(const ColorCommand& c);

struct MapCommand {
  std::string map;
  int colors = 4;
  SearchConfig search;
};
CLI::App* add_map(CLI::App& app, MapCommand& c);
int run_map(const MapCommand& c);

struct CryptarithmCommand {
  std::string equation;
  std::string strength = "domain";
  SearchConfig search;
};
CLI::App* add_cryptarithm(CLI::App& app, CryptarithmCommand& c);
int run_cryptarithm(const CryptarithmCommand& c);

struct ZebraCommand {
  std::string strength = "domain";
  SearchConfig search;
};
CLI::App* add_zebra(CLI::App& app, ZebraCommand& c);
int run_zebra(const ZebraCommand& c);

struct LatinCommand {
  std::vector<std::string> files;
  SearchConfig search = [] {
    SearchConfig s;
    s.rules = "naked-single,hidden-single";
    return s;
  }();
};
CLI::App* add_latin(CLI::App& app, LatinCommand& c);
int run_latin(const LatinCommand& c);

/// csp merge: the result lines of a split search's parts combined (merge.cpp).
struct MergeCommand {
  std::vector<std::string> files;  ///< files of result lines; none: standard input
  std::string parts;               ///< the part lines --split printed ("": not given)
};
CLI::App* add_merge(CLI::App& app, MergeCommand& c);
int run_merge(const MergeCommand& c);

}  // namespace csp_app
