#include "csp/flatzinc/run.hpp"

#include "csp/flatzinc/output.hpp"
#include "csp/flatzinc/search_annotations.hpp"

namespace csp::flatzinc {

namespace {
void write(const RunOptions& o, std::FILE* out, const std::string& s) {
  if (o.before_write) o.before_write();
  std::fwrite(s.data(), 1, s.size(), out);
  std::fflush(out);
}
void write_solution(const RunOptions& o, std::FILE* out, const Program& p, std::span<const Value> solution) {
  write(o, out, solution_text(p, solution) + "----------\n");
}
}  // namespace

SearchResult run(const Program& p, const RunOptions& options, std::FILE* out, std::vector<std::string>& notes) {
  SearchOptions search = options.search;
  if (!options.ignore_annotations) {
    search.phases = phases(p, options.seed, notes);
    search.reselect = true;  // FlatZinc's branching is two-way: x = a, else x != a and choose again
  }
  // What the annotations leave (all of it when they are ignored), the default order decides: first
  // over the model's own variables, then over those MiniZinc introduced, then over the rest. The
  // objective is left to the last phase, as Gecode leaves it: its bound comes from the others.
  std::vector<Var> declared;
  for (const Var v : p.declared)
    if (!p.objective || v != *p.objective) declared.push_back(v);
  search.phases.push_back({std::move(declared), search.order, search.values});
  search.phases.push_back({p.introduced, search.order, search.values});
  Solver solver(p.model, std::move(search));
  const Domains& start = p.model.initial_domains();
  SearchResult r;
  std::uint64_t printed = 0;
  if (!p.objective) {
    const std::uint64_t cap = options.all ? options.solutions : (options.solutions ? options.solutions : 1);
    if (cap == 1) {  // a search for one solution, which every search engine takes (a portfolio too)
      r = solver.solve(start);
      if (r.found()) write_solution(options, out, p, r.solution);
    } else {
      r = solver.for_each_solution(start, [&](std::span<const Value> s) {
        write_solution(options, out, p, s);
        return cap == 0 || ++printed < cap;
      });
    }
  } else {
    // Every improving solution is printed under -a or -i; otherwise only the best, at the end.
    const bool each = options.all || options.intermediate;
    const Objective objective{*p.objective, p.goal == Solve::Goal::maximize ? Objective::Sense::maximize
                                                                             : Objective::Sense::minimize};
    std::uint64_t found = 0;
    r = solver.optimize(start, objective, [&](std::span<const Value> s) {
      if (each) write_solution(options, out, p, s);
      return options.solutions == 0 || ++found < options.solutions;
    });
    if (!each && r.found()) write_solution(options, out, p, r.solution);
  }
  if (r.status == SearchStatus::exhausted) {
    write(options, out, r.found() ? "==========\n" : "=====UNSATISFIABLE=====\n");
  } else if (r.status == SearchStatus::limit && !r.found()) {
    write(options, out, "=====UNKNOWN=====\n");
  }
  return r;
}

}  // namespace csp::flatzinc
