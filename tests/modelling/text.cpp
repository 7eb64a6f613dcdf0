// Expressions as text (csp/modelling/text.hpp): the operators that built them, signs folded into
// sums, parentheses only where needed, the caller's names and literals, long lists cut.
#include <catch2/catch.hpp>

#include <string>

#include "csp/csp.hpp"

TEST_CASE("an expression's text is the operators that built it", "[modelling][text]") {
  csp::Modeler m;
  const csp::IntVar x = m.int_var(0, 9, "x"), y = m.int_var(0, 9, "y"), z = m.int_var(-5, 5, "z");
  csp::ExprSpelling named;
  named.name = [&](csp::Var v) { return m.model().name(v); };
  CHECK(csp::to_text(x + 2 * y <= z) == "x0 + 2*x1 <= x2");
  CHECK(csp::to_text(x + 2 * y <= z, named) == "x + 2*y <= z");
  CHECK(csp::to_text(x - y - 3, named) == "x - y - 3");
  CHECK(csp::to_text(csp::abs(x - y) == 3, named) == "abs(x - y) == 3");
  CHECK(csp::to_text((x + 1) * (y - z), named) == "(x + 1)*(y - z)");
  CHECK(csp::to_text(~(x < y) | (z == 0), named) == "~(x < y) | (z == 0)");  // as built (negations are pushed when posted)
  named.truth = "True";
  CHECK(csp::to_text(csp::all_of(std::vector<csp::BoolExpr>{}), named) == "True");
  csp::IntExpr sum = x;
  for (int i = 0; i < 20; ++i) sum = sum + y;
  CHECK(csp::to_text(sum, named).size() < 120);  // cut with "...", not 21 terms
  named.max_depth = 1;
  CHECK(csp::to_text(csp::abs(csp::abs(csp::abs(x))), named).find("...") != std::string::npos);
}
