// Every constraint over interval-form variables (past kIntervalThreshold values, where removing an
// interior value is a no-op): sound, idempotent and exact on complete assignments. The specs are those of
// the constraint families' files (specs.hpp).
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "constraints/global_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/all_different.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace interval_form_builtins {

using csp::Value;
using csp::Var;
using namespace harness;
using namespace binary_specs;
using namespace predicate_specs;
using namespace all_different_specs;

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

}  // namespace interval_form_builtins

namespace interval_form_globals {

using namespace global_draws;
using namespace table_specs;
using namespace count_specs;
using namespace inverse_specs;
using namespace circuit_specs;
using namespace lex_specs;
using namespace regular_specs;
using namespace cumulative_specs;
using namespace disjunctive_specs;
using namespace diffn_specs;

// ---- the interval form -----------------------------------------------------------------------------

// Every global over interval-form variables (as past kIntervalThreshold values): interior removals
// are no-ops there, so a propagator that walks values must still terminate, stay sound, report a
// fixpoint only when it is one, and fail every violating complete assignment. Soundness only: what
// each propagator reaches on hole-free domains is weaker than its promise on bits.
Tally check_sound_on_interval_form(Spec s) {
  s.promise = {Promise::Kind::sound, "soundness on the interval form"};
  CAPTURE(s.name);
  return check_interval_form(s, 500);  // 100 in a sanitizer build (Spec::sanitized_divisor)
}

TEST_CASE("every global is sound and idempotent on the interval form", "[bruteforce][harness][globals][interval]") {
  check_sound_on_interval_form(table_spec(1801, false));
  check_sound_on_interval_form(count_eq_spec());
  check_sound_on_interval_form(among_spec());
  for (bool vars : {true, false})
    for (bool closed : {false, true}) check_sound_on_interval_form(cardinality_spec(1813, vars ? 2 : 3, vars, closed));
  check_sound_on_interval_form(inverse_spec());
  for (const Value base : {0, 1}) check_sound_on_interval_form(circuit_spec(base));
  for (bool strict : {false, true}) check_sound_on_interval_form(lex_spec(strict));
  check_sound_on_interval_form(regular_spec());
  check_sound_on_interval_form(cumulative_spec());
  check_sound_on_interval_form(disjunctive_spec());
  for (bool strict : {true, false}) check_sound_on_interval_form(diffn_spec(strict));
}

}  // namespace interval_form_globals
