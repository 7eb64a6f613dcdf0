// What the harness test files share: the usual instance counts, the domain promise, a spec's
// common fields, the run that insists on a non-vacuous random mix, and linear.hpp's bounds(R)
// fixpoint computed naively (linear and the reified linear forms both promise it), and the
// fixpoints of linear_not_equal and of the reified linear forms (linear_reified.hpp), a linear
// sum's text and 128-bit value.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "csp/constraints/linear.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/detail/wide_sum.hpp"
#include "propagator_harness.hpp"
#include "sanitized_counts.hpp"

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

// The learning searches' trails held explanations to check (run()'s check 5), unless propagation
// never narrowed anything at a walk step (a unary constraint, pow's check of complete
// assignments), where a search's decisions cannot make it narrow either. With a learning search
// on every instance, the specs that do narrow there had at least 5 checked each (the interval
// form of x in S at the edges; most had hundreds or thousands): a zero means the check stopped
// looking. (Not a theorem: a spec of few instances whose walks narrow rarely could have none, as
// a sanitizer build's fifth of the instances did for the interval form of b -> x != c.)
inline void check_explained(const Tally& t) {
  INFO("learning searches " << t.learning_runs << ", explanations checked " << t.explanations
                            << ", failures explained " << t.failures_explained
                            << ", walk steps that propagation narrowed " << t.pruned - t.root_pruned);
  if (t.pruned > t.root_pruned) CHECK(t.explanations > 0);
}

// Runs the spec; every kind's random mix must contain failures, prunings and untouched roots, or
// the comparison would prove little.
inline Tally check_spec(const Spec& spec, int at_least = 30) {
  const Report r = run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  const Tally& t = r.tally;
  // A sanitizer build draws a fifth of the instances (Spec::sanitized_divisor) to look for bad
  // reads and undefined behaviour; whether the mix is vacuous is the plain build's check, on all.
  if (test_counts::kSanitized) return t;
  INFO("roots: failed " << t.root_failed << ", pruned " << t.root_pruned << ", unchanged " << t.root_unchanged
                        << "; fixpoints " << t.fixpoints << ", searches " << t.searches << ", learning searches "
                        << t.learning_runs << ", explanations " << t.explanations);
  CHECK(t.root_failed >= at_least);
  CHECK(t.root_pruned >= at_least);
  CHECK(t.root_unchanged >= at_least);
  CHECK(t.fixpoints - t.instances >= t.instances - t.root_failed);  // the walks got somewhere
  CHECK(t.searches >= spec.instances / spec.search_every);
  check_explained(t);
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
  if (test_counts::kSanitized) return t;  // (as in check_spec)
  INFO(spec.name << ": fixpoints " << t.fixpoints << ", failed " << t.failed << ", pruned " << t.pruned);
  CHECK(t.failed > 0);
  CHECK(t.pruned > 0);
  CHECK(t.assignments >= t.instances);
  check_explained(t);
  return t;
}

// Bounds(R) consistency as linear.hpp states it, computed naively: a bound of x_i is supported
// when some real values of the other variables, each within [min, max] of its domain, complete
// it. The other terms then reach every real number in [L, U] (sums of their term extremes), so
// value v of x_i is supported iff rhs - c_i * v lies in [L, U] (=), is >= L (<=) or <= U (>=).
// Drop unsupported bounds until none is left; only bounds go, so holes stay. Sums in 128 bits
// (csp::WideSum): nine terms of 2^30 * kMaxValue pass 2^63 (the edge specs of tests/constraints/ draw such).
// linear() first divides by the coefficients' gcd: an equality it does not divide fails at once.
inline std::optional<Doms> bounds_r_fixpoint(const std::vector<std::int64_t>& k, csp::LinearRelation rel,
                                             std::int64_t rhs, Doms d) {
  using W = csp::WideSum;
  if (rel == csp::LinearRelation::equal) {
    W g = 0;  // Euclid on magnitudes, in 128 bits (a coefficient may be -2^63)
    for (std::int64_t c : k) {
      W a = c < 0 ? -W{c} : W{c};
      while (a != 0) {
        const W t = g % a;
        g = a;
        a = t;
      }
    }
    if (g > 1 && W{rhs} % g != 0) return std::nullopt;
  }
  auto term_lo = [&](std::size_t j) { return std::min(W{k[j]} * d[j].front(), W{k[j]} * d[j].back()); };
  auto term_hi = [&](std::size_t j) { return std::max(W{k[j]} * d[j].front(), W{k[j]} * d[j].back()); };
  auto supported = [&](std::size_t i, Value v) {
    W lo = 0, hi = 0;
    for (std::size_t j = 0; j < d.size(); ++j) {
      if (j == i) continue;
      lo += term_lo(j);
      hi += term_hi(j);
    }
    const W rest = rhs - W{k[i]} * v;  // what the other terms must make up
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

// linear_not_equal's fixpoint: with one unfixed variable left, the value completing rhs goes.
// Sums in 128 bits, as bounds_r_fixpoint's.
inline std::optional<Doms> not_equal_fixpoint(const std::vector<std::int64_t>& k, std::int64_t rhs, Doms d) {
  std::size_t open = d.size(), open_count = 0;
  csp::WideSum rest = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i].size() > 1) {
      open = i;
      ++open_count;
    } else {
      rest += csp::WideSum{k[i]} * d[i][0];
    }
  }
  if (open_count == 0) return rest != rhs ? std::optional<Doms>(d) : std::nullopt;
  if (open_count > 1) return d;
  std::vector<Value>& values = d[open];
  values.erase(std::remove_if(values.begin(), values.end(), [&](Value v) { return rest + csp::WideSum{k[open]} * v == rhs; }),
               values.end());
  return d;
}

// linear_reified.hpp's promise, computed naively: while b is open, b = 0 when the bounds of the
// sum exclude the comparison and (equivalence) b = 1 when they imply it; with b fixed, the
// comparison's or its negation's own fixpoint (bounds(R) for = and <=, not_equal_fixpoint for !=).
inline std::optional<Doms> linear_reified_fixpoint(const std::vector<std::int64_t>& k, csp::Comparison rel,
                                            std::int64_t rhs, csp::Reify mode, const Doms& d) {
  Doms xs(d.begin(), d.end() - 1);
  std::vector<Value> b = d.back();
  using W = csp::WideSum;  // as bounds_r_fixpoint's
  W lo = 0, hi = 0;
  for (std::size_t i = 0; i < k.size(); ++i) {
    lo += std::min(W{k[i]} * xs[i].front(), W{k[i]} * xs[i].back());
    hi += std::max(W{k[i]} * xs[i].front(), W{k[i]} * xs[i].back());
  }
  bool entailed = false, disentailed = false;
  switch (rel) {
    case csp::Comparison::equal:
      entailed = lo == rhs && hi == rhs;
      disentailed = lo > rhs || hi < rhs;
      break;
    case csp::Comparison::not_equal:
      entailed = lo > rhs || hi < rhs;
      disentailed = lo == rhs && hi == rhs;
      break;
    case csp::Comparison::less_equal:
      entailed = hi <= rhs;
      disentailed = lo > rhs;
      break;
    case csp::Comparison::less:
      entailed = hi < rhs;
      disentailed = lo >= rhs;
      break;
  }
  const bool equivalent = mode == csp::Reify::equivalent;
  if (b.size() == 2) {
    if (disentailed) b = {0};
    else if (equivalent && entailed) b = {1};
    else return d;
  }
  std::optional<Doms> out;
  if (b[0] == 1 || equivalent) {
    const bool want = b[0] == 1;
    using R = csp::LinearRelation;
    switch (rel) {
      case csp::Comparison::equal:
        out = want ? bounds_r_fixpoint(k, R::equal, rhs, xs) : not_equal_fixpoint(k, rhs, xs);
        break;
      case csp::Comparison::not_equal:
        out = want ? not_equal_fixpoint(k, rhs, xs) : bounds_r_fixpoint(k, R::equal, rhs, xs);
        break;
      case csp::Comparison::less_equal:
        out = bounds_r_fixpoint(k, want ? R::less_equal : R::greater_equal, want ? rhs : rhs + 1, xs);
        break;
      case csp::Comparison::less:
        out = bounds_r_fixpoint(k, want ? R::less_equal : R::greater_equal, want ? rhs - 1 : rhs, xs);
        break;
    }
  } else {
    out = xs;
  }
  if (!out) return std::nullopt;
  out->push_back(b);
  return out;
}

// ---- linear sums: what the linear specs of several test files share --------------------------------

/// The sum of k_i * t_i in 128 bits: nine terms of 2^30 * kMaxValue pass 2^63.
inline csp::WideSum weighted(const std::vector<std::int64_t>& k, const Tuple& t) {
  csp::WideSum s = 0;
  for (std::size_t i = 0; i < k.size(); ++i) s += csp::WideSum{k[i]} * t[i];
  return s;
}
/// "k0*x0 + k1*x1 REL rhs", a linear spec's text.
inline std::string linear_text(const std::vector<std::int64_t>& k, const char* rel, std::int64_t rhs) {
  std::ostringstream text;
  for (std::size_t i = 0; i < k.size(); ++i) text << (i ? " + " : "") << k[i] << "*x" << i;
  text << " " << rel << " " << rhs;
  return text.str();
}

// ---- reification: what the reified specs of several test files share ------------------------------

inline const char* comparison_text(csp::Comparison c) {
  static const char* names[] = {"=", "!=", "<=", "<"};
  return names[static_cast<int>(c)];
}
/// a REL b, with a in 128 bits (a linear sum at the edges of the range may pass 64).
inline bool compares(csp::Comparison c, csp::WideSum a, std::int64_t b) {
  switch (c) {
    case csp::Comparison::equal: return a == b;
    case csp::Comparison::not_equal: return a != b;
    case csp::Comparison::less_equal: return a <= b;
    case csp::Comparison::less: return a < b;
  }
  return false;
}
/// b <-> C or b -> C, on the tuple's last value b.
inline bool reified(csp::Reify mode, bool condition, Value b) {
  if (b != 0 && b != 1) return false;
  return mode == csp::Reify::equivalent ? condition == (b == 1) : (b == 0 || condition);
}
inline constexpr csp::Comparison kComparisons[] = {csp::Comparison::equal, csp::Comparison::not_equal,
                                                   csp::Comparison::less_equal, csp::Comparison::less};
inline constexpr csp::Reify kModes[] = {csp::Reify::equivalent, csp::Reify::implies};
/// "b <-> C" or "b -> C".
inline std::string reified_name(csp::Reify mode, const std::string& condition) {
  return std::string("b ") + (mode == csp::Reify::equivalent ? "<-> " : "-> ") + condition;
}

}  // namespace harness
