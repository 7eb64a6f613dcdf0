// binary.hpp's constraints (not_equal, equal, less, less_equal, relation, the binary table) with the propagator
// harness: arc consistency against the meaning written here; then the same at the edges of the value range
// and the overflow regressions of x <= y + c and x == y + c.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "constraints/edge_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace binary_specs {

using csp::Value;
using csp::Var;
using namespace harness;

// ---- binary constraints ----------------------------------------------------------------------

// Two variables over small overlapping ranges, some negative, sometimes fixed.
Doms random_pair(Rng& r) {
  Doms d;
  for (int k = 0; k < 2; ++k) {
    const int lo = r.between(-4, 2);
    d.push_back(harness::random_domain(r, lo, lo + r.between(0, 6), 20));
  }
  return d;
}

// A binary spec from a propagator factory and the matching meaning on (x, y), with an offset.
template <class Make, class Means>
Spec binary_spec(std::uint64_t seed, const char* what, Make make, Means means) {
  Spec s = base_spec(what, kDomain, seed);
  s.domains = random_pair;
  s.draw = [what, make, means](Rng& r, const Doms&) {
    const Value offset = r.between(-3, 3);
    Constraint c;
    c.text = std::string(what) + " with c = " + std::to_string(offset);
    c.post = [make, offset](csp::Model& m, const std::vector<Var>& x) { m.post(make(x[0], x[1], offset)); };
    c.meaning = [means, offset](const Tuple& t) { return means(t[0], t[1], offset); };
    return c;
  };
  return s;
}

Spec not_equal_spec(std::uint64_t seed) {
  return binary_spec(seed, "x != y + c", [](Var x, Var y, Value c) { return csp::not_equal(x, y, c); },
                     [](Value a, Value b, Value c) { return a != b + c; });
}
Spec equal_spec(std::uint64_t seed) {
  return binary_spec(seed, "x == y + c", [](Var x, Var y, Value c) { return csp::equal(x, y, c); },
                     [](Value a, Value b, Value c) { return a == b + c; });
}
Spec less_spec(std::uint64_t seed) {
  return binary_spec(seed, "x < y + c", [](Var x, Var y, Value c) { return csp::less(x, y, c); },
                     [](Value a, Value b, Value c) { return a < b + c; });
}
Spec less_equal_spec(std::uint64_t seed) {
  return binary_spec(seed, "x <= y + c", [](Var x, Var y, Value c) { return csp::less_equal(x, y, c); },
                     [](Value a, Value b, Value c) { return a <= b + c; });
}

Spec relation_spec(std::uint64_t seed) {
  Spec s = base_spec("relation(x, y, random predicate)", kDomain, seed);
  s.domains = random_pair;
  s.draw = [](Rng& r, const Doms& d) {
    // A random truth table over every pair the domains can hold (values lie in [-4, 8]).
    constexpr Value lo = -4, width = 13;
    auto table = std::make_shared<std::vector<char>>(width * width);
    const int density = r.between(5, 60);
    for (char& cell : *table) cell = r.chance(density) ? 1 : 0;
    auto allowed = [table](Value a, Value b) {
      return (*table)[static_cast<std::size_t>((a - lo) * width + (b - lo))] != 0;
    };
    Constraint c;
    c.post = [allowed](csp::Model& m, const std::vector<Var>& x) { m.post(csp::relation(x[0], x[1], allowed)); };
    c.meaning = [allowed](const Tuple& t) { return allowed(t[0], t[1]); };
    // The allowed pairs of candidates: all that matters for reproducing a failure.
    std::ostringstream text;
    text << "relation allowing";
    for (Value a : d[0])
      for (Value b : d[1])
        if (allowed(a, b)) text << " (" << a << "," << b << ")";
    c.text = text.str();
    return c;
  };
  return s;
}

Spec table_spec(std::uint64_t seed) {
  Spec s = base_spec("table(x, y, random pairs)", kDomain, seed);
  s.domains = random_pair;
  s.draw = [](Rng& r, const Doms& d) {
    // Random pairs: mostly of candidates, some outside the domains, some repeated.
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
    Constraint c;
    c.post = [pairs](csp::Model& m, const std::vector<Var>& x) { m.post(csp::table(x[0], x[1], pairs)); };
    c.meaning = [pairs](const Tuple& t) {
      return std::find(pairs.begin(), pairs.end(), std::pair<Value, Value>(t[0], t[1])) != pairs.end();
    };
    std::ostringstream text;
    text << "table";
    for (const auto& [a, b] : pairs) text << " (" << a << "," << b << ")";
    c.text = text.str();
    return c;
  };
  return s;
}

TEST_CASE("not_equal(x, y, c) is arc consistent", "[bruteforce][harness][binary]") {
  // x != y prunes only against a fixed side and fails only on two equal fixed sides: rarer.
  CHECK(check_spec(not_equal_spec(101), 10).subsumed > 0);  // and the claims held
  harness::check_interval_form(not_equal_spec(101));
}
TEST_CASE("equal(x, y, c) is arc consistent", "[bruteforce][harness][binary]") {
  CHECK(check_spec(equal_spec(102)).subsumed > 0);
  harness::check_interval_form(equal_spec(102));
}
TEST_CASE("less(x, y, c) is arc consistent", "[bruteforce][harness][binary]") { CHECK(check_spec(less_spec(103)).subsumed > 0); }
TEST_CASE("less_equal(x, y, c) is arc consistent", "[bruteforce][harness][binary]") {
  CHECK(check_spec(less_equal_spec(104)).subsumed > 0);
  harness::check_interval_form(less_equal_spec(104));
}
TEST_CASE("less and less_equal are exactly bounds(Z) consistent too", "[bruteforce][harness][binary]") {
  // On an order relation arc consistency only moves bounds, so it is bounds(Z) consistency: the
  // harness's box enumeration must find the same fixpoints.
  for (Spec spec : {less_spec(107), less_equal_spec(108)}) {
    CAPTURE(spec.name);
    spec.promise = {Promise::Kind::bounds_z, "bounds(Z)"};
    spec.instances = 1000;
    check_spec(spec);
  }
}
TEST_CASE("relation(x, y, random predicate) is arc consistent", "[bruteforce][harness][binary]") {
  check_spec(relation_spec(105));
}
TEST_CASE("table(x, y, random pairs) is arc consistent", "[bruteforce][harness][binary]") {
  check_spec(table_spec(106));
}

}  // namespace binary_specs

namespace binary_edges {

using namespace edge_draws;


// Two variables at the edges; the second often in the zone the offset carries the first to.
Doms edge_pair(Rng& r) { return Doms{edge_domain(r), edge_domain(r)}; }

TEST_CASE("binary comparisons at the edges are domain consistent", "[bruteforce][harness][edges][binary]") {
  using Make = std::unique_ptr<csp::Propagator> (*)(Var, Var, Value);
  struct Kind {
    const char* name;
    Make make;
    csp::Comparison rel;  // x REL y + c
  };
  const Kind kinds[] = {{"x == y + c", csp::equal, csp::Comparison::equal},
                        {"x != y + c", csp::not_equal, csp::Comparison::not_equal},
                        {"x <= y + c", csp::less_equal, csp::Comparison::less_equal},
                        {"x < y + c", csp::less, csp::Comparison::less}};
  std::uint64_t seed = 2961;
  for (const Kind& kind : kinds) {
    Spec s = base_spec(std::string(kind.name) + " at the edges", kDomain, seed++);
    s.instances = kEdgeInstances;
    s.domains = edge_pair;
    s.draw = [kind](Rng& r, const Doms&) {
      const Value offset = edge_offset(r);
      Constraint c;
      c.text = std::string(kind.name) + " with c = " + std::to_string(offset);
      c.post = [kind, offset](csp::Model& m, const std::vector<Var>& x) { m.post(kind.make(x[0], x[1], offset)); };
      c.meaning = [kind, offset](const Tuple& t) { return compares(kind.rel, t[0], std::int64_t{t[1]} + offset); };
      return c;
    };
    check_both(s, kind.rel == csp::Comparison::not_equal ? 0 : 3);  // != fails only on two fixed sides
  }
}

TEST_CASE("comparisons of a variable with itself are domain consistent", "[bruteforce][harness][edges][binary]") {
  // x REL x + c (int_lt(x, x), int_le_reif(x, x, b) in FlatZinc): the two-variable propagators
  // narrowed x against itself and reported a fixpoint short of it (x < x accepted x = 2).
  using Make = std::unique_ptr<csp::Propagator> (*)(Var, Var, Value);
  const std::pair<Make, csp::Comparison> kinds[] = {{csp::equal, csp::Comparison::equal},
                                                    {csp::not_equal, csp::Comparison::not_equal},
                                                    {csp::less_equal, csp::Comparison::less_equal},
                                                    {csp::less, csp::Comparison::less}};
  std::uint64_t seed = 2981;
  for (const auto& kind : kinds) {
    const Make make = kind.first;  // not a structured binding: clang 14 cannot capture those
    const csp::Comparison rel = kind.second;
    Spec s = base_spec(std::string("x ") + comparison_text(rel) + " x + c", kDomain, seed++);
    s.instances = 500;
    s.domains = [](Rng& r) { return Doms{r.chance(50) ? zone_values(r, Zone::mid) : edge_domain(r)}; };
    s.draw = [make, rel, name = s.name](Rng& r, const Doms&) {
      const Value offset = r.between(-1, 1);
      Constraint c;
      c.text = name + " with c = " + std::to_string(offset);
      c.post = [make, offset](csp::Model& m, const std::vector<Var>& x) { m.post(make(x[0], x[0], offset)); };
      c.meaning = [rel, offset](const Tuple& t) { return compares(rel, t[0], std::int64_t{t[0]} + offset); };
      return c;
    };
    CAPTURE(s.name);
    const Report r = run(s);
    INFO(r.failure);
    CHECK(r.failure.empty());
    CHECK(r.tally.root_failed > 0);
    for (csp::Reify mode : kModes) {
      Spec b = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " x + c"), kDomain, seed++);
      b.instances = 500;
      b.domains = [](Rng& r) { return Doms{edge_domain(r), zone_values(r, Zone::boolean, 40)}; };
      b.draw = [rel, mode, name = b.name](Rng& r, const Doms&) {
        const Value offset = r.between(-1, 1);
        Constraint c;
        c.text = name + " with c = " + std::to_string(offset);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, x[0], offset, x[1], mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], std::int64_t{t[0]} + offset), t[1]); };
        return c;
      };
      CAPTURE(b.name);
      const Report rb = run(b);
      INFO(rb.failure);
      CHECK(rb.failure.empty());
    }
  }
}

TEST_CASE("x <= y + c and x < y + c with c carrying one edge to the other do not overflow", "[edges][regression]") {
  // min x - c for x = kMinValue + 2 and c = 2^31 - 3 wrapped to a large positive bound and emptied y.
  for (const bool strict : {false, true}) {
    CAPTURE(strict);
    csp::Model model;
    const Var x = model.add_var(kLo + 2, kLo + 2), y = model.add_var(-2, 2);
    const Value c = kHi - kLo - 1;
    model.post(strict ? csp::less(x, y, c) : csp::less_equal(x, y, c));
    const Outcome got = propagate(model, model.initial_domains());
    REQUIRE(got.ok);
    CHECK(got.domains.values(y) == std::vector<Value>{-2, -1, 0, 1, 2});
    // and the other way: y's bound plus a negative c below int's least
    csp::Model back;
    const Var a = back.add_var(kLo, kLo + 4), b = back.add_var(kLo, kLo + 1);
    back.post(strict ? csp::less(a, b, kLo - kHi) : csp::less_equal(a, b, kLo - kHi));
    CHECK_FALSE(propagate(back, back.initial_domains()).ok);  // a <= b - (2^31 - 2): below the range
  }
}

TEST_CASE("x == y + c and x != y + c with c past the range compute y + c in 64 bits", "[edges][regression]") {
  // y + c outside int (formerly undefined behaviour that happened to wrap past the range)
  csp::Model model;
  const Var x = model.add_var(kHi - 1, kHi), y = model.add_var(std::vector<Value>{kLo, kLo + 1, kHi});
  model.post(csp::equal(x, y, kHi - kLo));  // x = y + 2^31 - 2: y = kLo with x = kHi, nothing else
  const Outcome got = propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{kHi});
  CHECK(got.domains.values(y) == std::vector<Value>{kLo});
  csp::Model ne;
  const Var a = ne.add_var(kLo, kLo), b = ne.add_var(kHi - 1, kHi);
  ne.post(csp::not_equal(a, b, kLo - kHi));  // a != b - (2^31 - 2): b = kHi is out
  const Outcome cut = propagate(ne, ne.initial_domains());
  REQUIRE(cut.ok);
  CHECK(cut.domains.values(b) == std::vector<Value>{kHi - 1});
}

}  // namespace binary_edges
