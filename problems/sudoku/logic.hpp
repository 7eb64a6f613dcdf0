// The logical solver: solving a Sudoku step by step the way a person does, with the techniques of
// csp/rules/techniques/ — to explain a puzzle (`sudoku explain`) and to grade it (`sudoku grade`).
//
// The loop: the givens are placed and their values removed from their peers (not steps: that is
// the starting candidate grid). Then, at each step, the techniques are tried in order (by default
// the catalogue's, simplest first) and the first that makes progress is applied: its removals are
// made; a placement fixes the cell and removes the value from the cell's peers. This repeats until
// every cell is placed (solved), no technique applies (needs search), or the candidates contradict
// themselves (unsolvable: every technique is sound, so no solution exists).
//
// Grading (docs/techniques.md): the score is the sum of the base scores of the steps; the hardest
// technique is the one of highest level (then highest score) among them; the level is that
// technique's level, raised while the score exceeds the level's ceiling (800 easy, 1000 medium, 1600
// hard, 1800 fiendish, scaled by cells/81; extreme has none; see grading.hpp). A puzzle the catalogue does not
// finish is graded `needs search`.
//
// The JSON of explain_json() (what `sudoku explain --format json` prints, and the web page reads):
//   {"puzzle": "<N*N chars>", "steps": [{"technique": "hidden-single",
//     "text": "hidden-single in box 5: r3c5 = 7", "groups": ["box 5"], "cells": ["r3c5"],
//     "placements": [{"cell": "r3c5", "value": 7}], "removals": [{"cell": "r2c1", "value": 3}]}, ...],
//    "result": "solved" | "needs search" | "invalid" | "unsolvable",
//    "solution": "<N*N chars>" (when solved, by the steps or by search after them), "guesses": <n>}
// "reason" is added for invalid puzzles. Cells are "r<row>c<col>", 1-based; values are 1..N. A chain's
// step adds "links": [{"from": {"cell": "r1c1", "value": 5}, "to": {...}, "strong": true}, ...],
// its links in order (strong: at least one end holds; weak: at most one).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/explain.hpp"
#include "problems/sudoku/grading.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace problems::sudoku {

struct LogicOptions {
  /// The techniques in the order tried (see parse_techniques() of catalogue.hpp): "all" is Sudoku's
  /// catalogue, simplest first.
  std::string techniques = "all";
  /// Rules and options of the search that continues when no technique applies.
  csp::RuleSet search_rules = csp::parse_rules("singles");
  csp::SearchOptions search;
};

enum class LogicResult : std::uint8_t { solved, needs_search, invalid, unsolvable };
/// "solved", "needs search", "invalid", "unsolvable".
std::string_view to_string(LogicResult r);

/// What the techniques did to one puzzle.
struct LogicRun {
  LogicResult result = LogicResult::needs_search;
  std::vector<csp::techniques::Step> steps;
  std::vector<int> grid;       ///< the placed values after the steps (0: open), row-major
  std::size_t open = 0;        ///< open cells left
  std::size_t candidates = 0;  ///< their candidates
  std::string reason;          ///< invalid or unsolvable: why
};

/// A puzzle's grade.
struct Grade {
  LogicResult result = LogicResult::needs_search;
  std::string hardest;  ///< the hardest technique used ("" when none)
  int score = 0;        ///< the sum of the steps' base scores
  Level level = Level::easy;  ///< meaningful when solved
  std::size_t steps = 0;
  /// Steps per technique, in catalogue order, for the techniques used.
  std::vector<std::pair<std::string, std::size_t>> uses;
};

/// One grid size, built once and reused for many puzzles (not thread-safe: one per thread).
class LogicSolver {
 public:
  /// Throws std::invalid_argument for a bad technique list or box side.
  LogicSolver(int box, const LogicOptions& options = {});

  /// Applies techniques to `p` until solved or stuck. An invalid puzzle (wrong size, conflicting
  /// givens) gives result invalid.
  LogicRun run(const Puzzle& p);
  /// The candidates where the last run() stopped, on model()'s layout (to continue with search).
  const csp::Domains& domains() const { return domains_; }
  /// The grade of a run.
  Grade grade(const LogicRun& r) const;

  const SudokuModel& model() const { return model_; }
  const csp::techniques::Structure& structure() const { return structure_; }
  const LogicOptions& options() const { return options_; }

  /// "hidden-single in box 5: r3c5 = 7"; symbols in the alphabet of `like`.
  std::string text(const csp::techniques::Step& s, const Puzzle& like) const;
  /// The step as a JSON object (the schema above).
  nlohmann::json json(const csp::techniques::Step& s, const Puzzle& like) const;
  /// "r3c5".
  std::string cell_name(csp::techniques::Cell c) const { return model_.cell_name(structure_.var(c)); }

 private:
  bool consistent() const;
  void place(csp::techniques::Cell c, csp::Value v);

  LogicOptions options_;
  std::vector<const csp::techniques::Technique*> order_;
  SudokuModel model_;
  csp::techniques::Structure structure_;
  csp::Domains domains_;
  std::vector<std::uint8_t> placed_;
  csp::techniques::Step step_;
};

/// Grades one puzzle with a fresh solver.
Grade grade(const Puzzle& p, const LogicOptions& options = {});

/// The outcome of the search that continues after the techniques.
struct Continuation {
  csp::SearchResult result;
  std::vector<int> solution;  ///< when found (checked with is_valid_solution)
  std::uint64_t guesses = 0;
};
/// Searches on from where solver.run() left off, with the options' search rules; `sink` (when
/// given) receives the search's log lines (guesses, backtracks, rule steps).
Continuation continue_search(const LogicSolver& solver, const Puzzle& p, const LineSink* sink = nullptr);

/// The whole explanation of a puzzle as JSON (schema above): the steps, then search if needed.
nlohmann::json explain_json(const Puzzle& p, const LogicOptions& options = {});
/// The same from a puzzle line; an invalid line gives {"puzzle": line, "steps": [], "result":
/// "invalid", "reason": ..., "guesses": 0}.
nlohmann::json explain_json(std::string_view line, const LogicOptions& options = {});

}  // namespace problems::sudoku
