// table.hpp's n-ary table over integers and Booleans with the propagator harness: domain consistency.
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
#include <vector>

#include "constraints/global_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/table.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace table_specs {

using namespace global_draws;

// ---- table ---------------------------------------------------------------------------------------

// 2-4 variables over [lo, hi]; rows mostly of candidates, some anywhere in [lo - 1, hi + 1].
Spec table_spec(std::uint64_t seed, bool boolean) {
  Spec s = base_spec(boolean ? "table(bool)" : "table(int)", kDomain, seed);
  const Value lo = boolean ? 0 : -2, hi = boolean ? 1 : 3;
  s.domains = [=](Rng& r) { return draw_vars(r, r.between(2, 4), lo, hi, 20); };
  s.draw = [=](Rng& r, const Doms& d) {
    std::vector<Value> rows;
    const int count = r.between(0, boolean ? 6 : 12);
    for (int k = 0; k < count; ++k)
      for (const auto& values : d)
        rows.push_back(!boolean && r.chance(15) ? r.between(lo - 1, hi + 1)
                                                : values[static_cast<std::size_t>(r.between(0, static_cast<int>(values.size()) - 1))]);
    const std::size_t arity = d.size();
    Constraint c;
    c.text = "table rows " + list(rows);
    c.post = [rows](csp::Model& m, const std::vector<Var>& x) { m.post(csp::table(m, x, rows)); };
    c.meaning = [rows, arity](const Tuple& t) {
      for (std::size_t k = 0; k + arity <= rows.size(); k += arity)
        if (std::equal(t.begin(), t.end(), rows.begin() + static_cast<long>(k))) return true;
      return false;
    };
    return c;
  };
  return s;
}

TEST_CASE("table over integers and booleans is domain consistent", "[bruteforce][harness][globals][table]") {
  check_spec(table_spec(1801, false));
  check_spec(spread(table_spec(1801, false), 0, 0), 10);
  Spec b = table_spec(1802, true);
  b.instances = 2000;
  check_spec(b, 10);
}

}  // namespace table_specs
