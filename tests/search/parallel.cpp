// One instance, many threads (SearchOptions::threads, csp/search/detail/parallel.hpp): the same counts and
// optima as one thread, every solution checked, and limits that stop every thread.
#include <catch2/catch.hpp>

#include <atomic>
#include <random>
#include <set>
#include <vector>

#include "csp/constraints/extremum.hpp"
#include "csp/csp.hpp"
#include "csp/search/detail/dfs.hpp"
#include "csp/search/detail/parallel.hpp"
#include "problems/queens/queens.hpp"
#include "problems/queens_counts.hpp"

namespace {

csp::SearchOptions threaded(unsigned threads, std::function<csp::Model()> make) {
  csp::SearchOptions o;
  o.threads = threads;
  o.worker_model = std::move(make);
  return o;
}

std::function<csp::Model()> queens_maker(int n) {
  return [n] { return problems::make_queens(n).model; };
}

// Graph colouring as an optimisation: colours 0..n-1 on a random graph, minimise the largest.
csp::Model coloring(int n, double density, unsigned seed) {
  csp::Model m;
  std::vector<csp::Var> c = m.add_vars(n, 0, n - 1, "c");
  std::mt19937 rng(seed);
  std::bernoulli_distribution edge(density);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (edge(rng)) m.post(csp::not_equal(c[static_cast<std::size_t>(i)], c[static_cast<std::size_t>(j)]));
  const csp::Var most = m.add_var(0, n - 1, "most");
  m.post(csp::array_max(c, most));
  return m;
}

}  // namespace

TEST_CASE("threads count queens exactly, every solution once and checked", "[parallel][threads]") {
  for (int n : {6, 8, 9, 10}) {
    const problems::Queens q = problems::make_queens(n);
    for (unsigned threads : {1u, 2u, 3u}) {
      CAPTURE(n, threads);
      csp::Solver solver(q.model, threaded(threads, queens_maker(n)));
      const csp::SearchResult counted = solver.count(q.model.initial_domains());
      REQUIRE(counted.status == csp::SearchStatus::exhausted);
      REQUIRE(counted.stats.solutions == queens_counts::of(n));
      std::set<std::vector<csp::Value>> seen;
      const csp::SearchResult each =
          solver.for_each_solution(q.model.initial_domains(), [&](std::span<const csp::Value> s) {
            const std::vector<csp::Value> rows(s.begin(), s.end());
            REQUIRE(problems::queens_valid(rows));
            REQUIRE(seen.insert(rows).second);
            return true;
          });
      REQUIRE(each.status == csp::SearchStatus::exhausted);
      REQUIRE(each.stats.solutions == queens_counts::of(n));
      REQUIRE(seen.size() == queens_counts::of(n));
      const csp::SearchResult first = solver.solve();
      REQUIRE(first.found());
      REQUIRE(first.status == csp::SearchStatus::stopped_on_request);
      REQUIRE(problems::queens_valid(first.solution));
      const csp::SearchResult capped = solver.count(q.model.initial_domains(), 7);
      REQUIRE(capped.status == (queens_counts::of(n) > 7 ? csp::SearchStatus::stopped_on_request : csp::SearchStatus::exhausted));
      REQUIRE(capped.stats.solutions == std::min<std::uint64_t>(7, queens_counts::of(n)));
    }
  }
}

TEST_CASE("a search the probe finishes runs as one thread does", "[parallel][threads]") {
  const problems::Queens q = problems::make_queens(6);
  csp::Solver one(q.model);
  csp::Solver two(q.model, threaded(2, queens_maker(6)));
  const csp::SearchResult a = one.count(q.model.initial_domains());
  const csp::SearchResult b = two.count(q.model.initial_domains());
  REQUIRE(a.stats.nodes < csp::ParallelSearch::kProbeNodes);
  REQUIRE(b.stats.nodes == a.stats.nodes);
  REQUIRE(b.stats.solutions == a.stats.solutions);
  REQUIRE(b.status == a.status);
}

TEST_CASE("threads find the optimum one thread finds", "[parallel][threads]") {
  for (unsigned seed : {1u, 2u, 3u}) {
    const csp::Model model = coloring(22, 0.5, seed);
    const auto make = [seed] { return coloring(22, 0.5, seed); };
    const csp::Objective smallest{csp::Var{22}, csp::Objective::Sense::minimize};
    csp::Solver one(model);
    const csp::SearchResult best = one.optimize(model.initial_domains(), smallest);
    REQUIRE(best.status == csp::SearchStatus::exhausted);
    for (unsigned threads : {2u, 3u}) {
      CAPTURE(seed, threads);
      csp::Solver solver(model, threaded(threads, make));
      csp::Value last = model.initial_domains().max(smallest.var) + 1;
      const csp::SearchResult r = solver.optimize(model.initial_domains(), smallest, [&](std::span<const csp::Value> s) {
        REQUIRE(s[22] < last);  // told only of ever better solutions
        last = s[22];
        return true;
      });
      REQUIRE(r.status == csp::SearchStatus::exhausted);
      REQUIRE(r.solution[22] == best.solution[22]);
      REQUIRE(last == best.solution[22]);
      REQUIRE_FALSE(model.first_violated(r.solution));
    }
  }
  // Maximising too: the queens whose weighted rows sum to the most.
  const auto weighted = [] {
    problems::Queens q = problems::make_queens(9);
    const csp::Var total = q.model.add_var(0, 1000, "total");
    std::vector<std::int64_t> k;
    std::vector<csp::Var> vars = q.row;
    for (int i = 0; i < 9; ++i) k.push_back(i + 1);
    k.push_back(-1);
    vars.push_back(total);
    q.model.post(csp::linear(k, vars, csp::LinearRelation::equal, 0));
    return std::move(q.model);
  };
  const csp::Model model = weighted();
  const csp::Objective most{csp::Var{9}, csp::Objective::Sense::maximize};
  csp::Solver one(model);
  csp::Solver three(model, threaded(3, weighted));
  const csp::SearchResult a = one.optimize(model.initial_domains(), most);
  const csp::SearchResult b = three.optimize(model.initial_domains(), most);
  REQUIRE(a.status == csp::SearchStatus::exhausted);
  REQUIRE(b.status == csp::SearchStatus::exhausted);
  REQUIRE(b.solution[9] == a.solution[9]);
}

TEST_CASE("the node limit is one budget for every thread", "[parallel][threads]") {
  const problems::Queens q = problems::make_queens(10);
  for (std::uint64_t limit : {1000u, 2500u, 4000u}) {  // queens 10 takes 4589 nodes
    CAPTURE(limit);
    csp::SearchOptions o = threaded(3, queens_maker(10));
    o.limits.nodes = limit;
    csp::Solver solver(q.model, o);
    const csp::SearchResult r = solver.count(q.model.initial_domains());
    REQUIRE(r.status == csp::SearchStatus::limit);
    REQUIRE(r.limit == csp::LimitHit::nodes);
    REQUIRE(r.stats.nodes <= limit);
    REQUIRE(r.stats.nodes + 2 * 3 * csp::SharedSearch::kBatch >= limit);  // at most a batch or two unused a thread
  }
}

TEST_CASE("an interrupt stops every thread", "[parallel][threads]") {
  const problems::Queens q = problems::make_queens(10);
  std::atomic<bool> interrupt{false};
  csp::SearchOptions o = threaded(3, queens_maker(10));
  o.limits.interrupt = &interrupt;
  csp::Solver solver(q.model, o);
  std::uint64_t told = 0;
  const csp::SearchResult r = solver.for_each_solution(q.model.initial_domains(), [&](std::span<const csp::Value>) {
    if (++told == 100) interrupt.store(true);
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::limit);
  REQUIRE(r.limit == csp::LimitHit::interrupted);
  REQUIRE(told >= 100);
  REQUIRE(told < queens_counts::of(10));
  REQUIRE(r.stats.solutions == told);
}

TEST_CASE("threads without a way to build their models are refused", "[parallel][threads]") {
  const problems::Queens q = problems::make_queens(4);
  csp::SearchOptions o;
  o.threads = 2;
  REQUIRE_THROWS_AS(csp::Solver(q.model, o), std::invalid_argument);
}
