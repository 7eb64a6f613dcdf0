// Search on small classic problems: every answer re-checked here, independently of the solver.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "csp/csp.hpp"

namespace {

// Australia: the AIMA map-colouring example.
struct Australia {
  csp::Model model;
  std::map<std::string, csp::Var> region;
  std::vector<std::pair<std::string, std::string>> borders{{"WA", "NT"}, {"WA", "SA"}, {"NT", "SA"}, {"NT", "Q"},
                                                           {"SA", "Q"},  {"SA", "NSW"}, {"SA", "V"},  {"Q", "NSW"},
                                                           {"NSW", "V"}};
  explicit Australia(int colours) {
    for (const char* r : {"WA", "NT", "SA", "Q", "NSW", "V", "T"}) region[r] = model.add_var(0, colours - 1, r);
    for (const auto& [a, b] : borders) model.post(csp::not_equal(region[a], region[b]));
  }
  bool proper(std::span<const csp::Value> colour) const {
    for (const auto& [a, b] : borders)
      if (colour[static_cast<std::size_t>(region.at(a).id)] == colour[static_cast<std::size_t>(region.at(b).id)])
        return false;
    return true;
  }
};

csp::SearchOptions options(const char* order, const char* inference) {
  csp::SearchOptions o;
  o.order = csp::order::by_name(order);
  o.inference = csp::parse_inference(inference);
  return o;
}

}  // namespace

TEST_CASE("search: Australia is coloured with 3 colours and not with 2 under every setting", "[search][map]") {
  for (const char* order : {"input", "mrv", "mrv-degree", "mrv-ddeg", "dom-wdeg"}) {
    for (const char* inference : {"none", "fc", "mac"}) {
      CAPTURE(order, inference);
      Australia three(3);
      csp::Solver s3(three.model, options(order, inference));
      csp::SearchResult r = s3.solve();
      REQUIRE(r.found());
      REQUIRE(three.proper(r.solution));
      for (csp::Value c : r.solution) REQUIRE((c >= 0 && c < 3));

      Australia two(2);
      csp::Solver s2(two.model, options(order, inference));
      REQUIRE(s2.solve().unsatisfiable());
    }
  }
}

TEST_CASE("search: Australia with 3 colours has 18 colourings", "[search][map]") {
  // 6 colourings of the mainland (SA fixes the rest up to the colour permutation) times 3 for Tasmania.
  Australia a(3);
  csp::Solver s(a.model);
  std::uint64_t proper = 0;
  csp::SearchResult r = s.for_each_solution(a.model.initial_domains(), [&](std::span<const csp::Value> c) {
    proper += a.proper(c) ? 1 : 0;
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  REQUIRE(r.stats.solutions == 18);
  REQUIRE(proper == 18);
}

TEST_CASE("search: SEND+MORE=MONEY modelled by hand has exactly one solution, 9567+1085=10652", "[search][linear]") {
  for (const char* inference : {"none", "fc", "mac"}) {
    CAPTURE(inference);
    csp::Model m;
    std::map<char, csp::Var> x;
    for (char c : std::string("SENDMORY")) x[c] = m.add_var(0, 9, std::string(1, c));
    std::vector<csp::Var> letters;
    for (auto& [c, v] : x) letters.push_back(v);
    m.post(csp::all_different(letters));
    m.post(csp::not_equal(x['S'], m.add_var(0, 0, "zero")));
    m.post(csp::linear({1000, 100, 10, 1, 1000, 100, 10, 1, -10000, -1000, -100, -10, -1},
                       {x['S'], x['E'], x['N'], x['D'], x['M'], x['O'], x['R'], x['E'], x['M'], x['O'], x['N'], x['E'], x['Y']},
                       csp::LinearRelation::equal, 0));
    m.post(csp::linear({1}, {x['M']}, csp::LinearRelation::greater_equal, 1));
    csp::Solver solver(m, options("mrv", inference));
    std::vector<std::vector<csp::Value>> found;
    csp::SearchResult r = solver.for_each_solution(m.initial_domains(), [&](std::span<const csp::Value> s) {
      found.emplace_back(s.begin(), s.end());
      return true;
    });
    REQUIRE(r.status == csp::SearchStatus::exhausted);
    REQUIRE(found.size() == 1);
    auto val = [&](char c) { return found[0][static_cast<std::size_t>(x[c].id)]; };
    auto number = [&](const std::string& w) {
      long n = 0;
      for (char c : w) n = n * 10 + val(c);
      return n;
    };
    REQUIRE(number("SEND") == 9567);
    REQUIRE(number("MORE") == 1085);
    REQUIRE(number("MONEY") == 10652);
  }
}

TEST_CASE("limits stop a large unsatisfiable instance and say which", "[search][limits]") {
  // Pigeonhole: 12 pigeons, 11 holes, pairwise != only: exponentially many nodes to refute.
  csp::Model m;
  std::vector<csp::Var> p = m.add_vars(12, 0, 10, "p");
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j) m.post(csp::not_equal(p[i], p[j]));

  SECTION("node limit: exactly that many nodes") {
    csp::SearchOptions o = options("input", "fc");
    o.limits.nodes = 5000;
    csp::Solver s(m, o);
    csp::SearchResult r = s.solve();
    REQUIRE(r.status == csp::SearchStatus::limit);
    REQUIRE(r.limit == csp::LimitHit::nodes);
    REQUIRE(r.stats.nodes == 5000);
    REQUIRE_FALSE(r.found());
  }
  SECTION("failure limit") {
    csp::SearchOptions o = options("mrv", "mac");
    o.limits.failures = 300;
    csp::Solver s(m, o);
    csp::SearchResult r = s.solve();
    REQUIRE(r.status == csp::SearchStatus::limit);
    REQUIRE(r.limit == csp::LimitHit::failures);
    REQUIRE(r.stats.failures >= 300);
  }
  SECTION("time limit") {
    csp::SearchOptions o = options("input", "none");
    o.limits.time = std::chrono::milliseconds(50);
    csp::Solver s(m, o);
    csp::SearchResult r = s.solve();
    REQUIRE(r.status == csp::SearchStatus::limit);
    REQUIRE(r.limit == csp::LimitHit::time);
  }
  SECTION("interrupt flag") {
    std::atomic<bool> stop{true};
    csp::SearchOptions o = options("input", "fc");
    o.limits.interrupt = &stop;
    csp::Solver s(m, o);
    REQUIRE(s.solve().limit == csp::LimitHit::interrupted);
  }
  SECTION("all-different at domain strength refutes it without search") {
    csp::Model m2;
    m2.post(csp::all_different(m2.add_vars(12, 0, 10), csp::AllDifferentStrength::domain));
    csp::Solver s(m2);
    csp::SearchResult r = s.solve();
    REQUIRE(r.unsatisfiable());
    REQUIRE(r.stats.nodes == 0);
  }
}

TEST_CASE("count stops at the cap; a solver is reused from different starting domains", "[search]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(4, 1, 4, "x");
  m.post(csp::all_different(x, csp::AllDifferentStrength::pairwise));
  csp::Solver s(m);
  csp::SearchResult all = s.count(m.initial_domains());
  REQUIRE(all.status == csp::SearchStatus::exhausted);
  REQUIRE(all.stats.solutions == 24);
  csp::SearchResult capped = s.count(m.initial_domains(), 5);
  REQUIRE(capped.status == csp::SearchStatus::stopped_on_request);
  REQUIRE(capped.stats.solutions == 5);
  csp::Domains start = m.initial_domains();
  start.assign(x[0], 3);
  start.assign(x[1], 1);
  REQUIRE(s.count(start).stats.solutions == 2);
  start.assign(x[2], 3);  // conflicts with x0
  REQUIRE(s.count(start).unsatisfiable());
}

TEST_CASE("value orders: descending, random reproducible, lcv, custom heuristics", "[search][heuristics]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(3, 0, 5, "x");
  m.post(csp::less(x[0], x[1]));
  m.post(csp::less(x[1], x[2]));
  {
    csp::SearchOptions o;
    o.values = csp::values::descending();
    csp::Solver s(m, o);
    REQUIRE(s.solve().solution == std::vector<csp::Value>{3, 4, 5});
  }
  {
    auto first_of = [&](std::uint64_t seed) {
      csp::SearchOptions o;
      o.values = csp::values::random(seed);
      csp::Solver s(m, o);
      return s.solve().solution;
    };
    REQUIRE(first_of(7) == first_of(7));
  }
  {
    // LCV: x0 = 0 leaves the most room for x1 and x2.
    csp::SearchOptions o;
    o.order = csp::order::input();
    o.values = csp::values::lcv();
    csp::Solver s(m, o);
    REQUIRE(s.solve().solution[0] == 0);
  }
  {
    // A custom variable order written as a plain function: the last unfixed variable first.
    int calls = 0;
    csp::SearchOptions o;
    o.order = csp::order::custom([&](const csp::Model& model, const csp::Domains& d) {
      ++calls;
      for (int i = model.var_count() - 1; i >= 0; --i)
        if (!d.fixed(csp::Var{i})) return csp::Var{i};
      return csp::Var{};
    });
    o.inference = csp::Inference::forward;
    csp::Solver s(m, o);
    csp::SearchResult r = s.solve();
    REQUIRE(r.found());
    REQUIRE(calls > 0);
    REQUIRE(m.satisfied_by(r.solution));
  }
}

TEST_CASE("unknown heuristic and level names are rejected with the accepted names", "[search]") {
  REQUIRE_THROWS_WITH(csp::order::by_name("fastest"), Catch::Contains("mrv"));
  REQUIRE_THROWS_WITH(csp::values::by_name("best"), Catch::Contains("lcv"));
  REQUIRE_THROWS_WITH(csp::parse_inference("full"), Catch::Contains("mac"));
}

namespace {

// A propagator that only watches: it keeps, in a word of the search state, the candidates each of
// its variables had when it last ran, and counts the runs that find a variable with a candidate
// the stored word lacks. In this branch of the search the propagator ran on an ancestor of every
// state it sees, whose candidates were a superset, so with the words saved and restored by search
// that count stays zero; a shadow kept in the propagator object instead would come from whichever
// branch ran last and miss candidates the search brought back.
class Remembers final : public csp::Propagator {
 public:
  Remembers(csp::Model& model, std::vector<csp::Var> vars, int& violations)
      : Propagator(std::move(vars), csp::Trigger::any), state_(model.add_state(scope().size())), violations_(violations) {}
  std::string name() const override { return "remembers"; }
  bool satisfied(std::span<const csp::Value>) const override { return true; }
  csp::PropStatus propagate(csp::Context& ctx) override {
    std::uint64_t* seen = ctx.state(state_);
    for (std::size_t i = 0; i < scope().size(); ++i) {
      const std::uint64_t now = ctx.bits(scope()[i]);
      if (seen[i] != 0 && (now & ~seen[i]) != 0) ++violations_;
      seen[i] = now;
    }
    ++runs;
    return csp::PropStatus::fixpoint;
  }
  int runs = 0;

 private:
  std::uint32_t state_;
  int& violations_;
};

}  // namespace

TEST_CASE("words of search state reserved by a propagator follow backtracking", "[search][state]") {
  csp::Model m;
  auto q = m.add_vars(6, 0, 5, "q");
  for (int i = 0; i < 6; ++i)
    for (int j = i + 1; j < 6; ++j) {
      m.post(csp::not_equal(q[static_cast<std::size_t>(i)], q[static_cast<std::size_t>(j)]));
      m.post(csp::not_equal(q[static_cast<std::size_t>(i)], q[static_cast<std::size_t>(j)], j - i));
      m.post(csp::not_equal(q[static_cast<std::size_t>(i)], q[static_cast<std::size_t>(j)], i - j));
    }
  int violations = 0;
  auto watcher = std::make_unique<Remembers>(m, q, violations);
  Remembers* w = watcher.get();
  m.post(std::move(watcher));
  // Six variables of one word each, the first 64 propagators' "subsumed" bits (reserved by the
  // first post), then the propagator's six state words, all zero.
  REQUIRE(m.initial_domains().words().size() == 13);
  for (std::size_t k = 6; k < 13; ++k) CHECK(m.initial_domains().words()[k] == 0);
  csp::SearchOptions options;
  options.order = csp::order::input();
  csp::Solver solver(m, options);
  const csp::SearchResult r = solver.count(m.initial_domains());
  CHECK(r.stats.solutions == 4);  // 6 queens
  CHECK(r.stats.failures > 10);   // enough backtracking to matter
  CHECK(w->runs > 20);
  CHECK(violations == 0);
}

namespace {

// The variable mrv-ddeg must pick, worked out from the edge list: of the unfixed variables with
// fewest candidates, the first with most unfixed neighbours among those narrowed from their
// `initial` domain, or the first when none is; Var{} when all are fixed.
csp::Var expected_mrv_ddeg(const csp::Domains& d, const csp::Domains& initial,
                           const std::vector<std::vector<int>>& adjacent) {
  const int n = d.var_count();
  int fewest = 1 << 30;
  for (int i = 0; i < n; ++i)
    if (d.size(csp::Var{i}) > 1) fewest = std::min(fewest, d.size(csp::Var{i}));
  csp::Var best{};
  int best_open = -2;
  for (int i = 0; i < n; ++i) {
    if (d.size(csp::Var{i}) != fewest) continue;
    int open = 0;
    for (int j : adjacent[static_cast<std::size_t>(i)]) open += d.size(csp::Var{j}) > 1 ? 1 : 0;
    if (fewest == initial.size(csp::Var{i})) open = -1;
    if (open > best_open) {
      best = csp::Var{i};
      best_open = open;
    }
  }
  return best;
}

// Random graphs of n vertices (binary not-equal edges, and triangles as one all-different),
// random domains: the order's choice equals the brute-force one.
void check_mrv_ddeg_on_random_graphs(int n, int edges, int states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(n, 0, 5);
  std::vector<std::vector<int>> adjacent(static_cast<std::size_t>(n));
  auto link = [&](int a, int b) {
    auto& la = adjacent[static_cast<std::size_t>(a)];
    if (a != b && std::find(la.begin(), la.end(), b) == la.end()) {
      la.push_back(b);
      adjacent[static_cast<std::size_t>(b)].push_back(a);
    }
  };
  for (int e = 0; e < edges; ++e) {
    const int a = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
    const int b = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
    const int c = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
    if (a == b || b == c || a == c) continue;
    if (e % 3 == 0) {
      m.post(csp::all_different({x[static_cast<std::size_t>(a)], x[static_cast<std::size_t>(b)],
                                 x[static_cast<std::size_t>(c)]}));
      link(a, b), link(b, c), link(a, c);
    } else {
      m.post(csp::not_equal(x[static_cast<std::size_t>(a)], x[static_cast<std::size_t>(b)]));
      link(a, b);
    }
  }
  std::unique_ptr<csp::VariableOrder> order = csp::order::mrv_ddeg()(m);
  csp::Domains d = m.initial_domains();
  int ties_broken = 0;
  for (int s = 0; s < states; ++s) {
    for (int i = 0; i < n; ++i) {
      // Mostly fixed or small domains, so that ties among few candidates are common.
      const std::uint64_t r = rng();
      std::uint64_t bits = (r % 3 == 0) ? std::uint64_t{1} << (r % 6) : ((r >> 8) & 63) | (std::uint64_t{1} << (r % 6));
      if (r % 5 == 0) bits = (std::uint64_t{1} << (r % 6)) | (std::uint64_t{1} << ((r >> 3) % 6));
      if (s % 4 == 0 && r % 3 != 0) bits = 63;  // no pruning: fixed or whole
      d.set_bits(x[static_cast<std::size_t>(i)], bits);
    }
    const csp::Var want = expected_mrv_ddeg(d, m.initial_domains(), adjacent);
    const csp::Var got = order->select(d);
    REQUIRE(got.id == want.id);
    // Plain MRV takes the first variable with fewest candidates: count the states where the
    // neighbours decided otherwise, so the test is known to exercise them.
    if (want.id >= 0 && csp::order::mrv()(m)->select(d).id != want.id) ++ties_broken;
  }
  REQUIRE(ties_broken > states / 10);
}

}  // namespace

TEST_CASE("mrv-ddeg: of the fewest candidates, the most unfixed neighbours, as brute force says", "[search][order]") {
  check_mrv_ddeg_on_random_graphs(40, 120, 400, 7);   // neighbours as bit sets
  check_mrv_ddeg_on_random_graphs(2100, 6000, 40, 8);  // past the bit-set size: as lists
}

TEST_CASE("mrv-ddeg: every variable fixed gives Var{}", "[search][order]") {
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(3, 1, 3);
  m.post(csp::all_different(x));
  csp::Domains d = m.initial_domains();
  for (int i = 0; i < 3; ++i) d.assign(x[static_cast<std::size_t>(i)], i + 1);
  REQUIRE(csp::order::mrv_ddeg()(m)->select(d).id == -1);
}

TEST_CASE("heuristics by name: every listed name builds, an unknown one is refused with the list", "[search]") {
  csp::Model m;
  m.add_vars(3, 0, 2, "x");
  for (std::string_view n : csp::order::names()) CHECK(csp::order::by_name(n)(m) != nullptr);
  for (std::string_view n : csp::values::names()) CHECK(csp::values::by_name(n, 7)(m) != nullptr);
  // The lists are what they are: no assertion on their length. Each name is listed once, and the
  // refusal of an unknown name lists them all, in order.
  auto listed_once = [](const std::vector<std::string_view>& names) {
    return std::set<std::string_view>(names.begin(), names.end()).size() == names.size();
  };
  auto expected = [](const std::vector<std::string_view>& names) {
    std::string list = "(expected ";
    for (std::size_t i = 0; i < names.size(); ++i) {
      list += i == 0 ? "" : i + 1 == names.size() ? " or " : ", ";
      list += names[i];
    }
    list += ")";
    return list;
  };
  CHECK(listed_once(csp::order::names()));
  CHECK(listed_once(csp::values::names()));
  CHECK_THROWS_WITH(csp::order::by_name("fastest"),
                    "unknown variable order 'fastest' " + expected(csp::order::names()));
  CHECK_THROWS_WITH(csp::values::by_name("best"), "unknown value order 'best' " + expected(csp::values::names()));
}

namespace {

// x0 <= 1, reported subsumed once x0's candidates all satisfy it; counts its runs.
class AtMostOne final : public csp::Propagator {
 public:
  explicit AtMostOne(csp::Var x) : Propagator({x}, csp::Trigger::any) {}
  std::string name() const override { return "at-most-one"; }
  bool satisfied(std::span<const csp::Value> v) const override { return v[0] <= 1; }
  csp::PropStatus propagate(csp::Context& ctx) override {
    ++runs;
    if (!ctx.remove_above(scope()[0], 1)) return csp::PropStatus::failed;
    return csp::PropStatus::subsumed;
  }
  int runs = 0;
};

}  // namespace

TEST_CASE("a subsumed propagator is not run again below that state, and is again above it", "[search][state]") {
  csp::Model m;
  const csp::Var x = m.add_var(0, 5, "x");
  for (int i = 0; i < 70; ++i) m.add_var(0, 1);  // more than 64 propagators: the second word of bits
  std::vector<AtMostOne*> props;
  for (int i = 0; i < 70; ++i) {
    auto p = std::make_unique<AtMostOne>(csp::Var{1 + i});
    props.push_back(p.get());
    m.post(std::move(p));
  }
  auto last = std::make_unique<AtMostOne>(x);
  AtMostOne* on_x = last.get();
  const csp::PropagatorId id = m.post(std::move(last));
  csp::Engine engine(m);
  csp::Stats stats;
  const csp::Domains root = m.initial_domains();
  CHECK_FALSE(m.subsumed(root, id));
  csp::Domains below = root;
  REQUIRE(engine.propagate_all(below, stats));
  CHECK(on_x->runs == 1);
  CHECK(m.subsumed(below, id));
  CHECK(below.max(x) == 1);
  for (AtMostOne* p : props) CHECK(p->runs == 1);
  // Narrowing x below that state wakes nobody, by propagation, forward checking or checks.
  below.remove(x, 0);
  REQUIRE(engine.propagate_from(x, below, stats));
  REQUIRE(engine.forward_check(x, below, stats));
  REQUIRE(engine.propagate_all(below, stats));
  CHECK(on_x->runs == 1);
  // Back at the root (as search restores it), the bit is clear and the propagator runs again.
  csp::Domains again = root;
  REQUIRE(engine.propagate_from(x, again, stats));
  CHECK(on_x->runs == 2);
  CHECK(again.max(x) == 1);
}
