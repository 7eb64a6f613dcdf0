// inverse.hpp with the propagator harness: its pairwise channelling fixpoint.
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
#include "csp/constraints/inverse.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace inverse_specs {

using namespace global_draws;

// ---- inverse -------------------------------------------------------------------------------------

Spec inverse_spec() {
  Spec s = base_spec("inverse(f, g, f_base, g_base)", {Promise::Kind::custom, "pairwise arc consistency"}, 1821);
  // f and g of 1-3 positions each (usually as many), values around the bases 0 and 1.
  // The first variable, which the constraint leaves alone, carries the split and the bases for the
  // draw: n + 10 * f_base + 100 * g_base. Values lie mostly in the index range they name.
  s.domains = [](Rng& r) {
    const int n = r.between(1, 4), m = r.chance(85) ? n : r.between(1, 4);
    const Value fb = r.between(0, 1), gb = r.between(0, 1);
    Doms d{{n + 10 * fb + 100 * gb}};
    for (int i = 0; i < n; ++i) d.push_back(r.chance(85) ? random_domain(r, gb, gb + m - 1, 8) : random_domain(r, gb - 1, gb + m, 8));
    for (int j = 0; j < m; ++j) d.push_back(r.chance(85) ? random_domain(r, fb, fb + n - 1, 8) : random_domain(r, fb - 1, fb + n, 8));
    return d;
  };
  s.draw = [](Rng&, const Doms& d) {
    const auto n = static_cast<std::size_t>(d[0][0] % 10);
    const std::size_t m = d.size() - 1 - n;
    const Value fb = d[0][0] / 10 % 10, gb = d[0][0] / 100;
    Constraint c;
    c.text = "inverse n=" + std::to_string(n) + " m=" + std::to_string(m) + " f_base=" + std::to_string(fb) +
             " g_base=" + std::to_string(gb);
    c.post = [=](csp::Model& mod, const std::vector<Var>& x) {
      mod.post(csp::inverse(std::vector<Var>(x.begin() + 1, x.begin() + 1 + static_cast<long>(n)),
                            std::vector<Var>(x.begin() + 1 + static_cast<long>(n), x.end()), fb, gb));
    };
    // f[i] = j + gb iff g[j] = i + fb, and every value names a position of the other array.
    c.meaning = [=](const Tuple& t) {
      for (std::size_t i = 0; i < n; ++i)
        if (t[1 + i] < gb || t[1 + i] >= gb + static_cast<long>(m)) return false;
      for (std::size_t j = 0; j < m; ++j)
        if (t[1 + n + j] < fb || t[1 + n + j] >= fb + static_cast<long>(n)) return false;
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j)
          if ((t[1 + i] == static_cast<long>(j) + gb) != (t[1 + n + j] == static_cast<long>(i) + fb)) return false;
      return true;
    };
    std::vector<Piece> pieces;
    for (std::size_t i = 0; i < n; ++i)
      pieces.push_back({{1 + i}, [=](const Tuple& t) { return t[0] >= gb && t[0] < gb + static_cast<long>(m); }});
    for (std::size_t j = 0; j < m; ++j)
      pieces.push_back({{1 + n + j}, [=](const Tuple& t) { return t[0] >= fb && t[0] < fb + static_cast<long>(n); }});
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < m; ++j)
        pieces.push_back({{1 + i, 1 + n + j}, [=](const Tuple& t) {
                            return (t[0] == static_cast<long>(j) + gb) == (t[1] == static_cast<long>(i) + fb);
                          }});
    c.fixpoint = [pieces](const Doms& now) { return pieces_fixpoint(pieces, now); };
    return c;
  };
  return s;
}

TEST_CASE("inverse reaches its pairwise channelling fixpoint", "[bruteforce][harness][globals][inverse]") {
  check_spec(inverse_spec(), 10);
}

}  // namespace inverse_specs
