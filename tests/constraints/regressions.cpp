// Regressions: each case here once went wrong.
#include <catch2/catch.hpp>

#include "csp/csp.hpp"

namespace {
bool propagates(const csp::Model& m, csp::Domains& d) {
  csp::Engine engine(m);
  csp::Stats stats;
  stats.counters.resize(m.counter_names().size());
  return engine.propagate_all(d, stats);
}
}  // namespace

TEST_CASE("all-different(value) with values at both ends of the supported range neither overflows nor allocates the range",
          "[regression]") {
  csp::Model m;
  csp::Var x = m.add_var(std::vector<csp::Value>{csp::kMinValue, csp::kMinValue + 1});
  csp::Var y = m.add_var(std::vector<csp::Value>{csp::kMaxValue - 2, csp::kMaxValue - 1});
  csp::Var z = m.add_var(std::vector<csp::Value>{csp::kMaxValue - 2, csp::kMaxValue});
  m.post(csp::all_different({x, y, z}, csp::AllDifferentStrength::value));
  csp::Domains d = m.initial_domains();
  REQUIRE(propagates(m, d));
  REQUIRE(d.size(x) == 2);
  csp::Model empty;
  empty.post(csp::all_different({}, csp::AllDifferentStrength::value));
  csp::Domains e = empty.initial_domains();
  REQUIRE(propagates(empty, e));
}

TEST_CASE("predicate narrows the last unfixed variable even when it stands twice in the scope", "[regression]") {
  csp::Model m;
  csp::Var x = m.add_var(0, 3);
  csp::Var y = m.add_var(1, 1);
  m.post(csp::predicate({x, x, y}, [](std::span<const csp::Value> v) { return v[0] + v[1] + v[2] == 5; }));
  csp::Domains d = m.initial_domains();
  REQUIRE(propagates(m, d));
  REQUIRE(d.values(x) == std::vector<csp::Value>{2});
}
