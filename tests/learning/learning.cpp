// Learning search (Inference::learn, csp/learning/ and csp/search/detail/learning_search.cpp):
// - the trail records each write as the facts it adds;
// - on random small models of several constraints, learning on and off agree on the status, the
//   number of solutions (with and without restarts, under several orders) and the optimum;
// - every clause learnt before the first solution is satisfied by every solution of the model,
//   and every explanation left on the trail is implied by its propagator's constraint, both checked
//   by enumerating the model's complete assignments (no library code but satisfied()).
// The propagator harness (tests/propagator_harness.cpp) also counts every registered constraint's
// solutions under learning, and tests/flatzinc/random.cpp runs fzn-csp's random models with it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/constraints/table.hpp"
#include "csp/learning/explain.hpp"
#include "csp/learning/trail.hpp"
#include "csp/search/detail/learning_search.hpp"
#include "csp/search/subproblem.hpp"
#include "csp/search/solver.hpp"
#include "learning/random_models.hpp"

namespace {

using csp::Lit;
using csp::Value;
using csp::Var;
using learning_tests::all_solutions;
using learning_tests::random_model;
using learning_tests::RandomModel;

bool clause_holds(std::span<const Lit> clause, const std::vector<Value>& s) {
  for (Lit l : clause)
    if (csp::satisfied_by(l, s[static_cast<std::size_t>(l.var.id)])) return true;
  return false;
}

csp::SearchOptions learning_options(const char* order, csp::RestartKind restarts) {
  csp::SearchOptions o;
  o.inference = csp::Inference::learn;
  o.order = csp::order::by_name(order);
  o.restarts.kind = restarts;
  o.restarts.base = 3;  // restart often: tiny models fail a few times only
  return o;
}

}  // namespace

TEST_CASE("the trail records a write as the facts it adds", "[learning]") {
  csp::Model m;
  const Var x = m.add_var(0, 9, "x");
  const Var w = m.add_var(0, 100, "w");  // two words
  m.set_interval_threshold(0);
  const Var i = m.add_var(0, 9, "i");  // the interval form
  csp::learning::Trail trail(m);
  csp::Domains d = m.initial_domains();
  trail.clear(d);
  const csp::learning::Cause by{csp::learning::Cause::Kind::decision, 0};
  trail.new_level(d);
  // {0..9} -> {2, 3, 5, 7}: min up, max down, holes 4 and 6 inside.
  const std::uint64_t old = d.bits(x);
  d.set_bits(x, (1u << 2) | (1u << 3) | (1u << 5) | (1u << 7));
  trail.record_word(m.initial_domains(), x, old, d.bits(x), by);
  std::vector<Lit> facts;
  trail.facts_of(x, trail.size(), [&](Lit l) { facts.push_back(l); });
  CHECK(facts == std::vector<Lit>{Lit::le(x, 7), Lit::ge(x, 2), Lit::ne(x, 6), Lit::ne(x, 4)});
  // A fact made true by the earliest event that implies it.
  CHECK(trail.event_making(Lit::ge(x, 1), trail.size()) == 0);
  CHECK(trail.event_making(Lit::ne(x, 9), trail.size()) == 1);
  CHECK(trail.event_making(Lit::ne(x, 5), trail.size()) == -1);
  // Fixing is one [x = v].
  const std::uint64_t before = d.bits(x);
  d.assign(x, 5);
  trail.record_word(m.initial_domains(), x, before, d.bits(x), by);
  CHECK(trail[trail.size() - 1].fact == Lit::eq(x, 5));
  // A two-word bitset: holes beyond the first word.
  trail.before(d, w);
  d.remove(w, 70);
  d.remove_above(w, 90);
  trail.record_wide(d, w, by);
  CHECK(trail[trail.size() - 2].fact == Lit::le(w, 90));
  CHECK(trail[trail.size() - 1].fact == Lit::ne(w, 70));
  // The interval form fixed: two bounds, never [i = v] (its [i != v] could not be made true).
  trail.before(d, i);
  d.assign(i, 4);
  trail.record_wide(d, i, by);
  CHECK(trail[trail.size() - 2].fact == Lit::ge(i, 4));
  CHECK(trail[trail.size() - 1].fact == Lit::le(i, 4));
  // Backtracking to level 0 forgets them all.
  trail.backtrack(0);
  CHECK(trail.size() == 0);
  CHECK(trail.event_making(Lit::ge(x, 2), 0) == -1);
}

TEST_CASE("learning agrees with depth-first search on random models", "[learning]") {
  int unsat = 0, several = 0, conflicts = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const RandomModel r = random_model(seed, false, seed % 3 == 0);
    INFO("seed " << seed << ": " << r.text);
    const std::vector<std::vector<Value>> solutions = all_solutions(r.model);
    unsat += solutions.empty();
    several += solutions.size() > 1;
    for (const char* order : {"mrv", "input", "activity"}) {
      for (csp::RestartKind restarts : {csp::RestartKind::none, csp::RestartKind::luby}) {
        INFO("order " << order << ", restarts " << csp::to_string(restarts));
        csp::Solver counter(r.model, learning_options(order, restarts));
        const csp::SearchResult all = counter.count(r.model.initial_domains());
        REQUIRE(all.status == csp::SearchStatus::exhausted);
        CHECK(all.stats.solutions == solutions.size());
        conflicts += static_cast<int>(all.stats.failures);
        // Optimisation: the least x0 (and the greatest), as enumeration says.
        csp::Solver opt(r.model, learning_options(order, restarts));
        for (auto sense : {csp::Objective::Sense::minimize, csp::Objective::Sense::maximize}) {
          const csp::SearchResult best = opt.optimize(r.model.initial_domains(), {r.vars[0], sense});
          REQUIRE(best.status == csp::SearchStatus::exhausted);
          REQUIRE(best.found() == !solutions.empty());
          if (solutions.empty()) continue;
          Value want = solutions[0][0];
          for (const auto& s : solutions)
            want = sense == csp::Objective::Sense::minimize ? std::min(want, s[0]) : std::max(want, s[0]);
          CHECK(best.solution[0] == want);
        }
      }
    }
  }
  // The mix is not vacuous: unsatisfiable models, models of many solutions, conflicts to learn from.
  CHECK(unsat >= 20);
  CHECK(several >= 100);
  CHECK(conflicts >= 1000);
}

TEST_CASE("every learnt clause and every explanation holds in every solution", "[learning]") {
  int clauses = 0, explanations = 0;
  std::uint64_t learnt = 0;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    const RandomModel r = random_model(seed, true);
    INFO("seed " << seed << ": " << r.text);
    const std::vector<std::vector<Value>> solutions = all_solutions(r.model);
    csp::SearchOptions options = learning_options("activity", csp::RestartKind::none);
    // Every other seed counts every solution, stopped after a few conflicts: the trail is then
    // left in the middle of a search (its clauses may block solutions counted: not checked).
    const bool first_only = seed % 2 == 1;
    if (!first_only) options.limits.failures = seed % 23 + 1;
    csp::LearningSearch search(r.model, options);
    csp::Goal goal;
    goal.cap = first_only ? 1 : 0;
    learnt += search.run(r.model.initial_domains(), goal).stats.learnt;
    const csp::learning::Learner& learner = search.learner();
    const csp::learning::Trail& trail = learner.trail();
    // Level 0 holds what root propagation and the unit clauses learnt found: it follows from the
    // model, so every solution satisfies it, and explanations leave it out.
    std::vector<Lit> root;
    for (std::uint32_t e = 0; e < trail.size() && trail[e].level == 0; ++e) root.push_back(trail[e].fact);
    for (const auto& s : solutions) {
      if (!first_only) break;
      INFO("a level-0 fact");
      for (Lit f : root) CHECK(csp::satisfied_by(f, s[static_cast<std::size_t>(f.var.id)]));
    }
    // Each propagator's explanation, on the trail as the run left it: every assignment that
    // satisfies the propagator, the level-0 facts and the explanation satisfies the event's fact.
    std::vector<std::vector<Value>> domains;
    for (Var v : r.model.vars()) domains.push_back(r.model.initial_domains().values(v));
    for (std::uint32_t e = 0; e < trail.size(); ++e) {
      const csp::learning::Event& ev = trail[e];
      if (ev.cause.kind != csp::learning::Cause::Kind::propagator || ev.level == 0) continue;
      std::vector<Lit> facts;
      csp::learning::explain_event(r.model, trail, learner.clauses(), e, ev.fact, facts);
      const csp::Propagator& p = r.model.propagator(static_cast<csp::PropagatorId>(ev.cause.index));
      // Enumerate the scope's tuples.
      const std::vector<Var>& scope = p.scope();
      std::vector<Lit> root_here;  // the level-0 facts over the scope
      for (Lit f : root)
        if (std::find(scope.begin(), scope.end(), f.var) != scope.end()) root_here.push_back(f);
      std::vector<Value> full(domains.size(), 0), tuple(scope.size());
      std::function<bool(std::size_t)> walk = [&](std::size_t i) -> bool {
        if (i == scope.size()) {
          for (std::size_t k = 0; k < scope.size(); ++k) tuple[k] = full[static_cast<std::size_t>(scope[k].id)];
          if (!p.satisfied(tuple)) return true;
          for (const std::vector<Lit>* given : {&facts, &root_here})
            for (Lit f : *given)
              if (!csp::satisfied_by(f, full[static_cast<std::size_t>(f.var.id)])) return true;
          return csp::satisfied_by(ev.fact, full[static_cast<std::size_t>(ev.fact.var.id)]);
        }
        const auto id = static_cast<std::size_t>(scope[i].id);
        for (Value x : domains[id]) {
          full[id] = x;
          if (!walk(i + 1)) return false;
        }
        return true;
      };
      INFO("event " << csp::to_string(ev.fact) << " by " << p.name());
      CHECK(walk(0));
      ++explanations;
    }
    // The clause database: the search stopped at its first solution, so no clause blocks one.
    if (!first_only) continue;
    const csp::learning::ClauseDatabase& db = learner.clauses();
    for (std::uint32_t i = 0; i < db.slots(); ++i) {
      const std::optional<csp::learning::Clause> c = db.at(i);
      if (!c) continue;
      ++clauses;
      for (const auto& s : solutions) {
        INFO("clause " << i);
        CHECK(clause_holds(c->lits, s));
      }
    }
  }
  CHECK(explanations >= 1500);
  INFO("clauses learnt " << learnt << ", kept " << clauses);
  CHECK(learnt >= 300);
  CHECK(clauses >= 50);
}

// A parallel search's parts under learning (Goal::assumptions): each part's path is a run of
// decisions, so what a run learns holds in the whole space. Two searches take the parts in turn,
// as two threads do, keeping their clauses from part to part and passing each other the short
// ones: the parts' counts add up to the model's, the best of their optima is the model's, and
// every clause either search holds after any part holds in every solution of the model.
TEST_CASE("learning under assumptions keeps and shares clauses that hold in every part", "[learning][parallel]") {
  std::uint64_t kept = 0, shared_clauses = 0, parts_searched = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const RandomModel r = random_model(seed, seed % 2 == 0, seed % 3 == 0);
    INFO("seed " << seed << ": " << r.text);
    const std::vector<std::vector<Value>> solutions = all_solutions(r.model);
    csp::SearchOptions options = learning_options(seed % 4 == 0 ? "activity" : "mrv",
                                                  seed % 5 == 0 ? csp::RestartKind::luby : csp::RestartKind::none);
    options.share_learnt = 12;
    const std::vector<csp::Path> parts = csp::split(r.model, options, r.model.initial_domains(), 8);
    std::vector<std::size_t> part_of;  // by solution
    for (const auto& s : solutions) {
      std::size_t j = 0;
      while (j < parts.size() && !std::all_of(parts[j].begin(), parts[j].end(), [&](const csp::PathDecision& d) {
               const Value x = s[static_cast<std::size_t>(d.var.id)];
               switch (d.op) {
                 case csp::PathDecision::Op::eq: return x == d.value;
                 case csp::PathDecision::Op::ne: return x != d.value;
                 case csp::PathDecision::Op::le: return x <= d.value;
                 case csp::PathDecision::Op::gt: return x > d.value;
               }
               return false;
             }))
        ++j;
      REQUIRE(j < parts.size());  // the parts cover the space
      part_of.push_back(j);
    }
    for (const bool optimise : {false, true}) {
      INFO((optimise ? "least x0" : "count"));
      csp::SharedSearch shared;
      csp::LearningSearch searches[2] = {{r.model, options}, {r.model, options}};
      bool searched[2] = {false, false};
      const csp::Objective least{r.vars[0], csp::Objective::Sense::minimize};
      std::uint64_t count = 0;
      std::optional<Value> best;
      for (std::size_t i = 0; i < parts.size(); ++i) {
        INFO("part " << i << ": " << csp::to_text(parts[i]));
        const std::size_t k = i % 2;
        csp::Goal goal;
        goal.shared = &shared;
        goal.assumptions = &parts[i];
        goal.keep_learnt = searched[k];
        if (optimise) goal.objective = &least;
        searched[k] = true;
        const csp::SearchResult got = searches[k].run(r.model.initial_domains(), goal);
        ++parts_searched;
        REQUIRE(got.status == csp::SearchStatus::exhausted);
        count += got.stats.solutions;
        if (optimise && got.found()) {
          REQUIRE_FALSE(r.model.first_violated(got.solution));
          const Value x0 = got.solution[0];
          if (!best || x0 < *best) best = x0;
          shared.bound.store(*best);  // as the relay of a parallel search does
        }
        if (optimise) continue;  // clauses learnt under a bound hold in the better solutions only
        // A clause may exclude the solutions counted so far (learnt from the clauses that block
        // them): it must hold in every other, those of the parts after this one.
        const csp::learning::ClauseDatabase& db = searches[k].learner().clauses();
        for (std::uint32_t c = 0; c < db.slots(); ++c) {
          if (!db.at(c) || !db.at(c)->learnt) continue;
          kept += goal.keep_learnt;
          for (std::size_t j = 0; j < solutions.size(); ++j) {
            if (part_of[j] <= i) continue;
            INFO("clause " << c << ", a solution of part " << part_of[j]);
            CHECK(clause_holds(db.at(c)->lits, solutions[j]));
          }
        }
      }
      shared_clauses += shared.pool.size();
      if (!optimise) {
        CHECK(count == solutions.size());
        continue;
      }
      REQUIRE(best.has_value() == !solutions.empty());
      if (!best) continue;
      Value want = solutions[0][0];
      for (const auto& s : solutions) want = std::min(want, s[0]);
      CHECK(*best == want);
    }
  }
  INFO("parts " << parts_searched << ", clauses kept into a later part " << kept << ", shared " << shared_clauses);
  CHECK(parts_searched >= 1500);
  CHECK(kept >= 200);
  CHECK(shared_clauses >= 50);
}

// docs/learning.md's worked conflict: a = 0 forces b = 3 and c = 3, which c != b refuses; the
// clause learnt is [a >= 1], a unit, made true at level 0.
TEST_CASE("the worked conflict of docs/learning.md learns [a >= 1]", "[learning]") {
  csp::Model m;
  const Var a = m.add_var(0, 3, "a"), b = m.add_var(0, 3, "b"), c = m.add_var(0, 3, "c"), d = m.add_var(0, 3, "d");
  m.post(csp::linear({1, 1}, {a, b}, csp::LinearRelation::greater_equal, 3));
  m.post(csp::not_equal(c, b));
  m.post(csp::linear({1, 1}, {c, a}, csp::LinearRelation::greater_equal, 3));
  m.post(csp::not_equal(d, a));
  csp::SearchOptions o;
  o.inference = csp::Inference::learn;
  o.order = csp::order::input();
  csp::LearningSearch search(m, o);
  csp::Goal first;
  first.cap = 1;
  const csp::SearchResult r = search.run(m.initial_domains(), first);
  REQUIRE(r.found());
  CHECK(r.solution == std::vector<Value>{1, 2, 3, 0});
  CHECK(r.stats.failures == 1);
  CHECK(r.stats.learnt == 1);
  CHECK(r.stats.learnt_literals == 1);
  const csp::learning::Trail& trail = search.learner().trail();
  bool asserted = false;
  for (std::uint32_t e = 0; e < trail.size(); ++e)
    asserted |= trail[e].level == 0 && trail[e].fact == Lit::ge(a, 1) && trail[e].cause.kind == csp::learning::Cause::Kind::root;
  CHECK(asserted);
}
