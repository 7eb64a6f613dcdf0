// Graph colouring as a CSP: one variable per vertex holding its colour, != on every edge; and the
// graph algorithms around it — DSATUR (as a search order and as a greedy colouring), a clique
// search for the lower bound, and an independent check of any colouring.
#pragma once

#include <chrono>
#include <span>
#include <vector>

#include "csp/csp.hpp"
#include "problems/coloring/dimacs.hpp"

namespace problems::coloring {

/// Neighbour lists, 0-based and sorted: the form the algorithms below read fast.
using Adjacency = std::vector<std::vector<int>>;
Adjacency adjacency(const Graph& g);

/// Independent of the solver: every vertex has a colour in 0..k-1 and no edge joins equal colours.
bool is_proper(const Graph& g, std::span<const int> colour, int k);
/// Number of distinct colours in a colouring.
int colours_used(std::span<const int> colour);

/// The CSP "colour g with k colours". Vertex i is variable Var{i} (they are created first, in
/// order), which is what dsatur_order() and fresh_colour_values() rely on.
struct ColoringModel {
  csp::Model model;
  std::vector<csp::Var> colour;  ///< colour[v] in 0..k-1
  int k = 0;
};
ColoringModel make_coloring_model(const Graph& g, int k);

/// DSATUR as a csp::VariableOrder: the uncoloured vertex whose coloured neighbours show the most
/// distinct colours (its saturation), ties broken by the most uncoloured neighbours, then the lowest
/// number. For a model made by make_coloring_model() on the same graph.
csp::VariableOrderFactory dsatur_order(const Graph& g);

/// Colour symmetry breaking for search, wrapping any value order: colours no vertex has yet are
/// interchangeable, so of those only the first one `inner` lists is tried. This keeps every answer
/// to "is there a k-colouring?" (any colouring maps to one that uses a fresh colour only when no
/// used one fits) while cutting up to k! symmetric subtrees. It relies on the solver trying exactly
/// the values an order lists. Unsound for counting colourings, and only for models whose only
/// constraints are the edges' != (so that every colour nobody holds is still a candidate everywhere).
csp::ValueOrderFactory fresh_colour_values(csp::ValueOrderFactory inner, int vertices);

/// A colouring by greedy DSATUR (no backtracking): an upper bound on the chromatic number.
std::vector<int> dsatur_greedy(const Graph& g);

/// A clique: a lower bound on the chromatic number, and vertices that need distinct colours.
struct Clique {
  std::vector<int> vertices;
  bool maximum = false;  ///< the search finished within its budget: no larger clique exists
};
/// The largest clique found by branch and bound (greedy colouring bound, as in Tomita's MCQ),
/// started from a greedy clique and stopped after `budget` (0: no limit).
Clique max_clique(const Graph& g, std::chrono::nanoseconds budget);
/// True when the vertices are pairwise adjacent (independent check).
bool is_clique(const Graph& g, std::span<const int> vertices);

}  // namespace problems::coloring
