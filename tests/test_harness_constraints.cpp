// Brute-force property tests: every propagator against an independent computation.
//
// Each test draws thousands of small random instances (fixed seeds, so a failure reproduces), posts
// ONE propagator, runs the engine to its fixpoint, and compares the resulting domains with what
// the propagator promises in its header, computed here from scratch:
//  - arc / generalised arc consistency (binary constraints, all-different(domain)): a value stays
//    iff some complete tuple of the current domains that uses it satisfies the constraint — found by
//    enumerating every tuple against the constraint's meaning written directly in this file;
//  - the weaker promises (predicate, linear bounds(R), all-different check/pairwise/value): their
//    documented fixpoint, re-implemented here on plain vectors, without calling library code.
// Every instance also checks, whatever the strength:
//  - soundness: every value of every solution survives, and propagation succeeds when one exists;
//  - the propagate() contract on complete assignments: with every variable fixed it fails iff the
//    assignment violates the constraint;
//  - idempotence: propagating the result again changes nothing.
// A last group runs complete searches and compares the solution count with the enumeration, which
// exercises propagators on domains that search restores behind their back.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/predicate.hpp"
#include "csp/engine.hpp"
#include "csp/search.hpp"

namespace {

using csp::Value;
using csp::Var;

/// One sorted candidate list per scope variable: the test's own picture of the domains.
using Doms = std::vector<std::vector<Value>>;
/// What the constraint means, written in this file: true when the complete tuple satisfies it.
using Meaning = std::function<bool(const std::vector<Value>&)>;

// ---- randomness -----------------------------------------------------------------------------

// Draws with plain modulo rather than std::uniform_int_distribution, whose output differs between
// standard libraries: the same seed gives the same instances everywhere.
struct Rng {
  std::mt19937_64 g;
  explicit Rng(std::uint64_t seed) : g(seed) {}
  int between(int lo, int hi) { return lo + static_cast<int>(g() % static_cast<std::uint64_t>(hi - lo + 1)); }
  bool chance(int percent) { return between(0, 99) < percent; }
};

// A random non-empty subset of [lo, hi], a singleton `singleton_percent` of the time.
std::vector<Value> random_domain(Rng& r, Value lo, Value hi, int singleton_percent) {
  if (r.chance(singleton_percent)) return {r.between(lo, hi)};
  std::vector<Value> out;
  const int density = r.between(30, 90);
  for (Value x = lo; x <= hi; ++x)
    if (r.chance(density)) out.push_back(x);
  if (out.empty()) out.push_back(r.between(lo, hi));
  return out;
}

// ---- the test's own view of domains -----------------------------------------------------------

Doms read(const csp::Domains& d, const std::vector<Var>& vars) {
  Doms out;
  for (Var v : vars) out.push_back(d.values(v));
  return out;
}

std::string show(const Doms& d) {
  std::ostringstream s;
  for (std::size_t i = 0; i < d.size(); ++i) {
    s << (i ? " " : "") << "x" << i << "={";
    for (std::size_t k = 0; k < d[i].size(); ++k) s << (k ? "," : "") << d[i][k];
    s << "}";
  }
  return s.str();
}

std::string show(const std::vector<Value>& t) {
  std::ostringstream s;
  s << "(";
  for (std::size_t i = 0; i < t.size(); ++i) s << (i ? "," : "") << t[i];
  s << ")";
  return s.str();
}

bool contains(const std::vector<Value>& values, Value x) {
  return std::find(values.begin(), values.end(), x) != values.end();
}

// Calls f(tuple, positions) for every tuple of the cartesian product of d (odometer order).
template <class F>
void for_each_tuple(const Doms& d, F&& f) {
  for (const auto& values : d)
    if (values.empty()) return;
  std::vector<std::size_t> at(d.size(), 0);
  std::vector<Value> t(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) t[i] = d[i][0];
  for (;;) {
    f(t, at);
    std::size_t i = 0;
    while (i < d.size() && ++at[i] == d[i].size()) {
      at[i] = 0;
      t[i] = d[i][0];
      ++i;
    }
    if (i == d.size()) return;
    t[i] = d[i][at[i]];
  }
}

// Generalised arc consistency by enumeration: per variable, the values some satisfying tuple
// uses; nullopt when no tuple satisfies (so propagation must fail).
std::optional<Doms> supported_values(const Doms& d, const Meaning& meaning) {
  std::vector<std::vector<char>> used(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) used[i].assign(d[i].size(), 0);
  bool any = false;
  for_each_tuple(d, [&](const std::vector<Value>& t, const std::vector<std::size_t>& at) {
    if (!meaning(t)) return;
    any = true;
    for (std::size_t i = 0; i < d.size(); ++i) used[i][at[i]] = 1;
  });
  if (!any) return std::nullopt;
  Doms out(d.size());
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t k = 0; k < d[i].size(); ++k)
      if (used[i][k]) out[i].push_back(d[i][k]);
  return out;
}

long long count_solutions(const Doms& d, const Meaning& meaning) {
  long long n = 0;
  for_each_tuple(d, [&](const std::vector<Value>& t, const std::vector<std::size_t>&) { n += meaning(t) ? 1 : 0; });
  return n;
}

// ---- the library side ------------------------------------------------------------------------

// One random instance: a model whose variables are exactly the scope, one posted propagator, and
// the meaning of the constraint written independently.
struct Case {
  csp::Model model;
  std::vector<Var> vars;
  Meaning meaning;
  std::string text;  // the constraint, for failure messages
  // Linear cases only: the constraint's data, which their expectation needs.
  std::vector<std::int64_t> coefficients;
  csp::LinearRelation relation = csp::LinearRelation::equal;
  std::int64_t rhs = 0;
};

// Adds one variable per domain to the case's model.
void add_vars(Case& c, const Doms& doms) {
  for (const auto& values : doms) c.vars.push_back(c.model.add_var(values));
}

struct Outcome {
  bool ok = false;
  csp::Domains domains;
};

// Exactly the engine call the library's users make at the root of a search.
Outcome propagate(const csp::Model& model, const csp::Domains& start) {
  csp::Engine engine(model);
  csp::Stats stats;
  stats.counters.resize(model.counter_names().size());
  Outcome out{false, start};
  out.ok = engine.propagate_all(out.domains, stats);
  return out;
}

// Given the case and its initial domains (plus their GAC closure, already enumerated because every
// test needs it for soundness), what the propagator promises: the domains, or nullopt for failure.
using Expectation = std::function<std::optional<Doms>(const Case&, const Doms&, const std::optional<Doms>& gac)>;

// The expectation of every arc-consistent propagator.
std::optional<Doms> expect_gac(const Case&, const Doms&, const std::optional<Doms>& gac) { return gac; }

// How the instances of one kind turned out, so a test can insist its random mix is not vacuous.
struct Tally {
  int instances = 0, failed = 0, pruned = 0, unchanged = 0;
};

// The common loop: draws `instances` cases and checks each against `expect` and the generic properties.
Tally check_kind(std::uint64_t seed, int instances, const std::function<Case(Rng&)>& make, const Expectation& expect) {
  Rng rng(seed);
  Tally tally;
  for (int n = 0; n < instances; ++n) {
    Case c = make(rng);
    const csp::Domains& start = c.model.initial_domains();
    const Doms before = read(start, c.vars);
    INFO("instance " << n << ": " << c.text << " on " << show(before));
    const std::optional<Doms> gac = supported_values(before, c.meaning);
    const std::optional<Doms> want = expect(c, before, gac);

    const Outcome got = propagate(c.model, start);
    REQUIRE(got.ok == want.has_value());
    ++tally.instances;
    if (!got.ok) {
      ++tally.failed;
    } else {
      const Doms after = read(got.domains, c.vars);
      INFO("propagated to " << show(after));
      REQUIRE(after == *want);
      ++(after == before ? tally.unchanged : tally.pruned);
      // Soundness: whatever the strength, no value of a solution may go.
      if (gac) {
        for (std::size_t i = 0; i < before.size(); ++i)
          for (Value x : (*gac)[i]) REQUIRE(contains(after[i], x));
      }
      // Idempotence: the fixpoint is a fixpoint.
      const Outcome again = propagate(c.model, got.domains);
      REQUIRE(again.ok);
      REQUIRE(read(again.domains, c.vars) == after);
    }
    // Soundness, the other half: a satisfiable instance must not fail.
    if (gac) REQUIRE(got.ok);

    // The propagate() contract on a complete assignment drawn from the initial domains.
    std::vector<Value> t(before.size());
    for (std::size_t i = 0; i < before.size(); ++i)
      t[i] = before[i][static_cast<std::size_t>(rng.between(0, static_cast<int>(before[i].size()) - 1))];
    csp::Domains fixed = start;
    for (std::size_t i = 0; i < t.size(); ++i) fixed.assign(c.vars[i], t[i]);
    INFO("complete assignment " << show(t));
    REQUIRE(propagate(c.model, fixed).ok == c.meaning(t));
  }
  return tally;
}

// Every kind's random mix must contain failures, prunings and untouched instances, or the
// comparison would prove little.
void require_mix(const Tally& t, int at_least = 30) {
  INFO("instances " << t.instances << ", failed " << t.failed << ", pruned " << t.pruned << ", unchanged "
                    << t.unchanged);
  CHECK(t.failed >= at_least);
  CHECK(t.pruned >= at_least);
  CHECK(t.unchanged >= at_least);
}

constexpr int kInstances = 5000;  // per constraint kind (and per relation / strength)

// ---- binary constraints ----------------------------------------------------------------------

// Two variables over small overlapping ranges, some negative, sometimes fixed.
Doms random_pair(Rng& r) {
  Doms d;
  for (int k = 0; k < 2; ++k) {
    const int lo = r.between(-4, 2);
    d.push_back(random_domain(r, lo, lo + r.between(0, 6), 20));
  }
  return d;
}

// A binary case from a propagator factory and the matching meaning on (x, y), with an offset.
template <class Make, class Means>
Case binary_case(Rng& r, const char* what, Make&& make, Means&& means) {
  Case c;
  add_vars(c, random_pair(r));
  const Value offset = r.between(-3, 3);
  c.model.post(make(c.vars[0], c.vars[1], offset));
  c.meaning = [means, offset](const std::vector<Value>& t) { return means(t[0], t[1], offset); };
  c.text = std::string(what) + " with c = " + std::to_string(offset);
  return c;
}

Case make_not_equal(Rng& r) {
  return binary_case(r, "x != y + c", [](Var x, Var y, Value c) { return csp::not_equal(x, y, c); },
                     [](Value a, Value b, Value c) { return a != b + c; });
}
Case make_equal(Rng& r) {
  return binary_case(r, "x == y + c", [](Var x, Var y, Value c) { return csp::equal(x, y, c); },
                     [](Value a, Value b, Value c) { return a == b + c; });
}
Case make_less(Rng& r) {
  return binary_case(r, "x < y + c", [](Var x, Var y, Value c) { return csp::less(x, y, c); },
                     [](Value a, Value b, Value c) { return a < b + c; });
}
Case make_less_equal(Rng& r) {
  return binary_case(r, "x <= y + c", [](Var x, Var y, Value c) { return csp::less_equal(x, y, c); },
                     [](Value a, Value b, Value c) { return a <= b + c; });
}

Case make_relation(Rng& r) {
  Case c;
  add_vars(c, random_pair(r));
  // A random truth table over every pair the domains can hold (values lie in [-4, 8]).
  constexpr Value lo = -4, width = 13;
  auto table = std::make_shared<std::vector<char>>(width * width);
  const int density = r.between(5, 60);
  for (char& cell : *table) cell = r.chance(density) ? 1 : 0;
  auto allowed = [table](Value a, Value b) { return (*table)[static_cast<std::size_t>((a - lo) * width + (b - lo))] != 0; };
  c.model.post(csp::relation(c.vars[0], c.vars[1], allowed));
  c.meaning = [allowed](const std::vector<Value>& t) { return allowed(t[0], t[1]); };
  // The allowed pairs of candidates: all that matters for reproducing a failure.
  const Doms d = read(c.model.initial_domains(), c.vars);
  std::ostringstream s;
  s << "relation allowing";
  for (Value a : d[0])
    for (Value b : d[1])
      if (allowed(a, b)) s << " (" << a << "," << b << ")";
  c.text = s.str();
  return c;
}

Case make_table(Rng& r) {
  Case c;
  add_vars(c, random_pair(r));
  // Random pairs: mostly of candidates, some outside the domains, some repeated.
  const Doms d = read(c.model.initial_domains(), c.vars);
  auto pick = [&r](const std::vector<Value>& values) {
    return r.chance(80) ? values[static_cast<std::size_t>(r.between(0, static_cast<int>(values.size()) - 1))]
                        : r.between(-5, 9);
  };
  std::vector<std::pair<Value, Value>> pairs;
  const int n = r.between(0, 8);
  for (int k = 0; k < n; ++k) {
    const Value a = pick(d[0]);
    pairs.emplace_back(a, pick(d[1]));
  }
  c.model.post(csp::table(c.vars[0], c.vars[1], pairs));
  c.meaning = [pairs](const std::vector<Value>& t) {
    for (const auto& [a, b] : pairs)
      if (a == t[0] && b == t[1]) return true;
    return false;
  };
  std::ostringstream s;
  s << "table";
  for (const auto& [a, b] : pairs) s << " (" << a << "," << b << ")";
  c.text = s.str();
  return c;
}

// ---- predicate ---------------------------------------------------------------------------------

Case make_predicate(Rng& r) {
  Case c;
  const int n = r.between(2, 4);
  const Value lo = r.between(-3, 1);
  const int width = r.between(2, 4);
  Doms d;
  for (int i = 0; i < n; ++i) d.push_back(random_domain(r, lo, lo + width - 1, 45));
  add_vars(c, d);
  // A random truth table over [lo, lo + width)^n, indexed in base `width`.
  auto table = std::make_shared<std::vector<char>>();
  std::size_t cells = 1;
  for (int i = 0; i < n; ++i) cells *= static_cast<std::size_t>(width);
  const int density = r.between(10, 90);
  for (std::size_t k = 0; k < cells; ++k) table->push_back(r.chance(density) ? 1 : 0);
  auto cell = [table, lo, width](const Value* v, std::size_t count) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < count; ++i) k = k * static_cast<std::size_t>(width) + static_cast<std::size_t>(v[i] - lo);
    return (*table)[k] != 0;
  };
  c.model.post(csp::predicate(c.vars, [cell](std::span<const Value> v) { return cell(v.data(), v.size()); }));
  c.meaning = [cell](const std::vector<Value>& t) { return cell(t.data(), t.size()); };
  std::ostringstream s;
  s << "predicate over [" << lo << ", " << lo + width - 1 << "]^" << n << ", truth table (base-" << width
    << " index order) ";
  for (char x : *table) s << (x ? '1' : '0');
  c.text = s.str();
  return c;
}

// predicate.hpp: all fixed -> fail iff rejected; exactly one unfixed -> it keeps the values the
// function accepts (the others being fixed); two or more unfixed -> nothing.
std::optional<Doms> expect_predicate(const Case& c, const Doms& d, const std::optional<Doms>&) {
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i].size() > 1) open.push_back(i);
  std::vector<Value> t;
  for (const auto& values : d) t.push_back(values[0]);
  if (open.empty()) return c.meaning(t) ? std::optional<Doms>(d) : std::nullopt;
  if (open.size() > 1) return d;
  Doms out = d;
  std::vector<Value>& last = out[open[0]];
  last.clear();
  for (Value x : d[open[0]]) {
    t[open[0]] = x;
    if (c.meaning(t)) last.push_back(x);
  }
  return last.empty() ? std::nullopt : std::optional<Doms>(out);
}

// ---- linear ------------------------------------------------------------------------------------

Case make_linear(Rng& r, csp::LinearRelation rel) {
  Case c;
  const int n = r.between(2, 4);
  Doms d;
  for (int i = 0; i < n; ++i) {
    const int lo = r.between(-5, 3);
    d.push_back(random_domain(r, lo, lo + r.between(0, 6), 20));
  }
  add_vars(c, d);
  for (int i = 0; i < n; ++i) {
    const int k = r.between(-4, 3);
    c.coefficients.push_back(k >= 0 ? k + 1 : k);  // non-zero, in [-4, 4]
  }
  // rhs around the reachable range of the sum, a little beyond on both sides.
  std::int64_t lo = 0, hi = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const std::int64_t a = c.coefficients[i] * d[i].front(), b = c.coefficients[i] * d[i].back();
    lo += std::min(a, b);
    hi += std::max(a, b);
  }
  c.rhs = r.between(static_cast<int>(lo) - 3, static_cast<int>(hi) + 3);
  c.relation = rel;
  c.model.post(csp::linear(c.coefficients, c.vars, rel, c.rhs));
  c.meaning = [coef = c.coefficients, rel, rhs = c.rhs](const std::vector<Value>& t) {
    std::int64_t s = 0;
    for (std::size_t i = 0; i < t.size(); ++i) s += coef[i] * t[i];
    switch (rel) {
      case csp::LinearRelation::equal: return s == rhs;
      case csp::LinearRelation::less_equal: return s <= rhs;
      case csp::LinearRelation::greater_equal: return s >= rhs;
    }
    return false;
  };
  std::ostringstream s;
  for (std::size_t i = 0; i < c.coefficients.size(); ++i) s << (i ? " + " : "") << c.coefficients[i] << "*x" << i;
  static const char* rels[] = {"=", "<=", ">="};
  s << " " << rels[static_cast<int>(rel)] << " " << c.rhs;
  c.text = s.str();
  return c;
}

// Bounds(R) consistency as linear.hpp states it, computed naively: a bound of x_i is supported
// when some real values of the other variables, each within [min, max] of its domain, complete
// it. The other terms then reach every real number in [L, U] (sums of their term extremes), so
// value v of x_i is supported iff rhs - c_i * v lies in [L, U] (=), is >= L (<=) or <= U (>=).
// Drop unsupported bounds until none is left; only bounds go, so holes stay.
std::optional<Doms> expect_bounds_r(const Case& c, const Doms& start, const std::optional<Doms>&) {
  Doms d = start;
  const std::vector<std::int64_t>& k = c.coefficients;
  auto term_lo = [&](std::size_t j) { return std::min(k[j] * d[j].front(), k[j] * d[j].back()); };
  auto term_hi = [&](std::size_t j) { return std::max(k[j] * d[j].front(), k[j] * d[j].back()); };
  auto supported = [&](std::size_t i, Value v) {
    std::int64_t lo = 0, hi = 0;
    for (std::size_t j = 0; j < d.size(); ++j) {
      if (j == i) continue;
      lo += term_lo(j);
      hi += term_hi(j);
    }
    const std::int64_t rest = c.rhs - k[i] * v;  // what the other terms must make up
    switch (c.relation) {
      case csp::LinearRelation::equal: return lo <= rest && rest <= hi;
      case csp::LinearRelation::less_equal: return lo <= rest;
      case csp::LinearRelation::greater_equal: return rest <= hi;
    }
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < d.size(); ++i) {
      while (!d[i].empty() && !supported(i, d[i].front())) {
        d[i].erase(d[i].begin());
        changed = true;
      }
      while (!d[i].empty() && !supported(i, d[i].back())) {
        d[i].pop_back();
        changed = true;
      }
      if (d[i].empty()) return std::nullopt;
    }
  }
  return d;
}

}  // namespace

TEST_CASE("not_equal(x, y, c) is arc consistent on random instances", "[bruteforce][binary]") {
  // x != y prunes only against a fixed side and fails only on two equal fixed sides: rarer.
  require_mix(check_kind(101, kInstances, make_not_equal, expect_gac), 10);
}
TEST_CASE("equal(x, y, c) is arc consistent on random instances", "[bruteforce][binary]") {
  require_mix(check_kind(102, kInstances, make_equal, expect_gac));
}
TEST_CASE("less(x, y, c) is arc consistent on random instances", "[bruteforce][binary]") {
  require_mix(check_kind(103, kInstances, make_less, expect_gac));
}
TEST_CASE("less_equal(x, y, c) is arc consistent on random instances", "[bruteforce][binary]") {
  require_mix(check_kind(104, kInstances, make_less_equal, expect_gac));
}
TEST_CASE("relation(x, y, random predicate) is arc consistent on random instances", "[bruteforce][binary]") {
  require_mix(check_kind(105, kInstances, make_relation, expect_gac));
}
TEST_CASE("table(x, y, random pairs) is arc consistent on random instances", "[bruteforce][binary]") {
  require_mix(check_kind(106, kInstances, make_table, expect_gac));
}
TEST_CASE("predicate(vars, random truth table) keeps its documented promise", "[bruteforce][predicate]") {
  require_mix(check_kind(201, kInstances, make_predicate, expect_predicate));
}
TEST_CASE("linear(=) is bounds(R) consistent on random instances", "[bruteforce][linear]") {
  auto make = [](Rng& r) { return make_linear(r, csp::LinearRelation::equal); };
  require_mix(check_kind(301, kInstances, make, expect_bounds_r));
}
TEST_CASE("linear(<=) is bounds(R) consistent on random instances", "[bruteforce][linear]") {
  auto make = [](Rng& r) { return make_linear(r, csp::LinearRelation::less_equal); };
  require_mix(check_kind(302, kInstances, make, expect_bounds_r));
}
TEST_CASE("linear(>=) is bounds(R) consistent on random instances", "[bruteforce][linear]") {
  auto make = [](Rng& r) { return make_linear(r, csp::LinearRelation::greater_equal); };
  require_mix(check_kind(303, kInstances, make, expect_bounds_r));
}

// ---- all-different -------------------------------------------------------------------------------

namespace {

bool distinct(const std::vector<Value>& t) {
  for (std::size_t i = 0; i < t.size(); ++i)
    for (std::size_t j = i + 1; j < t.size(); ++j)
      if (t[i] == t[j]) return false;
  return true;
}

const char* strength_name(csp::AllDifferentStrength s) {
  switch (s) {
    case csp::AllDifferentStrength::check: return "check";
    case csp::AllDifferentStrength::pairwise: return "pairwise";
    case csp::AllDifferentStrength::value: return "value";
    case csp::AllDifferentStrength::domain: return "domain";
  }
  return "?";
}

// 2-6 variables, each a random subset of one value range of size 2-7 (often reaching below 0).
Case all_different_case(Rng& r, csp::AllDifferentStrength strength) {
  Case c;
  const int n = r.between(2, 6);
  const Value lo = r.between(-4, 2);
  const Value hi = lo + r.between(1, 6);
  Doms d;
  for (int i = 0; i < n; ++i) d.push_back(random_domain(r, lo, hi, 15));
  add_vars(c, d);
  c.model.post(csp::all_different(c.vars, strength));
  c.meaning = distinct;
  c.text = std::string("all-different(") + strength_name(strength) + ")";
  return c;
}

// Arc consistency of the clique of binary != constraints, by pairs: value a of x_i has a support
// in x_j unless x_j's only candidate is a. Repeated to the fixpoint; nullopt on a wipe-out.
std::optional<Doms> pairwise_fixpoint(Doms d) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < d.size(); ++i) {
      for (std::size_t j = 0; j < d.size(); ++j) {
        if (i == j || d[j].size() != 1) continue;
        auto it = std::find(d[i].begin(), d[i].end(), d[j][0]);
        if (it == d[i].end()) continue;
        d[i].erase(it);
        changed = true;
        if (d[i].empty()) return std::nullopt;
      }
    }
  }
  return d;
}

// all_different.hpp's `value` strength: the pairwise fixpoint, then counting over the unfixed
// variables — fewer covered values than unfixed variables fails; exactly as many means every
// covered value must be used, so a value with one place left goes there. Repeated to the fixpoint.
std::optional<Doms> value_fixpoint(Doms d) {
  for (;;) {
    std::optional<Doms> p = pairwise_fixpoint(d);
    if (!p) return std::nullopt;
    d = *p;
    std::vector<Value> covered;
    std::size_t unfixed = 0;
    for (const auto& values : d) {
      if (values.size() == 1) continue;
      ++unfixed;
      covered.insert(covered.end(), values.begin(), values.end());
    }
    std::vector<Value> distinct_covered = covered;
    std::sort(distinct_covered.begin(), distinct_covered.end());
    distinct_covered.erase(std::unique(distinct_covered.begin(), distinct_covered.end()), distinct_covered.end());
    if (distinct_covered.size() < unfixed) return std::nullopt;
    if (distinct_covered.size() > unfixed) return d;
    bool placed = false;
    for (auto& values : d) {
      if (values.size() == 1) continue;
      std::vector<Value> only_here;  // covered values no other unfixed variable can take
      for (Value x : values)
        if (std::count(covered.begin(), covered.end(), x) == 1) only_here.push_back(x);
      if (only_here.size() > 1) return std::nullopt;  // one variable cannot use two values
      if (only_here.size() == 1) {
        values = only_here;
        placed = true;
      }
    }
    if (!placed) return d;
  }
}

Tally check_all_different(csp::AllDifferentStrength strength, std::uint64_t seed, int instances) {
  auto make = [strength](Rng& r) { return all_different_case(r, strength); };
  Expectation expect;
  switch (strength) {
    case csp::AllDifferentStrength::check:
      // Prunes nothing; fails exactly when two fixed variables share a value.
      expect = [](const Case&, const Doms& d, const std::optional<Doms>&) -> std::optional<Doms> {
        for (std::size_t i = 0; i < d.size(); ++i)
          for (std::size_t j = i + 1; j < d.size(); ++j)
            if (d[i].size() == 1 && d[j].size() == 1 && d[i][0] == d[j][0]) return std::nullopt;
        return d;
      };
      break;
    case csp::AllDifferentStrength::pairwise:
      expect = [](const Case&, const Doms& d, const std::optional<Doms>&) { return pairwise_fixpoint(d); };
      break;
    case csp::AllDifferentStrength::value:
      expect = [](const Case&, const Doms& d, const std::optional<Doms>&) { return value_fixpoint(d); };
      break;
    case csp::AllDifferentStrength::domain: expect = expect_gac; break;
  }
  return check_kind(seed, instances, make, expect);
}

}  // namespace

TEST_CASE("all-different(check) keeps its documented promise", "[bruteforce][all-different]") {
  Tally t = check_all_different(csp::AllDifferentStrength::check, 401, kInstances);
  CHECK(t.pruned == 0);  // check never prunes
  CHECK(t.failed >= 30);
  CHECK(t.unchanged >= 30);
}
TEST_CASE("all-different(pairwise) reaches the != clique's arc consistency", "[bruteforce][all-different]") {
  require_mix(check_all_different(csp::AllDifferentStrength::pairwise, 402, kInstances));
}
TEST_CASE("all-different(value) reaches its documented counting fixpoint", "[bruteforce][all-different]") {
  require_mix(check_all_different(csp::AllDifferentStrength::value, 403, kInstances));
}
TEST_CASE("all-different(domain) is generalised arc consistent on random instances", "[bruteforce][all-different]") {
  require_mix(check_all_different(csp::AllDifferentStrength::domain, 404, 3 * kInstances));
}

TEST_CASE("all-different(domain) stays GAC when one model is propagated from unrelated states",
          "[bruteforce][all-different]") {
  // The propagator keeps its last matching between calls. Here one model is propagated from many
  // random narrowings of its initial domains, in no particular order, as search does when it
  // restores older states; each result must still be exactly GAC. Values are spread far apart so
  // that some variables need several words, and the ranges of different variables only partly
  // overlap, which exercises the mapping of values to one index space.
  Rng r(405);
  int failed = 0, pruned = 0;
  for (int m = 0; m < 400; ++m) {
    const int n = r.between(2, 7);
    const int slots = r.between(n - 1, n + 2);
    std::vector<Value> slot_value;  // slot k stands for a value, with gaps of up to 70
    Value x = r.between(-100, 0);
    for (int k = 0; k < slots; ++k) {
      slot_value.push_back(x);
      x += r.between(1, 70);
    }
    Case c;
    Doms initial;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> values;
      for (int k = 0; k < slots; ++k)
        if (r.chance(70)) values.push_back(slot_value[static_cast<std::size_t>(k)]);
      if (values.empty()) values.push_back(slot_value[static_cast<std::size_t>(r.between(0, slots - 1))]);
      initial.push_back(values);
    }
    add_vars(c, initial);
    c.model.post(csp::all_different(c.vars, csp::AllDifferentStrength::domain));
    for (int s = 0; s < 20; ++s) {
      // A random narrowing: each value of each variable stays with probability 75%.
      csp::Domains start = c.model.initial_domains();
      for (std::size_t i = 0; i < initial.size(); ++i)
        for (Value v : initial[i])
          if (r.chance(25) && start.size(c.vars[i]) > 1) start.remove(c.vars[i], v);
      const Doms before = read(start, c.vars);
      INFO("model " << m << " state " << s << ": " << show(before));
      const std::optional<Doms> want = supported_values(before, distinct);
      const Outcome got = propagate(c.model, start);
      REQUIRE(got.ok == want.has_value());
      if (got.ok) {
        REQUIRE(read(got.domains, c.vars) == *want);
        pruned += *want != before;
      } else {
        ++failed;
      }
    }
  }
  CHECK(failed >= 30);
  CHECK(pruned >= 30);
}

TEST_CASE("all-different over zero or one variable always holds", "[bruteforce][all-different]") {
  for (auto strength : {csp::AllDifferentStrength::check, csp::AllDifferentStrength::pairwise,
                        csp::AllDifferentStrength::value, csp::AllDifferentStrength::domain}) {
    CAPTURE(strength_name(strength));
    csp::Model model;
    Var x = model.add_var(std::vector<Value>{-3, 7, 100});
    model.post(csp::all_different({}, strength));
    model.post(csp::all_different({x}, strength));
    const Outcome got = propagate(model, model.initial_domains());
    CHECK(got.ok);
    CHECK(got.domains.values(x) == std::vector<Value>{-3, 7, 100});
  }
}

TEST_CASE("all-different(domain) works with values billions apart", "[bruteforce][all-different]") {
  // The propagator maps values to indices through the variables' layouts, merging overlaps, so
  // two narrow domains far apart cost two ranges, not the distance between them.
  csp::Model model;
  Var x = model.add_var(std::vector<Value>{-2000000000, -1999999999});
  Var y = model.add_var(std::vector<Value>{-2000000000});
  Var z = model.add_var(std::vector<Value>{2000000000, 2000000001});
  Var w = model.add_var(std::vector<Value>{2000000001});
  model.post(csp::all_different({x, y, z, w}, csp::AllDifferentStrength::domain));
  const Outcome got = propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{-1999999999});
  CHECK(got.domains.values(z) == std::vector<Value>{2000000000});
}

TEST_CASE("all-different with a variable listed twice is unsatisfiable at every strength",
          "[bruteforce][all-different]") {
  // satisfied() rejects every tuple, so on complete assignments every strength must fail.
  for (auto strength : {csp::AllDifferentStrength::check, csp::AllDifferentStrength::pairwise,
                        csp::AllDifferentStrength::value, csp::AllDifferentStrength::domain}) {
    CAPTURE(strength_name(strength));
    csp::Model model;
    Var x = model.add_var(1, 3), y = model.add_var(1, 3);
    model.post(csp::all_different({x, y, x}, strength));
    csp::Domains d = model.initial_domains();
    d.assign(x, 1);
    d.assign(y, 2);
    CHECK_FALSE(propagate(model, d).ok);
  }
}

// ---- complete searches ---------------------------------------------------------------------------

namespace {

// Counts the solutions of random cases under each inference level and compares with enumeration.
// Search restores older domains by copying them back, so this checks that propagators (the
// all-different(domain) matching in particular) keep nothing that goes stale.
void check_search(std::uint64_t seed, int instances, const std::function<Case(Rng&)>& make) {
  Rng rng(seed);
  for (int n = 0; n < instances; ++n) {
    Case c = make(rng);
    const Doms before = read(c.model.initial_domains(), c.vars);
    const long long want = count_solutions(before, c.meaning);
    for (const char* inference : {"none", "fc", "mac"}) {
      INFO("instance " << n << ": " << c.text << " on " << show(before) << ", inference " << inference);
      csp::SearchOptions options;
      options.inference = csp::parse_inference(inference);
      csp::Solver solver(c.model, options);
      const csp::SearchResult r = solver.count(c.model.initial_domains());
      REQUIRE(r.status == csp::SearchStatus::exhausted);
      REQUIRE(static_cast<long long>(r.stats.solutions) == want);
    }
  }
}

}  // namespace

TEST_CASE("searches count every solution of every kind of constraint", "[bruteforce][search]") {
  struct Kind {
    const char* name;
    std::function<Case(Rng&)> make;
  };
  const std::vector<Kind> kinds = {
      {"not_equal", make_not_equal},
      {"equal", make_equal},
      {"less", make_less},
      {"less_equal", make_less_equal},
      {"relation", make_relation},
      {"table", make_table},
      {"predicate", make_predicate},
      {"linear(=)", [](Rng& r) { return make_linear(r, csp::LinearRelation::equal); }},
      {"linear(<=)", [](Rng& r) { return make_linear(r, csp::LinearRelation::less_equal); }},
      {"linear(>=)", [](Rng& r) { return make_linear(r, csp::LinearRelation::greater_equal); }},
      {"all-different(check)", [](Rng& r) { return all_different_case(r, csp::AllDifferentStrength::check); }},
      {"all-different(pairwise)", [](Rng& r) { return all_different_case(r, csp::AllDifferentStrength::pairwise); }},
      {"all-different(value)", [](Rng& r) { return all_different_case(r, csp::AllDifferentStrength::value); }},
      {"all-different(domain)", [](Rng& r) { return all_different_case(r, csp::AllDifferentStrength::domain); }},
  };
  std::uint64_t seed = 501;
  for (const Kind& kind : kinds) {
    CAPTURE(kind.name);
    check_search(seed++, 1000, kind.make);
  }
}
