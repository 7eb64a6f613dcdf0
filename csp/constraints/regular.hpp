// Regular: the sequence x is a word of a DFA's language, as MiniZinc's fzn_regular gives the DFA:
// Q states 1..Q, S symbols 1..S, a transition table d of Q rows of S entries (row-major, 1-based
// states; 0 is the failing state), the start state q0 and the accepting states F.
//
// Strength: domain consistency when the x are distinct variables, by the layered graph of
// (position, state): a forward pass marks the states reachable from q0 over the candidates, a
// backward pass keeps those from which F is still reachable, and x[i] keeps symbol s iff some
// state kept at layer i moves on s to one kept at layer i + 1. Symbols outside 1..S go. The layers
// are scratch words sized once ((n + 1) * ceil(Q / 64)), recomputed at each run, no allocation.
// A variable repeated in x keeps it sound, reasoned about as independent copies.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// x is accepted by the DFA (Q, S, d, q0, F) as fzn_regular states it; d has Q * S entries.
std::unique_ptr<Propagator> regular(std::vector<Var> x, int states, int symbols, std::vector<int> transitions,
                                    int start, std::vector<int> accepting);

}  // namespace csp
