// all_different.hpp with the propagator harness, at each strength: check, pairwise (the != clique's arc
// consistency), value (the counting fixpoint) re-implemented here on plain vectors; offsets, search state,
// and the cases the random draws do not reach. The domain strength (Régin's matching) has its own file,
// all_different_domain.cpp, with the spec of this one.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "constraints/specs.hpp"
#include "csp/constraints/all_different.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"
#include "sanitized_counts.hpp"

namespace all_different_specs {

using csp::Value;
using csp::Var;
using namespace harness;

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

// Each position's values moved by its offset (sign -1: back).
Doms shifted(Doms d, const std::vector<Value>& offsets, int sign) {
  for (std::size_t i = 0; i < d.size(); ++i)
    for (Value& x : d[i]) x += sign * offsets[i];
  return d;
}

// 2-6 variables, each a random subset of one value range of size 2-7 (often reaching below 0);
// with Offsets::drawn, each position gets an offset in -3..3 (so the shifted ranges overlap in part).
// The reference fixpoints of the offset form are the plain ones over the shifted domains, shifted back.
Spec all_different_spec(std::uint64_t seed, csp::AllDifferentStrength strength, Posting posting,
                        Offsets offsets) {
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

TEST_CASE("all-different(check) keeps its documented promise", "[bruteforce][harness][all-different]") {
  const Spec spec = all_different_spec(401, csp::AllDifferentStrength::check);
  const harness::Report r = harness::run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  CHECK(r.tally.pruned == 0);  // check never prunes
  if (test_counts::kSanitized) return;  // whether the mix is vacuous: the plain build's check (check_spec)
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
  CHECK(r.tally.fixpoints >= 20 * r.tally.instances);  // the walks went deep
  if (test_counts::kSanitized) return;  // (as in check_spec)
  CHECK(r.tally.root_failed >= 5);
  CHECK(r.tally.root_pruned >= 5);
  CHECK(r.tally.root_unchanged >= 5);
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
  if (!test_counts::kSanitized) CHECK(r.tally.root_failed >= 30);  // (as in check_spec)
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

}  // namespace all_different_specs
