// Rule modules on exact all-different groups: each rule on hand-built candidate positions (the
// exact removals, nothing when the pattern is absent, the counters), rule-set parsing, the checks
// post_groups() makes, and brute-force soundness on thousands of random small groups.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "grid_groups.hpp"
#include "sanitized_counts.hpp"
#include "csp/csp.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/techniques/technique.hpp"

namespace {

using csp::Rule;
using csp::RuleSet;

// Candidates as a string of digits ("125" = {1,2,5}), the values 1..9 being bits 0..8.
std::uint64_t mask_of(const std::string& digits) {
  std::uint64_t m = 0;
  for (char c : digits) m |= std::uint64_t{1} << (c - '1');
  return m;
}

std::string digits_of(const csp::Domains& d, csp::Var v) {
  std::string out;
  d.for_each(v, [&](csp::Value x) { out += static_cast<char>('0' + x); });
  return out;
}

// One model, one or two groups of cells with values 1..n, and the given rule set posted on them.
struct Bench {
  csp::Model model;
  std::vector<csp::Var> x;
  std::vector<csp::Group> groups;
  csp::Stats stats;
  bool ok = true;

  // A single group "row 1" of n cells.
  Bench(int n, const RuleSet& rules) {
    x = model.add_vars(n, 1, n, "x");
    groups.push_back({"row 1", x});
    csp::post_groups(model, groups, rules);
  }
  // Two groups of 9 cells sharing the first `shared` cells: A = x0..x8, B = x0..x(shared-1), x9...
  Bench(int shared, const RuleSet& rules, bool) {
    x = model.add_vars(18 - shared, 1, 9, "x");
    csp::Group a{"box 1", {x.begin(), x.begin() + 9}};
    csp::Group b{"row 1", {x.begin(), x.begin() + shared}};
    b.cells.insert(b.cells.end(), x.begin() + 9, x.end());
    groups = {a, b};
    csp::post_groups(model, groups, rules);
  }

  // Sets the candidates (one digit string per cell, in order), propagates to the fixpoint and
  // returns the candidates afterwards.
  std::vector<std::string> run(const std::vector<std::string>& cands) {
    REQUIRE(cands.size() == x.size());
    csp::Domains d = model.initial_domains();
    for (std::size_t i = 0; i < x.size(); ++i) d.set_bits(x[i], mask_of(cands[i]));
    csp::Engine engine(model);
    stats = csp::Stats{};
    stats.counters.assign(model.counter_names().size(), 0);
    ok = engine.propagate_all(d, stats);
    std::vector<std::string> out;
    for (csp::Var v : x) out.push_back(digits_of(d, v));
    return out;
  }

  std::uint64_t counter(const std::string& name) const {
    const auto& names = model.counter_names();
    auto it = std::find(names.begin(), names.end(), name);
    REQUIRE(it != names.end());
    return stats.counters[static_cast<std::size_t>(it - names.begin())];
  }
};

const std::string kAll9 = "123456789";

}  // namespace

// ---- each rule on hand-built positions ----------------------------------------------------------

// csp_rule_tests_nosimd (tests/CMakeLists.txt) is these tests compiled with CSP_NO_SIMD and linked with
// a copy of singles.cpp built the same way, ahead of the library's: this fails if the library's
// copy, counting in SSE2 registers, were the one linked.
TEST_CASE("the singles count with SIMD where built to", "[rules]") {
#if defined(__SSE2__) && !defined(CSP_NO_SIMD)
  CHECK(csp::rules_detail::singles_count_with_simd());
#else
  CHECK_FALSE(csp::rules_detail::singles_count_with_simd());
#endif
}

TEST_CASE("naked single removes a fixed value from its peers, repeatedly", "[rules]") {
  Bench b(9, {csp::rule("naked-single")});
  // x0 = 5 removes 5 everywhere; that fixes x1 = 1, which then removes 1 from the full cells.
  auto after = b.run({"5", "15", "567", kAll9, kAll9, kAll9, kAll9, kAll9, kAll9});
  REQUIRE(b.ok);
  CHECK(after == std::vector<std::string>{"5", "1", "67", "2346789", "2346789", "2346789", "2346789", "2346789",
                                          "2346789"});
  CHECK(b.counter("naked-single") == 2);             // value 5, then value 1
  CHECK(b.counter("naked-single.removals") == 14);   // 8 fives, then 6 ones
  CHECK(b.stats.removals == 14);

  SECTION("no fixed cell: nothing happens") {
    auto same = b.run({"12", "12", "34", "34", "56", "56", "78", "78", "19"});
    REQUIRE(b.ok);
    CHECK(same == std::vector<std::string>{"12", "12", "34", "34", "56", "56", "78", "78", "19"});
    CHECK(b.counter("naked-single") == 0);
    CHECK(b.counter("naked-single.removals") == 0);
  }
  SECTION("two cells fixed to the same value fail") {
    b.run({"5", "5", kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9});
    CHECK_FALSE(b.ok);
  }
  SECTION("a cell whose every candidate is fixed elsewhere fails") {
    b.run({"1", "2", "12", kAll9, kAll9, kAll9, kAll9, kAll9, kAll9});
    CHECK_FALSE(b.ok);
  }
}

TEST_CASE("hidden single places a value with one place left, repeatedly", "[rules]") {
  Bench b(9, {csp::rule("hidden-single")});
  // 9 can only go in x4; placing it leaves 8 only in x5.
  const std::string r = "1234567";
  auto after = b.run({r, r, r, r, "389", "78", r, r, r});
  REQUIRE(b.ok);
  CHECK(after == std::vector<std::string>{r, r, r, r, "9", "8", r, r, r});
  CHECK(b.counter("hidden-single") == 2);
  CHECK(b.counter("hidden-single.removals") == 3);
  CHECK(b.stats.removals == 3);

  SECTION("every value has two places: nothing happens") {
    auto same = b.run({"12", "12", "34", "34", "56", "56", "78", "789", "79"});
    REQUIRE(b.ok);
    CHECK(same == std::vector<std::string>{"12", "12", "34", "34", "56", "56", "78", "789", "79"});
    CHECK(b.counter("hidden-single") == 0);
  }
  SECTION("a value with no place fails") {
    b.run({"12345678", kAll9.substr(0, 8), "1", "2", "3", "4", "5", "6", "7"});
    CHECK_FALSE(b.ok);
  }
  SECTION("two values whose only place is the same cell fail") {
    b.run({"1234567", "1234567", "1234567", "1234567", "1234567", "1234567", "1234567", "89", "1234567"});
    CHECK_FALSE(b.ok);
  }
  SECTION("a placed value already fixed is not a firing") {
    auto same = b.run({"9", "12345678", "12345678", "12345678", "12345678", "12345678", "12345678", "12345678",
                       "12345678"});
    REQUIRE(b.ok);
    CHECK(same[0] == "9");
    CHECK(b.counter("hidden-single") == 0);
  }
}

TEST_CASE("naked pair removes their two values from the rest of the group", "[rules]") {
  Bench b(9, {csp::rule("naked-pair")});
  const std::string r = "3456789";
  auto after = b.run({"12", "12", "123", "145", r, r, r, r, r});
  REQUIRE(b.ok);
  CHECK(after == std::vector<std::string>{"12", "12", "3", "45", r, r, r, r, r});
  CHECK(b.counter("naked-pair") == 1);
  CHECK(b.counter("naked-pair.removals") == 3);

  SECTION("two different pairs: nothing happens") {
    auto same = b.run({"12", "13", "123", "145", kAll9, r, r, r, r});
    REQUIRE(b.ok);
    CHECK(same == std::vector<std::string>{"12", "13", "123", "145", kAll9, r, r, r, r});
    CHECK(b.counter("naked-pair") == 0);
  }
  SECTION("twins with nothing to remove are no firing") {
    auto same = b.run({"12", "12", r, r, r, r, r, r, r});
    REQUIRE(b.ok);
    CHECK(same[2] == r);
    CHECK(b.counter("naked-pair") == 0);
  }
  SECTION("a removal that makes new twins is followed up") {
    // {1,2} twins turn x2 into {3,4}, a twin of x3, which then clears 3 and 4 from x4.
    auto chain = b.run({"12", "12", "134", "34", "345", "56789", "56789", "56789", "56789"});
    REQUIRE(b.ok);
    CHECK(chain == std::vector<std::string>{"12", "12", "34", "34", "5", "56789", "56789", "56789", "56789"});
    CHECK(b.counter("naked-pair") == 2);
    CHECK(b.counter("naked-pair.removals") == 3);
  }
  SECTION("three cells with the same pair fail") {
    b.run({"12", "12", "12", r, r, r, r, r, r});
    CHECK_FALSE(b.ok);
  }
}

TEST_CASE("hidden pair keeps only their two values in their two cells", "[rules]") {
  Bench b(9, {csp::rule("hidden-pair")});
  const std::string r = "3456789";
  auto after = b.run({"1259", "12678", r, r, r, r, r, r, r});
  REQUIRE(b.ok);
  CHECK(after == std::vector<std::string>{"12", "12", r, r, r, r, r, r, r});
  CHECK(b.counter("hidden-pair") == 1);
  CHECK(b.counter("hidden-pair.removals") == 5);

  SECTION("two values with different places: nothing happens") {
    auto same = b.run({"1259", "1678", "2345", r, r, r, r, r, r});
    REQUIRE(b.ok);
    CHECK(same == std::vector<std::string>{"1259", "1678", "2345", r, r, r, r, r, r});
    CHECK(b.counter("hidden-pair") == 0);
  }
  SECTION("three values with the same two places fail") {
    const std::string q = "456789";
    b.run({"1234", "1235", q, q, q, q, q, q, q});
    CHECK_FALSE(b.ok);
  }
}

TEST_CASE("naked triple removes their three values from the rest of the group", "[rules]") {
  Bench b(9, {csp::rule("naked-triple")});
  const std::string r = "456789";
  SECTION("three cells of two candidates each") {
    auto after = b.run({"12", "23", "13", "1234", "35", r, r, r, r});
    REQUIRE(b.ok);
    CHECK(after == std::vector<std::string>{"12", "23", "13", "4", "5", r, r, r, r});
    CHECK(b.counter("naked-triple") == 1);
    CHECK(b.counter("naked-triple.removals") == 4);
  }
  SECTION("cells of two and three candidates") {
    auto after = b.run({"123", "12", "23", "12345", r, r, r, r, r});
    REQUIRE(b.ok);
    CHECK(after == std::vector<std::string>{"123", "12", "23", "45", r, r, r, r, r});
    CHECK(b.counter("naked-triple") == 1);
    CHECK(b.counter("naked-triple.removals") == 3);
  }
  SECTION("no three cells with three values: nothing happens") {
    auto same = b.run({"12", "23", "34", "1234", "35", r, r, r, r});
    REQUIRE(b.ok);
    CHECK(same == std::vector<std::string>{"12", "23", "34", "1234", "35", r, r, r, r});
    CHECK(b.counter("naked-triple") == 0);
  }
  SECTION("three cells sharing two values fail") {
    b.run({"12", "12", "12", kAll9, kAll9, kAll9, kAll9, kAll9, kAll9});
    CHECK_FALSE(b.ok);
  }
}

TEST_CASE("locked candidates: pointing and claiming between two groups", "[rules]") {
  Bench b(3, {csp::rule("locked-candidates")}, true);  // A = x0..x8, B = x0,x1,x2,x9..x14
  REQUIRE(b.model.propagator_count() == 3);     // two checks and one locked-candidates
  CHECK(b.model.propagator(2).name() == "locked-candidates");  // one propagator over every pair
  const std::string a = "12345689";  // A\B without 7
  SECTION("pointing: 7 lies in A only inside the intersection, so it leaves B\\A") {
    auto after = b.run({"17", "27", "1234", a, a, a, a, a, a, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9});
    REQUIRE(b.ok);
    for (std::size_t i = 9; i < 15; ++i) CHECK(after[i] == "12345689");
    for (std::size_t i = 3; i < 9; ++i) CHECK(after[i] == a);
    CHECK(b.counter("locked-candidates") == 1);
    CHECK(b.counter("locked-candidates.removals") == 6);
  }
  SECTION("claiming: 9 lies in B only inside the intersection, so it leaves A\\B") {
    const std::string n9 = "12345678";
    auto after = b.run({"19", "2", "3", kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, n9, n9, n9, n9, n9, n9});
    REQUIRE(b.ok);
    for (std::size_t i = 3; i < 9; ++i) CHECK(after[i] == "12345678");
    CHECK(b.counter("locked-candidates") == 1);
    CHECK(b.counter("locked-candidates.removals") == 6);
  }
  SECTION("no value locked: nothing happens") {
    auto same = b.run({"17", "27", "1234", kAll9, a, a, a, a, a, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9});
    REQUIRE(b.ok);
    CHECK(same[9] == kAll9);
    CHECK(same[3] == kAll9);
    CHECK(b.counter("locked-candidates") == 0);
  }
}

TEST_CASE("locked candidates are posted on box-line pairs only", "[rules]") {
  // Nine rows, columns and boxes of a 9x9 grid: each box meets three rows and three columns in
  // three cells; a row meets a column in one cell, which is no pattern.
  csp::Model m;
  auto x = m.add_vars(81, 1, 9);
  std::vector<csp::Group> groups;
  for (int k = 0; k < 9; ++k) {
    const std::string number = std::to_string(k + 1);
    csp::Group row{"row ", {}}, col{"column ", {}}, box{"box ", {}};
    row.name += number;  // appended, not concatenated: GCC 12 warns falsely on "literal" + string
    col.name += number;
    box.name += number;
    for (int i = 0; i < 9; ++i) {
      row.cells.push_back(x[static_cast<std::size_t>(k * 9 + i)]);
      col.cells.push_back(x[static_cast<std::size_t>(i * 9 + k)]);
      box.cells.push_back(x[static_cast<std::size_t>((k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3)]);
    }
    groups.push_back(row);
    groups.push_back(col);
    groups.push_back(box);
  }
  csp::post_groups(m, groups, {csp::rule("locked-candidates")});
  REQUIRE(m.propagator_count() == 27 + 1);  // a check per group, one propagator for the pairs
  csp::Engine e(m);
  csp::Stats s;
  s.counters.assign(m.counter_names().size(), 0);
  // Confined to where row 1 meets box 1, 5 leaves the rest of box 1, and nothing else: no row,
  // column or other box shares two cells with that intersection.
  csp::Domains d2 = m.initial_domains();
  for (int c = 3; c < 9; ++c) d2.remove(x[static_cast<std::size_t>(c)], 5);
  REQUIRE(e.propagate_all(d2, s));
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const bool rest_of_box = r > 0 && r < 3 && c < 3;
      INFO("r" << r + 1 << "c" << c + 1);
      CHECK(d2.contains(x[static_cast<std::size_t>(r * 9 + c)], 5) == !(rest_of_box || (r == 0 && c >= 3)));
    }
}

TEST_CASE("rule propagators are named after their group and register two counters each", "[rules]") {
  Bench b(9, csp::all_rules());
  std::vector<std::string> names;
  for (int p = 0; p < b.model.propagator_count(); ++p) names.push_back(b.model.propagator(p).name());
  // The two single rules are one propagator over every group; the others one per group.
  CHECK(names == std::vector<std::string>{"naked-single+hidden-single", "naked-pair in row 1", "hidden-pair in row 1",
                                          "naked-triple in row 1"});
  CHECK(b.model.counter_names() ==
        std::vector<std::string>{"naked-single", "naked-single.removals", "hidden-single", "hidden-single.removals",
                                 "naked-pair", "naked-pair.removals", "hidden-pair", "hidden-pair.removals",
                                 "naked-triple", "naked-triple.removals", "locked-candidates",
                                 "locked-candidates.removals"});
}

// ---- rule sets and groups -----------------------------------------------------------------------

TEST_CASE("rule sets parse from names and print back", "[rules]") {
  CHECK(csp::parse_rules("none").empty());
  CHECK(csp::parse_rules("all") == csp::all_rules());
  CHECK(csp::parse_rules("naked-single,hidden-single") ==
        RuleSet{csp::rule("naked-single"), csp::rule("hidden-single")});
  CHECK(csp::parse_rules(" hidden-single , naked-single,hidden-single") ==
        RuleSet{csp::rule("hidden-single"), csp::rule("naked-single")});
  CHECK(csp::to_string(RuleSet{}) == "none");
  CHECK(csp::to_string(csp::all_rules()) ==
        "naked-single,hidden-single,naked-pair,hidden-pair,naked-triple,locked-candidates");
  for (Rule r : csp::all_rules()) CHECK(csp::parse_rules(csp::rule_name(r)) == RuleSet{r});
  CHECK(csp::parse_rules(csp::to_string(csp::all_rules())) == csp::all_rules());
  CHECK_THROWS_WITH(csp::parse_rules("naked-single,y-wing"), Catch::Contains("unknown rule 'y-wing'"));
  // The older plural names are aliases; "singles" is the two single rules.
  CHECK(csp::parse_rules("naked-twins,hidden-pairs,naked-triples,hidden-triples,naked-quads,hidden-quads,x-chains") ==
        RuleSet{csp::rule("naked-pair"), csp::rule("hidden-pair"), csp::rule("naked-triple"),
                csp::rule("hidden-triple"), csp::rule("naked-quad"), csp::rule("hidden-quad"), csp::rule("x-chain")});
  CHECK(csp::parse_rules("singles") == RuleSet{csp::rule("naked-single"), csp::rule("hidden-single")});
  CHECK(csp::to_string(csp::parse_rules("x-chains")) == "x-chain");
  // rule_names() lists every name parse_rules() takes, and each parses.
  for (const csp::RuleName& n : csp::rule_names()) {
    CHECK_NOTHROW(csp::parse_rules(n.name));
    CHECK_FALSE(n.idea.empty());
    for (std::string_view a : n.aliases) CHECK(csp::parse_rules(a) == csp::parse_rules(n.name));
  }
  for (Rule r : csp::parse_rules("every"))
    CHECK(std::count_if(csp::rule_names().begin(), csp::rule_names().end(),
                        [&](const csp::RuleName& n) { return n.name == csp::rule_name(r); }) == 1);
  CHECK_THROWS_AS(csp::parse_rules(""), std::invalid_argument);
  CHECK_THROWS_AS(csp::parse_rules("naked-single,,hidden-single"), std::invalid_argument);
}

// The registry is the only list of rules: every row that can be a search rule is one, reachable by
// its name and through "every", posting exactly its deduction (or its by_set set's); the others
// are not rules.
TEST_CASE("the search rules are the registry's rows", "[rules]") {
  namespace tq = csp::techniques;
  const RuleSet every = csp::parse_rules("every");
  std::size_t rows = 0;
  for (const tq::Technique& t : tq::catalogue()) {
    INFO(t.name);
    if (t.search == tq::Search::none) {
      CHECK_THROWS_AS(csp::rule(t.name), std::invalid_argument);
      CHECK_THROWS_AS(csp::parse_rules(t.name), std::invalid_argument);
      continue;
    }
    ++rows;
    const std::string_view name = t.by_set ? t.set : t.name;
    const Rule r = csp::rule(name);
    CHECK(csp::rule_name(r) == name);
    CHECK(csp::parse_rules(name) == RuleSet{r});
    const std::vector<const tq::Technique*> posted = tq::rows_of(r);
    CHECK(std::count(posted.begin(), posted.end(), &t) == 1);
    CHECK(tq::finders_of(r).size() == posted.size());
    CHECK(std::count(every.begin(), every.end(), r) == 1);
    const RuleSet& named = t.search == tq::Search::all ? csp::all_rules() : csp::technique_rules();
    CHECK(std::count(named.begin(), named.end(), r) == 1);
  }
  // Every rule posts at least one row, and no row is posted by two rules.
  std::size_t posted = 0;
  for (Rule r : every) posted += tq::rows_of(r).size();
  CHECK(posted == rows);
  CHECK(every.size() == csp::all_rules().size() + csp::technique_rules().size());
  // The listing order kept from before the registry (Technique::listed), newer rows after it.
  CHECK(csp::to_string(csp::technique_rules())
            .starts_with("hidden-triple,naked-quad,hidden-quad,x-wing,swordfish,jellyfish,xy-wing,xyz-wing,"
                         "simple-colouring,x-chain"));
  CHECK_THROWS_WITH(csp::rule("all"), Catch::Contains("unknown rule 'all'"));
}

TEST_CASE("post_groups refuses groups that are not exact or not one-word", "[rules]") {
  csp::Model m;
  auto x = m.add_vars(4, 1, 4, "x");
  CHECK_NOTHROW(csp::post_groups(m, {{"ok", x}}, csp::all_rules()));
  csp::Var y = m.add_var(1, 5, "y");  // five values
  csp::Var z = m.add_var(2, 5, "z");  // another base
  csp::Var w = m.add_var(1, 100, "w");  // two words
  const int before = m.propagator_count();
  CHECK_THROWS_WITH(csp::post_groups(m, {{"g", {x[0], x[1], x[2], y}}}, {}), Catch::Contains("not exact"));
  CHECK_THROWS_WITH(csp::post_groups(m, {{"g", {x[0], x[1], x[2]}}}, {}), Catch::Contains("not exact"));
  CHECK_THROWS_WITH(csp::post_groups(m, {{"g", {x[0], x[1], x[2], z}}}, {}), Catch::Contains("base"));
  CHECK_THROWS_WITH(csp::post_groups(m, {{"g", {x[0], x[1], x[2], w}}}, {}), Catch::Contains("wider"));
  CHECK_THROWS_WITH(csp::post_groups(m, {{"g", {x[0], x[1], x[2], x[2]}}}, {}), Catch::Contains("twice"));
  CHECK_THROWS_AS(csp::post_groups(m, {{"g", {}}}, {}), std::invalid_argument);
  // A good group listed before a bad one is not posted either.
  CHECK_THROWS_AS(csp::post_groups(m, {{"ok", x}, {"g", {x[0], y}}}, {}), std::invalid_argument);
  CHECK(m.propagator_count() == before);
  // Exact with values that are not 1..n: any n values will do.
  csp::Model m2;
  std::vector<csp::Var> v;
  for (int i = 0; i < 3; ++i) v.push_back(m2.add_var(std::vector<csp::Value>{10, 20, 30}));
  CHECK_NOTHROW(csp::post_groups(m2, {{"g", v}}, csp::all_rules()));
}

// ---- brute-force soundness ----------------------------------------------------------------------

namespace {

// Every assignment of the variables with each group all-different, found by plain backtracking:
// support[v][x] is true when some such assignment gives v the value x. Returns the number found.
long brute_force(const csp::Domains& d, const std::vector<csp::Var>& vars, const std::vector<csp::Group>& groups,
                 std::vector<std::vector<char>>& support) {
  const std::size_t n = vars.size();
  support.assign(n, std::vector<char>(16, 0));
  std::vector<int> value(n, 0);
  long found = 0;
  auto clash = [&](std::size_t i) {
    for (const csp::Group& g : groups) {
      if (std::find(g.cells.begin(), g.cells.end(), vars[i]) == g.cells.end()) continue;
      for (std::size_t j = 0; j < i; ++j)
        if (value[j] == value[i] && std::find(g.cells.begin(), g.cells.end(), vars[j]) != g.cells.end()) return true;
    }
    return false;
  };
  auto dfs = [&](auto&& self, std::size_t i) -> void {
    if (i == n) {
      ++found;
      for (std::size_t j = 0; j < n; ++j) support[j][static_cast<std::size_t>(value[j])] = 1;
      return;
    }
    d.for_each(vars[i], [&](csp::Value x) {
      value[i] = x;
      if (!clash(i)) self(self, i + 1);
    });
  };
  dfs(dfs, 0);
  return found;
}

// Random candidates for every variable: half the time around a planted assignment (so there is a
// solution and patterns appear), otherwise independent random subsets; never empty.
csp::Domains random_domains(const csp::Model& m, const std::vector<csp::Var>& vars, const std::vector<int>& planted,
                            int n, std::mt19937& rng) {
  csp::Domains d = m.initial_domains();
  std::uniform_real_distribution<double> u(0, 1);
  const double p = 0.15 + 0.6 * u(rng);
  const bool plant = u(rng) < 0.5;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    std::uint64_t bits = 0;
    for (int k = 0; k < n; ++k)
      if (u(rng) < p) bits |= std::uint64_t{1} << k;
    if (plant) bits |= std::uint64_t{1} << (planted[i] - 1);
    if (bits == 0) bits = std::uint64_t{1} << std::uniform_int_distribution<int>(0, n - 1)(rng);
    d.set_bits(vars[i], bits);
  }
  return d;
}

struct Case {
  std::string label;
  RuleSet rules;
};

std::vector<Case> rule_cases() {
  std::vector<Case> out;
  for (Rule r : csp::all_rules()) out.push_back({std::string(csp::rule_name(r)), {r}});
  out.push_back({"all", csp::all_rules()});
  return out;
}

// Runs the rules from d and checks soundness against brute force: failure only when nothing
// satisfies the groups, and no removed candidate is part of a solution. With a single rule, its
// removal counter must equal every removal the engine saw.
void check_sound(const csp::Model& m, const std::vector<csp::Var>& vars, const std::vector<csp::Group>& groups,
                 const csp::Domains& start, const Case& c) {
  std::vector<std::vector<char>> support;
  const long solutions = brute_force(start, vars, groups, support);
  csp::Domains d = start;
  csp::Engine engine(m);
  csp::Stats s;
  s.counters.assign(m.counter_names().size(), 0);
  const bool ok = engine.propagate_all(d, s);
  INFO("rules " << c.label << ", solutions " << solutions);
  if (!ok) {
    REQUIRE(solutions == 0);
    return;
  }
  for (std::size_t i = 0; i < vars.size(); ++i) {
    start.for_each(vars[i], [&](csp::Value x) {
      if (!d.contains(vars[i], x)) {
        INFO("removed " << x << " from cell " << i);
        REQUIRE_FALSE(support[i][static_cast<std::size_t>(x)]);
      }
    });
  }
  if (c.rules.size() == 1) {
    std::uint64_t fired = 0, removed = 0;
    for (std::size_t k = 0; k < m.counter_names().size(); ++k)
      (m.counter_names()[k].find(".removals") == std::string::npos ? fired : removed) += s.counters[k];
    REQUIRE(removed == s.removals);
    REQUIRE((fired > 0) == (removed > 0));
  }
}

}  // namespace

TEST_CASE("every rule is sound on random exact groups of 4 to 6 cells", "[rules][brute]") {
  std::mt19937 rng(20240611);
  int instances = 0, failures = 0, pruned = 0;
  for (const Case& c : rule_cases()) {
    for (int n = 4; n <= 6; ++n) {
      csp::Model m;
      auto vars = m.add_vars(n, 1, n, "x");
      std::vector<csp::Group> groups{{"g", vars}};
      csp::post_groups(m, groups, c.rules);
      std::vector<int> planted(static_cast<std::size_t>(n));
      for (int t = 0; t < 400; ++t) {
        for (int k = 0; k < n; ++k) planted[static_cast<std::size_t>(k)] = k + 1;
        std::shuffle(planted.begin(), planted.end(), rng);
        csp::Domains start = random_domains(m, vars, planted, n, rng);
        check_sound(m, vars, groups, start, c);
        ++instances;
        // Statistics on the outcomes, so the test shows it exercised both failure and pruning.
        csp::Domains d = start;
        csp::Engine e(m);
        csp::Stats s;
        s.counters.assign(m.counter_names().size(), 0);
        if (!e.propagate_all(d, s)) ++failures;
        else if (s.removals > 0) ++pruned;
      }
    }
  }
  CHECK(instances >= 1000);
  CHECK(failures > 100);
  CHECK(pruned > 100);
}

TEST_CASE("every rule fails a complete assignment exactly when it repeats a value", "[rules][brute]") {
  std::mt19937 rng(7);
  for (const Case& c : rule_cases()) {
    csp::Model m;
    auto vars = m.add_vars(5, 1, 5, "x");
    csp::post_groups(m, {{"g", vars}}, c.rules);
    for (int t = 0; t < 200; ++t) {
      csp::Domains d = m.initial_domains();
      std::vector<int> used(6, 0);
      bool distinct = true;
      for (csp::Var v : vars) {
        const int x = std::uniform_int_distribution<int>(1, 5)(rng);
        distinct &= used[static_cast<std::size_t>(x)]++ == 0;
        d.assign(v, x);
      }
      csp::Engine e(m);
      csp::Stats s;
      s.counters.assign(m.counter_names().size(), 0);
      INFO(c.label);
      REQUIRE(e.propagate_all(d, s) == distinct);
    }
  }
}

TEST_CASE("locked candidates (and all rules together) are sound on random pairs of groups", "[rules][brute]") {
  std::mt19937 rng(99);
  int instances = 0, fired = 0;
  for (const RuleSet& rules : {RuleSet{csp::rule("locked-candidates")}, csp::all_rules()}) {
    for (int n = 4; n <= 6; ++n) {
      for (int shared = 2; shared < n; ++shared) {
        csp::Model m;
        auto vars = m.add_vars(2 * n - shared, 1, n, "x");
        csp::Group a{"a", {vars.begin(), vars.begin() + n}};
        csp::Group b{"b", {vars.begin(), vars.begin() + shared}};
        b.cells.insert(b.cells.end(), vars.begin() + n, vars.end());
        std::vector<csp::Group> groups{a, b};
        csp::post_groups(m, groups, rules);
        const Case c{rules.size() == 1 ? "locked-candidates" : "all", rules};
        for (int t = 0; t < 150; ++t) {
          // A planted solution: a permutation for A, and for B the shared values plus the rest.
          std::vector<int> pa(static_cast<std::size_t>(n));
          for (int k = 0; k < n; ++k) pa[static_cast<std::size_t>(k)] = k + 1;
          std::shuffle(pa.begin(), pa.end(), rng);
          std::vector<int> rest;
          for (int v = 1; v <= n; ++v)
            if (std::find(pa.begin(), pa.begin() + shared, v) == pa.begin() + shared) rest.push_back(v);
          std::shuffle(rest.begin(), rest.end(), rng);
          std::vector<int> planted(pa);
          planted.insert(planted.end(), rest.begin(), rest.end());
          csp::Domains start = random_domains(m, vars, planted, n, rng);
          check_sound(m, vars, groups, start, c);
          ++instances;
          csp::Domains d = start;
          csp::Engine e(m);
          csp::Stats s;
          s.counters.assign(m.counter_names().size(), 0);
          if (e.propagate_all(d, s) && s.counters[static_cast<std::size_t>(m.add_counter("locked-candidates"))] > 0)
            ++fired;
        }
      }
    }
  }
  CHECK(instances >= 1000);
  CHECK(fired > 50);
}

// ---- the accelerators against the closure of their finders ---------------------------------------

namespace {

namespace tq = csp::techniques;

// The closure of the rules' finders (the registry's: naked-single, hidden-single, pointing,
// claiming, ...), applied one step at a time until none fires, as the logical solver applies
// them: a removal is made; a placement fixes the cell, marks it placed and, with naked-single among
// the rules, takes its value from the cell's peers (what the naked-single propagator does with a
// fixed cell). False when the candidates can no longer fill the groups (Structure::covered,
// Structure::fixed_distinct): what the propagators must then report as a failure.
bool finder_closure(const tq::Structure& st, csp::Domains& d, const RuleSet& rules) {
  std::vector<tq::Finder> finders;
  for (Rule r : rules)
    for (tq::Finder f : tq::finders_of(r)) finders.push_back(f);
  const bool naked = std::find(rules.begin(), rules.end(), csp::rule("naked-single")) != rules.end();
  std::vector<std::uint8_t> placed(st.cells(), 0);
  const tq::Position pos{st, d, placed};
  tq::Step step;
  for (;;) {
    if (!st.covered(d) || !st.fixed_distinct(d)) return false;
    const auto fires = std::find_if(finders.begin(), finders.end(), [&](tq::Finder f) { return f(pos, step); });
    if (fires == finders.end()) return true;
    for (const tq::Candidate& r : step.removals) d.remove(st.var(r.cell), r.value);
    for (const tq::Candidate& p : step.placements) {
      d.assign(st.var(p.cell), p.value);
      placed[p.cell] = 1;
      if (naked)
        for (tq::Cell peer : st.peers(p.cell)) d.remove(st.var(peer), p.value);
    }
  }
}

using csp::rules_detail::Accelerator;
using grid::latin_groups;
using grid::sudoku_groups;

// The groups of cell indices as csp groups over `vars` (named g0, g1, ...).
std::vector<csp::Group> groups_of(const std::vector<std::vector<int>>& index_groups, const std::vector<csp::Var>& vars) {
  std::vector<csp::Group> groups;
  for (const auto& g : index_groups) {
    groups.push_back({std::string("g").append(std::to_string(groups.size())), {}});
    for (int i : g) groups.back().cells.push_back(vars[static_cast<std::size_t>(i)]);
  }
  return groups;
}

}  // namespace

// The accelerators against their finders: the singles propagator (naked-single, hidden-single) and
// the locked pairs it hosts (pointing, claiming), and the band accelerator that can take their place
// on these grids (band_singles.cpp; CMake option CSP_BAND_ACCELERATOR makes it post_groups()'s
// default), must reach exactly the closure of those finders,
// on 4x4, 9x9 and 16x16 Sudoku and on Latin squares (no two groups share two cells there: no
// locked pairs). They keep state between runs (a shadow of the cells and value boards, in the
// search state; a working copy, writes deferred to the end of a run): one model serves every
// instance of a shape, and each fixpoint is then changed at random (candidates taken away, and
// candidates coming back as when search restores an older state) and propagated again from there,
// so that the propagators start from their own state; each result must equal the closure.
TEST_CASE("the singles and locked-candidates accelerators reach exactly the closure of their finders",
          "[rules][brute]") {
  struct Shape {
    const char* name;
    int side, box;  // box 0: a Latin square
    int instances;
  };
  std::mt19937 rng(20261122);
  for (const Shape& shape : {Shape{"sudoku 4x4", 4, 2, 3000}, Shape{"sudoku 9x9", 9, 3, 3000},
                             Shape{"sudoku 16x16", 16, 4, 800}, Shape{"latin 5x5", 5, 0, 1500},
                             Shape{"latin 9x9", 9, 0, 600}})
  for (const bool locked : {false, true})
  for (const bool bands : {true, false}) {
    const int n = shape.side, b = shape.box;
    const int instances = test_counts::sanitized_share(shape.instances, 4);  // a quarter under a sanitizer
    csp::Model m;
    auto vars = m.add_vars(n * n, 1, n, "c");
    const auto index_groups = b > 0 ? sudoku_groups(b) : latin_groups(n);
    const std::vector<csp::Group> groups = groups_of(index_groups, vars);
    RuleSet rules{csp::rule("naked-single"), csp::rule("hidden-single")};
    if (locked) rules.push_back(csp::rule("locked-candidates"));
    csp::rules_detail::post_groups(m, groups, rules, bands ? Accelerator::bands : Accelerator::singles);
    const tq::Structure st(m.initial_domains(), groups);
    int failed = 0, solved = 0, open = 0, failed_again = 0;
    for (int t = 0; t < instances; ++t) {
      // A solution to plant: a shifted pattern with rows, digits and columns shuffled.
      std::vector<int> digit(static_cast<std::size_t>(n));
      for (int k = 0; k < n; ++k) digit[static_cast<std::size_t>(k)] = k;
      std::shuffle(digit.begin(), digit.end(), rng);
      std::uniform_real_distribution<double> u(0, 1);
      const double keep = 0.2 + 0.7 * u(rng);  // chance that a wrong candidate stays
      const double given = 0.1 + 0.3 * u(rng);  // chance that a cell is fixed to its planted value
      const bool plant = u(rng) < 0.8;
      csp::Domains d = m.initial_domains();
      for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
          const int shift = b > 0 ? r % b * b + r / b : r;
          const int planted = digit[static_cast<std::size_t>((shift + c) % n)];
          std::uint64_t w = 0;
          if (u(rng) < given) {
            w = std::uint64_t{1} << planted;
          } else {
            for (int x = 0; x < n; ++x)
              if (u(rng) < keep) w |= std::uint64_t{1} << x;
            if (plant) w |= std::uint64_t{1} << planted;
            if (w == 0) w = std::uint64_t{1} << std::uniform_int_distribution<int>(0, n - 1)(rng);
          }
          d.set_bits(vars[static_cast<std::size_t>(r * n + c)], w);
        }
      }
      csp::Engine engine(m);
      csp::Stats s;
      s.counters.assign(m.counter_names().size(), 0);
      for (int round = 0; round < 2; ++round) {
        csp::Domains closure = d;
        const bool expect = finder_closure(st, closure, rules);
        const bool ok = engine.propagate_all(d, s);
        INFO(shape.name << (locked ? " with locked candidates" : "") << (bands ? ", bands" : ", singles")
                        << ", instance " << t << ", round " << round);
        REQUIRE(ok == expect);
        if (!ok) {
          ++(round == 0 ? failed : failed_again);
          break;
        }
        bool all_fixed = true;
        for (std::size_t i = 0; i < vars.size(); ++i) {
          REQUIRE(d.bits(vars[i]) == closure.bits(vars[i]));
          all_fixed &= d.fixed(vars[i]);
        }
        if (round == 0) ++(all_fixed ? solved : open);
        // Change a few cells of the fixpoint (d keeps the propagators' state words): take a
        // candidate away or bring some back. Sometimes many, as the givens of a new puzzle are:
        // the singles then count afresh instead of cell by cell.
        const int changes = std::uniform_int_distribution<int>(1, u(rng) < 0.3 ? 30 : 4)(rng);
        for (int k = 0; k < changes; ++k) {
          const auto i = static_cast<std::size_t>(std::uniform_int_distribution<int>(0, n * n - 1)(rng));
          std::uint64_t w = d.bits(vars[i]);
          if (u(rng) < 0.5 && (w & (w - 1)) != 0) w &= w - 1;  // the lowest candidate goes
          else w |= std::uint64_t{1} << std::uniform_int_distribution<int>(0, n - 1)(rng);
          d.set_bits(vars[i], w);
        }
      }
    }
    // The instances must exercise every outcome.
    INFO(shape.name << (locked ? " with locked candidates" : "") << (bands ? ", bands" : ", singles") << ": failed "
                    << failed << ", solved " << solved
                    << ", open " << open << ", failed again " << failed_again);
    CHECK(failed > instances / 30);
    CHECK(solved > instances / 30);
    CHECK(open > instances / 30);
    CHECK(failed_again > instances / 300);
  }
}

// Locked candidates retire a pair (box and row here) once its intersection has too few open cells
// to lock anything the singles would not find (none open alone; one with the singles), and do not
// look at it again further down the search. When candidates come back to such an intersection
// (a caller restored them in the same state), the pair must be looked at again: here 7 comes back
// to two cells where box 1 meets row 1 and leaves the rest of box 1, so it must leave the rest of
// row 1. (Without the singles' own deductions getting there first: 1 and 2 come back beside it.)
TEST_CASE("locked candidates look again at a retired pair whose cells get candidates back", "[rules]") {
  for (const bool singles : {false, true}) {
    csp::Model m;
    auto vars = m.add_vars(81, 1, 9, "c");
    const auto index_groups = sudoku_groups(3);
    RuleSet rules{csp::rule("locked-candidates")};
    if (singles) rules = {csp::rule("naked-single"), csp::rule("hidden-single"), csp::rule("locked-candidates")};
    csp::post_groups(m, groups_of(index_groups, vars), rules);
    csp::Engine engine(m);
    csp::Stats s;
    s.counters.assign(m.counter_names().size(), 0);
    auto at = [&](int r, int c) { return vars[static_cast<std::size_t>(r * 9 + c)]; };
    auto bit = [](int value) { return std::uint64_t{1} << (value - 1); };
    csp::Domains d = m.initial_domains();
    for (int c = 0; c < 3; ++c) d.set_bits(at(0, c), bit(c + 1));  // r1c1..r1c3 = 1, 2, 3
    INFO((singles ? "singles and locked candidates" : "locked candidates alone"));
    REQUIRE(engine.propagate_all(d, s));
    // Back come 7 to r1c1 and r1c2, 1 to r1c5 and r2c1, 2 to r1c6 and r2c2; 7 leaves box 1 but row 1.
    d.set_bits(at(0, 0), bit(1) | bit(7));
    d.set_bits(at(0, 1), bit(2) | bit(7));
    d.set_bits(at(0, 4), d.bits(at(0, 4)) | bit(1));
    d.set_bits(at(1, 0), d.bits(at(1, 0)) | bit(1));
    d.set_bits(at(0, 5), d.bits(at(0, 5)) | bit(2));
    d.set_bits(at(1, 1), d.bits(at(1, 1)) | bit(2));
    for (int r = 1; r < 3; ++r)
      for (int c = 0; c < 3; ++c) d.set_bits(at(r, c), d.bits(at(r, c)) & ~bit(7));
    csp::Domains closure = d;
    REQUIRE(engine.propagate_all(d, s));
    for (int c = 3; c < 9; ++c) CHECK_FALSE(d.contains(at(0, c), 7));
    CHECK(d.bits(at(0, 0)) == (bit(1) | bit(7)));
    if (singles) {  // and the whole result is the closure of the four finders
      const tq::Structure st(m.initial_domains(), groups_of(index_groups, vars));
      REQUIRE(finder_closure(st, closure, rules));
      for (std::size_t i = 0; i < 81; ++i) CHECK(d.bits(vars[i]) == closure.bits(vars[i]));
    }
  }
}

// The meaning (satisfied) and the check of inference level none, for the propagators that cover
// many groups at once, against plain loops: a complete assignment satisfies them exactly when no
// group repeats a value; a partial one passes the check exactly when no group has a value fixed in
// two cells.
TEST_CASE("singles and locked-candidates propagators mean and check exactly their groups", "[rules][brute]") {
  // The singles hosting locked candidates, and locked candidates on their own (the model's other
  // propagators are then the checking all-differents of single groups, not under test).
  for (const bool singles : {true, false}) {
    std::mt19937 rng(42);
    const auto index_groups = sudoku_groups(2);
    csp::Model m;
    auto vars = m.add_vars(16, 1, 4, "c");
    const std::vector<csp::Group> groups = groups_of(index_groups, vars);
    if (singles) csp::post_groups(m, groups, csp::parse_rules("naked-single,hidden-single,locked-candidates"));
    else csp::post_groups(m, groups, {csp::rule("locked-candidates")});
    std::vector<const csp::Propagator*> tested;
    for (int p = 0; p < m.propagator_count(); ++p)
      if (m.propagator(p).name() != "all-different(check)") tested.push_back(&m.propagator(p));
    REQUIRE(tested.size() == 1);
    const csp::Propagator& prop = *tested[0];
    REQUIRE(prop.name() == (singles ? "naked-single+hidden-single+locked-candidates" : "locked-candidates"));
    int satisfied = 0, violated = 0;
    for (int t = 0; t < 4000; ++t) {
      // Values 1..4, each cell fixed with probability `fixed` (all of them half the time): random
      // values, or a solution with digits shuffled, one cell changed half the time.
      std::uniform_real_distribution<double> u(0, 1);
      const double fixed = u(rng) < 0.5 ? 1.0 : u(rng);
      const bool planted = u(rng) < 0.5;
      std::vector<int> digit{1, 2, 3, 4};
      std::shuffle(digit.begin(), digit.end(), rng);
      std::vector<int> value(16, 0);
      csp::Domains d = m.initial_domains();
      for (std::size_t i = 0; i < 16; ++i) {
        if (u(rng) >= fixed) continue;
        const std::size_t r = i / 4, c = i % 4;
        value[i] = planted ? digit[(r % 2 * 2 + r / 2 + c) % 4] : std::uniform_int_distribution<int>(1, 4)(rng);
      }
      if (planted && u(rng) < 0.5) value[std::uniform_int_distribution<std::size_t>(0, 15)(rng)] = digit[0];
      for (std::size_t i = 0; i < 16; ++i)
        if (value[i] != 0) d.assign(vars[i], value[i]);
      bool repeats = false;
      for (const auto& g : index_groups)
        for (std::size_t a = 0; a < g.size(); ++a)
          for (std::size_t b = a + 1; b < g.size(); ++b) {
            const int x = value[static_cast<std::size_t>(g[a])], y = value[static_cast<std::size_t>(g[b])];
            repeats |= x != 0 && x == y;
          }
      const bool complete = std::find(value.begin(), value.end(), 0) == value.end();
      INFO(prop.name() << ", instance " << t);
      REQUIRE(prop.check(d) == !repeats);
      if (complete) {
        std::vector<csp::Value> in_scope;
        for (csp::Var v : prop.scope()) in_scope.push_back(value[static_cast<std::size_t>(v.id)]);
        REQUIRE(prop.satisfied(in_scope) == !repeats);
        ++(repeats ? violated : satisfied);
      }
    }
    CHECK(satisfied > 0);
    CHECK(violated > 100);
  }
}
