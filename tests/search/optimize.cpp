// Branch and bound (Solver::optimize): optima of random small linear models against brute force,
// under every inference level and several heuristics; each reported solution strictly better.
#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "csp/csp.hpp"
#include "sum_model.hpp"

namespace {

// x_0..x_{n-1} in small ranges, a few random linear <= / >= constraints over them, one !=, and
// z = sum(w_i * x_i), the objective.
struct RandomLinear {
  csp::Model model;
  std::vector<csp::Var> x;
  csp::Var z;
  std::vector<std::pair<csp::Value, csp::Value>> range;
  struct Row {
    std::vector<std::int64_t> c;
    bool at_most;
    std::int64_t rhs;
  };
  std::vector<Row> rows;
  std::vector<std::int64_t> w;

  explicit RandomLinear(std::mt19937& rng) {
    auto draw = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int n = draw(2, 4);
    std::int64_t zlo = 0, zhi = 0;
    for (int i = 0; i < n; ++i) {
      const csp::Value lo = draw(-3, 2), hi = lo + draw(1, 4);
      range.emplace_back(lo, hi);
      x.push_back(model.add_var(lo, hi));
      const std::int64_t wi = draw(-4, 4);
      w.push_back(wi);
      zlo += std::min(wi * lo, wi * hi);
      zhi += std::max(wi * lo, wi * hi);
    }
    z = model.add_var(static_cast<csp::Value>(zlo), static_cast<csp::Value>(zhi), "z");
    for (int r = draw(1, 2); r > 0; --r) {
      Row row;
      for (int i = 0; i < n; ++i) row.c.push_back(draw(-3, 3));
      row.at_most = draw(0, 1) == 1;
      row.rhs = draw(-4, 6);
      model.post(csp::linear(row.c, x, row.at_most ? csp::LinearRelation::less_equal
                                                   : csp::LinearRelation::greater_equal, row.rhs));
      rows.push_back(row);
    }
    model.post(csp::not_equal(x[0], x[1]));
    std::vector<std::int64_t> coefficients = w;
    coefficients.push_back(-1);
    std::vector<csp::Var> scope = x;
    scope.push_back(z);
    model.post(csp::linear(coefficients, scope, csp::LinearRelation::equal, 0));
  }

  // The best objective over every assignment of x, by enumeration (nullopt: none satisfies).
  std::optional<std::int64_t> brute_force(bool minimize) const {
    std::optional<std::int64_t> best;
    std::vector<csp::Value> v;
    for (const auto& r : range) v.push_back(r.first);
    for (;;) {
      bool ok = v[0] != v[1];
      for (const Row& row : rows) {
        std::int64_t s = 0;
        for (std::size_t i = 0; i < v.size(); ++i) s += row.c[i] * v[i];
        ok = ok && (row.at_most ? s <= row.rhs : s >= row.rhs);
      }
      if (ok) {
        std::int64_t obj = 0;
        for (std::size_t i = 0; i < v.size(); ++i) obj += w[i] * v[i];
        if (!best || (minimize ? obj < *best : obj > *best)) best = obj;
      }
      std::size_t i = 0;
      while (i < v.size() && v[i] == range[i].second) v[i] = range[i].first, ++i;
      if (i == v.size()) return best;
      ++v[i];
    }
  }
};

}  // namespace

TEST_CASE("optimize: the optimum of random linear models equals brute force's, each solution strictly better",
          "[search][optimize]") {
  std::mt19937 rng(18);
  int feasible = 0;
  for (int instance = 0; instance < 60; ++instance) {
    RandomLinear lin(rng);
    for (bool minimize : {true, false}) {
      const std::optional<std::int64_t> want = lin.brute_force(minimize);
      feasible += want.has_value();
      for (const char* inference : {"none", "fc", "mac"}) {
        for (const char* order : {"input", "mrv", "dom-wdeg", "anti-first-fail", "largest"}) {
          for (const char* values : {"min", "max", "split", "median", "random"}) {
            CAPTURE(instance, minimize, inference, order, values);
            csp::SearchOptions o;
            o.inference = csp::parse_inference(inference);
            o.order = csp::order::by_name(order);
            o.values = csp::values::by_name(values, 5);
            csp::Solver solver(lin.model, o);
            std::vector<std::int64_t> seen;
            const csp::Objective objective{
                lin.z, minimize ? csp::Objective::Sense::minimize : csp::Objective::Sense::maximize};
            const csp::SearchResult r =
                solver.optimize(lin.model.initial_domains(), objective, [&](std::span<const csp::Value> s) {
                  REQUIRE(lin.model.satisfied_by(s));
                  seen.push_back(s[static_cast<std::size_t>(lin.z.id)]);
                  return true;
                });
            REQUIRE(r.status == csp::SearchStatus::exhausted);
            REQUIRE(r.found() == want.has_value());
            REQUIRE(r.stats.solutions == seen.size());
            for (std::size_t i = 1; i < seen.size(); ++i) REQUIRE((minimize ? seen[i] < seen[i - 1] : seen[i] > seen[i - 1]));
            if (want) {
              REQUIRE(r.solution[static_cast<std::size_t>(lin.z.id)] == *want);
              REQUIRE(seen.back() == *want);
            }
          }
        }
      }
    }
  }
  REQUIRE(feasible > 40);  // the instances mostly have solutions: the optimum is really compared
}

TEST_CASE("optimize: branching on the objective first (a phase, split or its best end first) still proves the optimum",
          "[search][optimize][phases]") {
  std::mt19937 rng(1818);
  for (int instance = 0; instance < 60; ++instance) {
    RandomLinear lin(rng);
    for (bool minimize : {true, false}) {
      const std::optional<std::int64_t> want = lin.brute_force(minimize);
      for (const char* values : {"split", "reverse-split", "min", "max", "median"}) {
        CAPTURE(instance, minimize, values);
        csp::SearchOptions o;
        o.phases.push_back({{lin.z}, csp::order::input(), csp::values::by_name(values)});
        o.phases.push_back({{lin.x[1], lin.x[0]}, csp::order::by_name("max-regret"), csp::values::by_name("median")});
        csp::Solver solver(lin.model, o);
        const csp::SearchResult r = solver.optimize(
            lin.model.initial_domains(),
            csp::Objective{lin.z, minimize ? csp::Objective::Sense::minimize : csp::Objective::Sense::maximize});
        REQUIRE(r.status == csp::SearchStatus::exhausted);
        REQUIRE(r.found() == want.has_value());
        if (want) REQUIRE(r.solution[static_cast<std::size_t>(lin.z.id)] == *want);
      }
    }
  }
}

TEST_CASE("optimize: a limit after a solution says limit and keeps the best so far", "[search][optimize]") {
  // Maximise sum(x) over 8 variables 0..9, all different: many improving steps, optimum 9+8+...+2.
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(8, 0, 9);
  m.post(csp::all_different(x));
  const csp::Var total = csp_test::add_sum(m, x, 72);
  const csp::Objective best_total{total, csp::Objective::Sense::maximize};

  csp::SearchOptions o;
  o.order = csp::order::input();
  o.values = csp::values::ascending();  // the worst first: the bound must climb
  csp::Solver full(m, o);
  const csp::SearchResult all = full.optimize(m.initial_domains(), best_total);
  REQUIRE(all.status == csp::SearchStatus::exhausted);
  REQUIRE(all.solution[static_cast<std::size_t>(total.id)] == 44);
  REQUIRE(all.stats.solutions > 2);

  o.limits.nodes = all.stats.nodes / 2;
  csp::Solver limited(m, o);
  std::vector<csp::Value> last;
  const csp::SearchResult r = limited.optimize(m.initial_domains(), best_total, [&](std::span<const csp::Value> s) {
    last.assign(s.begin(), s.end());
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::limit);
  REQUIRE(r.limit == csp::LimitHit::nodes);
  REQUIRE(r.found());
  REQUIRE(r.solution == last);
  REQUIRE(m.satisfied_by(r.solution));
  REQUIRE(r.solution[static_cast<std::size_t>(total.id)] <= 44);

  // The callback may stop it: then the status says so.
  csp::Solver stopped(m, o);
  const csp::SearchResult first =
      stopped.optimize(m.initial_domains(), best_total, [](std::span<const csp::Value>) { return false; });
  REQUIRE(first.status == csp::SearchStatus::stopped_on_request);
  REQUIRE(first.stats.solutions == 1);
}

TEST_CASE("optimize: an unsatisfiable model is exhausted with nothing found", "[search][optimize]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(4, 0, 2);
  m.post(csp::all_different(x));
  for (const char* inference : {"none", "fc", "mac"}) {
    csp::SearchOptions o;
    o.inference = csp::parse_inference(inference);
    csp::Solver s(m, o);
    const csp::SearchResult r = s.optimize(m.initial_domains(), csp::Objective{x[0], csp::Objective::Sense::minimize});
    REQUIRE(r.unsatisfiable());
    REQUIRE(r.solution.empty());
  }
}
