// POST /api/solve and /api/count: one search of the puzzle under the request's options, as
// `sudoku solve` and `sudoku count` do it.
#include "endpoints.hpp"

#include <utility>
#include <vector>

#include "reply.hpp"
#include "request.hpp"

namespace sudoku_web {
namespace {

namespace sd = problems::sudoku;

void check_interrupted(const csp::SearchResult& r) {
  if (r.status == csp::SearchStatus::limit && r.limit == csp::LimitHit::interrupted)
    throw ApiError(503, "the server is stopping");
}

}  // namespace

json solve(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt) {
  Settings s = read_request(request, config, Endpoint::solve);
  s.search.limits.interrupt = interrupt;
  s.search.check_solutions = false;  // checked below by the independent validator, as the command does
  sd::SudokuModel model(s.puzzle.box, s.rule_set);
  csp::Solver solver(model.model(), s.search);
  const csp::SearchResult r = solver.solve(model.start(s.puzzle));
  check_interrupted(r);
  json out = start_reply(s);
  if (r.found()) {
    const std::vector<int> values = model.values(r.solution);
    // Never send an answer the independent checker rejects.
    if (!sd::is_valid_solution(s.puzzle, values)) throw ApiError(500, "internal error: the solver produced an invalid solution");
    out["status"] = "solved";
    out["solution"] = sd::format_line(values, s.puzzle);
  } else if (r.status == csp::SearchStatus::limit) {
    out["status"] = "limit";
    out["limit"] = std::string(csp::to_string(r.limit));
  } else {
    out["status"] = "unsolvable";
  }
  return stats_json(std::move(out), r.stats, model.model());
}

json count(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt) {
  Settings s = read_request(request, config, Endpoint::count);
  s.search.limits.interrupt = interrupt;
  sd::SudokuModel model(s.puzzle.box, s.rule_set);
  csp::Solver solver(model.model(), s.search);
  const csp::SearchResult r = solver.count(model.start(s.puzzle), s.max);
  check_interrupted(r);
  json out = start_reply(s);
  out["max"] = s.max;
  out["solutions"] = r.stats.solutions;
  // As `sudoku count`: an exact count, ">=max" when capped, or a limit.
  if (r.status == csp::SearchStatus::limit) {
    out["status"] = "limit";
    out["limit"] = std::string(csp::to_string(r.limit));
    out["exact"] = false;
  } else if (r.status == csp::SearchStatus::stopped_on_request) {
    out["status"] = "capped";
    out["exact"] = false;
  } else {
    out["status"] = "counted";
    out["exact"] = true;
  }
  // Unique when exactly one was counted; not unique once two are seen; otherwise undecided.
  if (out["exact"].get<bool>()) out["unique"] = r.stats.solutions == 1;
  else if (r.stats.solutions >= 2) out["unique"] = false;
  else out["unique"] = nullptr;
  return stats_json(std::move(out), r.stats, model.model());
}

}  // namespace sudoku_web
