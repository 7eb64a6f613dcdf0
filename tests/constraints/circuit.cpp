// circuit.hpp with the propagator harness: sound and exact on complete assignments.
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
#include "csp/constraints/circuit.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace circuit_specs {

using namespace global_draws;

// ---- circuit -------------------------------------------------------------------------------------

// Successors mostly among the nodes and off the node itself. `far`: some variables also hold a value
// 70 past the nodes, so their domains take two words and circuit takes its general path, not the
// one-word node masks.
Spec circuit_spec(Value base, bool far) {
  Spec s = base_spec("circuit(x, " + std::to_string(base) + ")" + (far ? " with far values" : ""),
                     {Promise::Kind::sound, "soundness"}, 1831 + base + (far ? 10 : 0));
  s.domains = [base, far](Rng& r) {
    const int n = r.between(1, 5);
    Doms d;
    for (int i = 0; i < n; ++i) {
      std::vector<Value> x = r.chance(85) ? random_domain(r, base, base + n - 1, 20) : random_domain(r, base - 1, base + n, 20);
      if (x.size() > 1 && r.chance(80)) x.erase(std::remove(x.begin(), x.end(), base + i), x.end());
      if (far && r.chance(40)) x.push_back(base + n + 70);
      d.push_back(x);
    }
    return d;
  };
  s.draw = [base](Rng&, const Doms&) {
    Constraint c;
    c.text = "circuit base " + std::to_string(base);
    c.post = [base](csp::Model& m, const std::vector<Var>& x) { m.post(csp::circuit(x, base)); };
    // The successor of node i is t[i] - base; all nodes on one cycle, none its own successor.
    c.meaning = [base](const Tuple& t) {
      const long n = static_cast<long>(t.size());
      std::vector<char> seen(t.size(), 0);
      long at = 0;
      for (long step = 0; step < n; ++step) {
        const long next = t[static_cast<std::size_t>(at)] - base;
        if (next < 0 || next >= n || next == at || seen[static_cast<std::size_t>(next)]) return false;
        seen[static_cast<std::size_t>(next)] = 1;
        at = next;
      }
      return at == 0;
    };
    return c;
  };
  return s;
}

TEST_CASE("circuit is sound and exact on complete assignments", "[bruteforce][harness][globals][circuit]") {
  for (const bool far : {false, true}) {
    for (const Value base : {0, 1}) {
      const Spec s = circuit_spec(base, far);
      CAPTURE(s.name);
      check_spec(s, 10);
    }
  }
}

}  // namespace circuit_specs
