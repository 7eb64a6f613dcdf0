// What the harness test files share: the usual instance counts, the domain promise, a spec's
// common fields, the run that insists on a non-vacuous random mix, and linear.hpp's bounds(R)
// fixpoint computed naively (linear and the reified linear forms both promise it).
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "csp/constraints/linear.hpp"
#include "propagator_harness.hpp"

namespace harness {

inline constexpr int kInstances = 5000;  // per constraint kind (and per relation / strength)
inline constexpr int kWalks = 3;         // narrowing walks from each root fixpoint

inline const Promise kDomain{Promise::Kind::domain, "domain (GAC)"};

// A spec's common part: name, promise, seed, kInstances instances with kWalks walks each.
inline Spec base_spec(std::string name, Promise promise, std::uint64_t seed) {
  Spec s;
  s.name = std::move(name);
  s.promise = std::move(promise);
  s.seed = seed;
  s.instances = kInstances;
  s.walks = kWalks;
  return s;
}

// Runs the spec; every kind's random mix must contain failures, prunings and untouched roots, or
// the comparison would prove little.
inline Tally check_spec(const Spec& spec, int at_least = 30) {
  const Report r = run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  const Tally& t = r.tally;
  INFO("roots: failed " << t.root_failed << ", pruned " << t.root_pruned << ", unchanged " << t.root_unchanged
                        << "; fixpoints " << t.fixpoints << ", searches " << t.searches);
  CHECK(t.root_failed >= at_least);
  CHECK(t.root_pruned >= at_least);
  CHECK(t.root_unchanged >= at_least);
  CHECK(t.fixpoints - t.instances >= t.instances - t.root_failed);  // the walks got somewhere
  CHECK(t.searches >= spec.instances / spec.search_every);
  return t;
}

// The same constraint kind over interval-form variables (Spec::interval): a domain promise becomes
// bounds(Z), which over hole-free domains is all that form can reach (GAC would make holes); other
// promises stay. Fewer instances: it runs beside the bit-form spec.
inline Spec interval_form(Spec s, int instances = 1000) {
  s.interval = true;
  s.name = "interval-form " + s.name;
  if (s.promise.kind == Promise::Kind::domain) s.promise = {Promise::Kind::bounds_z, "bounds(Z) on the interval form"};
  if (s.promise.kind == Promise::Kind::custom)  // the form keeps a removed interior value: the hulls
    s.draw = [draw = s.draw](Rng& r, const Doms& d) {
      Constraint c = draw(r, d);
      c.fixpoint = [fixpoint = c.fixpoint](const Doms& now) {
        std::optional<Doms> want = fixpoint(now);
        if (want)
          for (auto& values : *want) values = hull(values);
        return want;
      };
      return c;
    };
  s.instances = std::min(s.instances, instances);
  return s;
}

// Runs the spec in the interval form; its random mix must still prune and fail somewhere.
inline Tally check_interval_form(const Spec& bit_form, int instances = 1000) {
  const Spec spec = interval_form(bit_form, instances);
  const Report r = run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  const Tally& t = r.tally;
  INFO(spec.name << ": fixpoints " << t.fixpoints << ", failed " << t.failed << ", pruned " << t.pruned);
  CHECK(t.failed > 0);
  CHECK(t.pruned > 0);
  CHECK(t.assignments >= t.instances);
  return t;
}

// Bounds(R) consistency as linear.hpp states it, computed naively: a bound of x_i is supported
// when some real values of the other variables, each within [min, max] of its domain, complete
// it. The other terms then reach every real number in [L, U] (sums of their term extremes), so
// value v of x_i is supported iff rhs - c_i * v lies in [L, U] (=), is >= L (<=) or <= U (>=).
// Drop unsupported bounds until none is left; only bounds go, so holes stay.
inline std::optional<Doms> bounds_r_fixpoint(const std::vector<std::int64_t>& k, csp::LinearRelation rel,
                                             std::int64_t rhs, Doms d) {
  auto term_lo = [&](std::size_t j) { return std::min(k[j] * d[j].front(), k[j] * d[j].back()); };
  auto term_hi = [&](std::size_t j) { return std::max(k[j] * d[j].front(), k[j] * d[j].back()); };
  auto supported = [&](std::size_t i, Value v) {
    std::int64_t lo = 0, hi = 0;
    for (std::size_t j = 0; j < d.size(); ++j) {
      if (j == i) continue;
      lo += term_lo(j);
      hi += term_hi(j);
    }
    const std::int64_t rest = rhs - k[i] * v;  // what the other terms must make up
    switch (rel) {
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

}  // namespace harness
