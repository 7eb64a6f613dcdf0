// One step of the logical solver in one line of text, as `sudoku explain` prints it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "csp/rules/techniques/technique.hpp"

namespace problems::sudoku {

/// The step in one line, e.g. "hidden-single in box 5: r3c5 = 7",
/// "naked-pair 3,8 in row 2 (r2c1, r2c7): removed 3,8 from r2c3, r2c5",
/// "x-wing 4 in row 2, row 7, column 3, column 5 (r2c3, r2c5, r7c3, r7c5): removed 4 from r5c3".
/// `cell_name` names a cell, `value_name` a value.
/// Cells named together, as a grouped chain node is printed: "r1c2", "r1c23" (one row), "r45c7"
/// (one column); parts of more than one character are separated by commas ("r10c11,12"); names of
/// another shape are listed with commas.
std::string group_name(const std::vector<std::string>& names);

std::string describe(const csp::techniques::Step& s, const csp::techniques::Structure& st,
                     const std::function<std::string(csp::techniques::Cell)>& cell_name,
                     const std::function<std::string(csp::Value)>& value_name);

}  // namespace problems::sudoku
