// The one-line progress of a long search on standard error, as `sudoku bench` shows its bar
// (bench.hpp): only when standard error is a terminal (never into a pipe or a file), from the
// second second of a search on, redrawn four times a second. The library calls it through
// SearchOptions::progress; the command clears it before it prints.
#pragma once

#include "csp/search/options.hpp"

namespace apps_common {

/// Sets options.progress to draw the line "searching: N nodes, F failures, S solutions, T s" when
/// standard error is a terminal; leaves the options as they are otherwise.
void show_search_progress(csp::SearchOptions& options);
/// Clears the line if one is drawn (call it before printing on standard output or error); safe
/// from any thread.
void clear_search_progress();

}  // namespace apps_common
