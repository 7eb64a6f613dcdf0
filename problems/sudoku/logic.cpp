// The logical solver of logic.hpp: the step loop, grading, JSON, and search after the steps.
#include "problems/sudoku/logic.hpp"

#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/describe.hpp"

#include <algorithm>
#include <stdexcept>

namespace problems::sudoku {

namespace tq = csp::techniques;

std::string_view to_string(LogicResult r) {
  switch (r) {
    case LogicResult::solved: return "solved";
    case LogicResult::needs_search: return "needs search";
    case LogicResult::invalid: return "invalid";
    case LogicResult::unsolvable: return "unsolvable";
  }
  return "?";
}

LogicSolver::LogicSolver(int box, const LogicOptions& options)
    : options_(options),
      order_(parse_techniques(options.techniques)),
      model_(box, options.search_rules),
      structure_(model_.model().initial_domains(), model_.groups()),
      domains_(model_.model().initial_domains()) {}

bool LogicSolver::consistent() const { return structure_.covered(domains_); }

void LogicSolver::place(tq::Cell c, csp::Value v) {
  domains_.assign(structure_.var(c), v);
  placed_[c] = 1;
  for (tq::Cell d : structure_.peers(c)) domains_.remove(structure_.var(d), v);
}

LogicRun LogicSolver::run(const Puzzle& p) {
  LogicRun out;
  const int n = model_.side();
  if (p.box != model_.box() || p.cells.size() != static_cast<std::size_t>(n * n)) {
    out.result = LogicResult::invalid;
    out.reason = "the puzzle does not fit a " + std::to_string(n) + "x" + std::to_string(n) + " grid";
    return out;
  }
  for (int v : p.cells)
    if (v < 0 || v > n) {
      out.result = LogicResult::invalid;
      out.reason = "a value is out of range";
      return out;
    }
  domains_ = model_.start(p);
  placed_.assign(structure_.cells(), 0);
  // The givens: placed, their values removed from their peers. A given losing its value to a
  // peer's is a conflict between givens.
  for (int r = 0; r < n; ++r)
    for (int col = 0; col < n; ++col) {
      const int v = p.cells[static_cast<std::size_t>(r * n + col)];
      if (v == 0) continue;
      const auto c = static_cast<tq::Cell>(structure_.cell_of(model_.cell(r, col)));
      placed_[c] = 1;
      for (tq::Cell d : structure_.peers(c)) {
        const csp::Var dv = structure_.var(d);
        if (placed_[d] != 0 && domains_.contains(dv, v) && domains_.fixed(dv)) {
          out.result = LogicResult::invalid;
          out.reason = "conflicting givens: " + std::string(1, symbol(v, p.lowercase)) + " twice in a group";
          return out;
        }
      }
    }
  for (tq::Cell c = 0; c < structure_.cells(); ++c)
    if (placed_[c] != 0) {
      const csp::Value v = domains_.value(structure_.var(c));
      for (tq::Cell d : structure_.peers(c))
        if (placed_[d] == 0) domains_.remove(structure_.var(d), v);
    }

  // The uniqueness techniques only for a puzzle with exactly one solution (counted up to two).
  bool unique = false;
  if (std::any_of(order_.begin(), order_.end(), [](const tq::Technique* t) { return t->needs_unique; })) {
    csp::Solver counter(model_.model(), csp::SearchOptions{});
    unique = counter.count(domains_, 2).stats.solutions == 1;
  }
  const tq::Position pos{structure_, domains_, placed_};
  for (;;) {
    if (!consistent()) {
      out.result = LogicResult::unsolvable;
      out.reason = "the candidates contradict each other";
      break;
    }
    if (std::all_of(placed_.begin(), placed_.end(), [](std::uint8_t x) { return x != 0; })) {
      out.result = LogicResult::solved;
      break;
    }
    bool progress = false;
    for (const tq::Technique* t : order_) {
      if ((t->needs_unique && !unique) || !t->find(pos, step_)) continue;
      for (const tq::Candidate& r : step_.removals) domains_.remove(structure_.var(r.cell), r.value);
      for (const tq::Candidate& pl : step_.placements)
        if (placed_[pl.cell] == 0 && domains_.contains(structure_.var(pl.cell), pl.value)) place(pl.cell, pl.value);
      out.steps.push_back(step_.record());
      progress = true;
      break;
    }
    if (!progress) {
      out.result = LogicResult::needs_search;
      break;
    }
  }
  out.grid.assign(static_cast<std::size_t>(n * n), 0);
  for (int r = 0; r < n; ++r)
    for (int col = 0; col < n; ++col) {
      const csp::Var v = model_.cell(r, col);
      const auto c = static_cast<tq::Cell>(structure_.cell_of(v));
      if (placed_[c] != 0 && domains_.fixed(v)) out.grid[static_cast<std::size_t>(r * n + col)] = domains_.value(v);
      else {
        ++out.open;
        out.candidates += static_cast<std::size_t>(domains_.size(v));
      }
    }
  if (out.result == LogicResult::solved && !is_valid_solution(p, out.grid)) {
    // Cannot happen with sound techniques; never report a wrong grid as solved.
    throw std::logic_error("logical solver produced an invalid grid");
  }
  return out;
}

Grade LogicSolver::grade(const LogicRun& r) const {
  Grade g;
  g.result = r.result;
  g.steps = r.steps.size();
  const std::vector<tq::Technique>& rows = catalogue();
  std::vector<std::size_t> uses(rows.size(), 0);
  const Scoring* hardest = nullptr;
  std::string_view hardest_name;
  for (const tq::Step& s : r.steps) {
    const tq::Technique* t = find_technique(s.technique);
    const Scoring* sc = t != nullptr ? scoring_of(t->name) : nullptr;
    if (sc == nullptr) continue;
    g.score += sc->score;
    ++uses[static_cast<std::size_t>(t - rows.data())];
    if (hardest == nullptr || sc->level > hardest->level || (sc->level == hardest->level && sc->score > hardest->score))
      hardest = sc, hardest_name = t->name;
  }
  for (std::size_t i = 0; i < uses.size(); ++i)
    if (uses[i] != 0) g.uses.emplace_back(std::string(rows[i].name), uses[i]);
  if (hardest != nullptr) g.hardest = std::string(hardest_name);
  g.level = level_of(hardest != nullptr ? hardest->level : Level::easy, g.score, structure_.cells());
  return g;
}

std::string LogicSolver::text(const tq::Step& s, const Puzzle& like) const {
  return describe(
      s, structure_, [&](tq::Cell c) { return cell_name(c); },
      [&](csp::Value v) { return std::string(1, symbol(v, like.lowercase)); });
}

nlohmann::json LogicSolver::json(const tq::Step& s, const Puzzle& like) const {
  nlohmann::json j;
  j["technique"] = std::string(s.technique);
  j["text"] = text(s, like);
  nlohmann::json groups = nlohmann::json::array(), cells = nlohmann::json::array();
  for (std::uint32_t g : s.groups) groups.push_back(structure_.groups()[g].name);
  for (tq::Cell c : s.cells) cells.push_back(cell_name(c));
  j["groups"] = std::move(groups);
  j["cells"] = std::move(cells);
  auto list = [&](const std::vector<tq::Candidate>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const tq::Candidate& x : v) a.push_back({{"cell", cell_name(x.cell)}, {"value", x.value}});
    return a;
  };
  j["placements"] = list(s.placements);
  j["removals"] = list(s.removals);
  if (!s.kind.empty()) j["kind"] = std::string(s.kind);
  if (!s.links.empty()) {
    // Each end's cells: a grouped node (Step::node_sizes) has several, the first being the link's.
    std::vector<nlohmann::json> node_cells;
    for (std::size_t i = 0, next = 0; i < s.values.size(); ++i) {
      const std::size_t size = s.node_sizes.empty() ? 1 : s.node_sizes[i];
      nlohmann::json names = nlohmann::json::array();
      for (std::size_t k = next; k < next + size && k < s.cells.size(); ++k) names.push_back(cell_name(s.cells[k]));
      node_cells.push_back(std::move(names));
      next += size;
    }
    nlohmann::json links = nlohmann::json::array();
    for (std::size_t i = 0; i < s.links.size(); ++i) {
      const tq::Link& l = s.links[i];
      links.push_back({{"from", {{"cell", cell_name(l.from.cell)}, {"value", l.from.value}, {"cells", node_cells[i]}}},
                       {"to", {{"cell", cell_name(l.to.cell)}, {"value", l.to.value}, {"cells", node_cells[i + 1]}}},
                       {"strong", l.strong}});
    }
    j["links"] = std::move(links);
  }
  return j;
}

Grade grade(const Puzzle& p, const LogicOptions& options) {
  LogicSolver solver(p.box, options);
  return solver.grade(solver.run(p));
}

Continuation continue_search(const LogicSolver& solver, const Puzzle& p, const LineSink* sink) {
  Continuation out;
  const SudokuModel& model = solver.model();
  csp::SearchOptions options = solver.options().search;
  ExplainTracer tracer(model, p, sink != nullptr ? *sink : LineSink([](std::string_view) {}));
  options.tracer = &tracer;
  csp::Solver search(model.model(), std::move(options));
  tracer.reset(solver.domains());
  out.result = search.solve(solver.domains());
  tracer.flush();
  out.guesses = tracer.guesses();
  if (out.result.found()) {
    out.solution = model.values(out.result.solution);
    if (!is_valid_solution(p, out.solution)) throw std::logic_error("search produced an invalid solution");
  }
  return out;
}

nlohmann::json explain_json(const Puzzle& p, const LogicOptions& options) {
  nlohmann::json j;
  std::vector<int> givens = p.cells;
  j["puzzle"] = format_line(givens, p);
  LogicSolver solver(p.box, options);
  const LogicRun run = solver.run(p);
  nlohmann::json steps = nlohmann::json::array();
  for (const tq::Step& s : run.steps) steps.push_back(solver.json(s, p));
  j["steps"] = std::move(steps);
  j["guesses"] = 0;
  switch (run.result) {
    case LogicResult::solved:
      j["result"] = "solved";
      j["solution"] = format_line(run.grid, p);
      break;
    case LogicResult::invalid:
      j["result"] = "invalid";
      j["reason"] = run.reason;
      break;
    case LogicResult::unsolvable:
      j["result"] = "unsolvable";
      break;
    case LogicResult::needs_search: {
      j["result"] = "needs search";
      const Continuation c = continue_search(solver, p);
      j["guesses"] = c.guesses;
      if (c.result.found()) j["solution"] = format_line(c.solution, p);
      else if (c.result.status == csp::SearchStatus::limit) j["limit"] = std::string(csp::to_string(c.result.limit));
      else j["result"] = "unsolvable";
      break;
    }
  }
  return j;
}

nlohmann::json explain_json(std::string_view line, const LogicOptions& options) {
  const ParsedLine parsed = parse_line(line);
  if (parsed.kind == ParsedLine::Kind::puzzle) return explain_json(parsed.puzzle, options);
  nlohmann::json j;
  j["puzzle"] = std::string(line);
  j["steps"] = nlohmann::json::array();
  j["result"] = "invalid";
  j["reason"] = parsed.kind == ParsedLine::Kind::skip ? std::string("no puzzle on the line") : parsed.reason;
  j["guesses"] = 0;
  return j;
}

}  // namespace problems::sudoku
