// Portfolio search (Inference::portfolio, csp/search/detail/portfolio.hpp): learning and MAC taking
// turns. On random small models, with turns of one node and up (so that most runs switch many
// times, and each search resumes where its last turn stopped, under the other's bound):
// - the first solution is a solution, found exactly when enumeration finds one;
// - the optimum of x0, both ways, is enumeration's; every solution reported is a solution and
//   strictly better than the one before it, and the result's solution is the last reported;
// - counts are enumeration's (MAC alone);
// - the caller's node limit holds for the two searches together.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "csp/search/detail/learning_search.hpp"
#include "csp/search/detail/portfolio.hpp"
#include "csp/search/solver.hpp"
#include "learning/random_models.hpp"

namespace {

using csp::Value;
using learning_tests::all_solutions;
using learning_tests::random_model;
using learning_tests::RandomModel;

bool is_solution(const std::vector<std::vector<Value>>& solutions, std::span<const Value> s) {
  return std::find(solutions.begin(), solutions.end(), std::vector<Value>(s.begin(), s.end())) != solutions.end();
}

csp::SearchOptions portfolio_options(const char* order, const char* values = "min") {
  csp::SearchOptions o;
  o.inference = csp::Inference::portfolio;
  o.order = csp::order::by_name(order);
  o.values = csp::values::by_name(values);
  return o;
}

}  // namespace

TEST_CASE("the portfolio's answers are enumeration's, turn after turn", "[learning][portfolio]") {
  int switched = 0, improved = 0, runs = 0;
  for (std::uint64_t seed = 1; seed <= 250; ++seed) {
    const RandomModel r = random_model(seed, seed % 2 == 0, seed % 3 == 0);
    INFO("seed " << seed << ": " << r.text);
    const std::vector<std::vector<Value>> solutions = all_solutions(r.model);
    const csp::Domains& start = r.model.initial_domains();
    // Value orders that decide one value at a time (min, split, median) and one that lists them (lcv): a
    // turn stops a depth-first frame in either state.
    for (auto [order, values] : {std::pair{"mrv", "min"}, {"activity", "min"}, {"mrv", "lcv"}, {"input", "split"}, {"mrv", "median"}}) {
      INFO("order " << order << ", values " << values);
      csp::PortfolioSearch portfolio(r.model, portfolio_options(order, values), csp::PortfolioTurns{{}, {}, 1});
      const csp::SearchResult first = portfolio.run(start, csp::Goal{1, nullptr});
      ++runs;
      switched += first.stats.turns >= 3;
      REQUIRE(first.found() == !solutions.empty());
      CHECK(first.status == (solutions.empty() ? csp::SearchStatus::exhausted : csp::SearchStatus::stopped_on_request));
      if (first.found()) CHECK(is_solution(solutions, first.solution));

      for (auto sense : {csp::Objective::Sense::minimize, csp::Objective::Sense::maximize}) {
        const csp::Objective objective{r.vars[0], sense};
        const bool minimize = sense == csp::Objective::Sense::minimize;
        std::vector<std::vector<Value>> reported;
        const csp::SolutionCallback keep = [&](std::span<const Value> s) {
          reported.emplace_back(s.begin(), s.end());
          return true;
        };
        const csp::SearchResult best = portfolio.run(start, csp::Goal{0, &keep, &objective});
        ++runs;
        switched += best.stats.turns >= 3;
        improved += reported.size() >= 2;
        REQUIRE(best.status == csp::SearchStatus::exhausted);
        REQUIRE(best.found() == !solutions.empty());
        CHECK(best.stats.solutions == reported.size());
        if (solutions.empty()) continue;
        Value want = solutions[0][0];
        for (const auto& s : solutions) want = minimize ? std::min(want, s[0]) : std::max(want, s[0]);
        CHECK(best.solution[0] == want);
        REQUIRE(!reported.empty());
        CHECK(best.solution == reported.back());
        for (std::size_t i = 0; i < reported.size(); ++i) {
          CHECK(is_solution(solutions, reported[i]));
          if (i > 0) CHECK((minimize ? reported[i][0] < reported[i - 1][0] : reported[i][0] > reported[i - 1][0]));
        }
      }

      const csp::SearchResult all = portfolio.run(start, csp::Goal{0, nullptr});
      CHECK(all.status == csp::SearchStatus::exhausted);
      CHECK(all.stats.solutions == solutions.size());
    }
  }
  // Not vacuous: most runs take several turns, and many optima are reached in several steps.
  INFO(switched << " of " << runs << " runs took 3 turns or more; " << improved << " optima took 2 solutions or more");
  CHECK(switched >= runs / 3);
  CHECK(improved >= 100);
}

TEST_CASE("the portfolio's node limit counts both searches, and time turns give the same answers", "[learning][portfolio]") {
  int limited = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const RandomModel r = random_model(seed, true);
    INFO("seed " << seed << ": " << r.text);
    const std::vector<std::vector<Value>> solutions = all_solutions(r.model);
    csp::SearchOptions o = portfolio_options("mrv");
    o.limits.nodes = 5;
    csp::PortfolioSearch portfolio(r.model, o, csp::PortfolioTurns{{}, {}, 1});
    const csp::Objective objective{r.vars[0], csp::Objective::Sense::maximize};
    const csp::SearchResult capped = portfolio.run(r.model.initial_domains(), csp::Goal{0, nullptr, &objective});
    CHECK(capped.stats.nodes <= 5);
    if (capped.status == csp::SearchStatus::limit) {
      ++limited;
      CHECK(capped.limit == csp::LimitHit::nodes);
    }
    // The default turns, by time, through Solver: the same first-solution answer and optimum.
    csp::Solver solver(r.model, portfolio_options("mrv"));
    const csp::SearchResult first = solver.solve();
    REQUIRE(first.found() == !solutions.empty());
    if (first.found()) CHECK(is_solution(solutions, first.solution));
    const csp::SearchResult best = solver.optimize(r.model.initial_domains(), objective);
    REQUIRE(best.status == csp::SearchStatus::exhausted);
    if (!solutions.empty()) {
      Value want = solutions[0][0];
      for (const auto& s : solutions) want = std::max(want, s[0]);
      CHECK(best.solution[0] == want);
    }
  }
  CHECK(limited >= 20);
}

TEST_CASE("a search stopped before every decision and resumed walks the tree of one never stopped", "[learning][portfolio]") {
  int resumed = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const RandomModel r = random_model(seed, seed % 2 == 0, seed % 3 == 0);
    INFO("seed " << seed << ": " << r.text);
    const csp::Domains& start = r.model.initial_domains();
    for (const char* values : {"min", "lcv", "split", "median"}) {
      for (csp::Inference inference : {csp::Inference::mac, csp::Inference::learn}) {
        INFO("values " << values << ", inference " << csp::to_string(inference));
        csp::SearchOptions o = portfolio_options("mrv", values);
        o.inference = inference;
        std::vector<std::vector<Value>> once, in_turns;
        const csp::SolutionCallback keep_once = [&](std::span<const Value> s) {
          once.emplace_back(s.begin(), s.end());
          return true;
        };
        const csp::SolutionCallback keep_in_turns = [&](std::span<const Value> s) {
          in_turns.emplace_back(s.begin(), s.end());
          return true;
        };
        csp::SearchResult whole = csp::Solver(r.model, o).for_each_solution(start, keep_once);
        // The same search, one node a turn.
        csp::Limits turn;
        turn.nodes = 1;
        const auto in_turns_of = [&](auto& search) {
          csp::SearchResult last = search.start_turns(start, csp::Goal{0, &keep_in_turns}, turn, std::nullopt);
          while (last.status == csp::SearchStatus::limit) {
            ++turn.nodes;
            ++resumed;
            last = search.resume(turn, std::nullopt);
          }
          return last;
        };
        csp::SearchResult last;
        if (inference == csp::Inference::mac) {
          csp::DepthFirstSearch dfs(r.model, o);
          last = in_turns_of(dfs);
        } else {
          csp::LearningSearch learning(r.model, o);
          last = in_turns_of(learning);
        }
        CHECK(last.status == csp::SearchStatus::exhausted);
        CHECK(in_turns == once);
        CHECK(last.stats.nodes == whole.stats.nodes);
        CHECK(last.stats.failures == whole.stats.failures);
      }
    }
  }
  CHECK(resumed >= 1000);
}
