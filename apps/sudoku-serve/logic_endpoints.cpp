// POST /api/explain and /api/grade: the techniques of a human solver (problems/sudoku/logic.hpp),
// as `sudoku explain --format json` and `sudoku grade` apply them.
#include "endpoints.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "reply.hpp"
#include "request.hpp"

#include "problems/sudoku/grading.hpp"
#include "problems/sudoku/logic.hpp"

namespace sudoku_web {
namespace {

namespace sd = problems::sudoku;

sd::LogicOptions logic_options(const Settings& s, const std::atomic<bool>* interrupt) {
  sd::LogicOptions o;
  o.techniques = s.techniques;
  o.search_rules = s.rule_set;
  o.search = s.search;
  o.search.limits.interrupt = interrupt;
  return o;
}

}  // namespace

json explain(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt) {
  Settings s = read_request(request, config, Endpoint::explain);
  const auto started = std::chrono::steady_clock::now();
  // The library's explanation (problems/sudoku/logic.hpp, as `sudoku explain --format json`):
  // technique steps, then search under the request's limits when the techniques get stuck.
  json out;
  try {
    out = sd::explain_json(s.puzzle, logic_options(s, interrupt));
  } catch (const std::invalid_argument& e) {
    throw ApiError(422, e.what());  // a size the techniques do not handle
  }
  if (out.value("limit", "") == "interrupted") throw ApiError(503, "the server is stopping");
  if (out.value("result", "") == "invalid") throw ApiError(422, out.value("reason", "invalid puzzle"));
  const std::size_t total = out["steps"].size();
  if (total > config.max_explain_steps) {
    json& steps = out["steps"];
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(config.max_explain_steps), steps.end());
  }
  out["total_steps"] = total;
  out["truncated"] = total > config.max_explain_steps;
  out["time_us"] = micros(std::chrono::steady_clock::now() - started);
  out["size"] = s.puzzle.side();
  out["config"] = config_json(s);
  return out;
}

json grade(const json& request, const ApiConfig& config) {
  Settings s = read_request(request, config, Endpoint::grade);
  const auto started = std::chrono::steady_clock::now();
  sd::Grade g;
  try {
    g = sd::grade(s.puzzle, logic_options(s, nullptr));  // the techniques only: no search
  } catch (const std::invalid_argument& e) {
    throw ApiError(422, e.what());
  }
  if (g.result == sd::LogicResult::invalid) throw ApiError(422, "invalid puzzle");
  json out{{"puzzle", sd::format_line(s.puzzle.cells, s.puzzle)}, {"size", s.puzzle.side()},
           {"result", std::string(sd::to_string(g.result))}, {"steps", g.steps}};
  // `text` is the line `sudoku grade` prints for the puzzle.
  if (g.result == sd::LogicResult::solved) {
    out["hardest"] = g.hardest;
    out["score"] = g.score;
    out["level"] = std::string(problems::sudoku::level_name(g.level));
    out["text"] = g.hardest + " " + std::to_string(g.score) + " " + std::string(problems::sudoku::level_name(g.level));
  } else {
    out["text"] = std::string(sd::to_string(g.result));
  }
  json uses = json::object();
  for (const auto& [name, n] : g.uses) uses[name] = n;
  out["uses"] = std::move(uses);
  out["time_us"] = micros(std::chrono::steady_clock::now() - started);
  out["config"] = json{{"techniques", s.techniques}};
  return out;
}

}  // namespace sudoku_web
