// lex.hpp's lex_lesseq and lex_less with the propagator harness: domain consistency.
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
#include "csp/constraints/lex.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace lex_specs {

using namespace global_draws;

// ---- lex_lesseq ----------------------------------------------------------------------------------

Spec lex_spec(bool strict) {
  Spec s = base_spec(strict ? "lex_less(x, y)" : "lex_lesseq(x, y)", kDomain, strict ? 1842 : 1841);
  s.domains = [](Rng& r) {
    const int n = r.between(1, 3), m = r.chance(80) ? n : r.between(1, 3);
    Doms d{{n}};  // the split, read by the draw
    for (auto& x : draw_vars(r, n + m, 0, 3, 25)) d.push_back(x);
    return d;
  };
  s.draw = [strict](Rng&, const Doms& d) {
    const auto n = static_cast<std::size_t>(d[0][0]);
    Constraint c;
    c.text = "lex n=" + std::to_string(n) + " m=" + std::to_string(d.size() - 1 - n);
    c.post = [n, strict](csp::Model& mod, const std::vector<Var>& x) {
      mod.post(csp::lex_lesseq(std::vector<Var>(x.begin() + 1, x.begin() + 1 + static_cast<long>(n)),
                               std::vector<Var>(x.begin() + 1 + static_cast<long>(n), x.end()), strict));
    };
    // The first difference decides; a proper prefix is smaller; equal arrays only when not strict.
    c.meaning = [n, strict](const Tuple& t) {
      const std::size_t m = t.size() - 1 - n;
      for (std::size_t i = 0; i < n && i < m; ++i)
        if (t[1 + i] != t[1 + n + i]) return t[1 + i] < t[1 + n + i];
      return n < m || (n == m && !strict);
    };
    return c;
  };
  return s;
}

TEST_CASE("lex_lesseq and lex_less are domain consistent", "[bruteforce][harness][globals][lex]") {
  for (bool strict : {false, true}) {
    const Spec s = lex_spec(strict);
    CAPTURE(s.name);
    check_spec(s, 10);
    check_spec(spread(s, 1, 0), 10);  // the split marker stays
  }
}

}  // namespace lex_specs
