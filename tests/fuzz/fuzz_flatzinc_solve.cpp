// libFuzzer target: the whole FlatZinc path behind fzn-csp — read, build, solve — on any bytes.
// A model the reader or the builder rejects must say so with "line L, column C: " and nothing
// else may escape; a model that builds is solved under a node limit (all solutions, or branch and
// bound when it has an objective), and every solution reported must satisfy the model's own
// constraints (Model::satisfied_by, independent of propagation) and, when optimising, improve on
// the one before. Seeds: tests/fuzz/corpus/flatzinc_solve (small models of every builtin kind).
#include <cstdio>
#include <string>
#include <string_view>

#include "csp/flatzinc/builder.hpp"
#include "csp/flatzinc/parser.hpp"
#include "csp/search/solver.hpp"
#include "fuzz_check.hpp"

namespace fz = csp::flatzinc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fz::Program program;
  try {
    program = fz::build(fz::parse(text));
  } catch (const fz::ParseError& e) {
    FUZZ_CHECK(std::string_view(e.what()).starts_with("line "));
    return 0;
  } catch (const fz::BuildError& e) {
    FUZZ_CHECK(std::string_view(e.what()).starts_with("line "));
    return 0;
  }
  csp::SearchOptions options;
  options.limits.nodes = 2000;  // a search of its own bounds each input, never a timeout
  csp::Solver solver(program.model, options);
  const csp::Model& model = program.model;
  if (!program.objective) {
    solver.for_each_solution(model.initial_domains(), [&](std::span<const csp::Value> s) {
      FUZZ_CHECK(model.satisfied_by(s));
      return true;
    });
    return 0;
  }
  const csp::Var cost = *program.objective;
  const bool minimize = program.goal == fz::Solve::Goal::minimize;
  bool first = true;
  csp::Value best = 0;
  const csp::Objective objective{cost, minimize ? csp::Objective::Sense::minimize : csp::Objective::Sense::maximize};
  const csp::SearchResult r = solver.optimize(model.initial_domains(), objective, [&](std::span<const csp::Value> s) {
    FUZZ_CHECK(model.satisfied_by(s));
    const csp::Value v = s[static_cast<std::size_t>(cost.id)];
    FUZZ_CHECK(first || (minimize ? v < best : v > best));
    first = false;
    best = v;
    return true;
  });
  if (r.found()) FUZZ_CHECK(r.solution[static_cast<std::size_t>(cost.id)] == best);
  return 0;
}
