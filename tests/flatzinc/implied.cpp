// Implied constraints of the FlatZinc builder (csp/flatzinc/detail/implied.hpp): the channels and the
// all-different it recognises in linear decompositions, what they add to propagation, and the
// near misses it must leave alone (answers compared with the plain linear model's every time).
#include <catch2/catch.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/flatzinc/builder.hpp"
#include "csp/flatzinc/parser.hpp"
#include "csp/search/solver.hpp"

namespace fz = csp::flatzinc;

namespace {

fz::Program program(const std::string& text) { return fz::build(fz::parse(text)); }

csp::SearchResult count_solutions(const fz::Program& p) {
  csp::Solver solver(p.model);
  const csp::SearchResult r = solver.count(p.model.initial_domains());
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  return r;
}

// Cell x<i> over `values`, as MiniZinc's int2a writes it: a<i>_<v> is 1 exactly when x<i> = v.
// (Streams, not "a" + std::to_string(...): GCC 12 warns falsely on those under -O3, -Wrestrict.)
std::string channelled_cell(int i, const std::vector<int>& values, int rhs = 0) {
  std::ostringstream text, as, ones, weights;
  text << "var " << values.front() << ".." << values.back() << ": x" << i << " :: output_var;\n";
  for (std::size_t k = 0; k < values.size(); ++k) {
    const char* sep = k == 0 ? "" : ", ";
    text << "var 0..1: a" << i << "_" << values[k] << ";\n";
    as << sep << "a" << i << "_" << values[k];
    ones << sep << 1;
    weights << sep << values[k] + rhs;
  }
  text << "constraint int_lin_eq([" << ones.str() << "], [" << as.str() << "], 1);\n";
  text << "constraint int_lin_eq([" << weights.str() << ", -1], [" << as.str() << ", x" << i << "], " << rhs << ");\n";
  return text.str();
}

// "At most one of the cells takes v", for each v, over the channel literals.
std::string at_most_ones(const std::vector<int>& cells, const std::vector<int>& values) {
  std::ostringstream text;
  for (const int v : values) {
    std::ostringstream lits, ones;
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const char* sep = k == 0 ? "" : ", ";
      lits << sep << "a" << cells[k] << "_" << v;
      ones << sep << 1;
    }
    text << "constraint int_lin_le([" << ones.str() << "], [" << lits.str() << "], 1);\n";
  }
  return text.str();
}

}  // namespace

TEST_CASE("flatzinc implied: a channel x = v <-> a from int2a's two equations", "[flatzinc][implied]") {
  const std::vector<int> values{1, 2, 3, 5};
  for (const int rhs : {0, 7}) {
    CAPTURE(rhs);
    const fz::Program p = program(channelled_cell(0, values, rhs) + "solve satisfy;\n");
    CHECK(p.implied.channels == 4);
    CHECK(p.implied.all_different == 0);
    // One solution per value of x, each with its own literal set.
    CHECK(count_solutions(p).stats.solutions == 4);
  }
  // What the channel adds: a literal fixed to 0 removes its value from x at the root, and a value
  // removed from x fixes its literal (the two sums' bounds reasoning alone did neither).
  const fz::Program p = program(channelled_cell(0, values) + "constraint int_eq(a0_2, 0);\nconstraint int_ne(x0, 5);\n"
                              "solve satisfy;\n");
  csp::Domains d = p.model.initial_domains();
  csp::Engine engine(p.model);
  csp::Stats stats;
  stats.counters.resize(p.model.counter_names().size());
  REQUIRE(engine.propagate_all(d, stats));
  const csp::Var x = *p.model.find("x0");
  CHECK(d.values(x) == std::vector<csp::Value>{1, 3});
  CHECK(d.max(*p.model.find("a0_5")) == 0);
}

TEST_CASE("flatzinc implied: at-most-one per value over channelled cells is all-different", "[flatzinc][implied]") {
  const std::vector<int> values{1, 2, 3};
  std::string cells;
  for (int i = 0; i < 3; ++i) cells += channelled_cell(i, values);
  const fz::Program p = program(cells + at_most_ones({0, 1, 2}, values) + "solve satisfy;\n");
  CHECK(p.implied.channels == 9);
  CHECK(p.implied.all_different == 1);
  CHECK(count_solutions(p).stats.solutions == 6);  // the permutations of 1..3

  // Four cells over three values: the pigeonhole is seen at the root, with no search (value by
  // value, each "at most one" alone is satisfiable, and the plain model must branch to prove it).
  std::string four;
  for (int i = 0; i < 4; ++i) four += channelled_cell(i, values);
  const fz::Program hole = program(four + at_most_ones({0, 1, 2, 3}, values) + "solve satisfy;\n");
  CHECK(hole.implied.all_different == 1);
  const csp::SearchResult r = count_solutions(hole);
  CHECK(r.stats.solutions == 0);
  CHECK(r.stats.nodes == 0);
}

TEST_CASE("flatzinc implied: near misses are left alone, with the same answers", "[flatzinc][implied]") {
  // Repeated weights: x = 2 no longer says which literal is 1.
  const fz::Program same = program(
      "var 1..2: x;\nvar 0..1: a;\nvar 0..1: b;\nvar 0..1: c;\n"
      "constraint int_lin_eq([1, 1, 1], [a, b, c], 1);\n"
      "constraint int_lin_eq([1, 2, 2, -1], [a, b, c, x], 0);\nsolve satisfy;\n");
  CHECK(same.implied.channels == 0);
  CHECK(count_solutions(same).stats.solutions == 3);
  // No exactly-one over the literals (at most one): x = 0 when none is 1, outside the weights.
  const fz::Program at_most = program(
      "var 0..2: x;\nvar 0..1: a;\nvar 0..1: b;\n"
      "constraint int_lin_le([1, 1], [a, b], 1);\n"
      "constraint int_lin_eq([1, 2, -1], [a, b, x], 0);\nsolve satisfy;\n");
  CHECK(at_most.implied.channels == 0);
  CHECK(count_solutions(at_most).stats.solutions == 3);
  // One value without its "at most one": two cells may share it, so no all-different.
  const std::vector<int> values{1, 2, 3};
  std::string cells;
  for (int i = 0; i < 3; ++i) cells += channelled_cell(i, values);
  const fz::Program partial = program(cells + at_most_ones({0, 1, 2}, {1, 2}) + "solve satisfy;\n");
  CHECK(partial.implied.channels == 9);
  CHECK(partial.implied.all_different == 0);
  // The assignments with at most one cell on 1 and at most one on 2, enumerated here.
  int expected = 0;
  for (int a = 1; a <= 3; ++a)
    for (int b = 1; b <= 3; ++b)
      for (int c = 1; c <= 3; ++c) {
        const int ones = (a == 1) + (b == 1) + (c == 1), twos = (a == 2) + (b == 2) + (c == 2);
        expected += ones <= 1 && twos <= 1;
      }
  CHECK(count_solutions(partial).stats.solutions == static_cast<std::uint64_t>(expected));
}
