// reified.hpp's compare_reified, member and member_reified with the propagator harness: domain
// consistency; then at the edges of the value range.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "constraints/builtin_draws.hpp"
#include "constraints/edge_draws.hpp"
#include "constraints/specs.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/search/solver.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace reified_specs {

using namespace builtin_draws;

// ---- reification ---------------------------------------------------------------------------------


TEST_CASE("reified comparisons of two variables are domain consistent", "[bruteforce][harness][reified]") {
  std::uint64_t seed = 701;
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      Spec s = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " y + c"), kDomain, seed++);
      s.instances = 1500;
      s.domains = [](Rng& r) { return Doms{window(r, -4, 2, 5), window(r, -4, 2, 5), boolean_domain(r)}; };
      s.draw = [rel, mode, name = s.name](Rng& r, const Doms&) {
        const Value offset = r.between(-2, 2);
        Constraint c;
        c.text = name + " with c = " + std::to_string(offset);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, x[1], offset, x[2], mode));
        };
        c.meaning = [=](const Tuple& t) {
          return reified(mode, compares(rel, t[0], std::int64_t{t[1]} + offset), t[2]);
        };
        return c;
      };
      CAPTURE(s.name);
      CHECK(check_spec(s, 5).subsumed > 0);  // entailed states came up, and each claim held
      check_interval_form(s, 500);
    }
  }
}

TEST_CASE("reified comparisons with a constant and set membership are domain consistent",
          "[bruteforce][harness][reified]") {
  std::uint64_t seed = 711;
  for (csp::Reify mode : kModes) {
    for (csp::Comparison rel : kComparisons) {
      Spec s = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " c"), kDomain, seed++);
      s.instances = 1500;
      s.domains = [](Rng& r) { return Doms{window(r, -4, 2, 6), boolean_domain(r)}; };
      s.draw = [rel, mode, name = s.name](Rng& r, const Doms&) {
        const Value k = r.between(-5, 5);
        Constraint c;
        c.text = name + " with c = " + std::to_string(k);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, k, x[1], mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], k), t[1]); };
        return c;
      };
      CAPTURE(s.name);
      CHECK(check_spec(s, 5).subsumed > 0);  // entailed states came up, and each claim held
      check_interval_form(s, 500);
    }
    Spec s = base_spec(reified_name(mode, "x in S"), kDomain, seed++);
    s.instances = 1500;
    s.domains = [](Rng& r) { return Doms{window(r, -4, 2, 6), boolean_domain(r)}; };
    s.draw = [mode, name = s.name](Rng& r, const Doms&) {
      csp::Ranges set;  // 0-3 ranges, possibly empty or overlapping
      for (int k = r.between(0, 3); k > 0; --k) {
        const Value lo = r.between(-6, 6);
        set.emplace_back(lo, lo + r.between(-1, 3));
      }
      std::ostringstream text;
      text << name << " with S =";
      for (const auto& [lo, hi] : set) text << " [" << lo << "," << hi << "]";
      auto in = [set](Value v) {
        for (const auto& [lo, hi] : set)
          if (lo <= v && v <= hi) return true;
        return false;
      };
      Constraint c;
      c.text = text.str();
      c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::member_reified(x[0], set, x[1], mode)); };
      c.meaning = [=](const Tuple& t) { return reified(mode, in(t[0]), t[1]); };
      return c;
    };
    CAPTURE(s.name);
    CHECK(check_spec(s, 5).subsumed > 0);
    check_interval_form(s, 500);
  }
}

TEST_CASE("member(x, S) keeps exactly the candidates in S", "[harness][reified]") {
  csp::Model model;
  const Var x = model.add_var(-5, 5);
  model.post(csp::member(x, {{3, 4}, {-2, -2}, {4, 9}, {1, 0}}));
  const harness::Outcome got = harness::propagate(model, model.initial_domains());
  REQUIRE(got.ok);
  CHECK(got.domains.values(x) == std::vector<Value>{-2, 3, 4, 5});
}

}  // namespace reified_specs

namespace reified_edges {

using namespace edge_draws;

TEST_CASE("reified comparisons at the edges are domain consistent", "[bruteforce][harness][edges][reified]") {
  std::uint64_t seed = 2971;
  for (csp::Comparison rel : kComparisons) {
    for (csp::Reify mode : kModes) {
      // x REL y + c <-> b
      Spec two = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " y + c at the edges"), kDomain,
                           seed++);
      two.instances = kEdgeInstances;
      two.domains = [](Rng& r) { return Doms{edge_domain(r), edge_domain(r), zone_values(r, Zone::boolean, 40)}; };
      two.draw = [rel, mode, name = two.name](Rng& r, const Doms&) {
        const Value offset = edge_offset(r);
        Constraint c;
        c.text = name + " with c = " + std::to_string(offset);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) {
          m.post(csp::compare_reified(x[0], rel, x[1], offset, x[2], mode));
        };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], std::int64_t{t[1]} + offset), t[2]); };
        return c;
      };
      check_both(two, rel == csp::Comparison::not_equal && mode == csp::Reify::implies ? 0 : 3);
      // x REL k <-> b
      Spec one = base_spec(reified_name(mode, std::string("x ") + comparison_text(rel) + " k at the edges"), kDomain,
                           seed++);
      one.instances = kEdgeInstances;
      one.domains = [](Rng& r) { return Doms{edge_domain(r), zone_values(r, Zone::boolean, 40)}; };
      one.draw = [rel, mode, name = one.name](Rng& r, const Doms& d) {
        static const Value constants[] = {kLo, kHi, 0, kLo + 1, kHi - 1};
        const Value k = r.chance(60) ? pick(r, d[0]) + r.between(-1, 1) : constants[r.between(0, 4)];
        Constraint c;
        c.text = name + " with k = " + std::to_string(k);
        c.post = [=](csp::Model& m, const std::vector<Var>& x) { m.post(csp::compare_reified(x[0], rel, k, x[1], mode)); };
        c.meaning = [=](const Tuple& t) { return reified(mode, compares(rel, t[0], k), t[1]); };
        return c;
      };
      check_both(one, 3);
    }
  }
}

TEST_CASE("set membership and its reification at the edges are domain consistent",
          "[bruteforce][harness][edges][reified]") {
  std::uint64_t seed = 2991;
  for (int form = 0; form < 3; ++form) {  // member, member_reified <->, member_reified ->
    const csp::Reify mode = form == 2 ? csp::Reify::implies : csp::Reify::equivalent;
    Spec s = base_spec(form == 0 ? "x in S at the edges" : reified_name(mode, "x in S at the edges"), kDomain, seed++);
    s.instances = kEdgeInstances;
    s.domains = [form](Rng& r) {
      Doms d{edge_domain(r)};
      if (form > 0) d.push_back(zone_values(r, Zone::boolean, 40));
      return d;
    };
    s.draw = [form, mode, name = s.name](Rng& r, const Doms& d) {
      csp::Ranges set;  // 0-3 ranges at the edges, possibly empty, reaching to the ends of int
      for (int k = r.between(0, 3); k > 0; --k) {
        const int way = r.between(0, 4);
        if (way == 0) {
          set.emplace_back(INT32_MIN, pick(r, d[0]) + r.between(-1, 1));
        } else if (way == 1) {
          set.emplace_back(pick(r, d[0]) + r.between(-1, 1), INT32_MAX);
        } else {
          const Value lo = pick(r, zone_values(r, edge_zone(r), 100));
          set.emplace_back(lo, lo + r.between(-1, 3));
        }
      }
      std::ostringstream text;
      text << name << " with S =";
      for (const auto& [lo, hi] : set) text << " [" << lo << "," << hi << "]";
      auto in = [set](Value v) {
        for (const auto& [lo, hi] : set)
          if (lo <= v && v <= hi) return true;
        return false;
      };
      Constraint c;
      c.text = text.str();
      c.post = [=](csp::Model& m, const std::vector<Var>& x) {
        m.post(form == 0 ? csp::member(x[0], set) : csp::member_reified(x[0], set, x[1], mode));
      };
      c.meaning = [=](const Tuple& t) { return form == 0 ? in(t[0]) : reified(mode, in(t[0]), t[1]); };
      return c;
    };
    check_both(s, form == 0 ? 0 : 3);
  }
}

}  // namespace reified_edges
