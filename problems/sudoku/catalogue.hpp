// Sudoku's catalogue of deductions: the library's generic rows (csp::techniques::catalogue(), sound
// on any position) and Sudoku's uniqueness rows (unique rectangles 1-4 and BUG+1, sound only for a
// puzzle with exactly one solution: problems/sudoku/uniqueness/), in Sudoku's score order (the base
// scores of grading.hpp, lowest first; rows of equal score keep the generic rows first, each part
// in its own order). It is the table the logical solver tries ("all": the whole catalogue, simplest
// first), grades by, and names in explanations; `sudoku grade/explain --techniques` and the web
// API's "techniques" read it. The search rules (--rules) are the generic catalogue's alone.
#pragma once

#include <string_view>
#include <vector>

#include "csp/rules/techniques/technique.hpp"

namespace problems::sudoku {

/// Every deduction of the logical solver, in Sudoku's score order (rows without a score last).
const std::vector<csp::techniques::Technique>& catalogue();
/// The uniqueness rows alone (each needs_unique), in their own order.
const std::vector<csp::techniques::Technique>& uniqueness_rows();
/// The row of catalogue() of that name or alias, nullptr when none.
const csp::techniques::Technique* find_technique(std::string_view name);
/// csp::techniques::parse_techniques() on catalogue(): "all" is the whole of it, in its order.
std::vector<const csp::techniques::Technique*> parse_techniques(std::string_view list);

}  // namespace problems::sudoku
