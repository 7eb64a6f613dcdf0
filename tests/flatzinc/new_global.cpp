// docs/architecture.md's checklist "a FlatZinc global", followed step by step for a throw-away
// global that only this test knows: csp_test_differ(x, y), x != y. If a step of the checklist
// stops being enough, this test says which.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "csp/constraints/binary.hpp"
#include "csp/flatzinc/builder.hpp"
#include "csp/flatzinc/parser.hpp"
#include "csp/flatzinc/registry.hpp"
#include "csp/search/solver.hpp"
#include "flatzinc/mznlib_reader.hpp"

namespace fz = csp::flatzinc;

namespace {

// Step 2: the post function (in post_globals.cpp): reads its arguments through the builder, posts.
void test_differ_poster(fz::Builder& b, const std::vector<fz::Expr>& a) {
  b.post(csp::not_equal(b.var(a[0]), b.var(a[1])));
}

// Step 1: the registry row (in add_global_posters); here a registry of this test's own, beside
// the real rows.
fz::Registry registry_with_test_differ() {
  fz::Registry r;
  fz::add_builtin_posters(r);
  fz::add_global_posters(r);
  r.add("csp_test_differ", 2, test_differ_poster, "native: not_equal()");
  return r;
}

// Step 3: its file mznlib/fzn_test_differ.mzn.
constexpr const char* kMznlibFile =
    "% test_differ on the native propagator csp::not_equal (domain consistent).\n"
    "predicate csp_test_differ(var int: x, var int: y);\n"
    "\n"
    "predicate fzn_test_differ(var int: x, var int: y) = csp_test_differ(x, y);\n";

// What MiniZinc writes for a model calling test_differ with that library.
constexpr const char* kFlatZinc =
    "var 1..3: x :: output_var;\n"
    "var 1..3: y :: output_var;\n"
    "constraint csp_test_differ(x, y);\n"
    "solve satisfy;\n";

}  // namespace

TEST_CASE("a throw-away global added as docs/architecture.md says is declared, listed, parsed and posted",
          "[flatzinc][checklist]") {
  const fz::Registry r = registry_with_test_differ();
  // Step 3 matches step 1 (what tests/flatzinc/mznlib.cpp checks of mznlib/ and the real rows).
  mznlib::Predicates lib;
  mznlib::read(kMznlibFile, lib);
  REQUIRE(lib.native.count("csp_test_differ") == 1);
  CHECK(r.find("csp_test_differ", lib.native.at("csp_test_differ")) != nullptr);
  CHECK(lib.defined.count("fzn_test_differ") == 1);
  // Step 4: the docs' globals table (docs/tools/constraint_tables.cpp --write) shows the row.
  CHECK(fz::markdown_table(r, "native predicate (mznlib/)").find("| `csp_test_differ` | 2 | native: not_equal() |\n") !=
        std::string::npos);
  // The FlatZinc is parsed and posted: 3 x 3 pairs, 6 of them different.
  const fz::Program p = fz::build(fz::parse(kFlatZinc), r);
  csp::Solver solver(p.model);
  const csp::SearchResult result = solver.count(p.model.initial_domains());
  REQUIRE(result.status == csp::SearchStatus::exhausted);
  CHECK(result.stats.solutions == 6);
  // Without the row, fzn-csp refuses the constraint with its name.
  CHECK_THROWS_WITH(fz::build(fz::parse(kFlatZinc)), Catch::Contains("'csp_test_differ' is not supported"));
}
