// libFuzzer target: parse a Sudoku line, then search it with a node limit, as `sudoku solve` does.
// Input "LINE" or "LINE\nC": C picks the variable order, value order, inference and rule set (see
// fuzz_check.hpp); 25x25 grids always use the defaults, to keep the cached solvers few.
// Checks: a search never passes its node limit and stops exactly at it when the limit is what
// stopped it; every solution passes the independent validator; and counting (cap 2, same limit)
// agrees with solving: no solution where solve proved there is none, and at least one where solve
// found one and the count finished.
#include <map>
#include <memory>

#include "fuzz_check.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sd = problems::sudoku;

namespace {

constexpr std::uint64_t kNodeLimit = 200;

struct Entry {
  Entry(int box, const csp::RuleSet& rules, const csp::SearchOptions& options)
      : model(box, rules), solver(model.model(), options) {}
  sd::SudokuModel model;
  csp::Solver solver;  // refers to `model`: entries never move (held by unique_ptr)
};

Entry& entry(int box, std::uint8_t config) {
  static std::map<int, std::unique_ptr<Entry>> cache;
  if (box == 5) config = 0;
  std::unique_ptr<Entry>& e = cache[box * 256 + config];
  if (!e) {
    static const char* const orders[] = {"mrv", "input", "dom-wdeg", "mrv-ddeg"};
    static const char* const values[] = {"min", "lcv", "random", "max"};
    static const csp::Inference inferences[] = {csp::Inference::mac, csp::Inference::forward, csp::Inference::none};
    static const char* const rules[] = {"naked-single,hidden-single", "all", "none"};
    csp::SearchOptions o;
    o.order = csp::order::by_name(orders[config & 3]);
    o.values = csp::values::by_name(values[(config >> 2) & 3], config);
    o.inference = inferences[(config >> 4) % 3];
    o.limits.nodes = kNodeLimit;
    o.check_solutions = true;
    e = std::make_unique<Entry>(box, csp::parse_rules(rules[(config >> 6) % 3]), o);
  }
  return *e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::Input in = fuzz::split(data, size);
  const sd::ParsedLine parsed = sd::parse_line(in.line);
  if (parsed.kind != sd::ParsedLine::Kind::puzzle) return 0;
  const sd::Puzzle& p = parsed.puzzle;
  Entry& e = entry(p.box, in.config);
  const csp::Domains start = e.model.start(p);

  const csp::SearchResult r = e.solver.solve(start);
  FUZZ_CHECK(r.stats.nodes <= kNodeLimit);
  if (r.status == csp::SearchStatus::limit) FUZZ_CHECK(r.limit == csp::LimitHit::nodes && r.stats.nodes == kNodeLimit);
  if (r.found()) FUZZ_CHECK(sd::is_valid_solution(p, e.model.values(r.solution)));

  const csp::SearchResult c = e.solver.count(start, 2);
  FUZZ_CHECK(c.stats.nodes <= kNodeLimit);
  if (r.unsatisfiable()) FUZZ_CHECK(!c.found());
  if (r.found() && c.status != csp::SearchStatus::limit) FUZZ_CHECK(c.found());
  if (c.found()) FUZZ_CHECK(sd::is_valid_solution(p, e.model.values(c.solution)));
  return 0;
}
