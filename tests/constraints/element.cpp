// element.hpp's element over constants and over variables with the propagator harness: domain
// consistency; then at the edges of the value range and the regressions it found.
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
#include <vector>

#include "constraints/builtin_draws.hpp"
#include "constraints/edge_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/element.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace element_specs {

using namespace builtin_draws;

// ---- element ---------------------------------------------------------------------------------------

TEST_CASE("element over a constant array is domain consistent", "[bruteforce][harness][element]") {
  Spec s = base_spec("z = a[x], 1-based", kDomain, 901);
  s.instances = 3000;
  s.domains = [](Rng& r) { return Doms{window(r, -1, 3, 5), window(r, -4, 2, 5)}; };
  s.draw = [](Rng& r, const Doms&) {
    std::vector<Value> a;
    for (int n = r.between(1, 5); n > 0; --n) a.push_back(r.between(-3, 3));
    std::ostringstream text;
    text << "z = a[x] with a =";
    for (Value v : a) text << " " << v;
    Constraint c;
    c.text = text.str();
    c.post = [a](csp::Model& m, const std::vector<Var>& x) { m.post(csp::element(x[0], a, x[1])); };
    c.meaning = [a](const Tuple& t) {
      return t[0] >= 1 && t[0] <= static_cast<Value>(a.size()) && a[static_cast<std::size_t>(t[0] - 1)] == t[1];
    };
    return c;
  };
  check_spec(s, 10);
  check_interval_form(s);
}

TEST_CASE("element over an array of variables is domain consistent", "[bruteforce][harness][element]") {
  // The scope is x, z, a[1..n] with n = 1..3.
  const Spec s = fixed_spec(
      902, "z = a[x] over variables, 1-based", kDomain, 3000,
      [](Rng& r) {
        Doms d{window(r, -1, 2, 4), window(r, -3, 1, 4)};
        for (int n = r.between(1, 3); n > 0; --n) d.push_back(window(r, -3, 1, 3));
        return d;
      },
      [](const std::vector<Var>& x) { return csp::element(x[0], std::vector<Var>(x.begin() + 2, x.end()), x[1]); },
      [](const Tuple& t) {
        const Value n = static_cast<Value>(t.size()) - 2;
        return t[0] >= 1 && t[0] <= n && t[static_cast<std::size_t>(t[0]) + 1] == t[1];
      });
  check_spec(s, 10);
  check_interval_form(s);
}

TEST_CASE("element over an array of variables is domain consistent on multi-word domains", "[bruteforce][harness][element]") {
  // The same constraint with z and the a[i] over values far apart, on both sides of word edges
  // (63|64, 127|128, ...) and of 0, so their domains span several words with different bases: the
  // word-by-word intersection must line them up.
  static const std::vector<Value> pool{-129, -65, -64, -1, 0, 1, 63, 64, 127, 128, 190};
  auto pick = [](Rng& r, int most) {
    std::vector<Value> d;
    for (Value v : pool)
      if (r.between(0, 99) < 35) d.push_back(v);
    while (static_cast<int>(d.size()) > most) d.erase(d.begin() + r.between(0, static_cast<int>(d.size()) - 1));
    if (d.empty()) d.push_back(pool[static_cast<std::size_t>(r.between(0, static_cast<int>(pool.size()) - 1))]);
    return d;
  };
  const Spec s = fixed_spec(
      903, "z = a[x] over variables with multi-word domains", kDomain, 3000,
      [pick](Rng& r) {
        Doms d{window(r, 0, 2, 3), pick(r, 6)};
        for (int n = r.between(1, 3); n > 0; --n) d.push_back(pick(r, 4));
        return d;
      },
      [](const std::vector<Var>& x) { return csp::element(x[0], std::vector<Var>(x.begin() + 2, x.end()), x[1]); },
      [](const Tuple& t) {
        const Value n = static_cast<Value>(t.size()) - 2;
        return t[0] >= 1 && t[0] <= n && t[static_cast<std::size_t>(t[0]) + 1] == t[1];
      });
  check_spec(s, 10);  // no interval form: hulls of 320 values are too many tuples to enumerate
}

}  // namespace element_specs

namespace element_edges {

using namespace edge_draws;

// ---- element, extremum, bool2int ---------------------------------------------------------------------

TEST_CASE("element over a constant array with values at the edges is domain consistent",
          "[bruteforce][harness][edges][element]") {
  Spec s = base_spec("z = a[x] with a at the edges", kDomain, 3101);
  s.instances = kEdgeInstances;
  // The array is drawn with the domains (z near one of its values) and stashed for draw().
  const Stash<std::vector<Value>> array = std::make_shared<std::vector<Value>>();
  s.domains = [array](Rng& r) {
    const int n = r.between(1, 5);
    std::vector<Value>& a = *array;
    a.clear();
    for (int i = 0; i < n; ++i) a.push_back(pick(r, zone_values(r, any_zone(r), 100)));
    // Most of the time a solution: x holds some j (1-based) and z holds a[j], among neighbours.
    const Value j = r.between(1, n);
    const bool hit = r.chance(70);
    const Value lo = hit ? j - r.between(0, 2) : r.between(-1, n);
    Doms d{random_domain(r, lo, lo + r.between(0, 3), 20), near(r, a[static_cast<std::size_t>(j - 1)])};
    if (!hit) d[1] = r.chance(50) ? d[1] : zone_values(r, any_zone(r));
    for (std::size_t i = 0; hit && i < 2; ++i) {  // put j into x, a[j] into z
      const Value v = i == 0 ? j : a[static_cast<std::size_t>(j - 1)];
      if (!std::binary_search(d[i].begin(), d[i].end(), v)) d[i].insert(std::upper_bound(d[i].begin(), d[i].end(), v), v);
    }
    return d;
  };
  s.draw = [array](Rng&, const Doms&) {
    const std::vector<Value> a = *array;
    std::ostringstream text;
    text << "z = a[x] with a =";
    for (Value v : a) text << " " << v;
    Constraint c;
    c.text = text.str();
    c.post = [a](csp::Model& m, const std::vector<Var>& x) { m.post(csp::element(x[0], a, x[1])); };
    c.meaning = [a](const Tuple& t) {
      return t[0] >= 1 && t[0] <= static_cast<Value>(a.size()) && a[static_cast<std::size_t>(t[0] - 1)] == t[1];
    };
    return c;
  };
  check_both(s, 3);
}

TEST_CASE("element over variables at the edges is domain consistent", "[bruteforce][harness][edges][element]") {
  // The scope is x, z, a[1..n] with n = 1..3; z near one of the a[i].
  Spec s = base_spec("z = a[x] over variables at the edges", kDomain, 3111);
  s.instances = kEdgeInstances;
  s.domains = [](Rng& r) {
    const int n = r.between(1, 3);
    const Value j = r.between(1, n);  // z near a candidate of a[j], and x's window often holds j
    const Value lo = r.chance(75) ? j - r.between(0, 2) : r.between(-1, n);
    Doms d{random_domain(r, lo, lo + r.between(0, 3), 20)};
    Doms a;
    for (int i = 0; i < n; ++i) a.push_back(zone_values(r, any_zone(r)));
    d.push_back(r.chance(75) ? near(r, pick(r, a[static_cast<std::size_t>(j - 1)])) : edge_domain(r));
    d.insert(d.end(), a.begin(), a.end());
    return d;
  };
  s.draw = [](Rng&, const Doms&) {
    Constraint c;
    c.text = "z = a[x] over variables";
    c.post = [](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::element(x[0], std::vector<Var>(x.begin() + 2, x.end()), x[1]));
    };
    c.meaning = [](const Tuple& t) {
      const Value n = static_cast<Value>(t.size()) - 2;
      return t[0] >= 1 && t[0] <= n && t[static_cast<std::size_t>(t[0]) + 1] == t[1];
    };
    return c;
  };
  check_both(s, 3);
}

TEST_CASE("element over variables with a variable in two roles is sound", "[bruteforce][harness][edges][element]") {
  // The scope x0..x3 posted as element(index, array, result) with repeats: the result among the
  // array, the index among it, index = result. Soundness, idempotence, complete assignments.
  struct Shape {
    const char* text;
    std::size_t index, result;
    std::vector<std::size_t> array;
  };
  const Shape shapes[] = {{"a[x] = x", 0, 0, {1, 2, 3}},       {"[x1, x3, x2][x0] = x1", 0, 1, {1, 3, 2}},
                          {"[x2, x0, x3][x0] = x1", 0, 1, {2, 0, 3}}, {"[x2, x2, x3][x0] = x1", 0, 1, {2, 2, 3}},
                          {"[x1, x0][x0] = x0", 0, 0, {1, 0}}};
  std::uint64_t seed = 3141;
  for (const Shape& shape : shapes) {
    Spec s = base_spec(std::string("element ") + shape.text, {Promise::Kind::sound, "soundness"}, seed++);
    s.instances = 1500;
    s.domains = [](Rng& r) {
      Doms d;
      for (int i = 0; i < 4; ++i) d.push_back(random_domain(r, -1, 3, 20));
      if (r.chance(30)) d[3] = zone_values(r, edge_zone(r));  // one array entry at an edge
      return d;
    };
    s.draw = [shape](Rng&, const Doms&) {
      Constraint c;
      c.text = shape.text;
      c.post = [shape](csp::Model& m, const std::vector<Var>& x) {
        std::vector<Var> array;
        for (std::size_t k : shape.array) array.push_back(x[k]);
        m.post(csp::element(x[shape.index], array, x[shape.result]));
      };
      c.meaning = [shape](const Tuple& t) {
        const Value i = t[shape.index];
        return i >= 1 && i <= static_cast<Value>(shape.array.size()) &&
               t[shape.array[static_cast<std::size_t>(i - 1)]] == t[shape.result];
      };
      return c;
    };
    CAPTURE(s.name);
    const Report r = run(s);
    INFO(r.failure);
    CHECK(r.failure.empty());
  }
}

TEST_CASE("element over constants with the index as the result keeps the fixed points", "[edges][regression]") {
  // array_int_element(x, [2, 3, -5], x): a[x] = x has no solution; the pair propagator narrowed x
  // as index and as value apart and accepted x = 2 (a[2] = 3).
  csp::Model none;
  const Var x = none.add_var(0, 3);
  none.post(csp::element(x, std::vector<Value>{2, 3, -5}, x));
  CHECK_FALSE(propagate(none, none.initial_domains()).ok);
  csp::Model some;
  const Var y = some.add_var(kLo, kHi);
  some.post(csp::element(y, std::vector<Value>{1, kHi, 3, 0}, y));
  CHECK(count(some) == 2);  // y = 1, y = 3
}

TEST_CASE("element with an unbounded index keeps the array's positions", "[edges][regression]") {
  csp::Model model;
  const Var x = model.add_var(kLo, kHi), z = model.add_var(kLo, kHi);
  model.post(csp::element(x, std::vector<Value>{kLo, kHi, 0, kHi, kLo + 1}, z));
  const Outcome got = propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.min(x) == 1);
  CHECK(got.domains.max(x) == 5);
  CHECK(count(model) == 5);
  csp::Model m2;
  const Var i = m2.add_var(kLo, kHi), w = m2.add_var(kLo, kHi);
  std::vector<Var> a{m2.add_var(kHi - 1, kHi), m2.add_var(kLo, kLo + 1)};
  m2.post(csp::element(i, a, w));
  CHECK(count(m2) == 8);
}

}  // namespace element_edges
