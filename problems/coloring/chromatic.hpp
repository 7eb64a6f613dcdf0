// The chromatic number: the fewest colours a graph can be coloured with, found and proved.
//
// Upper bound: a greedy DSATUR colouring. Lower bound: a clique (its vertices need distinct
// colours). Between them, search: while the best colouring uses k > lower bound colours, ask the
// CSP for k - 1. A colouring lowers k; "unsatisfiable" proves k optimal. Every search fixes the
// clique's vertices to colours 0..q-1 (any colouring can be renamed so) and tries only one fresh
// colour per vertex (fresh_colour_values), which removes the colour symmetry the proofs would
// otherwise pay for many times over.
#pragma once

#include <chrono>
#include <vector>

#include "problems/coloring/coloring.hpp"

namespace problems::coloring {

struct ColoringSettings {
  /// Order, values, inference and limits of each search. chromatic_number() replaces limits.time
  /// with what is left of time_limit.
  csp::SearchOptions search;
  /// (search.threads: the threads of each search; color_with builds their models.)
  /// Use DSATUR as the variable order (else search.order).
  bool dsatur = true;
  /// Wall-clock budget of the whole job, bounds included (0: none).
  std::chrono::nanoseconds time_limit{0};
  /// Budget of the exact clique search (0: none); past it the largest clique found so far is
  /// used. chromatic_number() gives it at most a quarter of time_limit.
  std::chrono::nanoseconds clique_budget = std::chrono::seconds(1);
};

/// Is there a colouring with k colours?
struct KColoring {
  enum class Status { feasible, infeasible, limit } status = Status::limit;
  std::vector<int> colour;  ///< when feasible: colour[v] in 0..k-1
  csp::LimitHit limit = csp::LimitHit::none;
  csp::Stats stats;
};
/// Searches for a k-colouring with the clique's vertices fixed to colours 0..q-1 (pass an empty
/// clique for none; a clique larger than k answers infeasible at once). The search's limits are
/// settings.search.limits; time_limit and clique_budget are not used here.
KColoring color_with(const Graph& g, int k, const std::vector<int>& clique, const ColoringSettings& settings);

/// The best colouring found and what is known of the chromatic number.
struct Chromatic {
  std::vector<int> colour;  ///< uses `colours` colours, numbered 0..colours-1
  int colours = 0;
  bool optimal = false;      ///< proved: no colouring with fewer colours exists
  int greedy = 0;            ///< colours of the DSATUR greedy colouring
  Clique clique;             ///< the lower bound's clique
  csp::LimitHit limit = csp::LimitHit::none;  ///< what stopped the proof, when not optimal
  csp::Stats stats;          ///< all the searches together
};
Chromatic chromatic_number(const Graph& g, const ColoringSettings& settings);

/// The clique budget within a time limit: at most a quarter of it (both 0: no limit).
std::chrono::nanoseconds clique_budget_within(std::chrono::nanoseconds budget, std::chrono::nanoseconds time_limit);

}  // namespace problems::coloring
