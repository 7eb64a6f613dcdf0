// The rule propagators that csp::post_groups posts on exact groups, registered with the propagator
// harness (propagator_harness.hpp). Their promise is the closure of their rules, which
// test_rules.cpp checks exactly; here the harness holds them to soundness, idempotence, complete
// assignments and solution counts on random narrowings of planted near-puzzles:
//  - the singles (alone, together, hosting locked candidates) on every layout of the value boards:
//    one board word and packed counts (4x4 Sudoku: 16 cells, 12 groups; Latin 5: 25 cells, 10),
//    two words and packed counts (9x9 Sudoku: 81 cells, 27 groups; Latin 9), more words and packed
//    counts (Latin 12: 144 cells, 24 groups), and the general counts of more than 32 groups
//    (16x16 Sudoku: 256 cells, 48 groups); and the band accelerator that can take their place
//    (band_singles.cpp) on every layout of its own: 4x4, 9x9 and 16x16 Sudoku (sizes fixed at
//    compile time), and Latin squares (the general code);
//  - every group rule alone, all of them together, and every technique rule alone, on 4x4 and
//    9x9 Sudoku.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "grid_groups.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/detail/rule_propagators.hpp"
#include "propagator_harness.hpp"
#include "sanitized_counts.hpp"

namespace {

using csp::Rule;
using csp::RuleSet;
using harness::Constraint;
using harness::Doms;
using harness::Rng;
using harness::Spec;
using harness::Tuple;
using harness::Value;

// Groups of cell indices, and how to plant a solution on them.
struct Layout {
  std::string name;
  int n = 0;                                // values 1..n, n*n cells
  int box = 0;                              // Sudoku box side (0: a Latin square)
  std::vector<std::vector<int>> groups;     // cell indices
  int given_lo = 10, given_hi = 40;         // percent of cells fixed to their planted value
  csp::rules_detail::Accelerator accelerator = csp::rules_detail::Accelerator::singles;  // for both singles
};

Layout sudoku(int b, int given_lo, int given_hi) {
  const int n = b * b;
  return {std::to_string(n) + "x" + std::to_string(n) + " Sudoku", n, b, grid::sudoku_groups(b), given_lo, given_hi};
}

Layout latin(int n, int given_lo, int given_hi) {
  return {"Latin square of side " + std::to_string(n), n, 0, grid::latin_groups(n), given_lo, given_hi};
}

// The layout with the band accelerator in place of the singles propagator.
Layout with_bands(Layout l) {
  l.name += " (band accelerator)";
  l.accelerator = csp::rules_detail::Accelerator::bands;
  return l;
}

// A planted solution with shuffled digits (and rows, for a Latin square); each cell fixed to its
// value `given` percent of the time, otherwise keeping it (always in three instances out of four,
// else 85% of the time, which leaves few solutions) among wrong candidates each kept with one
// chance (drawn per instance) in 10 to 60.
Doms near_puzzle(Rng& r, const Layout& l) {
  const int n = l.n;
  std::vector<int> digit(static_cast<std::size_t>(n)), row(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) digit[static_cast<std::size_t>(k)] = row[static_cast<std::size_t>(k)] = k + 1;
  for (int k = n - 1; k > 0; --k) {
    std::swap(digit[static_cast<std::size_t>(k)], digit[static_cast<std::size_t>(r.between(0, k))]);
    std::swap(row[static_cast<std::size_t>(k)], row[static_cast<std::size_t>(r.between(0, k))]);
  }
  const int given = r.between(l.given_lo, l.given_hi), keep = r.between(10, 60);
  const int keep_planted = r.chance(75) ? 100 : 85;
  Doms d;
  for (int rr = 0; rr < n; ++rr) {
    for (int c = 0; c < n; ++c) {
      const int at = l.box ? (rr % l.box * l.box + rr / l.box + c) % n : (row[static_cast<std::size_t>(rr)] + c) % n;
      const Value planted = digit[static_cast<std::size_t>(at)];
      if (r.chance(given)) {
        d.push_back({planted});
        continue;
      }
      std::vector<Value> values;
      for (Value x = 1; x <= n; ++x)
        if (r.chance(x == planted ? keep_planted : keep)) values.push_back(x);
      if (values.empty()) values.push_back(r.between(1, n));
      d.push_back(values);
    }
  }
  return d;
}

// Every group of the layout takes distinct values (n cells, n values: each value once).
Constraint groups_constraint(const Layout& l, const RuleSet& rules) {
  std::vector<std::vector<int>> groups_of(static_cast<std::size_t>(l.n * l.n));
  for (std::size_t g = 0; g < l.groups.size(); ++g)
    for (int cell : l.groups[g]) groups_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(g));
  Constraint c;
  c.text = csp::to_string(rules) + " on the groups of a " + l.name;
  c.post = [groups = l.groups, rules, accelerator = l.accelerator](csp::Model& m, const std::vector<csp::Var>& x) {
    std::vector<csp::Group> gs;
    for (const auto& g : groups) {
      // (append: GCC 12's -Wrestrict misfires on "g" + std::to_string(...))
      gs.push_back({std::string("g").append(std::to_string(gs.size())), {}});
      for (int cell : g) gs.back().cells.push_back(x[static_cast<std::size_t>(cell)]);
    }
    csp::rules_detail::post_groups(m, gs, rules, accelerator);
  };
  c.meaning = [groups = l.groups](const Tuple& t) {
    for (const auto& g : groups)
      for (std::size_t a = 0; a < g.size(); ++a)
        for (std::size_t b = a + 1; b < g.size(); ++b)
          if (t[static_cast<std::size_t>(g[a])] == t[static_cast<std::size_t>(g[b])]) return false;
    return true;
  };
  c.partial = [groups = l.groups, groups_of](const Tuple& t, const std::vector<char>& assigned, std::size_t i) {
    for (int g : groups_of[i])
      for (int cell : groups[static_cast<std::size_t>(g)]) {
        const auto k = static_cast<std::size_t>(cell);
        if (k != i && assigned[k] && t[k] == t[i]) return false;
      }
    return true;
  };
  return c;
}

Spec rules_spec(const Layout& l, const RuleSet& rules, std::uint64_t seed, int instances) {
  Spec s;
  s.name = csp::to_string(rules) + " on " + l.name;
  s.promise = {harness::Promise::Kind::sound, "soundness (the closure of its rules: test_rules.cpp)"};
  s.seed = seed;
  s.instances = instances;
  s.sanitized_divisor = 4;  // a quarter under a sanitizer (check_rules_spec below says what is left out)
  s.domains = [l](Rng& r) { return near_puzzle(r, l); };
  s.draw = [l, rules](Rng&, const Doms&) { return groups_constraint(l, rules); };
  s.range = {1, l.n};
  s.max_steps = 8;
  s.search_every = 2;
  s.enumeration_nodes = 20000;
  s.search_nodes = 20000;
  return s;
}

// Runs the spec; the mix must contain roots that fail, fixpoints that prune (unless the rule can
// find nothing on this layout: a size-4 pattern fills a whole group of a 4x4 Sudoku), satisfying
// assignments, and solutions counted by search.
void check_rules_spec(const Spec& spec, bool must_prune = true) {
  const harness::Report r = harness::run(spec);
  INFO(r.failure);
  REQUIRE(r.failure.empty());
  // A sanitizer build draws a quarter of the instances (rules_spec) and looks for bad reads and
  // undefined behaviour on them; whether the mix fails, prunes and satisfies is the plain build's
  // check, on all of them (the rare rules prune on a few instances in twenty).
  if (test_counts::kSanitized) return;
  const harness::Tally& t = r.tally;
  INFO(spec.name << ": fixpoints " << t.fixpoints << " (failed " << t.failed << ", pruned " << t.pruned
                 << ", unchanged " << t.unchanged << "), assignments " << t.assignments << " (satisfied "
                 << t.satisfied << "), searches " << t.searches << ", partial enumerations " << t.partial);
  CHECK(t.failed > 0);
  if (must_prune) CHECK(t.pruned > 0);
  CHECK(t.satisfied > 0);
  CHECK(t.searches > 0);
  CHECK(t.partial * 4 <= t.fixpoints);  // most soundness checks saw every solution
}

const RuleSet kSingles{csp::rule("naked-single"), csp::rule("hidden-single")};

std::vector<RuleSet> singles_sets() {
  return {{csp::rule("naked-single")}, {csp::rule("hidden-single")}, kSingles,
          {csp::rule("naked-single"), csp::rule("hidden-single"), csp::rule("locked-candidates")}};
}

}  // namespace

TEST_CASE("the singles are sound on every layout of the value boards", "[harness][rules]") {
  struct Case {
    Layout layout;
    int instances;
  };
  const std::vector<Case> cases = {
      {sudoku(2, 10, 40), 300},  // 16 cells, 12 groups: one word, packed counts
      {latin(5, 10, 40), 200},   // 25 cells, 10 groups: one word, packed counts
      {sudoku(3, 35, 65), 60},   // 81 cells, 27 groups: two words, packed counts
      {latin(9, 35, 65), 60},    // 81 cells, 18 groups: two words, packed counts
      {latin(12, 50, 75), 30},   // 144 cells, 24 groups: three words, packed counts
      {sudoku(4, 60, 80), 30},   // 256 cells, 48 groups: four words, general counts
      {with_bands(sudoku(2, 10, 40)), 300},
      {with_bands(latin(5, 10, 40)), 200},
      {with_bands(sudoku(3, 35, 65)), 60},
      {with_bands(latin(12, 50, 75)), 30},
      {with_bands(sudoku(4, 60, 80)), 30},
  };
  std::uint64_t seed = 700;
  for (const Case& c : cases)
    for (const RuleSet& rules : singles_sets()) {
      CAPTURE(c.layout.name, csp::to_string(rules));
      check_rules_spec(rules_spec(c.layout, rules, ++seed, c.instances));
    }
}

TEST_CASE("every group rule is sound alone and with the others", "[harness][rules]") {
  std::uint64_t seed = 800;
  for (const Layout& layout : {sudoku(2, 10, 40), sudoku(3, 35, 65)}) {
    std::vector<RuleSet> sets;
    for (Rule rule : csp::all_rules()) sets.push_back({rule});
    sets.push_back(csp::all_rules());
    for (const RuleSet& rules : sets) {
      CAPTURE(layout.name, csp::to_string(rules));
      check_rules_spec(rules_spec(layout, rules, ++seed, layout.n == 4 ? 200 : 40));
    }
  }
}

TEST_CASE("every technique rule is sound", "[harness][rules][techniques]") {
  for (const Layout& layout : {sudoku(2, 10, 40), sudoku(3, 35, 65)}) {
    // Each layout's seeds start where they did before issue 21's rules (listed after the older
    // ones) were added, so the older rules keep their draws.
    std::uint64_t seed = layout.n == 4 ? 900 : 911;
    // The rules of issue 21 (the twelfth on: fins, chains, forcing nets) search far more per
    // position than the older ones, and `make test` runs this file three times (plain, nosimd,
    // sanitized): fewer instances each. "no technique ever contradicts the solution" (over
    // generated puzzles) covers them on whole Sudoku grids as well. A sanitizer build draws a
    // quarter (rules_spec), without the check that something was pruned: 10 of the costly rules'
    // 20 on 9x9 left xy-chain with nothing to prune.
    // Rules added later (wxyz-wing) draw from seeds of their own, so that the rules listed after
    // them keep their draws too (one seed later, xy-chain prunes nothing on 9x9).
    std::uint64_t later_seed = seed + 1000;
    std::size_t index = 0;
    for (Rule rule : csp::technique_rules()) {
      CAPTURE(layout.name, csp::rule_name(rule));
      // Sue de Coq searches little per position, but random positions rarely hold its pattern:
      // more instances, on seeds of its own (the rules after it keep their draws).
      if (csp::rule_name(rule) == "sue-de-coq") {
        check_rules_spec(rules_spec(layout, {rule}, layout.n == 4 ? 5300 : 5301, layout.n == 4 ? 150 : 100), layout.n > 4);
        continue;
      }
      const bool costly = index++ >= 11;
      const int instances = layout.n == 4 ? (costly ? 40 : 150) : (costly ? 20 : 100);
      const bool later = csp::rule_name(rule) == "wxyz-wing";
      check_rules_spec(rules_spec(layout, {rule}, later ? ++later_seed : ++seed, instances), layout.n > 4);
    }
    // All of them at once, over the singles (the way --rules every posts them).
    RuleSet every = csp::all_rules();
    every.insert(every.end(), csp::technique_rules().begin(), csp::technique_rules().end());
    CAPTURE(layout.name, "every");
    check_rules_spec(rules_spec(layout, every, ++seed, layout.n == 4 ? 60 : 25));
  }
}
