// Restarts (csp/search/restarts.hpp): the schedules' terms, and that searching with restarts keeps every
// answer exact: all-solution counts, first solutions checked, unsatisfiability and optima.
#include <catch2/catch.hpp>

#include <vector>

#include "csp/csp.hpp"
#include "sum_model.hpp"
#include "problems/queens/queens.hpp"

namespace {

csp::SearchOptions with_restarts(csp::RestartKind kind, std::uint64_t base, const char* order = "dom-wdeg") {
  csp::SearchOptions o;
  o.order = csp::order::by_name(order);
  o.restarts.kind = kind;
  o.restarts.base = base;
  return o;
}

}  // namespace

TEST_CASE("restarts: Luby's sequence and the schedules' allowances", "[search][restarts]") {
  const std::uint64_t want[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 1};
  for (std::uint64_t i = 1; i <= std::size(want); ++i) {
    CAPTURE(i);
    REQUIRE(csp::luby(i) == want[i - 1]);
  }
  REQUIRE(csp::luby((std::uint64_t{1} << 20) - 1) == (std::uint64_t{1} << 19));
  REQUIRE(csp::luby(std::uint64_t{1} << 20) == 1);

  const csp::Restarts luby{csp::RestartKind::luby, 32, 1.5};
  REQUIRE(csp::restart_allowance(luby, 1) == 32);
  REQUIRE(csp::restart_allowance(luby, 3) == 64);
  REQUIRE(csp::restart_allowance(luby, 15) == 256);
  // Alternating orders take each term in turn: both get 32, 32, 64, 32, 32, 64, 128, ...
  csp::Restarts pairs = luby;
  pairs.search = csp::RestartSearch::alternate;
  const std::uint64_t paired[] = {1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 2, 2, 4, 4, 1, 1};
  for (std::uint64_t run = 1; run <= std::size(paired); ++run) {
    CAPTURE(run);
    REQUIRE(csp::restart_allowance(pairs, run) == 32 * paired[run - 1]);
  }
  const csp::Restarts geometric{csp::RestartKind::geometric, 10, 2.0};
  REQUIRE(csp::restart_allowance(geometric, 1) == 10);
  REQUIRE(csp::restart_allowance(geometric, 4) == 80);
  REQUIRE(csp::restart_allowance(geometric, 200) == UINT64_MAX);  // saturates, never wraps
  const csp::Restarts tiny{csp::RestartKind::geometric, 1, 1.1};
  for (std::uint64_t run = 1; run < 50; ++run) REQUIRE(csp::restart_allowance(tiny, run) >= 1);

  REQUIRE(csp::parse_restart_kind("luby") == csp::RestartKind::luby);
  REQUIRE(csp::to_string(csp::parse_restart_kind("geometric")) == "geometric");
  REQUIRE_THROWS_AS(csp::parse_restart_kind("often"), std::invalid_argument);
}

TEST_CASE("restarts: counting every solution stays exact (12-queens: 14,200, each checked)", "[search][restarts]") {
  const problems::Queens q = problems::make_queens(12, problems::QueensModel::binary);
  for (csp::RestartKind kind : {csp::RestartKind::luby, csp::RestartKind::geometric}) {
    CAPTURE(csp::to_string(kind));
    csp::Solver solver(q.model, with_restarts(kind, 1));
    long long checked = 0;
    const csp::SearchResult r = solver.for_each_solution(q.model.initial_domains(), [&](std::span<const csp::Value> s) {
      if (problems::queens_valid(std::vector<csp::Value>(s.begin(), s.begin() + 12))) ++checked;
      return true;
    });
    REQUIRE(r.status == csp::SearchStatus::exhausted);
    REQUIRE(r.stats.solutions == 14200);
    REQUIRE(checked == 14200);
  }
}

TEST_CASE("restarts: first solutions are valid, and unsatisfiable models are proved so", "[search][restarts]") {
  // 40-queens under dom/wdeg with a run of one failure: it restarts before it finds a solution.
  const problems::Queens q = problems::make_queens(40, problems::QueensModel::binary);
  csp::Solver solver(q.model, with_restarts(csp::RestartKind::luby, 1));
  const csp::SearchResult r = solver.solve();
  REQUIRE(r.found());
  REQUIRE(r.stats.restarts > 0);
  REQUIRE(problems::queens_valid(std::vector<csp::Value>(r.solution.begin(), r.solution.begin() + 40)));

  // Pigeons: 7 variables all different over 6 values, refuted only by search (pairwise !=).
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(7, 1, 6);
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) m.post(csp::not_equal(x[i], x[j]));
  for (csp::RestartKind kind : {csp::RestartKind::luby, csp::RestartKind::geometric}) {
    CAPTURE(csp::to_string(kind));
    csp::Solver pigeons(m, with_restarts(kind, 2));
    const csp::SearchResult none = pigeons.count(m.initial_domains());
    REQUIRE(none.unsatisfiable());
    REQUIRE(none.stats.restarts > 0);
  }
}

TEST_CASE("restarts: branch and bound keeps its bound across restarts and proves the optimum", "[search][restarts]") {
  // Maximise sum(x) over 8 different variables 0..9, neighbours summing to at most 12: many
  // improving steps; the optimum is the one plain depth-first search proves.
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(8, 0, 9);
  m.post(csp::all_different(x));
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    m.post(csp::linear({1, 1}, {x[i], x[i + 1]}, csp::LinearRelation::less_equal, 12));
  }
  const csp::Var total = csp_test::add_sum(m, x, 72);
  const csp::Objective best_total{total, csp::Objective::Sense::maximize};

  csp::SearchOptions plain;
  plain.order = csp::order::input();
  csp::Solver reference(m, plain);
  const csp::SearchResult want = reference.optimize(m.initial_domains(), best_total);
  REQUIRE(want.status == csp::SearchStatus::exhausted);
  const csp::Value optimum = want.solution[static_cast<std::size_t>(total.id)];

  for (csp::RestartKind kind : {csp::RestartKind::luby, csp::RestartKind::geometric}) {
    for (const char* order : {"dom-wdeg", "mrv", "input"}) {
      CAPTURE(csp::to_string(kind), order);
      csp::Solver solver(m, with_restarts(kind, 1, order));
      std::vector<csp::Value> seen;
      const csp::SearchResult r = solver.optimize(m.initial_domains(), best_total, [&](std::span<const csp::Value> s) {
        REQUIRE(m.satisfied_by(s));
        seen.push_back(s[static_cast<std::size_t>(total.id)]);
        return true;
      });
      REQUIRE(r.status == csp::SearchStatus::exhausted);
      REQUIRE(r.stats.restarts > 0);
      REQUIRE(r.solution[static_cast<std::size_t>(total.id)] == optimum);
      for (std::size_t i = 1; i < seen.size(); ++i) REQUIRE(seen[i] > seen[i - 1]);  // across restarts too
    }
  }
}
