// regular.hpp with the propagator harness: domain consistency.
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
#include "csp/constraints/regular.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace regular_specs {

using namespace global_draws;

// ---- regular -------------------------------------------------------------------------------------

// `longer`: words of 4 to 7 symbols over DFAs of up to 6 states, whose layered graphs give the
// explanations (a symbol cut off by removals on both sides of it) more to get wrong.
Spec regular_spec(bool longer) {
  Spec s = base_spec(longer ? "regular(x, Q, S, d, q0, F) over longer words" : "regular(x, Q, S, d, q0, F)", kDomain,
                     longer ? 1852 : 1851);
  s.domains = [longer](Rng& r) {
    return longer ? draw_vars(r, r.between(4, 7), 1, 3, 25) : draw_vars(r, r.between(1, 4), 0, 4, 20);
  };
  s.draw = [longer](Rng& r, const Doms&) {
    const int q = r.between(1, longer ? 6 : 4), symbols = r.between(longer ? 2 : 1, 3);
    std::vector<int> d, f;
    for (int k = 0; k < q * symbols; ++k) d.push_back(r.chance(longer ? 10 : 25) ? 0 : r.between(1, q));
    for (int k = 1; k <= q; ++k)
      if (r.chance(longer ? 60 : 40)) f.push_back(k);
    const int q0 = r.between(1, q);
    Constraint c;
    std::ostringstream text;
    text << "regular Q=" << q << " S=" << symbols << " d=" << list(d) << " q0=" << q0 << " F=" << list(f);
    c.text = text.str();
    c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::regular(x, q, symbols, d, q0, f)); };
    c.meaning = [=](const Tuple& t) {
      int state = q0;
      for (Value a : t) {
        if (a < 1 || a > symbols) return false;
        state = d[static_cast<std::size_t>((state - 1) * symbols + a - 1)];
        if (state == 0) return false;
      }
      return std::find(f.begin(), f.end(), state) != f.end();
    };
    return c;
  };
  return s;
}

TEST_CASE("regular is domain consistent", "[bruteforce][harness][globals][regular]") {
  for (const bool longer : {false, true}) {
    const Spec s = regular_spec(longer);
    CAPTURE(s.name);
    check_spec(s, 10);
  }
}

}  // namespace regular_specs
