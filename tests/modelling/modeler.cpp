// The Modeler beyond operators: reification both ways, objectives given as expressions, constants
// where globals want variables, decisions branched first, branch(), and misuse as exceptions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "csp/csp.hpp"
#include "modelling/brute.hpp"

using csp::IntVar;
using csp::IntVars;
using csp::Modeler;
using modelling_test::against_brute_force;
using modelling_test::Values;

namespace {

// The variable of every decision, in order.
struct DecisionLog : csp::Tracer {
  std::vector<int> vars;
  void decided(csp::Var v, csp::Value, std::uint64_t) override { vars.push_back(v.id); }
};

template <class M>
concept posts_bool = requires(M& m) { m.post(true); };

}  // namespace

TEST_CASE("reification: b == (x > 3) ties b to the comparison both ways", "[modelling]") {
  // Posted: b is 1 exactly in the solutions where x > y + 1, and b is a variable of its own.
  against_brute_force(3, -3, 3, 40, [](Modeler& m, const IntVars& x) {
    m.post(x[2] == (x[0] > x[1] + 1));
  }, [](const Values& v) { return v[2] == (v[0] > v[1] + 1 ? 1 : 0); });
  // The same with the relation on the other side, and a negated condition.
  against_brute_force(3, -3, 3, 40, [](Modeler& m, const IntVars& x) { m.post(~(x[0] + x[1] >= 2) == x[2]); },
                      [](const Values& v) { return v[2] == (v[0] + v[1] >= 2 ? 0 : 1); }, 2);
  // A wider variable equated to a truth is cut to 0/1 (here through linear_reified).
  against_brute_force(4, -2, 2, 40, [](Modeler& m, const IntVars& x) { m.post(x[3] == (x[0] + x[1] - x[2] > 1)); },
                      [](const Values& v) { return v[3] == (v[0] + v[1] - v[2] > 1 ? 1 : 0); }, 3);
  // ... and through the negation of a 0/1 variable: v == ~b.
  Modeler n;
  const IntVar v = n.int_var(-2, 2, "v"), nb = n.bool_var("b");
  n.post(v == ~nb);
  std::uint64_t count = 0;
  REQUIRE(modelling_test::solved(n.model(), {v, nb}, count) == std::set<Values>{{0, 1}, {1, 0}});
  REQUIRE(count == 2);
  // b == (x > 3) costs one propagator and no variable.
  Modeler m;
  const IntVar b = m.bool_var("b"), x = m.int_var(0, 6, "x");
  m.post(b == (x > 3));
  REQUIRE(m.model().var_count() == 2);
  REQUIRE(m.model().propagator_count() == 1);
  // Fixing b decides the comparison, and fixing x decides b.
  for (const int value : {0, 1}) {
    csp::Domains d = m.model().initial_domains();
    d.assign(b, value);
    std::set<int> xs;
    csp::Solver(m.model()).for_each_solution(d, [&](std::span<const csp::Value> s) {
      xs.insert(s[static_cast<std::size_t>(x.id())]);
      return true;
    });
    REQUIRE(xs == (value == 1 ? std::set<int>{4, 5, 6} : std::set<int>{0, 1, 2, 3}));
  }
  for (int value = 0; value <= 6; ++value) {
    csp::Domains d = m.model().initial_domains();
    d.assign(x, value);
    const csp::SearchResult r = csp::Solver(m.model()).count(d);
    REQUIRE(r.stats.solutions == 1);
    REQUIRE(r.solution[static_cast<std::size_t>(b.id())] == (value > 3 ? 1 : 0));
  }
}

TEST_CASE("reification: bool_var(e) is a 0/1 variable equal to e's truth in every solution", "[modelling]") {
  for (int k = 0; k < 3; ++k) {
    Modeler m;
    const IntVars x = m.int_vars(3, -2, 2, "x");
    const csp::BoolExpr conditions[] = {x[0] + x[1] < x[2], (x[0] == 1) | (x[1] != x[2]), implies(x[0] > 0, x[1] > 0) & (x[2] != 0)};
    const IntVar r = m.bool_var(conditions[k]);
    REQUIRE(m.model().initial_domains().min(r) == 0);
    REQUIRE(m.model().initial_domains().max(r) == 1);
    std::uint64_t seen = 0;
    csp::Solver(m.model()).for_each_solution(m.model().initial_domains(), [&](std::span<const csp::Value> s) {
      const int a = s[0], b = s[1], c = s[2];
      const bool truth = k == 0 ? a + b < c : k == 1 ? (a == 1 || b != c) : ((a <= 0 || b > 0) && c != 0);
      REQUIRE(s[static_cast<std::size_t>(r.id())] == (truth ? 1 : 0));
      ++seen;
      return true;
    });
    REQUIRE(seen == 125);  // every assignment of x once: r is a function of them
  }
  // A 0/1 variable reified is itself; a constant truth is a fixed variable.
  Modeler m;
  const IntVar b = m.bool_var();
  REQUIRE(m.bool_var(b).id() == b.id());
  const IntVar t = m.bool_var(csp::BoolExpr(true));
  REQUIRE(m.model().initial_domains().fixed(t));
  REQUIRE(m.model().initial_domains().min(t) == 1);
}

TEST_CASE("objective: minimising and maximising an expression reach the brute-force optimum", "[modelling]") {
  std::mt19937 rng(7);
  for (int k = 0; k < 20; ++k) {
    for (const bool maximize : {false, true}) {
      Modeler m;
      IntVars x;
      for (int i = 0; i < 3; ++i) x.push_back(modelling_test::random_var(m, rng, -4, 4));
      m.post(x[0] + x[1] != x[2]);
      const csp::IntExpr cost = abs(x[0] - 3) + 2 * max(x[1], x[2]) - x[0] * x[2];
      const csp::Objective objective = maximize ? m.maximize(cost) : m.minimize(cost);
      auto value = [](const Values& v) { return std::abs(v[0] - 3) + 2 * std::max(v[1], v[2]) - v[0] * v[2]; };
      const std::set<Values> feasible = modelling_test::brute_force(m.model(), x, [](const Values& v) { return v[0] + v[1] != v[2]; });
      const csp::SearchResult r = csp::Solver(m.model()).optimize(m.model().initial_domains(), objective);
      REQUIRE(r.status == csp::SearchStatus::exhausted);
      INFO("instance " << k << (maximize ? " max" : " min"));
      if (feasible.empty()) {
        REQUIRE_FALSE(r.found());
        continue;
      }
      REQUIRE(r.found());
      std::optional<int> best;
      for (const Values& v : feasible) best = !best ? value(v) : maximize ? std::max(*best, value(v)) : std::min(*best, value(v));
      const Values chosen{r.solution[0], r.solution[1], r.solution[2]};
      REQUIRE(r.solution[static_cast<std::size_t>(objective.var.id)] == *best);
      REQUIRE(value(chosen) == *best);
    }
  }
}

TEST_CASE("constants: cumulative and disjunctive take constant durations, uses and capacity", "[modelling]") {
  // Three tasks, durations 2, 3, 1, uses 1, 2, 2, capacity 2, starts in 0..4: brute force counts.
  const Values duration{2, 3, 1}, use{1, 2, 2};
  Modeler m;
  const IntVars s = m.int_vars(3, 0, 4, "s");
  m.cumulative(s, duration, use, 2);
  const int before = m.model().var_count();
  const std::set<Values> expected = modelling_test::brute_force(m.model(), s, [&](const Values& v) {
    for (int t = 0; t < 8; ++t) {
      int load = 0;
      for (std::size_t i = 0; i < 3; ++i)
        if (v[i] <= t && t < v[i] + duration[i]) load += use[i];
      if (load > 2) return false;
    }
    return true;
  });
  std::uint64_t count = 0;
  REQUIRE(modelling_test::solved(m.model(), s, count) == expected);
  REQUIRE(count == expected.size());
  REQUIRE(!expected.empty());
  // Each constant is one fixed variable, shared: 1, 2 and 3 (2 three times over) make three.
  REQUIRE(before == 3 + 3);
  // Disjunctive with constant durations: no two of the tasks overlap.
  Modeler d;
  const IntVars t = d.int_vars(3, 0, 5, "t");
  d.disjunctive(t, Values{2, 3, 1});
  const std::set<Values> apart = modelling_test::brute_force(d.model(), t, [&](const Values& v) {
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = i + 1; j < 3; ++j)
        if (!(v[i] + duration[i] <= v[j] || v[j] + duration[j] <= v[i])) return false;
    return true;
  });
  REQUIRE(modelling_test::solved(d.model(), t, count) == apart);
  REQUIRE(count == apart.size());
  REQUIRE_THROWS_AS(d.cumulative(t, Values{1, 2}, Values{1, 1, 1}, 1), std::invalid_argument);
}

TEST_CASE("decisions: the default search branches on the model's decisions before introduced variables", "[modelling][search]") {
  // Many reified comparisons: their 0/1 variables are the smallest domains, which MRV would take first.
  auto build = [](Modeler& m) {
    const IntVars x = m.int_vars(4, 0, 9, "x");
    csp::IntExpr count = 0;
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) count += (x[static_cast<std::size_t>(i)] < x[static_cast<std::size_t>(j)]);
    m.post(count == 3);
    return x;
  };
  Modeler m;
  const IntVars x = build(m);
  REQUIRE(m.model().decisions().size() == 4);
  REQUIRE(m.model().var_count() > 4);
  DecisionLog log;
  csp::SearchOptions o;
  o.tracer = &log;
  REQUIRE(csp::Solver(m.model(), o).count(m.model().initial_domains()).stats.solutions > 0);
  REQUIRE(!log.vars.empty());
  // Every decision on an x comes before any on an introduced variable (which, once the x are fixed,
  // are fixed too: there are none).
  for (const int v : log.vars) REQUIRE(v < 4);
  // Without decisions the same search starts on an introduced 0/1 variable: the test can tell.
  Modeler plain;
  build(plain);
  plain.model().clear_decisions();
  DecisionLog other;
  o.tracer = &other;
  csp::Solver(plain.model(), o).solve();
  REQUIRE(!other.vars.empty());
  REQUIRE(other.vars[0] >= 4);
  // A custom order (which cannot be restricted to the decisions) still decides everything itself.
  Modeler custom;
  build(custom);
  o.tracer = nullptr;
  o.order = csp::order::custom([](const csp::Model& model, const csp::Domains& d) {
    for (const csp::Var v : model.vars())
      if (!d.fixed(v)) return v;
    return csp::Var{};
  });
  REQUIRE(csp::Solver(custom.model(), o).solve().found());
}

TEST_CASE("decisions: first under learning with restarts (MRV, then activity in turn) too, and a Modeler's model serves threads", "[modelling][search]") {
  auto build = [](Modeler& m) {
    const IntVars x = m.int_vars(5, 0, 4, "x");
    csp::IntExpr ordered = 0;
    for (std::size_t i = 0; i + 1 < x.size(); ++i) ordered += (x[i] < x[i + 1]);
    m.post(ordered == 2);
    m.post(x[0] != x[4]);
    return x;
  };
  Modeler m;
  build(m);
  // The learning search has no tracer: a value order records the variables it is asked about.
  std::vector<int> branched;
  csp::SearchOptions o;
  o.values = csp::values::custom([&](const csp::Model&, const csp::Domains& d, csp::Var v, std::vector<csp::Value>& out) {
    branched.push_back(v.id);
    for (const csp::Value a : d.values(v)) out.push_back(a);
  });
  o.inference = csp::Inference::learn;
  o.restarts.kind = csp::RestartKind::luby;
  o.restarts.base = 1;
  o.restarts.search = csp::RestartSearch::alternate;
  const std::uint64_t solutions = csp::Solver(m.model(), o).count(m.model().initial_domains()).stats.solutions;
  REQUIRE(solutions > 0);
  REQUIRE(!branched.empty());
  REQUIRE(branched[0] < 5);
  // Two threads: each builds the same model again (Model is moved out of a Modeler built afresh).
  csp::SearchOptions t;
  t.threads = 2;
  t.worker_model = [&build] {
    Modeler w;
    build(w);
    return std::move(w.model());
  };
  REQUIRE(csp::Solver(m.model(), t).count(m.model().initial_domains()).stats.solutions == solutions);
}

TEST_CASE("decisions: Model::add_decisions keeps each once and refuses a variable of no model", "[modelling]") {
  csp::Model m;
  const std::vector<csp::Var> x = m.add_vars(3, 0, 1);
  m.add_decisions(std::vector<csp::Var>{x[2], x[0], x[2]});
  REQUIRE(m.decisions() == std::vector<csp::Var>{x[2], x[0]});
  REQUIRE_THROWS_WITH(m.add_decisions(std::vector<csp::Var>{csp::Var{7}}), Catch::Contains("not of this model"));
}

TEST_CASE("branch: one call adds a phase with its own order and values", "[modelling][search]") {
  Modeler m;
  const IntVars x = m.int_vars(3, 0, 2, "x");
  m.all_different(x);
  DecisionLog log;
  csp::SearchOptions o;
  o.tracer = &log;
  csp::branch(o, {x[2], x[1]}, csp::order::input(), csp::values::descending());
  const csp::SearchResult r = csp::Solver(m.model(), o).solve();
  REQUIRE(r.found());
  REQUIRE(log.vars.size() >= 2);
  REQUIRE(log.vars[0] == x[2].id());
  REQUIRE(log.vars[1] == x[1].id());
  REQUIRE(r.solution == Values{0, 1, 2});
  REQUIRE_THROWS_AS(csp::branch(o, {}), std::invalid_argument);
}

TEST_CASE("misuse: a clear std::invalid_argument naming the problem, never a crash", "[modelling]") {
  // Variables of two models in one expression.
  Modeler a, b;
  const IntVar x = a.int_var(0, 3, "x"), y = b.int_var(0, 3, "y");
  REQUIRE_THROWS_WITH(a.post(x + y <= 3), Catch::Contains("another model"));
  REQUIRE_THROWS_WITH(a.var(abs(y)), Catch::Contains("another model"));
  // A plain Var beyond the model's variables.
  REQUIRE_THROWS_WITH(a.post(csp::Var{40} == 1), Catch::Contains("not of this model"));
  // Division and remainder by the constant 0.
  REQUIRE_THROWS_WITH(a.post(x / 0 == 1), Catch::Contains("division by the constant 0"));
  REQUIRE_THROWS_WITH(a.post(x % (x - x) == 1), Catch::Contains("modulo by the constant 0"));
  // Empty lists.
  REQUIRE_THROWS_WITH(csp::sum(csp::IntExprs{}), Catch::Contains("sum of an empty list"));
  REQUIRE_THROWS_WITH(csp::min(csp::IntExprs{}), Catch::Contains("min of an empty list"));
  REQUIRE_THROWS_WITH(csp::max(csp::IntExprs{}), Catch::Contains("max of an empty list"));
  REQUIRE_THROWS_WITH(csp::IntExprs{}[x], Catch::Contains("empty list"));
  // Bounds beyond kMinValue..kMaxValue for an introduced variable.
  Modeler w;
  const IntVar big = w.int_var(0, 1 << 20), other = w.int_var(0, 1 << 20);
  REQUIRE_THROWS_WITH(w.post(big * other == 5), Catch::Contains("beyond the values a variable can take"));
  REQUIRE_THROWS_WITH(w.var(big * 2048), Catch::Contains("beyond the values a variable can take"));
  REQUIRE_THROWS_WITH(w.post(abs(big * 4096 - other) <= 2), Catch::Contains("beyond the values a variable can take"));
  REQUIRE_THROWS_WITH(w.constant(std::int64_t{1} << 31), Catch::Contains("beyond the values a variable can take"));
  REQUIRE_THROWS_WITH(csp::IntExpr(ULLONG_MAX), Catch::Contains("64-bit"));
  REQUIRE_THROWS_WITH(w.post(big * INT64_MAX + big * INT64_MAX >= 0), Catch::Contains("overflows 64 bits"));
  REQUIRE_THROWS_WITH(w.post(csp::IntExpr(INT64_MIN) / -1 == big), Catch::Contains("quotient overflows"));
  REQUIRE_THROWS_WITH(w.post(-big == INT64_MIN), Catch::Contains("overflows 64 bits"));
  // ... while a comparison needs no variable for its sum, whatever its bounds.
  REQUIRE_NOTHROW(w.post(big * 1000000000 <= other * 3 + 7));
  // A wider variable used as a truth.
  REQUIRE_THROWS_WITH(a.post(x | (x > 1)), Catch::Contains("used as a Boolean"));
  // A plain bool (two plain Vars compared) does not compile as a constraint.
  static_assert(!posts_bool<Modeler>);
}
