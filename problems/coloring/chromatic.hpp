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

#include "csp/search/subproblem.hpp"
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
/// The search color_with() runs for k colours: the model, its options (DSATUR when settings.dsatur,
/// fresh-colour symmetry breaking) and its start, the clique's vertices fixed to colours 0..q-1.
/// Needs k >= 1, k >= the clique's size and a graph with a vertex. csp::split() over it gives the
/// parts that color_with() and chromatic_number() search with a `part` (docs/scale-out.md).
struct KColoringSearch {
  ColoringModel coloring;
  csp::SearchOptions options;
  csp::Domains start;
};
KColoringSearch k_coloring_search(const Graph& g, int k, const std::vector<int>& clique, const ColoringSettings& settings);

/// Searches for a k-colouring with the clique's vertices fixed to colours 0..q-1 (pass an empty
/// clique for none; a clique larger than k answers infeasible at once), within `part` (a path of
/// k_coloring_search()'s tree for k or more colours; empty: the whole space). The search's limits are
/// settings.search.limits; time_limit and clique_budget are not used here.
KColoring color_with(const Graph& g, int k, const std::vector<int>& clique, const ColoringSettings& settings,
                     const csp::Path& part = {});

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
/// With a `part` (a path of k_coloring_search()'s tree for greedy - 1 colours, the first search's),
/// every search stays within it: `colours` is then the fewest found in the part or the greedy
/// colouring's, and `optimal` says that no colouring with fewer lies in the part. A colouring with
/// fewer than greedy - 1 colours is one with greedy - 1 too, renamed as the symmetry breaking keeps
/// it: so the parts of that one tree cover every search of the descent.
Chromatic chromatic_number(const Graph& g, const ColoringSettings& settings, const csp::Path& part = {});

/// The clique budget within a time limit: at most a quarter of it (both 0: no limit).
std::chrono::nanoseconds clique_budget_within(std::chrono::nanoseconds budget, std::chrono::nanoseconds time_limit);

}  // namespace problems::coloring
