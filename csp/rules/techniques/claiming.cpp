// Claiming (box-line reduction): a value whose places in a line all lie in one box is taken by
// that box within the line, so it leaves the rest of the box.
//
//   row 1: 5 only in r1c1, r1c3   ->  5 leaves r2c1..r3c3
//
// In a general structure: confined in a line (a group of a crossing family), cleared from a group
// that is not (locked_intersection.cpp). Accelerated, as a search rule, by locked pairs
// (csp/rules/detail/locked_pairs.hpp) with pointing.
#include "csp/rules/detail/finders.hpp"

namespace csp::techniques::detail {

bool find_claiming(const Position& p, Step& s) { return find_locked(p, s, true); }

}  // namespace csp::techniques::detail
