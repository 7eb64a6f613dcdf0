// Brute force for the modelling tests: every assignment of a model's original variables, kept when
// a meaning written in the test accepts it, against the solver's solutions projected on them.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "csp/csp.hpp"

namespace modelling_test {

using Values = std::vector<csp::Value>;
using Meaning = std::function<bool(const Values&)>;

/// The candidates of each of `vars` in the model's initial domains.
inline std::vector<Values> domains_of(const csp::Model& m, const std::vector<csp::Var>& vars) {
  std::vector<Values> out;
  for (const csp::Var v : vars) {
    Values d;
    for (const csp::Value a : m.initial_domains().values(v)) d.push_back(a);
    out.push_back(std::move(d));
  }
  return out;
}

/// Every assignment of `vars` (over their initial domains) that `meaning` accepts.
inline std::set<Values> brute_force(const csp::Model& m, const std::vector<csp::Var>& vars, const Meaning& meaning) {
  const std::vector<Values> doms = domains_of(m, vars);
  std::set<Values> out;
  Values a(vars.size());
  std::function<void(std::size_t)> walk = [&](std::size_t i) {
    if (i == vars.size()) {
      if (meaning(a)) out.insert(a);
      return;
    }
    for (const csp::Value v : doms[i]) {
      a[i] = v;
      walk(i + 1);
    }
  };
  walk(0);
  return out;
}

/// The solver's solutions (MAC, the default options), each projected on `vars`; `count` gets how
/// many full solutions there were (equal to the set's size when introduced variables are
/// functions of the original ones, as the modelling layer's are).
inline std::set<Values> solved(const csp::Model& m, const std::vector<csp::Var>& vars, std::uint64_t& count,
                               csp::SearchOptions options = {}) {
  std::set<Values> out;
  csp::Solver s(m, std::move(options));
  const csp::SearchResult r = s.for_each_solution(m.initial_domains(), [&](std::span<const csp::Value> v) {
    Values p;
    for (const csp::Var x : vars) p.push_back(v[static_cast<std::size_t>(x.id)]);
    out.insert(p);
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  count = r.stats.solutions;
  return out;
}

/// A variable over a random set of values within [lo, hi] (an interval or one with holes).
inline csp::IntVar random_var(csp::Modeler& m, std::mt19937& rng, csp::Value lo, csp::Value hi) {
  const csp::Value a = std::uniform_int_distribution<csp::Value>(lo, hi)(rng);
  const csp::Value b = std::uniform_int_distribution<csp::Value>(lo, hi)(rng);
  if (std::bernoulli_distribution(0.5)(rng)) return m.int_var(std::min(a, b), std::max(a, b));
  Values set;
  for (csp::Value v = lo; v <= hi; ++v)
    if (std::bernoulli_distribution(0.6)(rng)) set.push_back(v);
  if (set.empty()) set.push_back(a);
  return m.int_var(set);
}

/// Builds `instances` models of `n` random variables over [lo, hi], posts what `post` makes of them,
/// and holds the solver's solutions (count and projected set) to the brute force of `meaning`.
/// Returns how many instances had a solution, so a test can insist that not all were empty.
inline int against_brute_force(int n, csp::Value lo, csp::Value hi, int instances,
                               const std::function<void(csp::Modeler&, const csp::IntVars&)>& post,
                               const Meaning& meaning, std::uint32_t seed = 1) {
  std::mt19937 rng(seed);
  int satisfiable = 0;
  for (int k = 0; k < instances; ++k) {
    csp::Modeler m;
    csp::IntVars x;
    for (int i = 0; i < n; ++i) x.push_back(random_var(m, rng, lo, hi));
    post(m, x);
    const std::vector<csp::Var> vars = x;
    const std::set<Values> expected = brute_force(m.model(), vars, meaning);
    std::uint64_t count = 0;
    const std::set<Values> got = solved(m.model(), vars, count);
    INFO("instance " << k);
    REQUIRE(got == expected);
    REQUIRE(count == expected.size());
    if (!expected.empty()) ++satisfiable;
  }
  return satisfiable;
}

}  // namespace modelling_test
