// Internal to the rules library (csp/rules/detail/: not part of the public API, not installed).
// Alternating inference chains: the one chain engine of xy-chain, aic and grouped-aic
// (chain.cpp). A node is a candidate (a cell and a value) or, when grouped, a value's places in
// the intersection of two groups (a box and a line), two or more of them; it is true when one of
// its cells holds the value. Links between nodes:
//   strong (at least one of the two is true): the two values of a bivalue cell; a group whose
//     places of a value are exactly the two nodes' cells;
//   weak (at most one is true): two values of one cell; one value on two disjoint nodes whose
//     cells all see each other.
// A chain starts at A with a strong link and alternates (strong, weak, ..., strong) to B: if A is
// false, the next node is true, the next false, ..., B true. So A or B holds:
//   - A and B of one value: every cell seeing all of A's and B's cells loses it;
//   - A, B of two values in one cell: that cell keeps only those two;
//   - A, B of two values in cells that see each other: A's cell loses B's value, B's loses A's;
//   - B = A (a discontinuous nice loop): A false implies A true, so A holds (its cell keeps A's
//     value; a grouped A: the value leaves the rest of the groups holding A's cells).
// (A continuous nice loop's eliminations are those of its chains cut at any weak link, so they
// are found as chains.) The search is breadth first from every node, so a reported chain is a
// shortest one with an elimination.
#pragma once

#include <cstdint>
#include <string_view>

#include "csp/rules/techniques/technique.hpp"

namespace csp::techniques::detail {

/// Which links and nodes a chain technique uses.
struct ChainKind {
  bool bilocal;  ///< strong links of a value with two places in a group (else: bivalue cells only)
  bool in_cell;  ///< weak links between two values of one cell
  bool grouped;  ///< grouped nodes (a value's places in a box-line intersection)
};

/// The shortest chain of that kind with an elimination (or a placement), as a step named `name`:
/// the chain's nodes in order in cells and values (a cell and a value per node; when a node is
/// grouped, every node's cells with their counts in node_sizes), its links in links (between the
/// nodes' first cells).
bool find_chain(const Position& p, Step& s, ChainKind kind, std::string_view name);

}  // namespace csp::techniques::detail
