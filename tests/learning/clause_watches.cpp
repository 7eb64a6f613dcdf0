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
#include <random>
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

enum class Form { one_word, multi_word, interval };

struct Shape {
  Form form;
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

}  // namespace

TEST_CASE("clause watches reach the unit fixpoint a naive check finds, over every domain form", "[learning]") {
  int units = 0, conflicts = 0, sparse_facts = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    std::mt19937_64 g(seed);
    csp::Model m;
    std::vector<Var> vars;
    std::vector<Form> forms;
    const int n = 3 + static_cast<int>(g() % 3);
    for (int i = 0; i < n; ++i) {
      const auto form = static_cast<Form>(g() % 3);
      const Value lo = static_cast<Value>(g() % 5) - 2;
      const Value hi = form == Form::multi_word ? lo + 70 + static_cast<Value>(g() % 10) : lo + 2 + static_cast<Value>(g() % 6);
      m.set_interval_threshold(form == Form::interval ? 0 : csp::kIntervalThreshold);
      vars.push_back(m.add_var(lo, hi, std::string("x").append(std::to_string(i))));
      forms.push_back(form);
    }
    csp::Engine engine(m);
    csp::learning::Learner learner(m);
    engine.set_recorder(&learner);
    csp::Domains d = m.initial_domains();
    learner.clear(d);
    csp::learning::ClauseDatabase& db = learner.clauses();
    std::vector<std::vector<Lit>> clauses;
    const int count = 4 + static_cast<int>(g() % 8);
    for (int c = 0; c < count; ++c) {
      std::vector<Lit> lits;
      const int size = 2 + static_cast<int>(g() % 3);
      for (int k = 0; k < size; ++k) {
        const Lit l = some_literal(g, d, vars[g() % vars.size()]);
        if (std::find(lits.begin(), lits.end(), l) == lits.end()) lits.push_back(l);  // as a learnt clause
      }
      if (lits.size() < 2) continue;
      clauses.push_back(lits);
      db.add(lits, false, 0);
    }
    csp::Stats stats;
    // Narrow at random until every variable is fixed or propagation fails.
    for (int step = 0; step < 40; ++step) {
      std::vector<Var> open;
      for (Var v : vars)
        if (!d.fixed(v)) open.push_back(v);
      if (open.empty()) break;
      const Var x = open[g() % open.size()];
      Lit fact = some_literal(g, d, x);
      if (csp::holds(d, fact)) continue;
      if (forms[static_cast<std::size_t>(x.id)] != Form::one_word) ++sparse_facts;
      INFO("seed " << seed << ", step " << step << ": " << csp::to_string(fact));
      const bool alive = learner.post(d, fact, csp::learning::Cause{}) && engine.propagate_from(x, d, stats);
      bool empty_clause = false;
      for (const auto& lits : clauses) {
        Lit last;
        const int open_lits = not_false(d, lits, last);
        if (open_lits == 0) empty_clause = true;
        // Alive: no clause is false, and a clause with one literal not false has made it true.
        if (alive) {
          CHECK(open_lits > 0);
          if (open_lits == 1) {
            CHECK(csp::holds(d, last));
            ++units;
          }
        }
      }
      if (!alive) {
        // A failure comes from a clause left false (or a domain the fact emptied: never, it was not false).
        ++conflicts;
        CHECK(empty_clause);
        break;
      }
    }
  }
  // Not vacuous: unit clauses, conflicts, and facts about the sparse lists' variables.
  CHECK(units >= 500);
  CHECK(conflicts >= 50);
  CHECK(sparse_facts >= 500);
}

TEST_CASE("clause activities stay finite through conflicts that bump no clause", "[learning]") {
  csp::Model m;
  const Var x = m.add_var(0, 3, "x"), y = m.add_var(0, 3, "y");
  csp::learning::ClauseDatabase db(m);
  const std::uint32_t c = db.add({Lit::ge(x, 1), Lit::ge(y, 1)}, true, 2);
  // A million conflicts explained by propagators alone (wide_times of tests/minizinc: the increment
  // reached infinity, and every later bump rescaled every clause).
  for (int k = 0; k < 1000000; ++k) db.decay();
  db.bump(c);
  CHECK(std::isfinite(db.increment()));
  CHECK(db.increment() <= 1e100);
  CHECK(std::isfinite(db[c].activity));
  CHECK(db[c].activity > 0);
}
