// The FlatZinc builder and registry (csp/flatzinc/builder.hpp, registry.hpp): small FlatZinc texts
// turned into models — declarations, aliases, constants, outputs, search annotations — each
// builtin's solutions counted against a brute-force reading of its FlatZinc meaning, and the
// errors for what the solver cannot take, each naming its line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "csp/flatzinc/builder.hpp"
#include "csp/flatzinc/output.hpp"
#include "csp/flatzinc/parser.hpp"
#include "csp/flatzinc/registry.hpp"
#include "csp/flatzinc/run.hpp"
#include "csp/flatzinc/search_annotations.hpp"
#include "csp/search/solver.hpp"

namespace fz = csp::flatzinc;

namespace {

fz::Program build(const std::string& text) { return fz::build(fz::parse(text)); }

std::uint64_t count(const fz::Program& p) {
  csp::Solver solver(p.model);
  const csp::SearchResult r = solver.count(p.model.initial_domains());
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  return r.stats.solutions;
}

// The line a BuildError names for `text`, or 0 when it builds.
int error_line(const std::string& text, const std::string& fragment) {
  try {
    build(text);
  } catch (const fz::BuildError& e) {
    INFO(e.what());
    CHECK(std::string(e.what()).find(fragment) != std::string::npos);
    return e.where().line;
  }
  return 0;
}

// Counts the assignments of `arity` variables over [lo, hi] that `holds` accepts.
std::uint64_t brute(int arity, int lo, int hi, const std::function<bool(const std::vector<int>&)>& holds) {
  std::vector<int> v(static_cast<std::size_t>(arity), lo);
  std::uint64_t n = 0;
  while (true) {
    if (holds(v)) ++n;
    int i = 0;
    while (i < arity && v[static_cast<std::size_t>(i)] == hi) v[static_cast<std::size_t>(i++)] = lo;
    if (i == arity) return n;
    ++v[static_cast<std::size_t>(i)];
  }
}

struct BuiltinCase {
  std::string constraint;  // over variables a, b, c (and the arrays xs = [a, b], ys = [b, c])
  int lo, hi;              // the domain of a, b and c
  std::function<bool(const std::vector<int>&)> holds;  // on (a, b, c)
};

int tdiv(int x, int y) { return x / y; }  // C++ truncates toward zero, as FlatZinc's int_div

}  // namespace

TEST_CASE("flatzinc builder: every builtin has the solutions of its FlatZinc meaning", "[flatzinc]") {
  using V = const std::vector<int>&;
  const auto B = [](int x) { return x != 0; };
  const std::vector<BuiltinCase> cases = {
      {"int_eq(a, b)", -2, 2, [](V v) { return v[0] == v[1]; }},
      {"int_ne(a, b)", -2, 2, [](V v) { return v[0] != v[1]; }},
      {"int_le(a, b)", -2, 2, [](V v) { return v[0] <= v[1]; }},
      {"int_lt(a, b)", -2, 2, [](V v) { return v[0] < v[1]; }},
      {"int_eq_reif(a, b, c)", 0, 2, [](V v) { return v[2] <= 1 && (v[2] == 1) == (v[0] == v[1]); }},
      {"int_ne_reif(a, 1, c)", 0, 2, [](V v) { return v[2] <= 1 && (v[2] == 1) == (v[0] != 1); }},
      {"int_le_reif(a, b, c)", 0, 2, [](V v) { return v[2] <= 1 && (v[2] == 1) == (v[0] <= v[1]); }},
      {"int_lt_reif(1, b, c)", 0, 2, [](V v) { return v[2] <= 1 && (v[2] == 1) == (1 < v[1]); }},
      {"int_le_imp(a, b, c)", 0, 2, [](V v) { return v[2] <= 1 && (v[2] == 0 || v[0] <= v[1]); }},
      {"int_eq_imp(a, b, c)", 0, 2, [](V v) { return v[2] <= 1 && (v[2] == 0 || v[0] == v[1]); }},
      {"int_lin_eq([2, -1, -1], [a, b, c], 0)", -3, 3, [](V v) { return 2 * v[0] - v[1] == v[2]; }},
      {"int_lin_le([2, 3], [a, b], 1)", -3, 3, [](V v) { return 2 * v[0] + 3 * v[1] <= 1; }},
      {"int_lin_ne([1, 1], xs, 0)", -3, 3, [](V v) { return v[0] + v[1] != 0; }},
      {"int_lin_eq_reif([1, 1], xs, 1, c)", -1, 1, [](V v) { return v[2] >= 0 && (v[2] == 1) == (v[0] + v[1] == 1); }},
      {"int_lin_le_reif([1, -1], xs, 0, c)", -1, 1, [](V v) { return v[2] >= 0 && (v[2] == 1) == (v[0] <= v[1]); }},
      {"int_lin_ne_reif([1, 1], xs, 0, c)", -1, 1, [](V v) { return v[2] >= 0 && (v[2] == 1) == (v[0] + v[1] != 0); }},
      {"int_lin_le_imp([1, 1], xs, 0, c)", -1, 1, [](V v) { return v[2] >= 0 && (v[2] == 0 || v[0] + v[1] <= 0); }},
      {"int_plus(a, b, c)", -3, 3, [](V v) { return v[0] + v[1] == v[2]; }},
      {"int_minus(a, b, c)", -3, 3, [](V v) { return v[0] - v[1] == v[2]; }},
      {"int_times(a, b, c)", -3, 3, [](V v) { return v[0] * v[1] == v[2]; }},
      {"int_div(a, b, c)", -3, 3, [](V v) { return v[1] != 0 && tdiv(v[0], v[1]) == v[2]; }},
      {"int_mod(a, b, c)", -3, 3, [](V v) { return v[1] != 0 && v[0] % v[1] == v[2]; }},
      {"int_abs(a, b)", -3, 3, [](V v) { return std::abs(v[0]) == v[1]; }},
      {"int_min(a, b, c)", -3, 3, [](V v) { return std::min(v[0], v[1]) == v[2]; }},
      {"int_max(a, b, c)", -3, 3, [](V v) { return std::max(v[0], v[1]) == v[2]; }},
      {"int_pow(a, b, c)", -2, 3,
       [](V v) {
         int p = 1;  // MiniZinc's int_pow: 1 div a^|b| for b < 0, undefined at a = 0
         for (int i = 0; i < std::abs(v[1]); ++i) p *= v[0];
         if (v[1] < 0) return p != 0 && 1 / p == v[2];
         return p == v[2];
       }},
      {"array_int_element(a, [3, -1, 2], b)", -2, 4,
       [](V v) { return v[0] >= 1 && v[0] <= 3 && v[1] == std::vector<int>{3, -1, 2}[static_cast<std::size_t>(v[0] - 1)]; }},
      {"array_var_int_element(a, [b, c], b)", 0, 3, [](V v) { return v[0] >= 1 && v[0] <= 2 && (v[0] == 1 || v[2] == v[1]); }},
      {"array_int_minimum(a, [b, c])", -2, 2, [](V v) { return v[0] == std::min(v[1], v[2]); }},
      {"array_int_maximum(a, [b, c])", -2, 2, [](V v) { return v[0] == std::max(v[1], v[2]); }},
      {"set_in(a, {-1, 2})", -2, 2, [](V v) { return v[0] == -1 || v[0] == 2; }},
      {"set_in_reif(a, 0..1, c)", -1, 2, [](V v) { return v[2] >= 0 && v[2] <= 1 && (v[2] == 1) == (v[0] >= 0 && v[0] <= 1); }},
      {"set_in_imp(a, 0..1, c)", -1, 2, [](V v) { return v[2] >= 0 && v[2] <= 1 && (v[2] == 0 || (v[0] >= 0 && v[0] <= 1)); }},
      {"bool_eq(a, b)", 0, 1, [](V v) { return v[0] == v[1]; }},
      {"bool_not(a, b)", 0, 1, [](V v) { return v[0] != v[1]; }},
      {"bool_le(a, b)", 0, 1, [](V v) { return v[0] <= v[1]; }},
      {"bool_lt(a, b)", 0, 1, [](V v) { return v[0] < v[1]; }},
      {"bool2int(a, b)", 0, 1, [](V v) { return v[0] == v[1]; }},
      {"bool_xor(a, b, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] != v[1]); }},
      {"bool_xor(a, b)", 0, 1, [](V v) { return v[0] != v[1]; }},
      {"bool_and(a, b, c)", 0, 1, [B](V v) { return B(v[2]) == (B(v[0]) && B(v[1])); }},
      {"bool_or(a, b, c)", 0, 1, [B](V v) { return B(v[2]) == (B(v[0]) || B(v[1])); }},
      {"bool_eq_reif(a, b, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] == v[1]); }},
      {"bool_le_reif(a, b, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] <= v[1]); }},
      {"bool_lt_reif(a, b, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] < v[1]); }},
      {"bool_xor_reif(a, b, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] != v[1]); }},
      {"bool_clause([a], [b, c])", 0, 1, [B](V v) { return B(v[0]) || !B(v[1]) || !B(v[2]); }},
      {"bool_clause_reif([a], [b], c)", 0, 1, [B](V v) { return B(v[2]) == (B(v[0]) || !B(v[1])); }},
      {"bool_clause_imp([a], [b], c)", 0, 1, [B](V v) { return !B(v[2]) || B(v[0]) || !B(v[1]); }},
      {"array_bool_and(xs, c)", 0, 1, [B](V v) { return B(v[2]) == (B(v[0]) && B(v[1])); }},
      {"array_bool_or(xs, c)", 0, 1, [B](V v) { return B(v[2]) == (B(v[0]) || B(v[1])); }},
      // A fixed result is posted as a clause or unit clauses; bool_eq_reif as parity, unless a variable repeats.
      {"array_bool_and(xs, true)", 0, 1, [B](V v) { return B(v[0]) && B(v[1]); }},
      {"array_bool_and(xs, false)", 0, 1, [B](V v) { return !(B(v[0]) && B(v[1])); }},
      {"array_bool_or(xs, true)", 0, 1, [B](V v) { return B(v[0]) || B(v[1]); }},
      {"array_bool_or(xs, false)", 0, 1, [B](V v) { return !B(v[0]) && !B(v[1]); }},
      {"array_bool_or([c], true)", 0, 1, [B](V v) { return B(v[2]); }},
      {"bool_ne_reif(a, b, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] != v[1]); }},
      {"bool_eq_reif(a, true, c)", 0, 1, [](V v) { return (v[2] == 1) == (v[0] == 1); }},
      {"bool_eq_reif(a, a, c)", 0, 1, [](V v) { return v[2] == 1; }},
      {"bool_xor_reif(a, c, c)", 0, 1, [](V v) { return v[2] == 0; }},
      {"bool_eq(a, true)", 0, 1, [](V v) { return v[0] == 1; }},
      {"array_bool_xor([a, b, c])", 0, 1, [](V v) { return (v[0] + v[1] + v[2]) % 2 == 1; }},
      {"array_bool_and_imp(xs, c)", 0, 1, [B](V v) { return !B(v[2]) || (B(v[0]) && B(v[1])); }},
      {"array_bool_or_imp(xs, c)", 0, 1, [B](V v) { return !B(v[2]) || B(v[0]) || B(v[1]); }},
      {"bool_and_imp(a, b, c)", 0, 1, [B](V v) { return !B(v[2]) || (B(v[0]) && B(v[1])); }},
      {"bool_or_imp(a, b, c)", 0, 1, [B](V v) { return !B(v[2]) || B(v[0]) || B(v[1]); }},
      {"bool_lin_eq([2, 1], xs, c)", 0, 1, [](V v) { return 2 * v[0] + v[1] == v[2]; }},
      {"bool_lin_le([2, 1], xs, 1)", 0, 1, [](V v) { return 2 * v[0] + v[1] <= 1; }},
  };
  for (const BuiltinCase& c : cases) {
    const std::string d = std::to_string(c.lo) + ".." + std::to_string(c.hi);
    const std::string text = "var " + d + ": a;\nvar " + d + ": b;\nvar " + d + ": c;\n" +
                             "array [1..2] of var int: xs = [a, b];\narray [1..2] of var int: ys = [b, c];\n" +
                             "constraint " + c.constraint + ";\nsolve satisfy;\n";
    INFO(c.constraint);
    CHECK(count(build(text)) == brute(3, c.lo, c.hi, c.holds));
  }
}

TEST_CASE("flatzinc builder: the globals over interval-form variables keep the solutions of their meaning",
          "[flatzinc][interval]") {
  // a, b, c, d declared over 10,001 values take the interval form (no holes: interior removals are
  // no-ops); bounds constraints then cut them to [lo, hi], so every global below runs there end to
  // end, and the search's count must match the brute-force count of its meaning.
  using V = const std::vector<int>&;
  auto count_of = [](V v, std::size_t from, std::size_t to, int x) {
    return std::count(v.begin() + static_cast<long>(from), v.begin() + static_cast<long>(to), x);
  };
  const std::vector<BuiltinCase> cases = {
      {"csp_circuit([a, b, c, d], 1)", 0, 5,
       [](V v) {  // one cycle through the four nodes, successors 1-based
         int at = 0;
         for (int step = 0; step < 4; ++step) {
           if (v[static_cast<std::size_t>(at)] < 1 || v[static_cast<std::size_t>(at)] > 4) return false;
           at = v[static_cast<std::size_t>(at)] - 1;
           if (at == 0 && step < 3) return false;
         }
         return at == 0;
       }},
      {"csp_among(a, [b, c, d], {1, 3})", 0, 3,
       [](V v) { return v[0] == (v[1] == 1 || v[1] == 3) + (v[2] == 1 || v[2] == 3) + (v[3] == 1 || v[3] == 3); }},
      {"csp_count_eq([a, b], c, d)", 0, 2, [count_of](V v) { return count_of(v, 0, 2, v[2]) == v[3]; }},
      {"csp_inverse([a, b], [c, d], 1, 1)", 0, 3,
       [](V v) { return v[0] >= 1 && v[0] <= 2 && v[1] >= 1 && v[1] <= 2 && v[2 + v[0] - 1] == 1 && v[2 + v[1] - 1] == 2; }},
      {"csp_global_cardinality([a, b], [1, 2], [c, d])", 0, 2,
       [count_of](V v) { return count_of(v, 0, 2, 1) == v[2] && count_of(v, 0, 2, 2) == v[3]; }},
      {"csp_global_cardinality_low_up_closed([a, b, c, d], [0, 2], [1, 1], [2, 3])", -1, 3,
       [count_of](V v) {
         const long zeros = count_of(v, 0, 4, 0), twos = count_of(v, 0, 4, 2);
         return zeros + twos == 4 && zeros >= 1 && zeros <= 2 && twos >= 1 && twos <= 3;
       }},
      {"csp_lex_lesseq_int([a, b], [c, d])", -1, 1, [](V v) { return v[0] < v[2] || (v[0] == v[2] && v[1] <= v[3]); }},
      {"csp_table_int([a, b, c], [0, 1, 2, 2, 2, 0, 1, 1, 1, 3, 0, 0])", -1, 3,
       [](V v) {  // d free
         const std::set<std::vector<int>> rows{{0, 1, 2}, {2, 2, 0}, {1, 1, 1}, {3, 0, 0}};
         return rows.count({v[0], v[1], v[2]}) == 1;
       }},
      // Q=2, S=2: an even number of 2s among a..d, every symbol in 1..2.
      {"csp_regular([a, b, c, d], 2, 2, [1, 2, 2, 1], 1, {1})", 0, 3,
       [](V v) {
         int twos = 0;
         for (int x : v) {
           if (x < 1 || x > 2) return false;
           twos += x == 2;
         }
         return twos % 2 == 0;
       }},
      {"csp_cumulative([a, b], [2, c], [d, 1], 2)", -1, 2,
       [](V v) {  // tasks (a, 2, d) and (b, c, 1) under capacity 2, durations and uses non-negative
         if (v[2] < 0 || v[3] < 0) return false;
         for (int t = -3; t <= 6; ++t) {
           const int load = (v[0] <= t && t < v[0] + 2 ? v[3] : 0) + (v[1] <= t && t < v[1] + v[2] ? 1 : 0);
           if (load > 2) return false;
         }
         return true;
       }},
      {"csp_disjunctive([a, b, c], [2, d, 1])", -1, 3,
       [](V v) {  // tasks (a, 2), (b, d), (c, 1) one at a time; d non-negative, d = 0 anywhere
         if (v[3] < 0) return false;
         for (int t = -3; t <= 6; ++t)
           if ((v[0] <= t && t < v[0] + 2) + (v[1] <= t && t < v[1] + v[3]) + (v[2] <= t && t < v[2] + 1) > 1)
             return false;
         return true;
       }},
      // Unary cumulatives (no two nonzero uses fit together): the first becomes a disjunctive, the
      // others (a zero use, a use above the capacity) keep the cumulative beside it.
      {"csp_cumulative([a, b, c], [2, 1, d], [2, 3, 2], 3)", -1, 3,
       [](V v) {
         if (v[3] < 0) return false;
         for (int t = -3; t <= 6; ++t)
           if ((v[0] <= t && t < v[0] + 2) + (v[1] <= t && t < v[1] + 1) + (v[2] <= t && t < v[2] + v[3]) > 1)
             return false;
         return true;
       }},
      {"csp_cumulative([a, b, c], [2, d, 1], [1, 0, 1], 1)", -1, 3,
       [](V v) { return v[3] >= 0 && (v[0] + 2 <= v[2] || v[2] + 1 <= v[0]); }},
      {"csp_cumulative([a, b, c], [2, d, 1], [1, 2, 1], 1)", -1, 3,
       [](V v) { return v[3] == 0 && (v[0] + 2 <= v[2] || v[2] + 1 <= v[0]); }},
      // A variable capacity: a and b (uses 2 + 2 > 3) get a disjunctive beside the cumulative.
      {"csp_cumulative([a, b, c], [2, 1, 1], [2, 2, 1], d)", 0, 3,
       [](V v) {
         for (int t = -3; t <= 6; ++t) {
           const int load = 2 * (v[0] <= t && t < v[0] + 2) + 2 * (v[1] == t) + (v[2] == t);
           if (load > v[3]) return false;
         }
         return true;
       }},
      {"csp_diffn([a, b], [c, d], [2, 1], [1, 2])", 0, 3,
       [](V v) {  // box (a, c) 2 wide 1 high, box (b, d) 1 wide 2 high: apart along x or y
         return v[0] + 2 <= v[1] || v[1] + 1 <= v[0] || v[2] + 1 <= v[3] || v[3] + 2 <= v[2];
       }},
      {"csp_diffn_nonstrict([a, 1], [b, 1], [c, 2], [d, 1])", -1, 2,
       [](V v) {  // box (a, b) of size (c, d) and box (1, 1) of size (2, 1); a size 0 frees the pair
         return v[2] == 0 || v[3] == 0 || v[0] + v[2] <= 1 || 1 + 2 <= v[0] || v[1] + v[3] <= 1 || 1 + 1 <= v[1];
       }},
      {"csp_diffn([a, 1], [b, 1], [c, 2], [d, 1])", -1, 2,
       [](V v) {  // the same strict: a zero-size box inside the other still overlaps it
         return v[0] + v[2] <= 1 || 1 + 2 <= v[0] || v[1] + v[3] <= 1 || 1 + 1 <= v[1];
       }},
      {"csp_all_different([a, b, c, d])", 0, 3,
       [](V v) { return std::set<int>(v.begin(), v.end()).size() == v.size(); }},
  };
  for (const BuiltinCase& c : cases) {
    std::string text;
    for (const char* v : {"a", "b", "c", "d"})
      text += std::string("var -5000..5000: ") + v + ";\nconstraint int_le(" + std::to_string(c.lo) + ", " + v +
              ");\nconstraint int_le(" + v + ", " + std::to_string(c.hi) + ");\n";
    text += "constraint " + c.constraint + ";\nsolve satisfy;\n";
    INFO(c.constraint);
    const fz::Program p = build(text);
    REQUIRE(p.model.initial_domains().interval(*p.model.find("a")));
    CHECK(count(p) == brute(4, c.lo, c.hi, c.holds));
  }
}

// The mspsp shape end to end: a worker (capacity 1) whose use of each task is a 0/1 choice, beside
// the skill's own cumulative of fixed uses; the search's count must be the brute-force count over
// the starts in [0, 4] and the choices (edge finding and the use limit prune both).
TEST_CASE("flatzinc builder: cumulatives of chosen and fixed uses keep their solutions", "[flatzinc][cumulative]") {
  const std::string text =
      "var 0..4: a;\nvar 0..4: b;\nvar 0..4: c;\nvar 0..1: u;\nvar 0..1: v;\nvar 0..1: w;\n"
      "constraint csp_cumulative([a, b, c], [2, 2, 3], [u, v, w], 1);\n"
      "constraint csp_cumulative([a, b, c], [2, 2, 3], [1, 2, 1], 2);\n"
      "constraint int_lin_le([-1, -1, -1], [u, v, w], -2);\nsolve satisfy;\n";
  const int length[3] = {2, 2, 3}, fixed_use[3] = {1, 2, 1};
  std::uint64_t expected = 0;
  for (int code = 0; code < 125 * 8; ++code) {
    const int start[3] = {code % 5, code / 5 % 5, code / 25 % 5};
    const int chosen[3] = {code / 125 % 2, code / 250 % 2, code / 500 % 2};
    bool holds = chosen[0] + chosen[1] + chosen[2] >= 2;
    for (int t = 0; t < 8 && holds; ++t) {
      int worker = 0, skill = 0;
      for (int i = 0; i < 3; ++i)
        if (start[i] <= t && t < start[i] + length[i]) worker += chosen[i], skill += fixed_use[i];
      holds = worker <= 1 && skill <= 2;
    }
    expected += holds;
  }
  CHECK(expected > 0);
  CHECK(count(build(text)) == expected);
}

TEST_CASE("flatzinc builder: declarations, aliases, constants and outputs", "[flatzinc]") {
  const fz::Program p = build(
      "array [1..2] of int: cs = [1, 1];\n"
      "var {1, 3, 5}: x :: output_var;\n"
      "var int: y = x;\n"
      "var 0..9: z = 4;\n"
      "var bool: b :: output_var;\n"
      "array [1..4] of var int: q :: output_array([1..2, 0..1]) = [x, y, z, 7];\n"
      "constraint int_lin_eq(cs, [x, z], 7);\n"
      "solve satisfy;\n");
  // x, b and the constants 4 and 7: y is x itself, z the constant 4.
  CHECK(p.model.var_count() == 4);
  const csp::Var x = *p.model.find("x");
  CHECK(p.model.initial_domains().values(x) == std::vector<csp::Value>{1, 3, 5});
  CHECK(p.model.initial_domains().values(*p.model.find("b")) == std::vector<csp::Value>{0, 1});
  REQUIRE(p.outputs.size() == 3);
  CHECK(p.outputs[2].vars[0] == x);
  CHECK(p.outputs[2].vars[1] == x);
  csp::Solver solver(p.model);
  const csp::SearchResult r = solver.count(p.model.initial_domains());
  CHECK(r.stats.solutions == 2);  // x = 3 (b free)
  const bool b = r.solution[static_cast<std::size_t>(p.model.find("b")->id)] != 0;
  CHECK(fz::solution_text(p, r.solution) ==
        std::string("x = 3;\nb = ") + (b ? "true" : "false") + ";\nq = array2d(1..2, 0..1, [3, 3, 4, 7]);\n");
}

TEST_CASE("flatzinc builder: an alias or array element narrowed to its declared domain", "[flatzinc]") {
  CHECK(count(build("var 0..9: x;\narray [1..1] of var 1..3: a = [x];\nsolve satisfy;\n")) == 3);
  CHECK(count(build("var 0..9: x;\nvar {2, 4}: y = x;\nsolve satisfy;\n")) == 2);
  CHECK(count(build("var 0..9: x;\narray [1..2] of var 1..3: a = [x, 5];\nsolve satisfy;\n")) == 0);
  CHECK(count(build("var 0..9: x;\nvar bool: b = x;\nsolve satisfy;\n")) == 2);
  // Already inside: nothing posted.
  CHECK(build("var 1..3: x;\narray [1..2] of var 0..5: a = [x, 4];\nvar 1..3: y = x;\nsolve satisfy;\n")
            .model.propagator_count() == 0);
}

TEST_CASE("flatzinc builder: unbounded var int gets the supported range", "[flatzinc]") {
  const fz::Program p = build("var int: x;\nvar 0..1000000: y;\nconstraint int_lin_eq([1, -2], [x, y], 7);\n"
                              "constraint int_le(999998, y);\nsolve satisfy;\n");
  const csp::Var x = *p.model.find("x");
  CHECK(p.model.initial_domains().min(x) == csp::kMinValue);
  CHECK(p.model.initial_domains().max(x) == csp::kMaxValue);
  CHECK(count(p) == 3);
}

TEST_CASE("flatzinc builder: a domain with holes, and an empty one", "[flatzinc]") {
  const fz::Program p = build("var {1,2,3,10,11,12}: x;\nvar -20..20: y;\nconstraint int_lin_eq([1, -1], [x, y], 0);\nsolve satisfy;\n");
  CHECK(count(p) == 6);
  // Too many values to list: bounds and a membership constraint.
  std::string evens = "var {0";
  for (int v = 2; v <= 9998; v += 2) evens.append(",").append(std::to_string(v));
  CHECK(count(build(evens + "}: x;\nconstraint int_le(x, 10);\nsolve satisfy;\n")) == 6);
  CHECK(count(build("var {}: x;\nsolve satisfy;\n")) == 0);
}

TEST_CASE("flatzinc builder: objective and search annotations", "[flatzinc]") {
  const fz::Program p = build(
      "var 1..3: x;\nvar 1..3: y;\n"
      "solve :: seq_search([int_search([x, y], first_fail, indomain_split, complete), "
      "bool_search([], input_order, indomain_max, complete), int_search([y], frobnicate, indomain_min, complete)]) "
      ":: restart_luby(10) maximize y;\n");
  CHECK(p.goal == fz::Solve::Goal::maximize);
  REQUIRE(p.objective);
  CHECK(*p.objective == *p.model.find("y"));
  REQUIRE(p.search.size() == 3);
  CHECK(p.search[0].vars.size() == 2);
  CHECK(p.search[0].var_select == "first_fail");
  CHECK(p.search[0].value_select == "indomain_split");
  REQUIRE(p.notes.size() == 1);  // restart_luby
  CHECK(p.notes[0].find("restart_luby") != std::string::npos);
  std::vector<std::string> notes;
  CHECK(fz::phases(p, 1, notes).size() == 3);
  INFO(notes.front());
  REQUIRE(notes.size() == 1);  // frobnicate
  CHECK(notes[0].find("frobnicate") != std::string::npos);
  CHECK(fz::order_name("first_fail") == "mrv");
  CHECK(fz::values_name("indomain_min") == "min");
  CHECK(fz::order_name("frobnicate").empty());
  // Every selection the table names is one the library's orders know.
  for (const char* name : {"input_order", "first_fail", "anti_first_fail", "smallest", "largest", "occurrence",
                           "most_constrained", "dom_w_deg"}) {
    INFO(name);
    CHECK_NOTHROW(csp::order::by_name(fz::order_name(name)));
  }
  for (const char* name : {"indomain_min", "indomain_max", "indomain_median", "indomain_split",
                           "indomain_reverse_split", "indomain_random"}) {
    INFO(name);
    CHECK_NOTHROW(csp::values::by_name(fz::values_name(name)));
  }
}

// Issue 29, from MiniZinc's own test suite (unit/regression/bug_*, unit/general/pow_3, unit/output/very_empty_set).
TEST_CASE("flatzinc builder: bool builtins over literals, empty set arrays, negative powers", "[flatzinc][regression]") {
  // bool_*_reif with three literals: once refused with "expected an integer, got a bool".
  const auto holds = [](const char* c) {
    return count(build(std::string("var bool: b;\nconstraint ") + c + ";\nsolve satisfy;\n")) == 2;
  };
  CHECK(holds("bool_eq_reif(true, false, false)"));
  CHECK(holds("bool_ne_reif(true, false, true)"));
  CHECK(holds("bool_le_reif(true, false, false)"));
  CHECK(holds("bool_lt_reif(false, true, true)"));
  CHECK(holds("bool_eq_imp(true, false, false)"));
  CHECK_FALSE(holds("bool_eq_reif(true, false, true)"));
  CHECK_FALSE(holds("bool_le_reif(false, true, false)"));
  // An array of no set variables holds nothing unsupported; one set variable still is.
  CHECK(count(build("array [1..0] of var set of int: e :: output_array([1..0]) = [];\nsolve satisfy;\n")) == 1);
  CHECK(count(build("array [1..0] of var set of 1..3: e = [];\nsolve satisfy;\n")) == 1);
  CHECK(error_line("var 1..2: x;\nvar set of 1..3: s;\narray [1..1] of var set of 1..3: e = [s];\nsolve satisfy;\n",
                   "set variables") == 2);
  // int_pow with a negative exponent is 1 div x^|y| (flatzinc_builtins.mzn): 0 for |x| > 1, +-1
  // for x = +-1, no solution for x = 0. Once: no solution at all for y < 0.
  CHECK(count(build("var -10..10: z;\nconstraint int_pow(2, -1, z);\nconstraint int_eq(z, 0);\nsolve satisfy;\n")) == 1);
  CHECK(count(build("var -10..10: z;\nconstraint int_pow(-1, -3, z);\nconstraint int_eq(z, -1);\nsolve satisfy;\n")) == 1);
  CHECK(count(build("var -10..10: z;\nconstraint int_pow(0, -2, z);\nsolve satisfy;\n")) == 0);
  // pow_3's reproducer: b in -2..2, e in -1..0, z = pow(b, e): 5 with e = 0, and 4 with e = -1 (b != 0).
  CHECK(count(build("var -2..2: b;\nvar -1..0: e;\nvar int: z;\nconstraint int_pow(b, e, z);\nsolve satisfy;\n")) == 9);
}

TEST_CASE("flatzinc builder: what it cannot take is an error naming the line", "[flatzinc]") {
  CHECK(error_line("var 1..3: x;\nconstraint frobnicate(x);\nsolve satisfy;\n", "'frobnicate' is not supported") == 2);
  CHECK(error_line("var 1..3: x;\n\nvar float: f;\nsolve satisfy;\n", "float variables") == 3);
  CHECK(error_line("var set of 1..3: s;\nsolve satisfy;\n", "set variables") == 1);
  CHECK(error_line("var 1..3: x;\nconstraint int_eq(x);\nsolve satisfy;\n", "with 1 arguments") == 2);
  CHECK(error_line("var 1..3: x;\nconstraint int_eq(x, w);\nsolve satisfy;\n", "unknown identifier 'w'") == 2);
  CHECK(error_line("var 0..3000000000: x;\nsolve satisfy;\n", "outside the supported range") == 1);
  CHECK(error_line("var 1..3: x;\n\nconstraint int_eq(x, 5000000000);\nsolve satisfy;\n", "outside the supported range") == 3);
  CHECK(error_line("array [1..2] of var 1..3: q = [x, x];\nvar 1..3: x;\nsolve satisfy;\n", "unknown identifier") == 1);
  CHECK(error_line("var 1..3: x;\narray [1..1] of var int: q = [x];\nconstraint int_eq(q[2], 1);\nsolve satisfy;\n",
                   "index 2 is outside") == 3);
  CHECK(error_line("var 1..3: x;\nconstraint int_lin_eq(x, [x], 1);\nsolve satisfy;\n", "expected") == 2);
}

TEST_CASE("flatzinc registry: rows sorted, found by name and arity, no name twice", "[flatzinc]") {
  const fz::Registry& r = fz::registry();
  REQUIRE(r.find("int_lin_eq", 3));
  CHECK(r.find("int_lin_eq", 2) == nullptr);
  CHECK(r.find("bool_xor", 2) != r.find("bool_xor", 3));
  CHECK(r.knows("bool_xor"));
  CHECK_FALSE(r.knows("frobnicate"));
  for (const fz::PosterEntry& e : r.entries()) {
    INFO(e.name);
    CHECK_FALSE(e.note.empty());
    CHECK(e.post != nullptr);
  }
  fz::Registry mine;
  mine.add("x", 1, r.find("int_eq", 2)->post, "note");
  CHECK_THROWS_AS(mine.add("x", 1, r.find("int_eq", 2)->post, "note"), std::logic_error);
}

namespace {
// What fz::run prints for `text` with `options`.
std::string run_text(const std::string& text, fz::RunOptions options) {
  const fz::Program p = build(text);
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  std::vector<std::string> notes;
  fz::run(p, options, out, notes);
  std::fclose(out);
  std::string s(buffer, size);
  std::free(buffer);
  return s;
}
}  // namespace

TEST_CASE("flatzinc run: optimisation prints improving solutions, the optimum last", "[flatzinc]") {
  // minimize 3a - 2b + c with a + b + c = 4, a != b over 0..3: brute force for the optimum.
  const std::string model =
      "var 0..3: a :: output_var;\nvar 0..3: b :: output_var;\nvar 0..3: c :: output_var;\nvar -20..20: o :: output_var;\n"
      "constraint int_lin_eq([1, 1, 1], [a, b, c], 4);\nconstraint int_ne(a, b);\n"
      "constraint int_lin_eq([3, -2, 1, -1], [a, b, c, o], 0);\nsolve minimize o;\n";
  int best = 1000;
  for (int a = 0; a <= 3; ++a)
    for (int b = 0; b <= 3; ++b)
      for (int c = 0; c <= 3; ++c)
        if (a + b + c == 4 && a != b) best = std::min(best, 3 * a - 2 * b + c);
  fz::RunOptions all;
  all.all = true;
  const std::string text = run_text(model, all);
  INFO(text);
  std::vector<int> objectives;
  for (std::size_t at = text.find("o = "); at != std::string::npos; at = text.find("o = ", at + 1))
    objectives.push_back(std::stoi(text.substr(at + 4)));
  REQUIRE(!objectives.empty());
  for (std::size_t i = 1; i < objectives.size(); ++i) CHECK(objectives[i] < objectives[i - 1]);
  CHECK(objectives.back() == best);
  CHECK(text.substr(text.size() - 11) == "==========\n");
  // Without -a: the optimum alone.
  const std::string one = run_text(model, {});
  CHECK(one.find("o = " + std::to_string(best) + ";\n----------\n==========\n") != std::string::npos);
  CHECK(one.find("----------") == one.rfind("----------"));  // printed once
  // Maximize, and an infeasible model.
  const std::string max = run_text(model.substr(0, model.find("solve")) + "solve maximize o;\n", {});
  CHECK(max.find("==========") != std::string::npos);
  CHECK(run_text("var 0..3: a;\nconstraint int_lt(a, 0);\nsolve minimize a;\n", {}) == "=====UNSATISFIABLE=====\n");
}
