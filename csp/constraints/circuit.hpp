// Circuit: successor variables that form one Hamiltonian cycle (FlatZinc's fzn_circuit): x[i] =
// j + base means node j follows node i (i, j 0-based), and following successors from any node
// visits all n nodes before coming back. As MiniZinc's decomposition says, no node is its own
// successor, so one node alone has no circuit.
//
// Strength: sound, and it fails on every violating complete assignment: successors stay in
// base..base+n-1 and off the node itself, a fixed successor leaves the other variables (value
// all-different; post all_different(x) beside it for more), and a chain of fixed successors
// shorter than n may not close on itself: its last node loses the chain's first as successor.
// All of it depends only on the fixed successors, so it wakes only when one becomes fixed.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// x is a single cycle through all its nodes: x[i] = j + base when j follows i.
std::unique_ptr<Propagator> circuit(std::vector<Var> x, Value base = 1);

}  // namespace csp
