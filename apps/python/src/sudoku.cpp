// fdcsp.Sudoku and its companions: the problems/sudoku/ functions the `sudoku` command uses (parse,
// solve, count, generate, explain, grade), as Python objects. A board's HTML (_repr_html_, for a
// notebook) is drawn by the Python layer (fdcsp/_sudoku_html.py) from the cells.
#include <pybind11/stl.h>

#include <map>
#include <optional>

#include "apps/common/option_registry.hpp"
#include "csp/rules/rule_options.hpp"
#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/generate.hpp"
#include "problems/sudoku/logic.hpp"
#include "problems/sudoku/sudoku.hpp"
#include "search.hpp"

namespace fdcsp_py {
namespace {

namespace sd = problems::sudoku;

sd::Puzzle parse_puzzle(const std::string& text) {
  const sd::ParsedLine parsed = sd::parse_line(text);
  if (parsed.kind == sd::ParsedLine::Kind::invalid) throw py::value_error("invalid puzzle: " + parsed.reason);
  if (parsed.kind == sd::ParsedLine::Kind::skip) throw py::value_error("invalid puzzle: no cells");
  return parsed.puzzle;
}

sd::Puzzle puzzle_of_cells(const std::vector<int>& cells) {
  int box = 0;
  for (int b = 2; b <= 5; ++b)
    if (static_cast<std::size_t>(b * b * b * b) == cells.size()) box = b;
  if (box == 0)
    throw py::value_error("a grid has 16, 81, 256 or 625 cells, not " + std::to_string(cells.size()));
  sd::Puzzle p;
  p.box = box;
  for (int v : cells)
    if (v < 0 || v > p.side()) throw py::value_error("cell value " + std::to_string(v) + " outside 0.." + std::to_string(p.side()));
  p.cells = cells;
  // The same checks as a line (two equal givens in a group): through the text form.
  return parse_puzzle(sd::format_line(cells, p));
}

py::object json_to_python(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null: return py::none();
    case nlohmann::json::value_t::boolean: return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer: return py::int_(j.get<long long>());
    case nlohmann::json::value_t::number_unsigned: return py::int_(j.get<unsigned long long>());
    case nlohmann::json::value_t::number_float: return py::float_(j.get<double>());
    case nlohmann::json::value_t::string: return py::str(j.get<std::string>());
    case nlohmann::json::value_t::array: {
      py::list out;
      for (const auto& x : j) out.append(json_to_python(x));
      return out;
    }
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (const auto& [k, v] : j.items()) out[py::str(k)] = json_to_python(v);
      return out;
    }
    default: return py::none();
  }
}

/// Sudoku's defaults (the `sudoku` command's): MRV with ties by open peers, and the singles plus
/// locked candidates.
csp::SearchSettings sudoku_defaults() {
  csp::SearchSettings s;
  s.order = sd::kDefaultOrder;
  s.rules = sd::kDefaultRules;
  return s;
}

Config sudoku_config(const py::kwargs& kwargs, csp::SearchSettings defaults = sudoku_defaults()) {
  Config c = config_of(kwargs, std::move(defaults));
  if (!c.order_fn.is_none() || !c.values_fn.is_none())
    throw py::value_error("orders written in Python are for fdcsp.Model; a Sudoku takes the library's by name");
  return c;
}

struct SudokuResult {
  csp::SearchResult r;
  std::optional<sd::Puzzle> solution;
  std::shared_ptr<const std::vector<std::string>> counters;  // the model's counter names, shared
};

/// Solves and counts puzzles, a model and solver per grid size built at first use and kept.
class SudokuSolver {
 public:
  explicit SudokuSolver(Config config) : config_(std::move(config)), rules_(csp::rule_set(config_.settings)) {}

  SudokuResult solve(const sd::Puzzle& p) {
    return run(p, [](Slot& s, const csp::Domains& start) { return s.solver->solve(start); });
  }
  SudokuResult count(const sd::Puzzle& p, std::uint64_t cap) {
    return run(p, [cap](Slot& s, const csp::Domains& start) { return s.counter->count(start, cap); });
  }
  /// solve() of each puzzle in one call: the GIL released once, no Python between two puzzles. Stops
  /// at an interrupt (KeyboardInterrupt, as solve()).
  std::vector<SudokuResult> solve_all(const std::vector<sd::Puzzle>& ps) {
    return run_all(ps, [](Slot& s, const csp::Domains& start) { return s.solver->solve(start); });
  }
  std::vector<SudokuResult> count_all(const std::vector<sd::Puzzle>& ps, std::uint64_t cap) {
    return run_all(ps, [cap](Slot& s, const csp::Domains& start) { return s.counter->count(start, cap); });
  }
  const Config& config() const { return config_; }

 private:
  struct Slot {
    std::unique_ptr<sd::SudokuModel> model;
    std::unique_ptr<csp::Solver> solver;   // solves: finish() checks the answer with the independent validator
    std::unique_ptr<csp::Solver> counter;  // counts: the solver checks each solution against the model
    std::shared_ptr<const std::vector<std::string>> counters;
  };

  struct Busy {  // one search at a time
    std::atomic<bool>& b;
    explicit Busy(std::atomic<bool>& busy) : b(busy) {
      bool expected = false;
      if (!b.compare_exchange_strong(expected, true))
        throw std::runtime_error("this SudokuSolver is searching already (in another thread): one search at a time");
    }
    ~Busy() { b.store(false); }
  };

  template <class Search>
  SudokuResult run(const sd::Puzzle& p, Search search) {
    const Busy busy(busy_);
    Slot& s = slot(p.box);
    SudokuResult out;
    out.r = run_released(nullptr, stop_, [&] { return search(s, s.model->start(p)); });
    finish(s, p, out);
    return out;
  }

  template <class Search>
  std::vector<SudokuResult> run_all(const std::vector<sd::Puzzle>& ps, Search search) {
    const Busy busy(busy_);
    for (const sd::Puzzle& p : ps) slot(p.box);  // the models first, with the GIL (they may throw)
    std::vector<SudokuResult> out(ps.size());
    std::size_t done = 0;
    run_released(nullptr, stop_, [&] {
      csp::SearchResult last;
      for (; done < ps.size(); ++done) {
        Slot& s = slots_[ps[done].box];
        last = search(s, s.model->start(ps[done]));
        out[done].r = last;
        if (last.status == csp::SearchStatus::limit && last.limit == csp::LimitHit::interrupted) break;
      }
      return last;  // an interrupted last search raises KeyboardInterrupt (run_released)
    });
    out.resize(std::min(done + 1, ps.size()));  // interrupted (a SIGINT handler of the user's own): the searched
    for (std::size_t i = 0; i < out.size(); ++i) finish(slots_[ps[i].box], ps[i], out[i]);
    return out;
  }

  static void finish(Slot& s, const sd::Puzzle& p, SudokuResult& out) {
    out.counters = s.counters;
    if (out.r.found()) {
      std::vector<int> values = s.model->values(out.r.solution);
      if (!sd::is_valid_solution(p, values)) throw std::runtime_error("internal error: the solver produced an invalid solution");
      sd::Puzzle solved = p;
      solved.cells = std::move(values);
      out.solution = std::move(solved);
    }
  }

  Slot& slot(int box) {
    Slot& s = slots_[box];
    if (!s.solver) {
      s.model = std::make_unique<sd::SudokuModel>(box, rules_);
      csp::SearchOptions o = config_.settings.search_options();
      o.limits.interrupt = &stop_;
      o.threads = config_.threads;
      if (o.threads > 1) o.worker_model = [box, rules = rules_] { return std::move(sd::SudokuModel(box, rules).model()); };
      s.counter = std::make_unique<csp::Solver>(s.model->model(), o);
      // As `sudoku solve` and `bench`: the answer is checked by the independent validator (finish()),
      // which costs less than the solver checking it against the model again.
      o.check_solutions = false;
      s.solver = std::make_unique<csp::Solver>(s.model->model(), std::move(o));
      s.counters = std::make_shared<const std::vector<std::string>>(s.model->model().counter_names());
    }
    return s;
  }

  Config config_;
  csp::RuleSet rules_;
  std::map<int, Slot> slots_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> stop_{false};
};

std::shared_ptr<SudokuSolver> make_sudoku_solver(const py::kwargs& kwargs) {
  return std::make_shared<SudokuSolver>(sudoku_config(kwargs));
}

// A list of techniques (sd::parse_techniques), or ValueError naming the bad one.
const std::string& checked_techniques(const std::string& techniques) {
  try {
    sd::parse_techniques(techniques);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("techniques: ") + e.what());
  }
  return techniques;
}

sd::LogicOptions logic_options(const std::string& techniques, const py::kwargs& kwargs, std::atomic<bool>* stop) {
  csp::SearchSettings defaults = sudoku_defaults();
  defaults.rules = "all";  // as `sudoku explain`: the search after the techniques shows every rule
  const Config c = sudoku_config(kwargs, defaults);
  sd::LogicOptions o;
  o.techniques = checked_techniques(techniques);
  o.search_rules = csp::rule_set(c.settings);
  o.search = c.settings.search_options();
  o.search.limits.interrupt = stop;
  return o;
}

}  // namespace

void bind_sudoku(py::module_& m) {
  py::class_<sd::Puzzle> sudoku(m, "Sudoku", R"doc(A Sudoku puzzle (or grid): 4x4, 9x9, 16x16 or 25x25.

    s = fdcsp.Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    r = s.solve()                 # a SudokuResult: r.solution is the solved Sudoku, r.stats the search's
    s.count(cap=2).count          # 1: a proper puzzle
    s.explain()                   # the steps a person would take (techniques), then search if needed
    s.grade()                     # hardest technique, score, level
    fdcsp.Sudoku.generate(seed=7) # a proper, minimal puzzle

The text form is the `sudoku` command's: N*N cells in row order, '.' or '0' for a blank, digits then
letters for 10-25. In a notebook a Sudoku shows as a board.)doc");
  sudoku.def(py::init(&parse_puzzle), py::arg("text"), "A puzzle from its line (ValueError naming what is wrong).")
      .def_static("from_cells", &puzzle_of_cells, py::arg("cells"),
                  "A puzzle from its cells in row order (0 for a blank; 16, 81, 256 or 625 of them).")
      .def_property_readonly("box", [](const sd::Puzzle& p) { return p.box; }, "The box side (3 for 9x9).")
      .def_property_readonly("side", &sd::Puzzle::side, "The grid side (9 for 9x9).")
      .def_property_readonly("cells", [](const sd::Puzzle& p) { return p.cells; },
                             "The cells in row order, 0 for a blank.")
      .def_property_readonly(
          "rows",
          [](const sd::Puzzle& p) {
            std::vector<std::vector<int>> rows;
            for (int r = 0; r < p.side(); ++r)
              rows.emplace_back(p.cells.begin() + r * p.side(), p.cells.begin() + (r + 1) * p.side());
            return rows;
          },
          "The cells as a list of rows.")
      .def_property_readonly("givens", [](const sd::Puzzle& p) {
        return std::count_if(p.cells.begin(), p.cells.end(), [](int v) { return v != 0; });
      }, "The number of filled cells.")
      .def("line", [](const sd::Puzzle& p) { return sd::format_line(p.cells, p); }, "The one-line text form.")
      .def("grid", [](const sd::Puzzle& p) { return sd::format_grid(p.cells, p); },
           "A picture of the grid with box separators.")
      .def("__str__", [](const sd::Puzzle& p) { return sd::format_line(p.cells, p); })
      .def("__repr__", [](const sd::Puzzle& p) { return "Sudoku('" + sd::format_line(p.cells, p) + "')"; })
      .def("__eq__", [](const sd::Puzzle& a, const sd::Puzzle& b) { return a.box == b.box && a.cells == b.cells; })
      .def("__hash__", [](const sd::Puzzle& p) { return py::hash(py::str(sd::format_line(p.cells, p))); })
      .def(
          "is_solved_by",
          [](const sd::Puzzle& p, const sd::Puzzle& grid) { return sd::is_valid_solution(p, grid.cells); },
          py::arg("grid"),
          "True when grid fills every cell, keeps every given and repeats no value in a group (an independent "
          "check, not the solver).")
      .def(
          "solve",
          [](const sd::Puzzle& p, const py::kwargs& kwargs) { return SudokuSolver(sudoku_config(kwargs)).solve(p); },
          "Solves it (options as SudokuSolver's; for many puzzles keep one SudokuSolver).")
      .def(
          "count",
          [](const sd::Puzzle& p, std::uint64_t cap, const py::kwargs& kwargs) {
            return SudokuSolver(sudoku_config(kwargs)).count(p, cap);
          },
          py::arg("cap") = 2, "Counts its solutions up to cap (0: all): result.count; 1 for a proper puzzle.")
      .def(
          "explain",
          [](const sd::Puzzle& p, const std::string& techniques, const py::kwargs& kwargs) {
            std::atomic<bool> stop{false};
            const sd::LogicOptions o = logic_options(techniques, kwargs, &stop);
            nlohmann::json j;
            run_released(nullptr, stop, [&] {
              j = sd::explain_json(p, o);
              return csp::SearchResult{};
            });
            return json_to_python(j);
          },
          py::arg("techniques") = "all",
          "The solving steps as a dict (the schema of `sudoku explain --format json`): 'steps' (each with "
          "'technique', 'text', 'cells', 'placements', 'removals'), 'result' ('solved', 'needs search', ...), "
          "'solution', 'guesses'. Search continues where the techniques stop (options as SudokuSolver's; its "
          "rules default to 'all').")
      .def(
          "grade",
          [](const sd::Puzzle& p, const std::string& techniques) {
            sd::LogicOptions o;
            o.techniques = checked_techniques(techniques);
            sd::Grade g;
            {
              py::gil_scoped_release release;
              g = sd::grade(p, o);
            }
            py::dict d;
            d["result"] = std::string(sd::to_string(g.result));
            d["hardest"] = g.hardest;
            d["score"] = g.score;
            d["level"] = g.result == sd::LogicResult::solved ? py::object(py::str(std::string(sd::level_name(g.level))))
                                                             : py::object(py::none());
            d["steps"] = g.steps;
            py::dict uses;
            for (const auto& [name, n] : g.uses) uses[py::str(name)] = n;
            d["uses"] = uses;
            return d;
          },
          py::arg("techniques") = "all",
          "Grades it as `sudoku grade`: a dict with result ('solved' or 'needs search', ...), hardest technique, "
          "score, level (easy .. extreme; None unless solved), steps and uses per technique.")
      .def_static(
          "generate",
          [](std::uint64_t seed, int size, std::uint64_t index) {
            const int box = size == 4 ? 2 : size == 9 ? 3 : size == 16 ? 4 : 0;
            if (box == 0) throw py::value_error("size: 4, 9 or 16");
            py::gil_scoped_release release;
            return sd::Generator(box, seed).make(index);
          },
          py::arg("seed") = 1, py::arg("size") = 9, py::arg("index") = 0,
          "Puzzle number `index` of a seed's sequence (as `sudoku generate --seed`): proper and minimal. 9x9 takes "
          "milliseconds, 16x16 seconds or more.");

  py::class_<SudokuResult>(m, "SudokuResult",
                           "The outcome of solving or counting a Sudoku: found, status, limit, count, stats (dict) and "
                           "solution (the solved Sudoku, or None).")
      .def_property_readonly("found", [](const SudokuResult& r) { return r.r.found(); })
      .def("__bool__", [](const SudokuResult& r) { return r.r.found(); })
      .def_property_readonly("status", [](const SudokuResult& r) {
        return r.r.status == csp::SearchStatus::exhausted ? "exhausted"
               : r.r.status == csp::SearchStatus::limit   ? "limit"
                                                          : "stopped_on_request";
      })
      .def_property_readonly("limit", [](const SudokuResult& r) -> py::object {
        if (r.r.limit == csp::LimitHit::none) return py::none();
        return py::str(std::string(csp::to_string(r.r.limit)));
      })
      .def_property_readonly("count", [](const SudokuResult& r) { return r.r.stats.solutions; })
      .def_property_readonly("stats", [](const SudokuResult& r) { return stats_dict(r.r.stats, *r.counters); })
      .def_property_readonly("solution", [](const SudokuResult& r) { return r.solution; })
      .def("__repr__", [](const SudokuResult& r) {
        return "<fdcsp.SudokuResult " + std::string(r.r.found() ? "solved" : r.r.status == csp::SearchStatus::limit ? "limit" : "unsolvable") +
               ", " + std::to_string(r.r.stats.nodes) + " nodes>";
      });

  py::class_<SudokuSolver, std::shared_ptr<SudokuSolver>>(m, "SudokuSolver", R"doc(Solves and counts Sudoku puzzles.

    SudokuSolver(order="mrv-ddeg", rules="naked-single,hidden-single,locked-candidates", values="min",
                 inference="mac", node_limit=0, time_limit=0, threads=1, ...)

The options of fdcsp.options(), with the `sudoku` command's defaults. The model and solver of each grid
size are built once and reused: keep one solver for many puzzles.)doc")
      .def(py::init(&make_sudoku_solver))
      .def("solve", &SudokuSolver::solve, py::arg("puzzle"), "Solves a puzzle: a SudokuResult.")
      .def("solve_all", &SudokuSolver::solve_all, py::arg("puzzles"),
           "Solves each puzzle of a list: a list of SudokuResult, as solve() of each, in one call (no Python "
           "between two puzzles: for many easy puzzles, the speed of the C++ command).")
      .def("count", &SudokuSolver::count, py::arg("puzzle"), py::arg("cap") = 2,
           "Counts its solutions up to cap (0: all).")
      .def("count_all", &SudokuSolver::count_all, py::arg("puzzles"), py::arg("cap") = 2,
           "count() of each puzzle of a list, in one call: a list of SudokuResult.")
      .def_property_readonly("options", [](const SudokuSolver& s) {
        py::dict d;
        for (const csp::OptionSpec& o : apps_common::search_option_table()) d[py::str(o.key)] = csp::option_text(o, s.config().settings);
        d["threads"] = s.config().threads;
        return d;
      });
}

}  // namespace fdcsp_py
