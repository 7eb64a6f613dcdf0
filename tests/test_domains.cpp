// Domains: one-word and multi-word variables behave like sets of integers.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "csp/csp.hpp"

TEST_CASE("domain operations match a std::set on random operations", "[domains]") {
  std::mt19937_64 rng(42);
  for (int round = 0; round < 200; ++round) {
    csp::Model m;
    const int lo = static_cast<int>(rng() % 200) - 100;
    const int width = 1 + static_cast<int>(rng() % 300);  // up to 5 words
    csp::Var v = m.add_var(lo, lo + width - 1);
    csp::Var other = m.add_var(0, 5);  // a neighbour whose bits must never change
    csp::Domains d = m.initial_domains();
    std::set<int> ref;
    for (int x = lo; x < lo + width; ++x) ref.insert(x);
    for (int step = 0; step < 40 && !ref.empty(); ++step) {
      int x = lo - 3 + static_cast<int>(rng() % static_cast<unsigned>(width + 6));
      switch (rng() % 4) {
        case 0: d.remove(v, x); ref.erase(x); break;
        case 1: d.remove_below(v, x); ref.erase(ref.begin(), ref.lower_bound(x)); break;
        case 2: d.remove_above(v, x); ref.erase(ref.upper_bound(x), ref.end()); break;
        case 3:
          if (rng() % 8 == 0) {
            bool had = ref.count(x) > 0;
            REQUIRE(d.assign(v, x) == had);
            ref.clear();
            if (had) ref.insert(x);
          }
          break;
      }
      REQUIRE(d.size(v) == static_cast<int>(ref.size()));
      REQUIRE(d.empty(v) == ref.empty());
      REQUIRE(d.values(v) == std::vector<int>(ref.begin(), ref.end()));
      if (!ref.empty()) {
        REQUIRE(d.min(v) == *ref.begin());
        REQUIRE(d.max(v) == *ref.rbegin());
        REQUIRE(d.fixed(v) == (ref.size() == 1));
        int probe = lo - 2 + static_cast<int>(rng() % static_cast<unsigned>(width + 4));
        auto it = ref.upper_bound(probe);
        REQUIRE(d.next(v, probe) == (it == ref.end() ? csp::Domains::none : *it));
        REQUIRE(d.contains(v, probe) == (ref.count(probe) > 0));
      }
      REQUIRE(d.size(other) == 6);
    }
  }
}

TEST_CASE("a variable from a value set holds exactly that set", "[domains]") {
  csp::Model m;
  csp::Var v = m.add_var(std::vector<int>{-70, 3, 5, 64, 1000});
  REQUIRE(m.initial_domains().values(v) == std::vector<int>{-70, 3, 5, 64, 1000});
  REQUIRE(m.name(v) == "x0");
  csp::Var w = m.add_var(1, 9, "cell");
  REQUIRE(m.find("cell") == w);
  REQUIRE_THROWS(m.add_var(5, 4, "bad"));
}
