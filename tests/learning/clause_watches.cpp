// The clause database's watches (csp/learning/clauses.hpp) against a naive check: after every
// propagation, no clause may be left with all its literals false (that is a conflict, which must
// be reported) or with one literal not false that does not hold (unit propagation stopped short).
// Clauses and narrowings are random, over every domain form a watch can sit on: one-word variables
// (literals over their values: per-literal lists; over values outside their word: the sparse
// lists), multi-word bitsets and the interval form (the sparse lists), narrowed by every kind of
// write the trail records ([x >= v], [x <= v], [x = v], [x != v]).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <tuple>
#include <string>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/kernel/literal.hpp"
#include "csp/kernel/model.hpp"
#include "csp/learning/learner.hpp"

namespace {

using csp::Lit;
using csp::Value;
using csp::Var;

enum class ClauseForm { one_word, multi_word, interval };

struct Shape {
  ClauseForm form;
  Value lo, hi;
};

// A literal over x not false in d (so that a clause of them can be added with nothing false yet),
// its value at most one past x's start bounds (a one-word variable's literal there has no index).
// Never [x != v] over the interval form, which cannot be made true inside the bounds (learning
// never writes one: the trail records such a variable's facts as bounds).
Lit some_literal(std::mt19937_64& g, const csp::Domains& d, Var x) {
  const Value lo = d.min(x), hi = d.max(x);
  auto value = [&] { return lo - 1 + static_cast<Value>(g() % static_cast<std::uint64_t>(hi - lo + 3)); };
  for (;;) {
    const Lit l{x, static_cast<Lit::Kind>(g() % 4), value()};
    if (l.kind == Lit::Kind::ne && d.interval(x)) continue;
    if (!csp::falsified(d, l)) return l;
  }
}

// How many literals of `lits` are not false in d, and the last such one.
int not_false(const csp::Domains& d, const std::vector<Lit>& lits, Lit& last) {
  int n = 0;
  for (Lit l : lits)
    if (!csp::falsified(d, l)) {
      ++n;
      last = l;
    }
  return n;
}

// A random model over every domain form, with its engine and learner, at the root.
struct Setup {
  csp::Model m;
  std::vector<Var> vars;  // the ones narrow_and_check() narrows
  std::vector<ClauseForm> forms;
  std::vector<Var> filler;  // the others: never narrowed
  std::unique_ptr<csp::Engine> engine;
  std::unique_ptr<csp::learning::Learner> learner;
  csp::Domains d;

  Setup(std::mt19937_64& g, int n, int fillers = 0) {
    for (int i = 0; i < n + fillers; ++i) {
      const auto form = static_cast<ClauseForm>(g() % 3);
      const Value lo = static_cast<Value>(g() % 5) - 2;
      const Value hi = form == ClauseForm::multi_word ? lo + 70 + static_cast<Value>(g() % 10) : lo + 2 + static_cast<Value>(g() % 6);
      m.set_interval_threshold(form == ClauseForm::interval ? 0 : csp::kIntervalThreshold);
      const Var v = m.add_var(lo, hi, std::string("x").append(std::to_string(i)));
      if (i >= n) {
        filler.push_back(v);
        continue;
      }
      vars.push_back(v);
      forms.push_back(form);
    }
    engine = std::make_unique<csp::Engine>(m);
    learner = std::make_unique<csp::learning::Learner>(m);
    engine->set_recorder(learner.get());
    d = m.initial_domains();
    learner->clear(d);
  }
  // A clause of 2 to max_size distinct literals over `over`, none false at the root.
  std::vector<Lit> some_clause(std::mt19937_64& g, int max_size, const std::vector<Var>& over) {
    std::vector<Lit> lits;
    const int size = 2 + static_cast<int>(g() % static_cast<std::uint64_t>(max_size - 1));
    for (int k = 0; k < size; ++k) {
      const Lit l = some_literal(g, d, over[g() % over.size()]);
      if (std::find(lits.begin(), lits.end(), l) == lits.end()) lits.push_back(l);  // as a learnt clause
    }
    return lits;
  }
};

struct Tally {
  int units = 0, conflicts = 0, sparse_facts = 0;
};

// Narrows at random until every variable is fixed or propagation fails, checking after each step
// that the database reached the unit fixpoint of `clauses`, and that a failure left one of them false.
void narrow_and_check(std::mt19937_64& g, Setup& s, const std::vector<std::vector<Lit>>& clauses, Tally& t) {
  csp::Stats stats;
  for (int step = 0; step < 40; ++step) {
    std::vector<Var> open;
    for (Var v : s.vars)
      if (!s.d.fixed(v)) open.push_back(v);
    if (open.empty()) break;
    const Var x = open[g() % open.size()];
    Lit fact = some_literal(g, s.d, x);
    if (csp::holds(s.d, fact)) continue;
    if (s.forms[static_cast<std::size_t>(x.id)] != ClauseForm::one_word) ++t.sparse_facts;
    INFO("step " << step << ": " << csp::to_string(fact));
    const bool alive = s.learner->post(s.d, fact, csp::learning::Cause{}) && s.engine->propagate_from(x, s.d, stats);
    bool empty_clause = false;
    for (const auto& lits : clauses) {
      Lit last;
      const int open_lits = not_false(s.d, lits, last);
      if (open_lits == 0) empty_clause = true;
      // Alive: no clause is false, and a clause with one literal not false has made it true.
      if (alive) {
        CHECK(open_lits > 0);
        if (open_lits == 1) {
          CHECK(csp::holds(s.d, last));
          ++t.units;
        }
      }
    }
    if (!alive) {
      // A failure comes from a clause left false (or a domain the fact emptied: never, it was not false).
      ++t.conflicts;
      CHECK(empty_clause);
      return;
    }
  }
}

}  // namespace

TEST_CASE("clause watches reach the unit fixpoint a naive check finds, over every domain form", "[learning]") {
  Tally t;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    std::mt19937_64 g(seed);
    Setup s(g, 3 + static_cast<int>(g() % 3));
    std::vector<std::vector<Lit>> clauses;
    const int count = 4 + static_cast<int>(g() % 8);
    for (int c = 0; c < count; ++c) {
      std::vector<Lit> lits = s.some_clause(g, 4, s.vars);
      if (lits.size() < 2) continue;
      clauses.push_back(lits);
      s.learner->clauses().add(lits, false, 0);
    }
    INFO("seed " << seed);
    narrow_and_check(g, s, clauses, t);
  }
  // Not vacuous: unit clauses, conflicts, and facts about the sparse lists' variables.
  CHECK(t.units >= 500);
  CHECK(t.conflicts >= 50);
  CHECK(t.sparse_facts >= 500);
}

TEST_CASE("after reduce() the clauses kept are intact and their watches still reach the unit fixpoint",
          "[learning]") {
  // reduce() deletes half of the learnt clauses and compacts the arena their literals live in:
  // every kept clause must keep its literals, its watches must follow it, the deleted clauses'
  // watches must go, and the slots freed must take new clauses. A few clauses over the variables
  // narrowed afterwards (bumped, so that they stay) sit among thousands over others.
  Tally t;
  std::uint64_t deleted = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    std::mt19937_64 g(seed);
    Setup s(g, 3 + static_cast<int>(g() % 3), 6);
    csp::learning::ClauseDatabase& db = s.learner->clauses();
    std::vector<std::vector<Lit>> by_slot;
    std::vector<std::uint32_t> narrowed;  // the slots of the clauses over s.vars
    for (int c = 0; c < 2400; ++c) {
      const bool over_vars = c % 200 == 100;
      std::vector<Lit> lits = s.some_clause(g, over_vars ? 4 : 6, over_vars ? s.vars : s.filler);
      if (lits.size() < 2) continue;
      const std::uint32_t i = db.add(lits, true, 3);
      if (i >= by_slot.size()) by_slot.resize(i + 1);
      by_slot[i] = lits;
      if (over_vars) narrowed.push_back(i);
      if (over_vars || g() % 3 == 0) db.bump(i);
    }
    for (std::uint32_t i : narrowed)
      for (int k = 0; k < 5; ++k) db.bump(i);
    const std::uint64_t before = db.learnt_count();
    db.reduce(s.learner->trail());
    INFO("seed " << seed);
    REQUIRE(db.learnt_count() < before);
    deleted += db.deleted();
    std::uint64_t kept = 0;
    for (std::uint32_t i = 0; i < db.slots(); ++i) {
      const std::optional<csp::learning::Clause> c = db.at(i);
      if (!c) continue;
      ++kept;
      std::vector<Lit> now(c->lits.begin(), c->lits.end()), then = by_slot[i];
      const auto order = [](const Lit& a, const Lit& b) {
        return std::tie(a.var.id, a.kind, a.value) < std::tie(b.var.id, b.kind, b.value);
      };
      std::sort(now.begin(), now.end(), order);
      std::sort(then.begin(), then.end(), order);
      CHECK(now == then);
    }
    CHECK(kept == db.learnt_count());
    std::vector<std::vector<Lit>> clauses;
    for (std::uint32_t i : narrowed) {
      REQUIRE(db.at(i));  // the most active: kept
      clauses.push_back(by_slot[i]);
    }
    // New clauses take the freed slots, at the arena's end.
    for (int c = 0; c < 8; ++c) {
      std::vector<Lit> lits = s.some_clause(g, 4, s.vars);
      if (lits.size() < 2) continue;
      const std::uint32_t i = db.add(lits, true, 3);
      CHECK(i < by_slot.size());
      CHECK(std::vector<Lit>(db[i].lits.begin(), db[i].lits.end()) == lits);
      clauses.push_back(lits);
    }
    narrow_and_check(g, s, clauses, t);
  }
  CHECK(deleted >= 100 * 800);
  CHECK(t.units >= 100);
  CHECK(t.conflicts >= 20);
}

TEST_CASE("clause activities stay finite through conflicts that bump no clause", "[learning]") {
  csp::Model m;
  const Var x = m.add_var(0, 3, "x"), y = m.add_var(0, 3, "y");
  csp::learning::ClauseDatabase db(m);
  const std::uint32_t c = db.add(std::vector<Lit>{Lit::ge(x, 1), Lit::ge(y, 1)}, true, 2);
  // A million conflicts explained by propagators alone (wide_times of tests/minizinc: the increment
  // reached infinity, and every later bump rescaled every clause).
  for (int k = 0; k < 1000000; ++k) db.decay();
  db.bump(c);
  CHECK(std::isfinite(db.increment()));
  CHECK(db.increment() <= 1e100);
  CHECK(std::isfinite(db[c].activity));
  CHECK(db[c].activity > 0);
}
