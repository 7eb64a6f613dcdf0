// Every public constraint through <csp/csp.hpp> alone, against the installed library: each family
// of csp/constraints/ is posted once (a function missing from the umbrella is a compile error
// here), then one model holding them all is solved and its solution checked. Fails unless one is found.
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include <csp/csp.hpp>

int main() {
  csp::Model m;
  const auto v = [&m](int lo, int hi) { return m.add_var(lo, hi); };
  const auto vs = [&m](int n, int lo, int hi) { return m.add_vars(n, lo, hi); };

  // all_different.hpp, binary.hpp, predicate.hpp
  const std::vector<csp::Var> a = vs(3, 1, 3);
  m.post(csp::all_different(a, csp::AllDifferentStrength::domain));
  m.post(csp::less(a[0], a[1]));
  m.post(csp::relation(a[1], a[2], [](int x, int y) { return x != y; }));
  m.post(csp::predicate({a[0], a[2]}, [](std::span<const csp::Value> x) { return x[0] + x[1] >= 3; }));
  // arithmetic.hpp
  const csp::Var x = v(-3, 3), y = v(-3, 3), z = v(-9, 9);
  m.post(csp::times(x, y, z));
  m.post(csp::absolute(x, v(0, 3)));
  m.post(csp::maximum(x, y, v(-3, 3)));
  // boolean.hpp, reified.hpp
  const std::vector<csp::Var> b = vs(3, 0, 1);
  m.post(csp::clause({b[0], b[1]}, {b[2]}));
  m.post(csp::and_all({b[0], b[1]}, v(0, 1)));
  m.post(csp::parity(b, true));
  m.post(csp::compare_reified(x, csp::Comparison::less_equal, y, 0, b[0], csp::Reify::equivalent));
  m.post(csp::member(z, {{-4, 4}}));
  // element.hpp, extremum.hpp
  const csp::Var i = v(1, 3), e = v(0, 9);
  m.post(csp::element(i, std::vector<csp::Value>{5, 7, 9}, e));
  m.post(csp::array_max(a, v(1, 3)));
  m.post(csp::array_min(a, v(1, 3)));
  // linear.hpp, linear_domain.hpp, linear_reified.hpp
  const std::vector<csp::Var> l = vs(3, 0, 4);
  m.post(csp::linear({1, 2, 3}, l, csp::LinearRelation::less_equal, 10));
  m.post(csp::linear_domain({1, 1}, {l[0], l[1]}, 4));
  m.post(csp::linear_not_equal({1, -1}, {l[0], l[1]}, 0));
  m.post(csp::linear_reified({1, 1}, {l[1], l[2]}, csp::Comparison::less_equal, 3, b[1], csp::Reify::implies));
  // count.hpp, circuit.hpp, inverse.hpp, lex.hpp, regular.hpp, table.hpp
  const std::vector<csp::Var> c = vs(4, 1, 4);
  m.post(csp::count_eq(c, v(1, 4), v(0, 4)));
  m.post(csp::among(v(0, 4), c, {1, 2}));
  m.post(csp::global_cardinality(c, {1, 2, 3, 4}, {0, 0, 0, 0}, {1, 1, 1, 1}, true));
  m.post(csp::circuit(c));
  const std::vector<csp::Var> g = vs(4, 1, 4);
  m.post(csp::inverse(c, g));
  m.post(csp::lex_lesseq(c, g));
  m.post(csp::regular(vs(2, 1, 2), 2, 2, {1, 2, 2, 2}, 1, {1, 2}));  // symbols 1..S
  m.post(csp::table(m, {l[0], l[2]}, {0, 0, 1, 2, 2, 1}));
  // cumulative.hpp, disjunctive.hpp, diffn.hpp: two tasks of 2 on a resource of 1
  const std::vector<csp::Var> s = vs(2, 0, 4), d = vs(2, 2, 2), r = vs(2, 1, 1);
  m.post(csp::cumulative(s, d, r, v(1, 1)));
  m.post(csp::disjunctive(s, d));
  m.post(csp::diffn(s, vs(2, 0, 0), d, vs(2, 1, 1)));

  csp::Solver solver(m);
  const csp::SearchResult result = solver.solve();
  std::printf("constraints: %d posted, %s\n", m.propagator_count(), result.found() ? "solved" : "no solution");
  return result.found() && m.satisfied_by(result.solution) ? EXIT_SUCCESS : EXIT_FAILURE;
}
