// diffn.hpp with the propagator harness, and boxes that overlap along one axis.
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
#include "csp/constraints/diffn.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace diffn_specs {

using namespace global_draws;

// ---- diffn ---------------------------------------------------------------------------------------

Spec diffn_spec(bool strict) {
  Spec s = base_spec(strict ? "diffn(x, y, dx, dy)" : "diffn_nonstrict(x, y, dx, dy)",
                     {Promise::Kind::sound, "soundness (pairwise, holes)"}, strict ? 1871 : 1873);
  s.instances = 3000;
  // 2-4 boxes: coordinates in [0, 3], sizes in [-1, 3] (negative and zero sizes are legal).
  s.domains = [](Rng& r) {
    const int n = r.between(2, 4);
    Doms d = draw_vars(r, 2 * n, 0, 3, 40);
    for (auto& x : draw_vars(r, 2 * n, -1, 3, 70)) d.push_back(x);
    return d;
  };
  s.draw = [strict](Rng&, const Doms& d) {
    const std::size_t n = d.size() / 4;
    Constraint c;
    c.text = std::string(strict ? "diffn" : "diffn_nonstrict") + " of " + std::to_string(n) + " boxes";
    c.post = [n, strict](csp::Model& m, const std::vector<Var>& x) {
      auto part = [&](std::size_t k) {
        return std::vector<Var>(x.begin() + static_cast<long>(k * n), x.begin() + static_cast<long>((k + 1) * n));
      };
      m.post(csp::diffn(part(0), part(1), part(2), part(3), strict));
    };
    // MiniZinc's fzn_diffn / fzn_diffn_nonstrict: every pair apart along x or y (or, nonstrict,
    // one of its four sizes 0).
    c.meaning = [n, strict](const Tuple& t) {
      auto x = [&](std::size_t i) { return t[i]; };
      auto y = [&](std::size_t i) { return t[n + i]; };
      auto dx = [&](std::size_t i) { return t[2 * n + i]; };
      auto dy = [&](std::size_t i) { return t[3 * n + i]; };
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
          if (!strict && (dx(i) == 0 || dx(j) == 0 || dy(i) == 0 || dy(j) == 0)) continue;
          if (!(x(i) + dx(i) <= x(j) || y(i) + dy(i) <= y(j) || x(j) + dx(j) <= x(i) || y(j) + dy(j) <= y(i)))
            return false;
        }
      return true;
    };
    return c;
  };
  return s;
}

TEST_CASE("diffn is sound and exact on complete assignments", "[bruteforce][harness][globals][diffn]") {
  for (const bool strict : {true, false}) {  // a sanitizer build draws a fifth of the 3000 instances
    Spec s = diffn_spec(strict);
    check_spec(s, 10);  // (1000 of them: 8 roots fail; a fifth of the threshold in a sanitizer build)
  }
}

TEST_CASE("diffn separates boxes that overlap along one axis", "[globals][diffn]") {
  // Two boxes of height 2 in rows [0, 1] and width 3, 2: they overlap in y whatever the rows, so
  // in x box 0 at c needs c + 3 <= x1 or x1 + 2 <= c.
  csp::Model m;
  const Var x0 = m.add_var(0, 9), x1 = m.add_var(4, 5), y0 = m.add_var(0, 1), y1 = m.add_var(0, 1);
  const Var w0 = m.add_var(3, 3), w1 = m.add_var(2, 2), h = m.add_var(2, 2);
  m.post(csp::diffn({x0, x1}, {y0, y1}, {w0, w1}, {h, h}));
  const Outcome root = propagate(m, m.initial_domains());
  REQUIRE(root.ok);
  // x0 before x1 (x0 + 3 <= 5) or after it (x0 >= 4 + 2): 3, 4 and 5 go, a hole; x1 keeps both.
  CHECK(root.domains.values(x0) == std::vector<Value>{0, 1, 2, 6, 7, 8, 9});
  CHECK(root.domains.values(x1) == std::vector<Value>{4, 5});
  // x0 = 2 leaves only "before": x1 >= 5.
  csp::Domains at2 = root.domains;
  REQUIRE(at2.assign(x0, 2));
  const Outcome before = propagate(m, at2);
  REQUIRE(before.ok);
  CHECK(before.domains.values(x1) == std::vector<Value>{5});
  // Height 1: the rows may differ, the boxes need not be apart in x, nothing goes.
  csp::Model flat;
  const Var a0 = flat.add_var(0, 9), a1 = flat.add_var(4, 5), b0 = flat.add_var(0, 1), b1 = flat.add_var(0, 1);
  const Var v0 = flat.add_var(3, 3), v1 = flat.add_var(2, 2), one = flat.add_var(1, 1);
  flat.post(csp::diffn({a0, a1}, {b0, b1}, {v0, v1}, {one, one}));
  const Outcome free = propagate(flat, flat.initial_domains());
  REQUIRE(free.ok);
  CHECK(free.domains.size(a0) == 10);
}

}  // namespace diffn_specs
