// The native global constraints (table.hpp, count.hpp, inverse.hpp, circuit.hpp, lex.hpp,
// regular.hpp, cumulative.hpp, disjunctive.hpp) registered with the propagator harness with the promise each
// header states. Every meaning is written here from MiniZinc's definition of the global, not from
// the library; the custom fixpoints (global_cardinality's per-value counts, inverse's pairwise
// channelling) are the fixpoint of the generalised arc consistency of small pieces, each
// enumerated by the harness's supported_values().
// Their tests are in tests/constraints/<family>.cpp (table.cpp, count.cpp, ...); this header holds
// what they share: a conjunction's fixpoint by pieces, variable draws, and the multi-word ("wide")
// form of a spec.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "csp/constraints/circuit.hpp"
#include "csp/constraints/count.hpp"
#include "csp/constraints/cumulative.hpp"
#include "csp/constraints/cumulative_edge_finding.hpp"
#include "csp/constraints/diffn.hpp"
#include "csp/constraints/disjunctive.hpp"
#include "csp/constraints/inverse.hpp"
#include "csp/constraints/lex.hpp"
#include "csp/constraints/regular.hpp"
#include "csp/constraints/table.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "sanitized_counts.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace global_draws {

using csp::Value;
using csp::Var;
using namespace harness;  // a test of the harness's specs: its names throughout

// A piece of a conjunction: the scope positions it reads and its meaning on their values.
struct Piece {
  std::vector<std::size_t> at;
  std::function<bool(const Tuple&)> meaning;
};

// The fixpoint of every piece's generalised arc consistency, each enumerated on its own.
inline std::optional<Doms> pieces_fixpoint(const std::vector<Piece>& pieces, Doms d) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const Piece& p : pieces) {
      Doms sub;
      for (std::size_t i : p.at) sub.push_back(d[i]);
      const auto kept = supported_values(sub, p.meaning);
      if (!kept) return std::nullopt;
      for (std::size_t k = 0; k < p.at.size(); ++k) {
        if ((*kept)[k] == d[p.at[k]]) continue;
        d[p.at[k]] = (*kept)[k];
        changed = true;
      }
    }
  }
  return d;
}

inline std::string list(const std::vector<Value>& v) {
  std::ostringstream out;
  out << '[';
  for (std::size_t i = 0; i < v.size(); ++i) out << (i ? "," : "") << v[i];
  out << ']';
  return out.str();
}

// A random non-empty subset of [lo, hi] a singleton `single` percent of the time, for n variables.
inline Doms draw_vars(Rng& r, int n, Value lo, Value hi, int single) {
  Doms d;
  for (int i = 0; i < n; ++i) d.push_back(random_domain(r, lo, hi, single));
  return d;
}

// The same spec over multi-word domains: the values of the variables at positions [from, size -
// tail) spread 70 apart (v -> 70v - 35), so each spans several words of bits. Constants the draw
// takes from the domains follow; others fall outside, which only makes them absent values.
inline Spec spread(Spec s, std::size_t from, std::size_t tail) {
  s.name = "wide " + s.name;
  s.seed += 100;
  s.instances = 1500;
  s.domains = [inner = s.domains, from, tail](Rng& r) {
    Doms d = inner(r);
    for (std::size_t i = from; i + tail < d.size(); ++i)
      for (Value& v : d[i]) v = 70 * v - 35;
    return d;
  };
  return s;
}

}  // namespace global_draws
