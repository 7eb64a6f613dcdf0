// The propagator harness itself (tests/propagator_harness.hpp): a propagator weaker or stronger than its
// promise, or an unsound one, must be caught.
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
#include "csp/constraints/binary.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace harness_self_test {

using csp::Value;
using csp::Var;
using namespace harness;
using namespace binary_specs;
using namespace all_different_specs;

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

}  // namespace harness_self_test
