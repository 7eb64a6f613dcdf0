// Misuse of the API is an exception of the right type naming the problem, never a crash, a hang or
// a corrupted model: random sequences of calls, valid and invalid (variables out of range or
// default, empty lists, lo > hi, values outside kMinValue..kMaxValue, default objects, orders that
// break their contract), each checked for the outcome it must have; after each sequence the
// model must still search and give checked solutions. The sanitizer builds of `make test` run it
// too, and check the memory.
#include <catch2/catch.hpp>

#include <chrono>
#include <climits>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "csp/csp.hpp"
#include "problems/queens/queens.hpp"

namespace {

enum class Expect { ok, invalid_argument, logic_error };

// What a sequence of calls builds on: one model and its variables so far.
struct World {
  csp::Model m;
  std::vector<csp::Var> x;
  std::mt19937 rng;

  int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
  csp::Var some() { return x[static_cast<std::size_t>(below(static_cast<int>(x.size())))]; }
  // A variable that is not the model's: default, negative, just past the end, far past it.
  csp::Var bad() {
    switch (below(4)) {
      case 0: return csp::Var{};
      case 1: return csp::Var{-7};
      case 2: return csp::Var{m.var_count()};
      default: return csp::Var{m.var_count() + 1000};
    }
  }
  // n variables of the model, one of them (when `spoil`) replaced by a bad one.
  std::vector<csp::Var> list(std::size_t n, bool spoil) {
    std::vector<csp::Var> v;
    for (std::size_t i = 0; i < n; ++i) v.push_back(some());
    if (spoil) v[static_cast<std::size_t>(below(static_cast<int>(n)))] = bad();
    return v;
  }
};

// A small satisfiable model for the calls that must reach search: 4 variables 0..3, all different.
struct Fresh {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(4, 0, 3, "f");
  Fresh() { m.post(csp::all_different(x)); }
};

// A lazy value order that breaks its contract: x <= max (nothing on one side of the split).
class NoSplit final : public csp::ValueOrder {
 public:
  void order(csp::Var v, const csp::Domains& d, std::vector<csp::Value>& out) override { out.push_back(d.min(v)); }
  bool lazy(csp::Var, const csp::Domains&) const override { return true; }
  csp::Decision decide(csp::Var v, const csp::Domains& d) override { return {csp::Decision::Kind::at_most, d.max(v)}; }
};

// A constraint of one of several families over `w`'s variables, one of them bad when `spoil`.
std::unique_ptr<csp::Propagator> some_constraint(World& w, bool spoil) {
  const int family = w.below(10);
  static constexpr std::size_t uses[] = {2, 4, 4, 2, 4, 4, 3, 3, 4, 4};  // the variables each family takes
  std::vector<csp::Var> v = w.list(uses[family], spoil);
  v.resize(4, w.some());
  switch (family) {
    case 0: return csp::not_equal(v[0], v[1]);
    case 1: return csp::all_different(v);
    case 2: return csp::linear({1, 2, -1, 3}, v, csp::LinearRelation::less_equal, 7);
    case 3: return csp::element(v[0], std::vector<csp::Value>{3, 1, 4}, v[1]);
    case 4: return csp::array_max({v[0], v[1], v[2]}, v[3]);
    case 5: return csp::cumulative({v[0], v[1]}, {v[2], v[2]}, {v[3], v[3]}, v[3]);
    case 6: return csp::clause({v[0], v[1]}, {v[2]});
    case 7: return csp::compare_reified(v[0], csp::Comparison::less_equal, v[1], 1, v[2], csp::Reify::equivalent);
    case 8: return csp::lex_lesseq({v[0], v[1]}, {v[2], v[3]});
    default: return csp::table(w.m, v, {0, 1, 2, 3, 3, 2, 1, 0});
  }
}

struct Call {
  const char* name;
  Expect expect;
  std::function<void(World&)> run;
};

const std::vector<Call>& calls() {
  static const std::vector<Call> table = {
      // Valid calls, which grow the model the invalid ones must leave intact.
      {"add_var", Expect::ok, [](World& w) { w.x.push_back(w.m.add_var(0, 1 + w.below(6))); }},
      {"add_var(values)", Expect::ok, [](World& w) { w.x.push_back(w.m.add_var(std::vector<csp::Value>{0, 2, 5})); }},
      {"post", Expect::ok, [](World& w) { w.m.post(some_constraint(w, false)); }},
      // Building a model wrongly.
      {"add_var lo > hi", Expect::invalid_argument, [](World& w) { w.m.add_var(3, 2); }},
      {"add_var above kMaxValue", Expect::invalid_argument, [](World& w) { w.m.add_var(0, csp::kMaxValue + 1); }},
      {"add_var below kMinValue", Expect::invalid_argument, [](World& w) { w.m.add_var(INT_MIN, 0); }},
      {"add_var no values", Expect::invalid_argument, [](World& w) { w.m.add_var(std::vector<csp::Value>{}); }},
      {"add_var values out of range", Expect::invalid_argument,
       [](World& w) { w.m.add_var(std::vector<csp::Value>{1, INT_MAX}); }},
      {"add_vars negative", Expect::invalid_argument, [](World& w) { w.m.add_vars(-1 - w.below(5), 0, 1); }},
      {"add_vars lo > hi", Expect::invalid_argument, [](World& w) { w.m.add_vars(2, 1, 0); }},
      {"post null", Expect::invalid_argument, [](World& w) { w.m.post(nullptr); }},
      {"post a variable not of the model", Expect::invalid_argument, [](World& w) { w.m.post(some_constraint(w, true)); }},
      {"linear lengths differ", Expect::invalid_argument,
       [](World& w) { w.m.post(csp::linear({1, 2}, w.list(3, false), csp::LinearRelation::equal, 1)); }},
      {"array_max of nothing", Expect::invalid_argument, [](World& w) { w.m.post(csp::array_max({}, w.some())); }},
      {"cumulative lengths differ", Expect::invalid_argument,
       [](World& w) { w.m.post(csp::cumulative(w.list(2, false), w.list(1, false), w.list(2, false), w.some())); }},
      {"predicate without a function", Expect::invalid_argument,
       [](World& w) { w.m.post(csp::predicate(w.list(2, false), nullptr)); }},
      {"relation without a function", Expect::invalid_argument,
       [](World& w) { w.m.post(csp::relation(w.some(), w.some(), nullptr)); }},
      {"table rows not of the arity", Expect::invalid_argument,
       [](World& w) { w.m.post(csp::table(w.m, w.list(2, false), {0, 1, 2})); }},
      {"all_different offsets differ", Expect::invalid_argument,
       [](World& w) { w.m.post(csp::all_different(w.list(3, false), std::vector<csp::Value>{1})); }},
      // Reading a model wrongly.
      {"name of a variable not of the model", Expect::invalid_argument, [](World& w) { (void)w.m.name(w.bad()); }},
      {"values of a variable not of the model", Expect::invalid_argument,
       [](World& w) { (void)w.m.initial_domains().values(w.bad()); }},
      // Options the Solver refuses.
      {"no variable order", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.order = nullptr;
         csp::Solver s(w.m, o);
       }},
      {"no value order", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.values = {};
         csp::Solver s(w.m, o);
       }},
      {"a phase with a variable not of the model", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.phases.push_back({w.list(2, true), csp::order::input(), csp::values::ascending()});
         csp::Solver s(w.m, o);
       }},
      {"a negative time limit", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.limits.time = std::chrono::nanoseconds(-1 - w.below(1000));
         csp::Solver s(w.m, o);
       }},
      {"threads without worker_model", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.threads = 2 + static_cast<unsigned>(w.below(4));
         csp::Solver s(w.m, o);
       }},
      {"absurdly many threads", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.threads = static_cast<unsigned>(-1 - w.below(3));  // a negative number read as unsigned
         o.worker_model = [] { return csp::Model{}; };
         csp::Solver s(w.m, o);
       }},
      {"progress without an interval", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.progress.report = [](const csp::Stats&) { return true; };
         csp::Solver s(w.m, o);
       }},
      {"restart search without restarts", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.restarts.search = csp::RestartSearch::alternate;
         csp::Solver s(w.m, o);
       }},
      {"a restart schedule out of range", Expect::invalid_argument,
       [](World& w) {
         csp::SearchOptions o;
         o.restarts.kind = w.below(2) ? csp::RestartKind::luby : csp::RestartKind::geometric;
         if (o.restarts.kind == csp::RestartKind::luby || w.below(2)) o.restarts.base = 0;
         else o.restarts.factor = w.below(2) ? 1.0 : -0.5;
         csp::Solver s(w.m, o);
       }},
      {"unknown names", Expect::invalid_argument,
       [](World& w) {
         switch (w.below(3)) {
           case 0: csp::order::by_name("fastest"); break;
           case 1: csp::values::by_name(""); break;
           default: csp::parse_inference("max"); break;
         }
       }},
      // Searching wrongly.
      {"start domains of another model", Expect::invalid_argument,
       [](World& w) {
         Fresh other;
         csp::Solver s(w.m);
         s.solve(other.m.initial_domains());
       }},
      {"default start domains", Expect::invalid_argument,
       [](World& w) {
         csp::Solver s(w.m);
         s.count(csp::Domains{});
       }},
      {"optimize a default Objective", Expect::invalid_argument,
       [](World& w) {
         csp::Solver s(w.m);
         s.optimize(w.m.initial_domains(), {});
       }},
      {"optimize a variable not of the model", Expect::invalid_argument,
       [](World& w) {
         csp::Solver s(w.m);
         s.optimize(w.m.initial_domains(), {w.bad(), csp::Objective::Sense::maximize});
       }},
      {"split from domains of another model", Expect::invalid_argument,
       [](World& w) {
         Fresh other;
         csp::split(w.m, {}, other.m.initial_domains(), 4);
       }},
      {"a path that is not one", Expect::invalid_argument,
       [](World& w) { csp::parse_path(w.below(2) == 0 ? "3=" : "0=1  1=2", w.m.initial_domains()); }},
      {"a path beyond the variables", Expect::logic_error,
       [](World& w) {
         csp::Domains d = w.m.initial_domains();
         csp::apply({{w.bad(), csp::PathDecision::Op::eq, 0}}, d);
       }},
      // Orders that break their contract: an error where the answer comes back.
      {"a custom order returning a fixed variable", Expect::logic_error,
       [](World&) {
         Fresh f;
         csp::SearchOptions o;
         o.order = csp::order::custom([v = f.x[0]](const csp::Model&, const csp::Domains&) { return v; });
         csp::Solver(f.m, o).solve();
       }},
      {"a custom order returning a variable not of the model", Expect::logic_error,
       [](World& w) {
         Fresh f;
         csp::SearchOptions o;
         o.order = csp::order::custom([bad = w.bad().id == -1 ? csp::Var{4} : w.bad()](const csp::Model&,
                                                                                         const csp::Domains&) { return bad; });
         csp::Solver(f.m, o).solve();
       }},
      {"a custom order giving up while variables are unfixed", Expect::logic_error,
       [](World&) {
         Fresh f;
         csp::SearchOptions o;
         o.order = csp::order::custom([](const csp::Model&, const csp::Domains&) { return csp::Var{}; });
         csp::Solver(f.m, o).solve();
       }},
      {"a phase order returning a fixed variable", Expect::logic_error,
       [](World&) {
         Fresh f;
         csp::SearchOptions o;
         f.m.initial_domains();
         struct Fixed final : csp::VariableOrder {
           csp::Var v;
           csp::Var select(const csp::Domains&) override { return v; }
           void restrict(std::span<const csp::Var> vars) override { v = vars[0]; }
         };
         o.phases.push_back({{f.x[1]}, [](const csp::Model&) { return std::make_unique<Fixed>(); }, {}});
         csp::Solver(f.m, o).count(f.m.initial_domains());
       }},
      {"a custom value order listing nothing", Expect::logic_error,
       [](World&) {
         Fresh f;
         csp::SearchOptions o;
         o.values = csp::values::custom([](const csp::Model&, const csp::Domains&, csp::Var, std::vector<csp::Value>&) {});
         csp::Solver(f.m, o).solve();
       }},
      {"a custom value order listing a non-candidate", Expect::logic_error,
       [](World&) {
         Fresh f;
         csp::SearchOptions o;
         o.values = csp::values::custom(
             [](const csp::Model&, const csp::Domains& d, csp::Var v, std::vector<csp::Value>& out) {
               out.push_back(d.max(v) + 1);
             });
         csp::Solver(f.m, o).count(f.m.initial_domains());
       }},
      {"a lazy value order that does not split", Expect::logic_error,
       [](World&) {
         Fresh f;
         csp::SearchOptions o;
         o.values = [](const csp::Model&) { return std::make_unique<NoSplit>(); };
         csp::Solver(f.m, o).solve();
       }},
      {"a worker_model unlike the model", Expect::invalid_argument,
       [](World&) {
         const problems::Queens q = problems::make_queens(10);  // past the probe: threads start
         csp::SearchOptions o;
         o.threads = 2;
         o.worker_model = [] { return problems::make_queens(9).model; };
         csp::Solver(q.model, o).count(q.model.initial_domains());
       }},
  };
  return table;
}

void expect(const Call& c, World& w) {
  INFO("call: " << c.name);
  switch (c.expect) {
    case Expect::ok: REQUIRE_NOTHROW(c.run(w)); break;
    case Expect::invalid_argument: REQUIRE_THROWS_AS(c.run(w), std::invalid_argument); break;
    case Expect::logic_error: REQUIRE_THROWS_AS(c.run(w), std::logic_error); break;
  }
}

}  // namespace

TEST_CASE("misuse: every kind of bad call throws the right exception", "[api][misuse]") {
  for (const Call& c : calls()) {
    World w;
    w.rng.seed(1);
    w.x = w.m.add_vars(3, 0, 5, "x");
    expect(c, w);
  }
}

TEST_CASE("misuse: random sequences of calls, then the model still searches soundly", "[api][misuse]") {
  const std::vector<Call>& table = calls();
  // Draws the calls that do not search a fresh model's whole tree more often (they are cheap).
  for (unsigned round = 0; round < 150; ++round) {
    CAPTURE(round);
    World w;
    w.rng.seed(round);
    w.x = w.m.add_vars(3, 0, 5, "x");
    std::vector<std::string> done;
    for (int step = 0; step < 10; ++step) {
      const Call& c = table[static_cast<std::size_t>(w.below(static_cast<int>(table.size())))];
      if (std::string(c.name) == "a worker_model unlike the model" && w.below(10) != 0) continue;
      done.push_back(c.name);
      INFO("calls so far: " << Catch::Detail::stringify(done));
      expect(c, w);
    }
    // Whatever was refused left nothing behind: the model searches, and its solutions check.
    csp::SearchOptions o;
    o.limits.nodes = 2000;
    csp::Solver solver(w.m, o);
    csp::SearchResult r;
    REQUIRE_NOTHROW(r = solver.solve());
    if (r.found()) REQUIRE(w.m.satisfied_by(r.solution));
    csp::Solver optimising(w.m, o);
    REQUIRE_NOTHROW(optimising.optimize(w.m.initial_domains(), {w.x[0], csp::Objective::Sense::maximize}));
  }
}
