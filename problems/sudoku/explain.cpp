#include "problems/sudoku/explain.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace problems::sudoku {
namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

// True when `text` names `group` as a whole word: "row 1" is in "x(row 1)" but not in "x(row 12)".
bool mentions(std::string_view text, std::string_view group) {
  for (std::size_t at = text.find(group); at != std::string_view::npos; at = text.find(group, at + 1)) {
    const std::size_t end = at + group.size();
    if (end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]))) return true;
  }
  return false;
}

}  // namespace

std::string describe_propagator(std::string_view name) {
  if (name.find(" in ") != std::string_view::npos) return std::string(name);
  // "rule(group)"
  const std::size_t open = name.find('(');
  if (open != std::string_view::npos && open > 0 && name.back() == ')') {
    const std::string inside = trim(name.substr(open + 1, name.size() - open - 2));
    if (!inside.empty()) return trim(name.substr(0, open)) + " in " + inside;
  }
  // "rule: group"
  const std::size_t colon = name.find(':');
  if (colon != std::string_view::npos && colon > 0) {
    const std::string rest = trim(name.substr(colon + 1));
    if (!rest.empty()) return trim(name.substr(0, colon)) + " in " + rest;
  }
  return std::string(name);
}

ExplainTracer::ExplainTracer(const SudokuModel& model, const Puzzle& like, LineSink sink)
    : model_(model), lowercase_(like.lowercase), sink_(std::move(sink)), shadow_(model.model().initial_domains()) {}

void ExplainTracer::reset(const csp::Domains& start) {
  step_.clear();
  step_by_ = -2;
  reason_by_ = -2;
  shadow_ = start;
  // One snapshot per possible depth (at most one decision per variable), allocated once here so
  // that decisions only copy words.
  snapshots_.assign(static_cast<std::size_t>(model_.model().var_count()) + 2, start);
}

const std::string& ExplainTracer::describe(csp::PropagatorId id) {
  const csp::Model& m = model_.model();
  if (descriptions_.empty()) descriptions_.resize(static_cast<std::size_t>(m.propagator_count()));
  std::string& d = descriptions_[static_cast<std::size_t>(id)];
  if (!d.empty()) return d;

  const std::string name = m.propagator(id).name();
  // Which group the propagator works on, found from its scope: names need not say it.
  std::vector<int> scope;
  for (csp::Var v : m.propagator(id).scope()) scope.push_back(v.id);
  std::sort(scope.begin(), scope.end());
  const csp::Group* group = nullptr;
  for (const csp::Group& g : model_.groups()) {
    if (g.cells.size() != scope.size()) continue;
    std::vector<int> cells;
    for (csp::Var v : g.cells) cells.push_back(v.id);
    std::sort(cells.begin(), cells.end());
    if (cells == scope) {
      group = &g;
      break;
    }
  }
  if (group != nullptr && !mentions(name, group->name)) d = name + " in " + group->name;
  else d = describe_propagator(name);
  return d;
}

std::string ExplainTracer::value_name(csp::Value x) const { return std::string(1, symbol(x, lowercase_)); }

void ExplainTracer::emit(std::string line) {
  ++steps_;
  sink_(line);
}

void ExplainTracer::reason(csp::PropagatorId by, std::string_view why) {
  flush();  // the removals before this reason were another step
  step_by_ = by;
  reason_by_ = by;
  reason_.assign(why);
}

void ExplainTracer::removed(csp::PropagatorId by, csp::Var v, csp::Value x) {
  if (by != step_by_) {
    flush();
    if (by != reason_by_) reason_by_ = -2;  // another propagator: the reason is stale
  }
  step_by_ = by;
  shadow_.remove(v, x);
  auto it = std::find_if(step_.begin(), step_.end(), [&](const Change& c) { return c.var == v; });
  if (it == step_.end()) {
    step_.push_back(Change{v, {}});
    it = step_.end() - 1;
  }
  it->removed.push_back(x);
}

void ExplainTracer::flush() {
  if (step_.empty()) return;
  // Parts in order of first appearance: a cell left with one value is "r3c5 = 7"; cells that lost
  // the same values share one "removed 3,8 from r2c1, r2c7".
  std::vector<std::string> parts;
  std::vector<std::pair<std::vector<csp::Value>, std::size_t>> removal_parts;  // values -> index in parts
  for (Change& c : step_) {
    const std::string cell = model_.cell_name(c.var);
    if (shadow_.empty(c.var)) {
      parts.push_back(cell + " has no candidate left");
    } else if (shadow_.fixed(c.var)) {
      parts.push_back(cell + " = " + value_name(shadow_.value(c.var)));
    } else {
      std::sort(c.removed.begin(), c.removed.end());
      auto same = std::find_if(removal_parts.begin(), removal_parts.end(),
                               [&](const auto& rp) { return rp.first == c.removed; });
      if (same != removal_parts.end()) {
        parts[same->second].append(", ").append(cell);
      } else {
        std::string text = "removed ";
        for (std::size_t i = 0; i < c.removed.size(); ++i) {
          if (i > 0) text += ',';
          text += value_name(c.removed[i]);
        }
        removal_parts.emplace_back(c.removed, parts.size());
        parts.push_back(text + " from " + cell);
      }
    }
  }
  std::string line = step_by_ == reason_by_ && !reason_.empty() ? reason_
                     : step_by_ >= 0                          ? describe(step_by_)
                                                              : std::string("search");
  line += ": ";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) line += "; ";
    line += parts[i];
  }
  step_.clear();
  step_by_ = -2;
  emit(std::move(line));
}

void ExplainTracer::failed(csp::PropagatorId by) {
  flush();
  if (by == reason_by_ && !reason_.empty()) emit("contradiction: " + reason_);
  else emit(by >= 0 ? "contradiction: " + describe(by) : std::string("contradiction"));
  reason_by_ = -2;
}

void ExplainTracer::decided(csp::Var v, csp::Value x, std::uint64_t depth) {
  flush();
  reason_by_ = -2;
  ++guesses_;
  const auto k = static_cast<std::size_t>(depth);
  if (k >= snapshots_.size()) snapshots_.resize(k + 1, shadow_);
  snapshots_[k].copy_from(shadow_);
  shadow_.assign(v, x);
  emit("guess: " + model_.cell_name(v) + " = " + value_name(x) + " (depth " + std::to_string(depth) + ")");
}

void ExplainTracer::refuted(csp::Var v, csp::Value x, std::uint64_t depth) {
  flush();
  reason_by_ = -2;
  const auto k = static_cast<std::size_t>(depth);
  if (k < snapshots_.size()) shadow_.copy_from(snapshots_[k]);
  shadow_.remove(v, x);
  emit("backtrack: " + model_.cell_name(v) + " != " + value_name(x));
}

void ExplainTracer::solution() { flush(); }

Explanation explain(const Puzzle& p, const csp::RuleSet& rules, csp::SearchOptions options, const LineSink& sink) {
  SudokuModel model(p.box, rules);
  ExplainTracer tracer(model, p, sink);
  options.tracer = &tracer;
  csp::Solver solver(model.model(), std::move(options));
  const csp::Domains start = model.start(p);
  tracer.reset(start);
  Explanation e;
  e.result = solver.solve(start);
  tracer.flush();
  if (e.result.found()) e.solution = model.values(e.result.solution);
  return e;
}

}  // namespace problems::sudoku
