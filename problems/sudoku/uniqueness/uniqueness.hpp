// Sudoku's uniqueness deductions (internal to problems/sudoku/: catalogue.cpp makes them rows of
// Sudoku's catalogue, problems/sudoku/catalogue.hpp). Each is sound only for a puzzle known to have
// exactly one solution, which is why they live with the problem and not in the generic catalogue
// of csp/rules/techniques/: unique rectangles of types 1 to 4 (unique_rectangle_1.cpp ..
// unique_rectangle_4.cpp, on the rectangles of unique_rectangle.hpp) and BUG+1 (bug_plus_1.cpp).
// They are finders like the library's (csp/rules/techniques/technique.hpp), written with its
// public helpers (step_helpers.hpp).
#pragma once

#include "csp/rules/techniques/step_helpers.hpp"
#include "csp/rules/techniques/technique.hpp"

namespace problems::sudoku::uniqueness {

using csp::Value;
using csp::techniques::Cell;
using csp::techniques::Position;
using csp::techniques::Step;
using csp::techniques::Structure;
using csp::techniques::add_values;
using csp::techniques::conjugate_partner;
using csp::techniques::for_each_subset;
using csp::techniques::remove_bits;
using csp::techniques::single;

bool find_unique_rectangle_1(const Position& p, Step& s);
bool find_unique_rectangle_2(const Position& p, Step& s);
bool find_unique_rectangle_3(const Position& p, Step& s);
bool find_unique_rectangle_4(const Position& p, Step& s);
bool find_bug_plus_1(const Position& p, Step& s);

}  // namespace problems::sudoku::uniqueness
