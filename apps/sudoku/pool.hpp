// Per-worker solvers: one SudokuModel and one csp::Solver per grid size per worker, built on first
// use and reused for every later puzzle of that size (building the model is the expensive part;
// a solver allocates its work space once). Also the --stats summary.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "problems/sudoku/sudoku.hpp"

namespace sudoku_app {

class SolverPool {
 public:
  struct Slot {
    Slot(int box, const csp::RuleSet& rules, const csp::SearchOptions& options)
        : model(box, rules), solver(model.model(), options) {}
    problems::sudoku::SudokuModel model;
    csp::Solver solver;  // refers to `model`: a Slot never moves (held by unique_ptr)
    csp::Stats stats;    // summed over this slot's searches
    std::uint64_t searches = 0;

    void record(const csp::Stats& s) {
      if (searches++ == 0) stats = s;
      else stats += s;
    }
  };

  SolverPool(unsigned workers, csp::RuleSet rules, csp::SearchOptions options);

  /// Worker w's slot for box side `box` (2..5).
  Slot& get(unsigned worker, int box);

  /// Sums over every slot; rule counters merged by name in first-seen order.
  struct Totals {
    std::uint64_t searches = 0, nodes = 0, failures = 0, propagations = 0;
    std::vector<std::pair<std::string, std::uint64_t>> counters;
  };
  Totals totals() const;

 private:
  csp::RuleSet rules_;
  csp::SearchOptions options_;
  std::vector<std::array<std::unique_ptr<Slot>, 6>> slots_;  // [worker][box]
};

/// Prints the --summary line: "N puzzles: A solved, B unsolvable, ...; T s, R puzzles/s, M mean
/// nodes", the outcomes named and counted in the order given.
void print_summary_line(std::FILE* to, const std::vector<std::pair<std::string, std::uint64_t>>& outcomes,
                        std::uint64_t puzzles, double seconds, const SolverPool::Totals& t);
/// Prints the --stats summary: one "name: value" per line, then each rule's firings and removals.
void print_summary(std::FILE* to, const std::vector<std::pair<std::string, std::uint64_t>>& outcomes,
                   std::uint64_t puzzles, double seconds, const SolverPool::Totals& t);

}  // namespace sudoku_app
