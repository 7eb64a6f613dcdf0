// Small random models for the learning tests (learning.cpp, portfolio.cpp), and their solutions
// by enumeration: the independent answer every search is compared with.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/constraints/table.hpp"
#include "csp/kernel/model.hpp"

namespace learning_tests {

using csp::Value;
using csp::Var;

// A random model: n variables over small ranges (some with holes) and a few constraints of the
// kinds that propagate in different ways (bounds, values, global, tables, reification).
struct RandomModel {
  csp::Model model;
  std::vector<Var> vars;
  std::string text;
};

// `larger`: 7-8 variables over {0, 1, 2} and 13-17 constraints, most of them the edges of a graph
// to 3-colour, near where such graphs turn uncolourable: a first solution takes conflicts to find.
// `intervals`: every variable in the interval form, as wide ones are (clauses then watch their
// literals in the variables' lists, not in the literals' own).
inline RandomModel random_model(std::uint64_t seed, bool larger = false, bool intervals = false) {
  std::mt19937_64 g(seed);
  auto between = [&](int lo, int hi) { return lo + static_cast<int>(g() % static_cast<std::uint64_t>(hi - lo + 1)); };
  RandomModel r;
  if (intervals) r.model.set_interval_threshold(0);
  const int n = larger ? between(7, 8) : between(3, 6);
  for (int i = 0; i < n; ++i) {
    const Value lo = larger ? 0 : between(-2, 1), hi = lo + (larger ? 2 : between(1, 4));
    std::vector<Value> values;
    for (Value x = lo; x <= hi; ++x)
      if (x == lo || x == hi || between(0, 3) != 0) values.push_back(x);
    r.vars.push_back(r.model.add_var(values, std::string("x").append(std::to_string(i))));
  }
  auto pick = [&] { return r.vars[static_cast<std::size_t>(between(0, n - 1))]; };
  const int constraints = larger ? between(13, 17) : between(2, 5);
  for (int c = 0; c < constraints; ++c) {
    const Var x = pick(), y = pick();
    switch (larger && between(0, 5) != 0 ? 6 : between(0, 5)) {
      case 0:
        r.model.post(csp::not_equal(x, y, between(-1, 1)));
        r.text += "ne ";
        break;
      case 1:
        r.model.post(csp::less_equal(x, y, between(-1, 1)));
        r.text += "le ";
        break;
      case 2: {
        std::vector<std::int64_t> k;
        std::vector<Var> xs;
        for (int i = 0; i < 3; ++i) {
          k.push_back(between(0, 1) ? between(1, 3) : -between(1, 3));
          xs.push_back(pick());
        }
        r.model.post(csp::linear(k, xs, static_cast<csp::LinearRelation>(between(0, 2)), between(-3, 3)));
        r.text += "linear ";
        break;
      }
      case 3: {
        std::vector<Var> xs = r.vars;
        xs.resize(static_cast<std::size_t>(between(2, n)));
        r.model.post(csp::all_different(xs));
        r.text += "alldiff ";
        break;
      }
      case 4: {
        const Var z = pick();
        std::vector<Value> rows;
        for (int k = 0; k < 6; ++k)
          for (int j = 0; j < 3; ++j) rows.push_back(between(-2, 4));
        r.model.post(csp::table(r.model, {x, y, z}, rows));
        r.text += "table ";
        break;
      }
      case 5: {
        const Var b = r.model.add_var(0, 1, std::string("b").append(std::to_string(c)));
        r.vars.push_back(b);
        r.model.post(csp::compare_reified(x, csp::Comparison::less, y, 0, b, csp::Reify::equivalent));
        r.model.post(csp::not_equal(b, pick()));
        r.text += "reified ";
        break;
      }
      case 6:  // an edge of a graph to colour
        if (x != y) r.model.post(csp::not_equal(x, y));
        r.text += "edge ";
        break;
    }
  }
  return r;
}

// Every complete assignment of the model's initial domains that satisfies every constraint.
inline std::vector<std::vector<Value>> all_solutions(const csp::Model& m) {
  std::vector<std::vector<Value>> domains, out;
  for (Var v : m.vars()) domains.push_back(m.initial_domains().values(v));
  std::vector<Value> t(domains.size());
  std::function<void(std::size_t)> walk = [&](std::size_t i) {
    if (i == domains.size()) {
      if (m.satisfied_by(t)) out.push_back(t);
      return;
    }
    for (Value x : domains[i]) {
      t[i] = x;
      walk(i + 1);
    }
  };
  walk(0);
  return out;
}

}  // namespace learning_tests
