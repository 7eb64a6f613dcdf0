// The propagators FlatZinc's integer and Boolean builtins need (arithmetic.hpp, reified.hpp,
// linear_reified.hpp, boolean.hpp, element.hpp, extremum.hpp), registered with the propagator
// harness with the promise each header states. Every meaning is written here from the
// specification (FlatZinc / MiniZinc), not from the library; the one custom fixpoint (reified
// linear) is computed naively on plain vectors. Instance counts (1500-3000 per kind, fewer than
// the 5000 of the other families) keep the many kinds quick, under ASan too.
// Their tests are in tests/constraints/<family>.cpp (arithmetic.cpp, reified.cpp, ...); this header
// holds what they share: a spec with no random data, value windows, Boolean domains.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/extremum.hpp"
#include "csp/constraints/linear_domain.hpp"
#include "csp/constraints/linear_reified.hpp"
#include "csp/constraints/reified.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace builtin_draws {

using csp::Value;
using csp::Var;
using namespace harness;  // a test of the harness's specs: its names throughout

using Post = std::function<std::unique_ptr<csp::Propagator>(const std::vector<Var>&)>;

// A spec with `instances` instances whose constraint has no random data: post and meaning only.
inline Spec fixed_spec(std::uint64_t seed, std::string name, Promise promise, int instances, std::function<Doms(Rng&)> domains,
                Post post, std::function<bool(const Tuple&)> meaning) {
  Spec s = base_spec(std::move(name), std::move(promise), seed);
  s.instances = instances;
  s.domains = std::move(domains);
  s.draw = [post, meaning, text = s.name](Rng&, const Doms&) {
    Constraint c;
    c.text = text;
    c.post = [post](csp::Model& m, const std::vector<Var>& x) { m.post(post(x)); };
    c.meaning = meaning;
    return c;
  };
  return s;
}

// A window of up to `width + 1` values starting in [lo, hi], a singleton 20% of the time.
inline std::vector<Value> window(Rng& r, int lo, int hi, int width) {
  const int a = r.between(lo, hi);
  return harness::random_domain(r, a, a + r.between(0, width), 20);
}

// A Boolean: {0, 1}, a singleton 40% of the time.
inline std::vector<Value> boolean_domain(Rng& r) { return harness::random_domain(r, 0, 1, 40); }

inline bool is01(Value b) { return b == 0 || b == 1; }

}  // namespace builtin_draws
