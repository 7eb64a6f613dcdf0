// Phase saving (SearchOptions::phase_saving) and the search after restarts (Restarts::search):
// what Branching decides with them, and that every goal stays exact under them, with and without
// learning, against brute force on random small models.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "csp/csp.hpp"
#include "csp/search/detail/branching.hpp"

namespace {

using csp::Value;
using csp::Var;

// A random model of 4 to 6 variables over 0..3: not-equals, sums bounded above and below, an
// all-different now and then; a few have no solution.
struct SmallModel {
  csp::Model model;
  std::vector<Var> x;
};

SmallModel small_model(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  SmallModel r;
  const int n = pick(4, 6);
  r.x = r.model.add_vars(n, 0, 3);
  const int constraints = pick(3, 7);
  for (int c = 0; c < constraints; ++c) {
    const Var a = r.x[static_cast<std::size_t>(pick(0, n - 1))];
    Var b = r.x[static_cast<std::size_t>(pick(0, n - 1))];
    if (b == a) b = r.x[static_cast<std::size_t>((a.id + 1) % n)];
    switch (pick(0, 3)) {
      case 0: r.model.post(csp::not_equal(a, b)); break;
      case 1: r.model.post(csp::linear({1, 1}, {a, b}, csp::LinearRelation::less_equal, pick(2, 5))); break;
      case 2: r.model.post(csp::linear({1, 2}, {a, b}, csp::LinearRelation::greater_equal, pick(2, 7))); break;
      default: {
        std::vector<Var> some(r.x.begin(), r.x.begin() + pick(2, std::min(n, 4)));
        r.model.post(csp::all_different(some));
      }
    }
  }
  return r;
}

// Every assignment of 0..3 to the variables that the model accepts.
std::vector<std::vector<Value>> brute_force(const SmallModel& r) {
  std::vector<std::vector<Value>> out;
  const std::size_t n = r.x.size();
  std::vector<Value> a(n, 0);
  for (;;) {
    if (r.model.satisfied_by(a)) out.push_back(a);
    std::size_t i = 0;
    while (i < n && ++a[i] == 4) a[i++] = 0;
    if (i == n) return out;
  }
}

}  // namespace

TEST_CASE("phase saving: the saved value is tried first, then the value order's own", "[search][phase-saving]") {
  csp::Model m;
  const std::vector<Var> x = m.add_vars(3, 0, 9);
  m.post(csp::not_equal(x[0], x[1]));
  for (const char* values : {"min", "max", "lcv"}) {  // lazy orders, and a listed one
    CAPTURE(values);
    csp::SearchOptions o;
    o.order = csp::order::input();
    o.values = csp::values::by_name(values);
    o.phase_saving = csp::PhaseSaving::solution;
    csp::Branching b(m, o);
    b.start();
    csp::Domains d = m.initial_domains();
    csp::ValueOrder* order = nullptr;
    REQUIRE(b.select(d, order) == x[0]);
    auto first = [&](Var v) {
      if (order->lazy(v, d)) return order->decide(v, d).value;
      std::vector<Value> list;
      order->order(v, d, list);
      REQUIRE(list.size() == static_cast<std::size_t>(d.size(v)));  // the saved value moved, nothing lost or added
      return list.front();
    };
    const Value unsaved = first(x[0]);
    CHECK(unsaved == (std::string(values) == "max" ? 9 : 0));
    const std::vector<Value> sol{4, 7, 2};
    b.solution(sol);
    CHECK(first(x[0]) == 4);
    CHECK(first(x[1]) == 7);
    b.remember(x[0], 8);  // only PhaseSaving::last keeps what it is told
    CHECK(first(x[0]) == 4);
    d.remove(x[0], 4);  // refuted: the value order decides again
    CHECK(first(x[0]) == unsaved);
    b.start();  // a new search forgets
    d = m.initial_domains();
    CHECK(first(x[1]) == (std::string(values) == "max" ? 9 : 0));
  }
  csp::SearchOptions o;
  o.phase_saving = csp::PhaseSaving::last;
  csp::Branching b(m, o);
  b.start();
  REQUIRE(b.remembers());
  b.remember(x[2], 6);
  const csp::Domains d = m.initial_domains();
  csp::ValueOrder* order = nullptr;
  b.select(d, order);
  CHECK(order->decide(x[2], d).value == 6);
  CHECK(order->decide(x[1], d).value == 0);
}

TEST_CASE("search after restarts: activity takes over from the phases, once or in turn", "[search][restarts]") {
  csp::Model m;
  const std::vector<Var> x = m.add_vars(4, 0, 3);
  m.post(csp::all_different(x));
  csp::SearchOptions o;
  o.order = csp::order::input();
  o.phases.push_back(csp::Phase{{x[2], x[3]}, csp::order::input(), nullptr});
  o.restarts.kind = csp::RestartKind::luby;
  const csp::Domains d = m.initial_domains();
  // The phase's variables fixed: the rest is the options' order's (or activity's).
  csp::Domains rest = d;
  rest.assign(x[2], 0);
  rest.assign(x[3], 1);
  csp::ValueOrder* values = nullptr;
  for (csp::RestartSearch search : {csp::RestartSearch::same, csp::RestartSearch::activity, csp::RestartSearch::alternate}) {
    CAPTURE(csp::to_string(search));
    o.restarts.search = search;
    csp::Branching b(m, o);
    b.start();
    const std::vector<Var> busy{x[1], x[1], x[3]};
    b.conflict(busy);  // activity: x[1], then x[3]
    CHECK(b.select(d, values) == x[2]);  // the first run follows the phase
    CHECK(b.select(rest, values) == x[0]);  // then the options' order
    // A run by activity still takes the phase first, by activity within it (x[3], though x[1] is
    // the most active), then the rest by activity.
    const bool by_activity = search != csp::RestartSearch::same;
    b.restarted(2);
    CHECK(b.select(d, values) == (by_activity ? x[3] : x[2]));
    CHECK(b.select(rest, values) == (by_activity ? x[1] : x[0]));
    b.restarted(3);
    const bool third = search == csp::RestartSearch::activity;
    CHECK(b.select(d, values) == (third ? x[3] : x[2]));
    CHECK(b.select(rest, values) == (third ? x[1] : x[0]));
    b.start();
    CHECK(b.select(d, values) == x[2]);
  }
  // Saved values under alternation: tried first in the runs by activity only; the runs along the
  // search's own orders take their value order's choice (min: 0).
  o.phase_saving = csp::PhaseSaving::last;
  for (csp::RestartSearch search : {csp::RestartSearch::same, csp::RestartSearch::alternate}) {
    CAPTURE(csp::to_string(search));
    o.restarts.search = search;
    csp::Branching b(m, o);
    b.start();
    b.remember(x[2], 3);
    REQUIRE(b.select(d, values) == x[2]);
    CHECK(values->decide(x[2], d).value == (search == csp::RestartSearch::same ? 3 : 0));
    b.restarted(2);  // alternate: by activity
    REQUIRE(b.select(d, values) == x[2]);
    CHECK(values->decide(x[2], d).value == 3);
  }
  o.phase_saving = csp::PhaseSaving::none;
  // Without a schedule there is no restart to change the orders at: refused by the Solver.
  o.restarts.kind = csp::RestartKind::none;
  o.restarts.search = csp::RestartSearch::activity;
  CHECK_THROWS_AS(csp::Solver(m, o), std::invalid_argument);
  csp::SearchSettings settings;
  settings.restart_search = "alternate";
  CHECK_THROWS_AS(settings.search_options(), std::invalid_argument);
  settings.restart = "luby";
  settings.phase_saving = "solution";
  CHECK(settings.search_options().phase_saving == csp::PhaseSaving::solution);
  settings.phase_saving = "sometimes";
  CHECK_THROWS_AS(settings.search_options(), std::invalid_argument);
}

TEST_CASE("phase saving and the search after restarts keep counts and optima exact", "[search][phase-saving]") {
  int unsat = 0, several = 0;
  std::uint64_t restarts = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const SmallModel r = small_model(seed);
    const std::vector<std::vector<Value>> want = brute_force(r);
    unsat += want.empty();
    several += want.size() > 1;
    Value lowest = 4, highest = -1;
    for (const auto& s : want) {
      lowest = std::min(lowest, s[0]);
      highest = std::max(highest, s[0]);
    }
    for (csp::Inference inference : {csp::Inference::mac, csp::Inference::learn}) {
      for (csp::PhaseSaving saving : {csp::PhaseSaving::last, csp::PhaseSaving::solution}) {
        for (csp::RestartSearch search : {csp::RestartSearch::same, csp::RestartSearch::activity, csp::RestartSearch::alternate}) {
          CAPTURE(seed, csp::to_string(inference), csp::to_string(saving), csp::to_string(search));
          csp::SearchOptions o;
          o.inference = inference;
          o.order = csp::order::mrv();
          o.phase_saving = saving;
          o.restarts.kind = csp::RestartKind::luby;
          o.restarts.base = 1;
          o.restarts.search = search;
          csp::Solver solver(r.model, o);
          std::uint64_t checked = 0;
          const csp::SearchResult all = solver.for_each_solution(r.model.initial_domains(), [&](std::span<const Value> s) {
            checked += std::find(want.begin(), want.end(), std::vector<Value>(s.begin(), s.end())) != want.end();
            return true;
          });
          REQUIRE(all.status == csp::SearchStatus::exhausted);
          CHECK(all.stats.solutions == want.size());
          CHECK(checked == want.size());
          for (auto sense : {csp::Objective::Sense::minimize, csp::Objective::Sense::maximize}) {
            const csp::SearchResult best = solver.optimize(r.model.initial_domains(), {r.x[0], sense});
            REQUIRE(best.status == csp::SearchStatus::exhausted);
            REQUIRE(best.found() == !want.empty());
            restarts += best.stats.restarts;
            if (!want.empty())
              CHECK(best.solution[0] == (sense == csp::Objective::Sense::minimize ? lowest : highest));
          }
        }
      }
    }
  }
  CHECK(unsat >= 5);
  CHECK(several >= 40);
  CHECK(restarts >= 100);
}
