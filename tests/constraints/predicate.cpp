// predicate.hpp's predicate(vars, truth table) with the propagator harness: its documented fixpoint,
// re-implemented here on plain vectors.
// (The propagator harness: tests/propagator_harness.hpp; the folder: tests/constraints/README.md.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "constraints/specs.hpp"
#include "csp/constraints/predicate.hpp"
#include "harness_specs.hpp"
#include "propagator_harness.hpp"

namespace predicate_specs {

using csp::Value;
using csp::Var;
using namespace harness;

// ---- predicate ---------------------------------------------------------------------------------

// predicate.hpp: all fixed -> fail iff rejected; exactly one unfixed -> it keeps the values the
// function accepts (the others being fixed); two or more unfixed -> nothing.
std::optional<Doms> predicate_fixpoint(const std::function<bool(const Tuple&)>& meaning, const Doms& d) {
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i].size() > 1) open.push_back(i);
  Tuple t;
  for (const auto& values : d) t.push_back(values[0]);
  if (open.empty()) return meaning(t) ? std::optional<Doms>(d) : std::nullopt;
  if (open.size() > 1) return d;
  Doms out = d;
  std::vector<Value>& last = out[open[0]];
  last.clear();
  for (Value x : d[open[0]]) {
    t[open[0]] = x;
    if (meaning(t)) last.push_back(x);
  }
  return last.empty() ? std::nullopt : std::optional<Doms>(out);
}

Spec predicate_spec(std::uint64_t seed) {
  Spec s = base_spec("predicate(vars, random truth table)",
                     {Promise::Kind::custom, "predicate.hpp's forward checking"}, seed);
  // 2-4 variables over one range [lo, lo + width) of width 2-4, within [-3, 4].
  s.domains = [](Rng& r) {
    const int n = r.between(2, 4);
    const Value lo = r.between(-3, 1);
    const int width = r.between(2, 4);
    Doms d;
    for (int i = 0; i < n; ++i) d.push_back(harness::random_domain(r, lo, lo + width - 1, 45));
    return d;
  };
  s.draw = [](Rng& r, const Doms& d) {
    // A random truth table over the range [lo, hi] of the domains, indexed in base hi - lo + 1.
    Value lo = d[0].front(), hi = d[0].back();
    for (const auto& values : d) lo = std::min(lo, values.front()), hi = std::max(hi, values.back());
    const auto width = static_cast<std::size_t>(hi - lo + 1);
    auto table = std::make_shared<std::vector<char>>();
    std::size_t cells = 1;
    for (std::size_t i = 0; i < d.size(); ++i) cells *= width;
    const int density = r.between(10, 90);
    for (std::size_t k = 0; k < cells; ++k) table->push_back(r.chance(density) ? 1 : 0);
    auto cell = [table, lo, width](std::span<const Value> v) {
      std::size_t k = 0;
      for (Value x : v) k = k * width + static_cast<std::size_t>(x - lo);
      return (*table)[k] != 0;
    };
    Constraint c;
    c.post = [cell](csp::Model& m, const std::vector<Var>& x) { m.post(csp::predicate(x, cell)); };
    c.meaning = [cell](const Tuple& t) { return cell(t); };
    c.fixpoint = [meaning = c.meaning](const Doms& now) { return predicate_fixpoint(meaning, now); };
    std::ostringstream text;
    text << "predicate over [" << lo << ", " << hi << "]^" << d.size() << ", truth table (base-" << width
         << " index order) ";
    for (char x : *table) text << (x ? '1' : '0');
    c.text = text.str();
    return c;
  };
  return s;
}

TEST_CASE("predicate(vars, random truth table) keeps its documented promise", "[bruteforce][harness][predicate]") {
  check_spec(predicate_spec(201));
}

}  // namespace predicate_specs
