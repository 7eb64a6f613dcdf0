// What search.cpp shares with sudoku.cpp: the search options read from keyword arguments through the
// one option table, the statistics as a dict, and running a search with the GIL released, Ctrl-C
// watched and a Python callback's exception raised again.
#pragma once

#include <functional>
#include <string>

#include "core.hpp"

namespace fdcsp_py {

/// The keyword arguments of a solver: the option table's fields by their key (order, values,
/// seed, inference, rules, node_limit, time_limit, restart, ...) and threads; order and values may
/// be Python functions (kept in order_fn / values_fn).
struct Config {
  csp::SearchSettings settings;
  unsigned threads = 1;
  py::object order_fn;   // None unless order was a callable
  py::object values_fn;  // None unless values was a callable
};

/// Reads `kwargs` over `defaults`; ValueError naming a bad option or value and what is allowed.
Config config_of(const py::kwargs& kwargs, csp::SearchSettings defaults = {});
/// The statistics as a dict (counters by their names, Model::counter_names()).
py::dict stats_dict(const csp::Stats& s, const std::vector<std::string>& counter_names);

/// Runs `search` with the GIL released, `stop` as the search's interrupt (set by Ctrl-C in the main
/// thread, and by a Python callback's exception recorded in `core`, which is then raised again);
/// an interrupted search checks Python's signals, so KeyboardInterrupt is raised. `core` may be null.
csp::SearchResult run_released(ModelCore* core, std::atomic<bool>& stop,
                               const std::function<csp::SearchResult()>& search);

}  // namespace fdcsp_py
