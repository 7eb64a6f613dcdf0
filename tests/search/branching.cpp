// Branching beyond x = a: phases (seq_search), lazy and splitting value orders on wide domains, and
// the variable orders FlatZinc names, each against brute force.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "csp/csp.hpp"

namespace {

// Records the variable of every decision, in order.
struct BranchLog : csp::Tracer {
  std::vector<int> vars;
  void decided(csp::Var v, csp::Value, std::uint64_t) override { vars.push_back(v.id); }
};

// Every solution's values, as a set: a search that reported one twice would show it.
std::set<std::vector<csp::Value>> all_solutions(const csp::Model& m, const csp::SearchOptions& o,
                                               csp::SearchResult* result = nullptr) {
  std::set<std::vector<csp::Value>> out;
  csp::Solver s(m, o);
  csp::SearchResult r = s.for_each_solution(m.initial_domains(), [&](std::span<const csp::Value> v) {
    REQUIRE(m.satisfied_by(v));
    out.emplace(v.begin(), v.end());
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  REQUIRE(r.stats.solutions == out.size());
  if (result != nullptr) *result = std::move(r);
  return out;
}

}  // namespace

TEST_CASE("phases: the first phase's variables are decided first, with its own order and values", "[search][phases]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(4, 0, 3, "x");
  m.post(csp::all_different(x));
  BranchLog log;
  csp::SearchOptions o;
  o.order = csp::order::input();
  o.tracer = &log;
  o.phases.push_back({{x[3], x[2]}, csp::order::input(), csp::values::descending()});
  csp::Solver s(m, o);
  const csp::SearchResult r = s.solve();
  REQUIRE(r.found());
  // x3 then x2, largest first; then the options' input order and smallest values on x0, x1.
  REQUIRE(r.solution == std::vector<csp::Value>{0, 1, 2, 3});
  REQUIRE(log.vars.size() >= 2);
  REQUIRE(log.vars[0] == x[3].id);
  REQUIRE(log.vars[1] == x[2].id);
  for (std::size_t i = 2; i < log.vars.size(); ++i) REQUIRE((log.vars[i] == x[0].id || log.vars[i] == x[1].id));
}

TEST_CASE("phases: every order restricted to a phase still finds every solution, each once", "[search][phases]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(5, 0, 4, "x");
  m.post(csp::all_different(x));
  m.post(csp::less(x[0], x[4]));
  csp::SearchOptions plain;
  const std::size_t want = all_solutions(m, plain).size();
  REQUIRE(want == 60);  // 5! / 2
  for (std::string_view order : csp::order::names()) {
    for (std::string_view values : csp::values::names()) {
      CAPTURE(order, values);
      BranchLog log;
      csp::SearchOptions o;
      o.inference = csp::Inference::forward;
      o.tracer = &log;
      o.phases.push_back({{x[1], x[3]}, csp::order::by_name(order), csp::values::by_name(values, 3)});
      o.phases.push_back({{x[4]}, {}, {}});  // no factories: the options' own
      REQUIRE(all_solutions(m, o).size() == want);
      // The first decisions of the search are on the first phase's variables.
      REQUIRE((log.vars.front() == x[1].id || log.vars.front() == x[3].id));
    }
  }
}

TEST_CASE("phases: a custom order that cannot be restricted is refused", "[search][phases]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(2, 0, 1);
  csp::SearchOptions o;
  o.phases.push_back({{x[0]}, csp::order::custom([](const csp::Model&, const csp::Domains&) { return csp::Var{}; }),
                      csp::values::ascending()});
  REQUIRE_THROWS_AS(csp::Solver(m, o), std::invalid_argument);
}

TEST_CASE("reselect: after x != a the order chooses again, not x's next value", "[search][reselect]") {
  // x0 = 0 fails (x0 != x2, x2 fixed at 0); x0 != 0 leaves x1 the smallest minimum.
  csp::Model m;
  csp::Var x0 = m.add_var(0, 5, "x0"), x1 = m.add_var(0, 5, "x1"), x2 = m.add_var(0, 0, "x2");
  m.post(csp::not_equal(x0, x2));
  for (bool reselect : {false, true}) {
    CAPTURE(reselect);
    BranchLog log;
    csp::SearchOptions o;
    o.inference = csp::Inference::none;  // the failure shows only once x0 = 0 is tried
    o.order = csp::order::smallest();
    o.reselect = reselect;
    o.tracer = &log;
    csp::Solver s(m, o);
    REQUIRE(s.solve().found());
    REQUIRE(log.vars.size() >= 2);
    REQUIRE(log.vars[0] == x0.id);
    REQUIRE(log.vars[1] == (reselect ? x1.id : x0.id));
  }
}

TEST_CASE("reselect: every order and value order finds each solution once, narrow and wide domains",
          "[search][reselect]") {
  std::mt19937 rng(5);
  for (int instance = 0; instance < 10; ++instance) {
    csp::Model m;
    std::vector<csp::Var> x;
    for (int i = 0; i < 3; ++i) {
      std::vector<csp::Value> dom;  // with holes
      for (csp::Value v = -3; v <= 6; ++v)
        if (rng() % 3 != 0) dom.push_back(v);
      if (dom.empty()) dom.push_back(0);
      x.push_back(m.add_var(dom));
    }
    // A wide domain, whose refuted inner values stay as holes to split around.
    x.push_back(m.add_var(-100000, 100000));
    m.post(csp::linear({1, 2, -1, 1}, x, csp::LinearRelation::less_equal, static_cast<std::int64_t>(rng() % 8)));
    m.post(csp::linear({1, 1, 1, -1}, x, csp::LinearRelation::less_equal, 3));
    m.post(csp::not_equal(x[0], x[2]));
    m.post(csp::not_equal(x[3], x[1]));
    csp::SearchOptions reference;
    reference.order = csp::order::input();
    const auto want = all_solutions(m, reference);
    for (std::string_view order : csp::order::names()) {
      for (std::string_view values : csp::values::names()) {
        if (values == "lcv") continue;  // lists every candidate of the wide domain: slow, not different
        for (const char* inference : {"fc", "mac"}) {
          CAPTURE(instance, order, values, inference);
          csp::SearchOptions o;
          o.order = csp::order::by_name(order);
          o.values = csp::values::by_name(values, 11);
          o.inference = csp::parse_inference(inference);
          o.reselect = true;
          if (instance % 2 == 1) o.phases.push_back({{x[3], x[1]}, csp::order::by_name(order), {}});
          REQUIRE(all_solutions(m, o) == want);
        }
      }
    }
  }
}

TEST_CASE("value orders: every one finds each solution of random small models exactly once", "[search][values]") {
  std::mt19937 rng(7);
  for (int instance = 0; instance < 30; ++instance) {
    csp::Model m;
    std::vector<csp::Var> x;
    for (int i = 0; i < 4; ++i) {
      std::vector<csp::Value> dom;  // with holes, so that splits and medians meet them
      for (csp::Value v = -3; v <= 6; ++v)
        if (rng() % 3 != 0) dom.push_back(v);
      if (dom.empty()) dom.push_back(0);
      x.push_back(m.add_var(dom));
    }
    m.post(csp::linear({1, 2, -1, 1}, x, csp::LinearRelation::less_equal, static_cast<std::int64_t>(rng() % 8)));
    m.post(csp::not_equal(x[0], x[2]));
    csp::SearchOptions reference;
    reference.inference = csp::Inference::none;
    reference.order = csp::order::input();
    const auto want = all_solutions(m, reference);
    for (std::string_view values : csp::values::names()) {
      for (const char* inference : {"none", "fc", "mac"}) {
        CAPTURE(instance, values, inference);
        csp::SearchOptions o;
        o.values = csp::values::by_name(values, 11);
        o.inference = csp::parse_inference(inference);
        REQUIRE(all_solutions(m, o) == want);
      }
    }
  }
}

TEST_CASE("split: a wide domain is halved down a path deeper than the variable count", "[search][values][wide]") {
  // x + y = 100000 and x - y in [99990, 100000]: 6 solutions, 0..100000 is 1563 words each.
  csp::Model m;
  csp::Var x = m.add_var(0, 100000, "x"), y = m.add_var(0, 100000, "y");
  m.post(csp::linear({1, 1}, {x, y}, csp::LinearRelation::equal, 100000));
  m.post(csp::linear({1, -1}, {x, y}, csp::LinearRelation::greater_equal, 99990));
  for (const char* values : {"split", "reverse-split", "median", "min", "max", "random"}) {
    for (const char* inference : {"fc", "mac"}) {
      CAPTURE(values, inference);
      csp::SearchOptions o;
      o.values = csp::values::by_name(values, 2);
      o.inference = csp::parse_inference(inference);
      o.order = csp::order::input();
      const auto found = all_solutions(m, o);
      REQUIRE(found.size() == 6);
      for (const auto& s : found) REQUIRE((s[0] + s[1] == 100000 && s[0] - s[1] >= 99990));
    }
  }
  // Minimising x + 3y over the same: branch and bound with splits.
  csp::Var cost = m.add_var(0, 400000, "cost");
  m.post(csp::linear({1, 3, -1}, {x, y, cost}, csp::LinearRelation::equal, 0));
  for (const char* values : {"split", "reverse-split", "median", "random"}) {
    CAPTURE(values);
    csp::SearchOptions o;
    o.values = csp::values::by_name(values, 2);
    csp::Solver s(m, o);
    const csp::SearchResult r = s.optimize(m.initial_domains(), csp::Objective{cost, csp::Objective::Sense::minimize});
    REQUIRE(r.status == csp::SearchStatus::exhausted);
    REQUIRE(r.solution[static_cast<std::size_t>(cost.id)] == 100000);  // x = 100000, y = 0
  }
}

TEST_CASE("split: without pruning, one variable is split down a path of 16 or 17 frames", "[search][values][wide]") {
  csp::Model m;
  csp::Var x = m.add_var(0, 100000, "x");
  m.post(csp::linear({1}, {x}, csp::LinearRelation::greater_equal, 99990));
  for (const char* values : {"split", "reverse-split"}) {
    CAPTURE(values);
    csp::SearchOptions o;
    o.values = csp::values::by_name(values);
    o.inference = csp::Inference::none;  // every leaf checked, nothing pruned: the whole tree
    csp::SearchResult r;
    REQUIRE(all_solutions(m, o, &r).size() == 11);
    // About log2(100001) halvings down the deepest path: the frame stack grew past its 2 frames.
    REQUIRE(r.stats.max_depth >= 16);
    REQUIRE(r.stats.max_depth <= 17);
  }
}

TEST_CASE("lazy value orders decide from the node's current bounds", "[search][values]") {
  csp::Model m;
  csp::Var v = m.add_var({-7, -2, 0, 5, 9, 30});
  csp::Domains d = m.initial_domains();
  auto decide = [&](const char* name) { return csp::values::by_name(name)(m)->decide(v, d); };
  using K = csp::Decision::Kind;
  CHECK((decide("split").kind == K::at_most && decide("split").value == 11));          // (-7 + 30) / 2 down
  CHECK((decide("reverse-split").kind == K::at_least && decide("reverse-split").value == 12));
  CHECK((decide("median").kind == K::assign && decide("median").value == 0));          // 3rd of 6
  CHECK(decide("min").value == -7);
  CHECK(decide("max").value == 30);
  d.remove(v, -7);
  CHECK(decide("median").value == 5);  // 3rd of 5
  CHECK(decide("split").value == 14);  // (-2 + 30) / 2
  const csp::Value r = decide("random").value;  // a small domain is listed, but decide() works too
  CHECK(d.contains(v, r));
}

namespace {

// The first unfixed variable of the best score (higher first), by brute force.
template <class Score>
csp::Var best_by(const csp::Domains& d, const std::vector<csp::Var>& among, Score score) {
  csp::Var best{};
  std::int64_t best_score = 0;
  for (csp::Var v : among) {
    if (d.fixed(v)) continue;
    const std::int64_t s = score(v);
    if (best.id < 0 || s > best_score) best = v, best_score = s;
  }
  return best;
}

}  // namespace

TEST_CASE("new variable orders pick as brute force says, over all variables or a phase's", "[search][order]") {
  std::mt19937 rng(3);
  for (int instance = 0; instance < 200; ++instance) {
    csp::Model m;
    std::vector<csp::Var> x = m.add_vars(8, -5, 70);
    for (int k = 0; k < 6; ++k) {
      const csp::Var a = x[rng() % 8], b = x[rng() % 8];
      if (a != b) m.post(csp::not_equal(a, b));
    }
    csp::Domains d = m.initial_domains();
    for (csp::Var v : x) {
      const int keep = static_cast<int>(rng() % 6);
      const csp::Value lo = static_cast<csp::Value>(rng() % 70) - 5;
      d.remove_below(v, lo);
      d.remove_above(v, lo + keep);
      if (rng() % 2 == 0) d.remove(v, lo + 1);
    }
    std::vector<csp::Var> phase;
    for (csp::Var v : x)
      if (rng() % 2 == 0) phase.push_back(v);
    for (const std::vector<csp::Var>* among : {&x, &phase}) {
      if (among->empty()) continue;
      CAPTURE(instance, among == &phase);
      auto pick = [&](const char* name) {
        auto o = csp::order::by_name(name)(m);
        if (among == &phase) o->restrict(phase);
        return o->select(d);
      };
      CHECK(pick("anti-first-fail") == best_by(d, *among, [&](csp::Var v) { return d.size(v); }));
      CHECK(pick("smallest") == best_by(d, *among, [&](csp::Var v) { return -std::int64_t{d.min(v)}; }));
      CHECK(pick("largest") == best_by(d, *among, [&](csp::Var v) { return d.max(v); }));
      CHECK(pick("occurrence") ==
            best_by(d, *among, [&](csp::Var v) { return static_cast<std::int64_t>(m.propagators_of(v).size()); }));
      CHECK(pick("max-regret") == best_by(d, *among, [&](csp::Var v) { return d.next(v, d.min(v)) - d.min(v); }));
      CHECK(pick("mrv") == best_by(d, *among, [&](csp::Var v) { return -std::int64_t{d.size(v)}; }));
      CHECK(pick("input") == best_by(d, *among, [](csp::Var) { return 0; }));
      // mrv-ddeg, mrv-degree and dom-wdeg: a variable of their own scope, unfixed, of fewest candidates
      // for the first two.
      for (const char* name : {"mrv-ddeg", "most-constrained", "dom-wdeg"}) {
        const csp::Var v = pick(name);
        const csp::Var first = best_by(d, *among, [](csp::Var) { return 0; });
        CAPTURE(name);
        REQUIRE((v.id >= 0) == (first.id >= 0));
        if (v.id < 0) continue;
        REQUIRE(std::find(among->begin(), among->end(), v) != among->end());
        REQUIRE(!d.fixed(v));
        if (std::string_view(name) != "dom-wdeg")
          REQUIRE(d.size(v) == d.size(best_by(d, *among, [&](csp::Var w) { return -std::int64_t{d.size(w)}; })));
      }
    }
  }
}
