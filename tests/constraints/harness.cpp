// The propagator harness itself (tests/propagator_harness.hpp): a propagator weaker or stronger than its
// promise, an unsound one, or one whose learning explanations do not imply its prunings, must be caught.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "constraints/specs.hpp"
#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/kernel/engine.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace harness_self_test {

using csp::Value;
using csp::Var;
using namespace harness;
using namespace binary_specs;
using namespace all_different_specs;

// The harness itself: a propagator weaker or stronger than the promise it is registered with, or
// one that removes a value of a solution, must be caught, with the instance in the message. (Every
// instance in every build, sanitized_divisor 1: each run stops at the first that shows the fault.)
TEST_CASE("the harness catches a broken promise and an unsound propagator", "[harness]") {
  Spec weak = all_different_spec(404, csp::AllDifferentStrength::pairwise);
  weak.promise = kDomain;
  weak.sanitized_divisor = 1;
  const harness::Report r = harness::run(weak);
  CHECK_THAT(r.failure, Catch::Contains("not domain (GAC)") && Catch::Contains("seed 404, instance"));

  Spec strong = equal_spec(102);  // x == y + c also removes inner values: more than bounds(Z)
  strong.promise = {Promise::Kind::bounds_z, "bounds(Z)"};
  strong.sanitized_divisor = 1;
  CHECK_THAT(harness::run(strong).failure, Catch::Contains("not bounds(Z)"));

  Spec unsound = less_spec(103);
  unsound.promise = {Promise::Kind::sound, "soundness"};
  unsound.sanitized_divisor = 1;
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

// A propagator that reads a variable outside its scope: x1 loses x0's value once x0 is fixed,
// which x0 != x1 allows, but the scope {x1} does not say why. Every check of a fixpoint holds
// (the engine runs it at every root), while a learning search's explanation of its removal, the
// domains of x1 alone, does not imply it.
class PeekingNotEqual final : public csp::Propagator {
 public:
  PeekingNotEqual(Var x, Var y) : Propagator({y}, csp::Trigger::any), x_(x), y_(y) {}
  std::string name() const override { return "peeking x != y"; }
  csp::PropStatus propagate(csp::Context& ctx) override {
    if (ctx.fixed(x_) && ctx.contains(y_, ctx.value(x_)) && !ctx.remove(y_, ctx.value(x_)))
      return csp::PropStatus::failed;
    return csp::PropStatus::fixpoint;
  }
  bool satisfied(std::span<const Value>) const override { return true; }

 private:
  Var x_, y_;
};

// x != y checked once both are fixed, pruning nothing (what makes search exact beside the above).
class CheckedNotEqual final : public csp::Propagator {
 public:
  CheckedNotEqual(Var x, Var y) : Propagator({x, y}, csp::Trigger::fixed) {}
  std::string name() const override { return "checked x != y"; }
  csp::PropStatus propagate(csp::Context& ctx) override {
    const Var x = scope()[0], y = scope()[1];
    return ctx.fixed(x) && ctx.fixed(y) && ctx.value(x) == ctx.value(y) ? csp::PropStatus::failed
                                                                         : csp::PropStatus::fixpoint;
  }
  bool satisfied(std::span<const Value> v) const override { return v[0] != v[1]; }
};

TEST_CASE("the harness catches an explanation that does not imply its event", "[harness][learning]") {
  Spec s;
  s.name = "x0 != x1 and x1 <= x2, x1 pruned by a propagator over {x1}";
  s.promise = {Promise::Kind::sound, "soundness"};
  s.seed = 405;
  s.instances = 500;
  s.sanitized_divisor = 1;  // the instance that shows the peeking propagator, in every build
  s.domains = [](Rng& r) {
    return Doms{random_domain(r, 0, 4, 10), random_domain(r, 0, 4, 10), random_domain(r, 0, 4, 10)};
  };
  s.draw = [](Rng&, const Doms&) {
    Constraint c;
    c.text = "x0 != x1 and x1 <= x2";
    c.post = [](csp::Model& m, const std::vector<Var>& x) {
      m.post(std::make_unique<CheckedNotEqual>(x[0], x[1]));
      m.post(csp::less_equal(x[1], x[2]));
      m.post(std::make_unique<PeekingNotEqual>(x[0], x[1]));
    };
    c.meaning = [](const Tuple& t) { return t[0] != t[1] && t[1] <= t[2]; };
    return c;
  };
  const harness::Report r = harness::run(s);
  CHECK_THAT(r.failure, Catch::Contains("seed 405, instance") && Catch::Contains("the explanation of trail event") &&
                            Catch::Contains("by propagator 2 (peeking x != y)"));
  // Without the peeking propagator (CheckedNotEqual and less_equal alone) every explanation holds.
  s.draw = [draw = s.draw](Rng& r, const Doms& d) {
    Constraint c = draw(r, d);
    c.post = [](csp::Model& m, const std::vector<Var>& x) {
      m.post(std::make_unique<CheckedNotEqual>(x[0], x[1]));
      m.post(csp::less_equal(x[1], x[2]));
    };
    return c;
  };
  const harness::Report fine = harness::run(s);
  CHECK(fine.failure.empty());
  CHECK(fine.tally.explanations > 100);
}

}  // namespace harness_self_test
