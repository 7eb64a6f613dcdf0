// Every constraint of csp/constraints/ at each strength, registered with the propagator harness
// (propagator_harness.hpp) with the promise its header states:
//  - arc / generalised arc consistency (binary relations, table, equal, not_equal, less,
//    less_equal, all-different(domain)): the harness enumerates the meaning written here;
//  - the weaker promises (predicate, linear bounds(R), all-different check/pairwise/value): their
//    documented fixpoint, re-implemented here on plain vectors, without calling library code.
// The harness adds soundness, idempotence, random narrowing walks, complete assignments and
// solution counts. A few all-different cases the random draws do not reach close the file.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/predicate.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace {

using csp::Value;
using csp::Var;
using harness::Constraint;
using harness::Doms;
using harness::Promise;
using harness::Rng;
using harness::Spec;
using harness::Tuple;
using harness::base_spec;
using harness::bounds_r_fixpoint;
using harness::check_spec;
using harness::kDomain;
using harness::kInstances;

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

// ---- predicate ---------------------------------------------------------------------------------

// predicate.hpp: all fixed -> fail iff rejected; exactly one unfixed -> it keeps the values the
// function accepts (the others being fixed); two or more unfixed -> nothing.
std::optional<Doms> predicate_fixpoint(const std::function<bool(const Tuple&)>& meaning, const Doms& d) {
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i].size() > 1) open.push_back(i);
  Tuple t;
  for (const auto& values : d) t.push_back(values[0]);
  if (open.empty()) return meaning(t) ? std::optional<Doms>(d) : std::nullopt;
  if (open.size() > 1) return d;
  Doms out = d;
  std::vector<Value>& last = out[open[0]];
  last.clear();
  for (Value x : d[open[0]]) {
    t[open[0]] = x;
    if (meaning(t)) last.push_back(x);
  }
  return last.empty() ? std::nullopt : std::optional<Doms>(out);
}

Spec predicate_spec(std::uint64_t seed) {
  Spec s = base_spec("predicate(vars, random truth table)",
                     {Promise::Kind::custom, "predicate.hpp's forward checking"}, seed);
  // 2-4 variables over one range [lo, lo + width) of width 2-4, within [-3, 4].
  s.domains = [](Rng& r) {
    const int n = r.between(2, 4);
    const Value lo = r.between(-3, 1);
    const int width = r.between(2, 4);
    Doms d;
    for (int i = 0; i < n; ++i) d.push_back(harness::random_domain(r, lo, lo + width - 1, 45));
    return d;
  };
  s.draw = [](Rng& r, const Doms& d) {
    // A random truth table over the range [lo, hi] of the domains, indexed in base hi - lo + 1.
    Value lo = d[0].front(), hi = d[0].back();
    for (const auto& values : d) lo = std::min(lo, values.front()), hi = std::max(hi, values.back());
    const auto width = static_cast<std::size_t>(hi - lo + 1);
    auto table = std::make_shared<std::vector<char>>();
    std::size_t cells = 1;
    for (std::size_t i = 0; i < d.size(); ++i) cells *= width;
    const int density = r.between(10, 90);
    for (std::size_t k = 0; k < cells; ++k) table->push_back(r.chance(density) ? 1 : 0);
    auto cell = [table, lo, width](std::span<const Value> v) {
      std::size_t k = 0;
      for (Value x : v) k = k * width + static_cast<std::size_t>(x - lo);
      return (*table)[k] != 0;
    };
    Constraint c;
    c.post = [cell](csp::Model& m, const std::vector<Var>& x) { m.post(csp::predicate(x, cell)); };
    c.meaning = [cell](const Tuple& t) { return cell(t); };
    c.fixpoint = [meaning = c.meaning](const Doms& now) { return predicate_fixpoint(meaning, now); };
    std::ostringstream text;
    text << "predicate over [" << lo << ", " << hi << "]^" << d.size() << ", truth table (base-" << width
         << " index order) ";
    for (char x : *table) text << (x ? '1' : '0');
    c.text = text.str();
    return c;
  };
  return s;
}

// ---- linear ------------------------------------------------------------------------------------

// linear(k, x, rel, rhs) with random non-zero coefficients, or (`unit`) sum(x, rel, rhs).
Spec linear_spec(std::uint64_t seed, csp::LinearRelation rel, bool unit = false) {
  static const char* rels[] = {"=", "<=", ">="};
  Spec s = base_spec(std::string(unit ? "sum(" : "linear(") + rels[static_cast<int>(rel)] + ")",
                     {Promise::Kind::custom, "bounds(R)"}, seed);
  s.domains = [](Rng& r) {
    const int n = r.between(2, 4);
    Doms d;
    for (int i = 0; i < n; ++i) {
      const int lo = r.between(-5, 3);
      d.push_back(harness::random_domain(r, lo, lo + r.between(0, 6), 20));
    }
    return d;
  };
  s.draw = [rel, unit](Rng& r, const Doms& d) {
    std::vector<std::int64_t> k;
    for (std::size_t i = 0; i < d.size(); ++i) {
      const int a = r.between(-4, 3);
      k.push_back(unit ? 1 : a >= 0 ? a + 1 : a);  // non-zero, in [-4, 4]
    }
    // rhs around the reachable range of the sum, a little beyond on both sides.
    std::int64_t lo = 0, hi = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
      lo += std::min(k[i] * d[i].front(), k[i] * d[i].back());
      hi += std::max(k[i] * d[i].front(), k[i] * d[i].back());
    }
    const std::int64_t rhs = r.between(static_cast<int>(lo) - 3, static_cast<int>(hi) + 3);
    Constraint c;
    c.post = [k, rel, rhs, unit](csp::Model& m, const std::vector<Var>& x) {
      m.post(unit ? csp::sum(x, rel, rhs) : csp::linear(k, x, rel, rhs));
    };
    c.meaning = [k, rel, rhs](const Tuple& t) {
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < t.size(); ++i) sum += k[i] * t[i];
      switch (rel) {
        case csp::LinearRelation::equal: return sum == rhs;
        case csp::LinearRelation::less_equal: return sum <= rhs;
        case csp::LinearRelation::greater_equal: return sum >= rhs;
      }
      return false;
    };
    c.fixpoint = [k, rel, rhs](const Doms& now) { return bounds_r_fixpoint(k, rel, rhs, now); };
    std::ostringstream text;
    for (std::size_t i = 0; i < k.size(); ++i) text << (i ? " + " : "") << k[i] << "*x" << i;
    text << " " << rels[static_cast<int>(rel)] << " " << rhs;
    c.text = text.str();
    return c;
  };
  return s;
}

// ---- all-different -------------------------------------------------------------------------------

bool distinct(const Tuple& t) {
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

// all_different.hpp's `check`: prunes nothing; fails exactly when two fixed variables share a value.
std::optional<Doms> check_fixpoint(const Doms& d) {
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t j = i + 1; j < d.size(); ++j)
      if (d[i].size() == 1 && d[j].size() == 1 && d[i][0] == d[j][0]) return std::nullopt;
  return d;
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

// How a spec posts all-different: all_different(vars, ...) rescans the scope at every run;
// all_different(model, vars, ...) keeps search state (pairwise, value), which the harness's walks
// carry down, restore on their steps back and narrow between runs.
enum class Posting : std::uint8_t { stateless, with_state };
// Plain all-different, or the form with an offset per variable (x_i + c_i pairwise distinct).
enum class Offsets : std::uint8_t { none, drawn };

// Each position's values moved by its offset (sign -1: back).
Doms shifted(Doms d, const std::vector<Value>& offsets, int sign) {
  for (std::size_t i = 0; i < d.size(); ++i)
    for (Value& x : d[i]) x += sign * offsets[i];
  return d;
}

// 2-6 variables, each a random subset of one value range of size 2-7 (often reaching below 0);
// with Offsets::drawn, each position gets an offset in -3..3 (so the shifted ranges overlap in part).
// The reference fixpoints of the offset form are the plain ones over the shifted domains, shifted back.
Spec all_different_spec(std::uint64_t seed, csp::AllDifferentStrength strength, Posting posting = Posting::stateless,
                        Offsets offsets = Offsets::none) {
  Spec s = base_spec(std::string("all-different(") + strength_name(strength) + ")" +
                         (posting == Posting::with_state ? " with state" : "") +
                         (offsets == Offsets::drawn ? " with offsets" : ""),
                     {}, seed);
  s.domains = [](Rng& r) {
    const int n = r.between(2, 6);
    const Value lo = r.between(-4, 2);
    const Value hi = lo + r.between(1, 6);
    Doms d;
    for (int i = 0; i < n; ++i) d.push_back(harness::random_domain(r, lo, hi, 15));
    return d;
  };
  std::function<std::optional<Doms>(const Doms&)> fixpoint;
  switch (strength) {
    case csp::AllDifferentStrength::check:
      s.promise = {Promise::Kind::custom, "the check of fixed values"};
      fixpoint = check_fixpoint;
      break;
    case csp::AllDifferentStrength::pairwise:
      s.promise = {Promise::Kind::custom, "arc consistency of the != clique"};
      fixpoint = pairwise_fixpoint;
      break;
    case csp::AllDifferentStrength::value:
      s.promise = {Promise::Kind::custom, "the counting fixpoint of all_different.hpp"};
      fixpoint = value_fixpoint;
      break;
    case csp::AllDifferentStrength::domain: s.promise = kDomain; break;
  }
  s.draw = [strength, posting, offsets, fixpoint, name = s.name](Rng& r, const Doms& d) {
    Constraint c;
    c.text = name;
    if (offsets == Offsets::none) {
      c.post = [strength, posting](csp::Model& m, const std::vector<Var>& x) {
        m.post(posting == Posting::with_state ? csp::all_different(m, x, strength) : csp::all_different(x, strength));
      };
      c.meaning = distinct;
      c.partial = [](const Tuple& t, const std::vector<char>& assigned, std::size_t i) {
        for (std::size_t j = 0; j < t.size(); ++j)
          if (j != i && assigned[j] && t[j] == t[i]) return false;
        return true;
      };
      c.fixpoint = fixpoint;
      return c;
    }
    std::vector<Value> off;
    for (std::size_t i = 0; i < d.size(); ++i) off.push_back(r.between(-3, 3));
    c.text += " offsets";
    for (Value o : off) c.text.append(" ").append(std::to_string(o));
    c.post = [strength, posting, off](csp::Model& m, const std::vector<Var>& x) {
      m.post(posting == Posting::with_state ? csp::all_different(m, x, off, strength)
                                            : csp::all_different(x, off, strength));
    };
    c.meaning = [off](const Tuple& t) {
      for (std::size_t i = 0; i < t.size(); ++i)
        for (std::size_t j = i + 1; j < t.size(); ++j)
          if (t[i] + off[i] == t[j] + off[j]) return false;
      return true;
    };
    c.partial = [off](const Tuple& t, const std::vector<char>& assigned, std::size_t i) {
      for (std::size_t j = 0; j < t.size(); ++j)
        if (j != i && assigned[j] && t[j] + off[j] == t[i] + off[i]) return false;
      return true;
    };
    if (fixpoint)
      c.fixpoint = [fixpoint, off](const Doms& now) -> std::optional<Doms> {
        std::optional<Doms> want = fixpoint(shifted(now, off, 1));
        if (!want) return std::nullopt;
        return shifted(*want, off, -1);
      };
    return c;
  };
  return s;
}

}  // namespace

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
TEST_CASE("predicate(vars, random truth table) keeps its documented promise", "[bruteforce][harness][predicate]") {
  check_spec(predicate_spec(201));
}
TEST_CASE("linear(=) is bounds(R) consistent", "[bruteforce][harness][linear]") {
  check_spec(linear_spec(301, csp::LinearRelation::equal));
  harness::check_interval_form(linear_spec(301, csp::LinearRelation::equal));
}
TEST_CASE("linear(<=) is bounds(R) consistent", "[bruteforce][harness][linear]") {
  check_spec(linear_spec(302, csp::LinearRelation::less_equal));
  harness::check_interval_form(linear_spec(302, csp::LinearRelation::less_equal));
}
TEST_CASE("linear(>=) is bounds(R) consistent", "[bruteforce][harness][linear]") {
  check_spec(linear_spec(303, csp::LinearRelation::greater_equal));
  harness::check_interval_form(linear_spec(303, csp::LinearRelation::greater_equal));
}
TEST_CASE("sum(=), sum(<=) and sum(>=) are bounds(R) consistent", "[bruteforce][harness][linear]") {
  std::uint64_t seed = 304;
  for (auto rel : {csp::LinearRelation::equal, csp::LinearRelation::less_equal, csp::LinearRelation::greater_equal}) {
    Spec spec = linear_spec(seed++, rel, true);
    CAPTURE(spec.name);
    spec.instances = 2000;
    check_spec(spec);
    harness::check_interval_form(spec, 500);
  }
}
TEST_CASE("all-different(check) keeps its documented promise", "[bruteforce][harness][all-different]") {
  const Spec spec = all_different_spec(401, csp::AllDifferentStrength::check);
  const harness::Report r = harness::run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.pruned == 0);  // check never prunes
  CHECK(r.tally.root_failed >= 30);
  CHECK(r.tally.root_unchanged >= 30);
}
TEST_CASE("all-different(pairwise) reaches the != clique's arc consistency", "[bruteforce][harness][all-different]") {
  check_spec(all_different_spec(402, csp::AllDifferentStrength::pairwise));
}
TEST_CASE("all-different(value) reaches its documented counting fixpoint", "[bruteforce][harness][all-different]") {
  check_spec(all_different_spec(403, csp::AllDifferentStrength::value));
}
// The incremental forms: each walk fixes, propagates, steps back and fixes another, so the handled
// bits in the search state must follow the domains (a stale bit would leave a fixed value behind).
TEST_CASE("all-different(pairwise) with search state reaches the != clique's arc consistency",
          "[bruteforce][harness][all-different]") {
  Spec spec = all_different_spec(407, csp::AllDifferentStrength::pairwise, Posting::with_state);
  spec.instances = 3 * kInstances;
  check_spec(spec);
}
TEST_CASE("all-different(value) with search state reaches its documented counting fixpoint",
          "[bruteforce][harness][all-different]") {
  Spec spec = all_different_spec(408, csp::AllDifferentStrength::value, Posting::with_state);
  spec.instances = 3 * kInstances;
  check_spec(spec);
}
TEST_CASE("all-different(value) with search state counts right over more than 64 variables and values",
          "[bruteforce][harness][all-different]") {
  // 65-70 variables need two handled words. Each keeps to one word (its values within 20 of its
  // own in a permutation of 0..n-1), but together they span more than one window of 64 values
  // until the walk narrows them: counting takes the sorted path first and the word path further
  // down. A third of the instances fix nobody at the root; in the others some variables start
  // fixed, now and then not on their own value (so that some roots fail).
  Spec spec = all_different_spec(409, csp::AllDifferentStrength::value, Posting::with_state);
  spec.name += " over 65-70 variables";
  spec.domains = [](Rng& r) {
    const int n = r.between(65, 70);
    std::vector<Value> perm(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) perm[static_cast<std::size_t>(i)] = i;
    for (int i = n - 1; i > 0; --i) std::swap(perm[static_cast<std::size_t>(i)], perm[static_cast<std::size_t>(r.between(0, i))]);
    const int fixed_percent = r.chance(33) ? 0 : r.between(1, 90);
    Doms d;
    for (int i = 0; i < n; ++i) {
      const Value own = perm[static_cast<std::size_t>(i)];
      auto near = [&] { return std::clamp(own + r.between(-20, 20), 0, n + 9); };
      std::vector<Value> x;
      if (r.chance(fixed_percent)) {
        x.push_back(r.chance(5) ? near() : own);
      } else {
        x.push_back(own);
        for (int k = r.between(1, 4); k > 0; --k) x.push_back(near());
      }
      std::sort(x.begin(), x.end());
      x.erase(std::unique(x.begin(), x.end()), x.end());
      d.push_back(x);
    }
    return d;
  };
  // Each walk runs dozens of fixpoints over 65-70 variables, each checked against an enumeration:
  // fewer instances, enumerations bounded (soundness from what they find), no counted searches.
  spec.instances = 60;
  spec.enumeration_nodes = 1000;
  spec.search_every = 0;
  const harness::Report r = harness::run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.root_failed >= 5);
  CHECK(r.tally.root_pruned >= 5);
  CHECK(r.tally.root_unchanged >= 5);
  CHECK(r.tally.fixpoints >= 20 * r.tally.instances);  // the walks went deep
}
TEST_CASE("all-different(domain) is generalised arc consistent", "[bruteforce][harness][all-different]") {
  Spec spec = all_different_spec(404, csp::AllDifferentStrength::domain);
  spec.instances = 3 * kInstances;
  check_spec(spec);
  // Over interval forms it falls back to all-different(value): soundness, no promise of GAC.
  Spec wide = harness::interval_form(spec, 1000);
  wide.promise = {harness::Promise::Kind::sound, "soundness (value fallback)"};
  const harness::Report r = harness::run(wide);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.failed > 0);
}

// The offset forms (x_i + c_i pairwise distinct): each strength keeps its promise over the shifted
// values, with and without search state (the state walks narrow, step back and narrow again).
TEST_CASE("all-different with offsets keeps each strength's promise", "[bruteforce][harness][all-different]") {
  std::uint64_t seed = 420;
  for (auto strength : {csp::AllDifferentStrength::pairwise, csp::AllDifferentStrength::value,
                        csp::AllDifferentStrength::domain}) {
    for (Posting posting : {Posting::stateless, Posting::with_state}) {
      Spec spec = all_different_spec(seed++, strength, posting, Offsets::drawn);
      CAPTURE(spec.name);
      check_spec(spec);
    }
  }
  const Spec check = all_different_spec(seed++, csp::AllDifferentStrength::check, Posting::stateless, Offsets::drawn);
  const harness::Report r = harness::run(check);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.pruned == 0);  // check never prunes
  CHECK(r.tally.root_failed >= 30);
}
TEST_CASE("all-different with offsets is sound on the interval form", "[bruteforce][harness][all-different]") {
  // Pairwise and value keep their (hull) fixpoints; domain falls back to value there: soundness.
  std::uint64_t seed = 430;
  for (auto strength : {csp::AllDifferentStrength::pairwise, csp::AllDifferentStrength::value}) {
    Spec spec = all_different_spec(seed++, strength, Posting::with_state, Offsets::drawn);
    spec.promise = {Promise::Kind::sound, "soundness on the interval form"};
    CAPTURE(spec.name);
    harness::check_interval_form(spec, 500);
  }
  Spec wide = harness::interval_form(all_different_spec(seed++, csp::AllDifferentStrength::domain,
                                                        Posting::stateless, Offsets::drawn), 1000);
  wide.promise = {harness::Promise::Kind::sound, "soundness (value fallback)"};
  const harness::Report r = harness::run(wide);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.failed > 0);
}
TEST_CASE("all-different(domain) with offsets is GAC over shifted ranges more than 64 values apart",
          "[bruteforce][harness][all-different]") {
  // Offsets in -32..32 (multiples of 4, as the values) on one-word variables within 0..40 spread
  // the shifted candidates over up to 105 values, beyond one window of 64: the general (index
  // space) path, and the one-word path once narrowed.
  Spec spec = all_different_spec(440, csp::AllDifferentStrength::domain, Posting::stateless, Offsets::drawn);
  spec.name += " over -32..72";
  spec.domains = [](Rng& r) {
    const int n = r.between(2, 6);
    Doms d;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> x;
      for (Value v = 0; v <= 40; v += 4)
        if (r.chance(30)) x.push_back(v);
      if (x.empty()) x.push_back(4 * r.between(0, 10));
      d.push_back(x);
    }
    return d;
  };
  const auto draw = spec.draw;
  spec.draw = [draw](Rng& r, const Doms& d) {
    Constraint c = draw(r, d);  // its offsets -3..3 (ignored below): the draw sequence stays put
    std::vector<Value> off;
    for (std::size_t i = 0; i < d.size(); ++i) off.push_back(4 * r.between(-8, 8));
    c.text = "all-different(domain) offsets";
    for (Value o : off) c.text.append(" ").append(std::to_string(o));
    c.post = [off](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::all_different(x, off, csp::AllDifferentStrength::domain));
    };
    c.meaning = [off](const Tuple& t) {
      for (std::size_t i = 0; i < t.size(); ++i)
        for (std::size_t j = i + 1; j < t.size(); ++j)
          if (t[i] + off[i] == t[j] + off[j]) return false;
      return true;
    };
    c.partial = nullptr;
    return c;
  };
  check_spec(spec, 10);
}

TEST_CASE("all-different(domain) is GAC on one-word variables that span more than 64 values together",
          "[bruteforce][harness][all-different]") {
  // Each variable keeps to one word (its values among 30k..30k+61, two in every 30), but together
  // they reach from 0 to 91: the propagator then takes its general path, and its one-word path once
  // search has narrowed the candidates to 64 consecutive values; each keeps its own matching.
  Spec spec = all_different_spec(406, csp::AllDifferentStrength::domain);
  spec.name += " over 0..91";
  spec.domains = [](Rng& r) {
    const int n = r.between(2, 6);
    Doms d;
    for (int i = 0; i < n; ++i) {
      const Value from = 30 * r.between(0, 1);
      std::vector<Value> x;
      for (Value v = from; v <= from + 63; ++v)
        if (v % 30 < 2 && r.chance(50)) x.push_back(v);
      if (x.empty()) x.push_back(from + 30);
      d.push_back(x);
    }
    return d;
  };
  check_spec(spec);
}

// The builtins the cases above check on bits only, over interval-form variables (as past
// kIntervalThreshold values, where removing an interior value is a no-op): sound, idempotent and
// exact on complete assignments. Soundness only: on hole-free domains a value rule reaches less.
TEST_CASE("the remaining builtins are sound and idempotent on the interval form", "[bruteforce][harness][interval]") {
  auto sound = [](Spec spec) {
    spec.promise = {Promise::Kind::sound, "soundness on the interval form"};
    return spec;
  };
  for (const Spec& spec : {less_spec(103), relation_spec(105), table_spec(106), predicate_spec(201),
                           all_different_spec(402, csp::AllDifferentStrength::pairwise),
                           all_different_spec(403, csp::AllDifferentStrength::value),
                           all_different_spec(407, csp::AllDifferentStrength::pairwise, Posting::with_state),
                           all_different_spec(408, csp::AllDifferentStrength::value, Posting::with_state)}) {
    CAPTURE(spec.name);
    harness::check_interval_form(sound(spec), 500);
  }
  const Spec check = harness::interval_form(sound(all_different_spec(401, csp::AllDifferentStrength::check)), 500);
  const harness::Report r = harness::run(check);  // check never prunes: only failures to insist on
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.failed > 0);
}

// The harness itself: a propagator weaker or stronger than the promise it is registered with, or
// one that removes a value of a solution, must be caught, with the instance in the message.
TEST_CASE("the harness catches a broken promise and an unsound propagator", "[harness]") {
  Spec weak = all_different_spec(404, csp::AllDifferentStrength::pairwise);
  weak.promise = kDomain;
  const harness::Report r = harness::run(weak);
  CHECK_THAT(r.failure, Catch::Contains("not domain (GAC)") && Catch::Contains("seed 404, instance"));

  Spec strong = equal_spec(102);  // x == y + c also removes inner values: more than bounds(Z)
  strong.promise = {Promise::Kind::bounds_z, "bounds(Z)"};
  CHECK_THAT(harness::run(strong).failure, Catch::Contains("not bounds(Z)"));

  Spec unsound = less_spec(103);
  unsound.promise = {Promise::Kind::sound, "soundness"};
  const auto draw = unsound.draw;
  unsound.draw = [draw](Rng& r, const Doms& d) {  // posts x < y + c - 1, meaning x < y + c
    Constraint c = draw(r, d);
    c.post = [text = c.text](csp::Model& m, const std::vector<Var>& x) {
      m.post(csp::less(x[0], x[1], std::stoi(text.substr(text.rfind(' ') + 1)) - 1));
    };
    return c;
  };
  CHECK_THAT(harness::run(unsound).failure, Catch::Contains("unsound") || Catch::Contains("complete assignment"));
}

TEST_CASE("all-different(domain) stays GAC when one model is propagated from unrelated states",
          "[bruteforce][harness][all-different]") {
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
    csp::Model model;
    Doms initial;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> values;
      for (int k = 0; k < slots; ++k)
        if (r.chance(70)) values.push_back(slot_value[static_cast<std::size_t>(k)]);
      if (values.empty()) values.push_back(slot_value[static_cast<std::size_t>(r.between(0, slots - 1))]);
      initial.push_back(values);
    }
    std::vector<Var> vars;
    for (const auto& values : initial) vars.push_back(model.add_var(values));
    model.post(csp::all_different(vars, csp::AllDifferentStrength::domain));
    for (int s = 0; s < 20; ++s) {
      // A random narrowing: each value of each variable stays with probability 75%.
      csp::Domains start = model.initial_domains();
      for (std::size_t i = 0; i < initial.size(); ++i)
        for (Value v : initial[i])
          if (r.chance(25) && start.size(vars[i]) > 1) start.remove(vars[i], v);
      const Doms before = harness::read(start, vars);
      INFO("model " << m << " state " << s << ": " << harness::show(before));
      const std::optional<Doms> want = harness::supported_values(before, distinct);
      const harness::Outcome got = harness::propagate(model, start);
      REQUIRE(got.ok == want.has_value());
      if (got.ok) {
        REQUIRE(harness::read(got.domains, vars) == *want);
        pruned += *want != before;
      } else {
        ++failed;
      }
    }
  }
  CHECK(failed >= 30);
  CHECK(pruned >= 30);
}

TEST_CASE("all-different(domain) on one-word variables stays GAC along search paths that backtrack",
          "[bruteforce][harness][all-different]") {
  // The one-word path keeps its matching between calls as a hint and repairs only what a call
  // finds broken. Here each model is propagated along a random search path: decisions (fix or
  // remove a value) on the last state, and now and then a jump back to an earlier state of the
  // path, as depth-first search restores them; each result must be exactly GAC. The variables'
  // ranges start at different offsets (their words move into one window by different shifts);
  // in a third of the models they reach past 64 values above the least one, so the window must
  // be found afresh while the candidates are wide and may be the setup one again once narrowed.
  Rng r(407);
  int failed = 0, pruned = 0, jumps = 0;
  for (int m = 0; m < 600; ++m) {
    const int n = r.between(2, 6);  // about 5 values each: the brute force stays small
    const bool wide = r.chance(33);
    const int reach = wide ? 90 : 11;
    csp::Model model;
    std::vector<Var> vars;
    for (int i = 0; i < n; ++i) {
      const Value from = r.between(0, wide ? 40 : 4);
      std::vector<Value> values;
      for (Value v = from; v <= std::min<Value>(from + (wide ? 63 : 7), reach); ++v)
        if (r.chance(wide ? 8 : 60)) values.push_back(v);
      if (values.size() < 2) values = {from, from + 1};
      vars.push_back(model.add_var(values));
    }
    model.post(csp::all_different(vars, csp::AllDifferentStrength::domain));
    const harness::Outcome root = harness::propagate(model, model.initial_domains());
    if (!root.ok) continue;
    std::vector<csp::Domains> path{root.domains};
    for (int step = 0; step < 30; ++step) {
      if (path.size() > 1 && r.chance(30)) {
        path.resize(static_cast<std::size_t>(r.between(1, static_cast<int>(path.size()) - 1)));
        ++jumps;
      }
      // One to three decisions before propagating: a GAC state survives any single one, but not
      // always several (and the propagator then sees several changes at once, as after a jump).
      csp::Domains next = path.back();
      for (int decisions = r.between(1, 3); decisions > 0; --decisions) {
        std::vector<std::size_t> open;
        for (std::size_t i = 0; i < vars.size(); ++i)
          if (next.size(vars[i]) > 1) open.push_back(i);
        if (open.empty()) break;
        const Var x = vars[open[static_cast<std::size_t>(r.between(0, static_cast<int>(open.size()) - 1))]];
        const std::vector<Value> candidates = next.values(x);
        const Value v = candidates[static_cast<std::size_t>(r.between(0, static_cast<int>(candidates.size()) - 1))];
        if (r.chance(50)) {
          next.assign(x, v);
        } else {
          next.remove(x, v);
        }
      }
      const Doms before = harness::read(next, vars);
      INFO("model " << m << " step " << step << ": " << harness::show(before));
      const std::optional<Doms> want = harness::supported_values(before, distinct);
      const harness::Outcome got = harness::propagate(model, next);
      REQUIRE(got.ok == want.has_value());
      if (!got.ok) {
        ++failed;
        continue;
      }
      REQUIRE(harness::read(got.domains, vars) == *want);
      pruned += *want != before;
      path.push_back(got.domains);
    }
  }
  CHECK(failed >= 100);
  CHECK(pruned >= 1000);
  CHECK(jumps >= 1000);
}

TEST_CASE("all-different over zero or one variable always holds", "[bruteforce][harness][all-different]") {
  for (auto strength : {csp::AllDifferentStrength::check, csp::AllDifferentStrength::pairwise,
                        csp::AllDifferentStrength::value, csp::AllDifferentStrength::domain}) {
    CAPTURE(strength_name(strength));
    csp::Model model;
    Var x = model.add_var(std::vector<Value>{-3, 7, 100});
    model.post(csp::all_different({}, strength));
    model.post(csp::all_different({x}, strength));
    const harness::Outcome got = harness::propagate(model, model.initial_domains());
    CHECK(got.ok);
    CHECK(got.domains.values(x) == std::vector<Value>{-3, 7, 100});
  }
}

TEST_CASE("all-different(domain) works with values at both ends of the supported range",
          "[bruteforce][harness][all-different]") {
  // The propagator maps values to indices through the variables' layouts, merging overlaps, so
  // two narrow domains far apart cost two ranges, not the distance between them.
  csp::Model model;
  Var x = model.add_var(std::vector<Value>{csp::kMinValue, csp::kMinValue + 1});
  Var y = model.add_var(std::vector<Value>{csp::kMinValue});
  Var z = model.add_var(std::vector<Value>{csp::kMaxValue - 1, csp::kMaxValue});
  Var w = model.add_var(std::vector<Value>{csp::kMaxValue});
  model.post(csp::all_different({x, y, z, w}, csp::AllDifferentStrength::domain));
  const harness::Outcome got = harness::propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{csp::kMinValue + 1});
  CHECK(got.domains.values(z) == std::vector<Value>{csp::kMaxValue - 1});
}

TEST_CASE("all-different with a variable listed twice is unsatisfiable at every strength",
          "[bruteforce][harness][all-different]") {
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
    CHECK_FALSE(harness::propagate(model, d).ok);
  }
}

