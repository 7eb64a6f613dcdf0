// Global constraints with a variable repeated in their scope (inverse(p, p), lex(x, x), table, count_eq,
// disjunctive): solution counts worked out by hand.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "constraints/global_draws.hpp"
#include "csp/constraints/count.hpp"
#include "csp/constraints/disjunctive.hpp"
#include "csp/constraints/inverse.hpp"
#include "csp/constraints/lex.hpp"
#include "csp/constraints/table.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace repeated_variables_globals {

using namespace global_draws;

// ---- a variable repeated in the scope -------------------------------------------------------------

std::uint64_t solutions(const csp::Model& m) {
  csp::Solver solver(m);
  const csp::SearchResult r = solver.count(m.initial_domains());
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  return r.stats.solutions;
}

TEST_CASE("globals with a variable repeated in the scope stay sound", "[harness][globals]") {
  {  // inverse(p, p): the involutions of 5 elements, 1 + 10 + 15 = 26
    csp::Model m;
    const std::vector<Var> p = m.add_vars(5, 1, 5);
    m.post(csp::inverse(p, p));
    CHECK(solutions(m) == 26);
  }
  {  // x <=lex x always holds, x <lex x never
    csp::Model m;
    const std::vector<Var> x = m.add_vars(3, 0, 2);
    m.post(csp::lex_lesseq(x, x));
    CHECK(solutions(m) == 27);
    csp::Model strict;
    const std::vector<Var> y = strict.add_vars(3, 0, 2);
    strict.post(csp::lex_lesseq(y, y, true));
    CHECK(solutions(strict) == 0);
  }
  {  // table over (a, a, b): only rows with equal first two values count
    csp::Model m;
    const Var a = m.add_var(0, 2), b = m.add_var(0, 2);
    m.post(csp::table(m, {a, a, b}, {0, 1, 2, 1, 1, 0, 2, 2, 2, 2, 0, 1}));
    CHECK(solutions(m) == 2);
  }
  {  // count_eq(x, x[0], c): x[0] counts itself, c >= 1
    csp::Model m;
    const std::vector<Var> x = m.add_vars(3, 0, 1);
    const Var c = m.add_var(0, 3);
    m.post(csp::count_eq(x, x[0], c));
    CHECK(solutions(m) == 8);  // every x, with its one count
  }
  {  // disjunctive of (a, b) and (b, a), each start the other's duration: they overlap unless one
     // lasts 0, so a = 0 or b = 0 (7 of the 16 pairs over 0..3)
    csp::Model m;
    const Var a = m.add_var(0, 3), b = m.add_var(0, 3);
    m.post(csp::disjunctive({a, b}, {b, a}));
    CHECK(solutions(m) == 7);
    // the same start twice: both tasks run at once unless their duration c is 0
    csp::Model same;
    const Var s = same.add_var(0, 2), c = same.add_var(0, 2);
    same.post(csp::disjunctive({s, s}, {c, c}));
    CHECK(solutions(same) == 3);
  }
}

}  // namespace repeated_variables_globals
