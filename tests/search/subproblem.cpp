// Subproblems (csp/search/subproblem.hpp): a split's parts are disjoint, cover the space, come in the
// sequential search's order, and their paths survive the text form.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "csp/search/subproblem.hpp"
#include "problems/queens/queens.hpp"

namespace {

// The textbook n-queens (one relation per pair of columns), every domain in the interval form
// when `intervals`: then a refuted x = a cannot drop an inner a, and the split must say x < a, x > a.
csp::Model queens(int n, bool intervals) {
  csp::Model m;
  if (intervals) m.set_interval_threshold(1);
  const std::vector<csp::Var> row = m.add_vars(n, 0, n - 1, "q");
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      m.post(csp::relation(row[static_cast<std::size_t>(i)], row[static_cast<std::size_t>(j)],
                           [d = j - i](csp::Value a, csp::Value b) { return a != b && std::abs(a - b) != d; }));
  return m;
}

// True when `solution` meets every decision of `path`.
bool within(const csp::Path& path, const std::vector<csp::Value>& solution) {
  for (const csp::PathDecision& c : path) {
    const csp::Value x = solution[static_cast<std::size_t>(c.var.id)];
    const bool holds = c.op == csp::PathDecision::Op::eq   ? x == c.value
                       : c.op == csp::PathDecision::Op::ne ? x != c.value
                       : c.op == csp::PathDecision::Op::le ? x <= c.value
                                                           : x > c.value;
    if (!holds) return false;
  }
  return true;
}

// Splits into `parts`, searches every part, and checks: the counts sum to `expected`, every
// solution is found once (in the part whose path it meets, and in no other), and the sequential
// search's first solution lies in the first part that has a solution (unless `ordered` is false:
// a random value order draws differently in the split and in the search).
void check_split(const csp::Model& model, const csp::SearchOptions& options, std::size_t parts,
                 std::uint64_t expected, bool ordered = true) {
  CAPTURE(parts);
  csp::Stats split_stats;
  const std::vector<csp::Path> paths = csp::split(model, options, model.initial_domains(), parts, &split_stats);
  if (parts <= 64) REQUIRE(paths.size() >= parts);  // queens 8's tree has more than 64 nodes
  REQUIRE(split_stats.nodes >= paths.size() - 1);
  csp::Solver solver(model, options);
  std::map<std::vector<csp::Value>, std::size_t> part_of;  // each solution -> the part that found it
  std::uint64_t counted = 0;
  std::size_t first_part_with_solution = paths.size();
  for (std::size_t i = 0; i < paths.size(); ++i) {
    CAPTURE(i, csp::to_text(paths[i]));
    csp::Domains d = model.initial_domains();
    if (!csp::apply(paths[i], d)) continue;
    counted += solver.count(d).stats.solutions;
    const csp::SearchResult r = solver.for_each_solution(d, [&](std::span<const csp::Value> s) {
      const std::vector<csp::Value> solution(s.begin(), s.end());
      REQUIRE(part_of.count(solution) == 0);
      part_of[solution] = i;
      return true;
    });
    REQUIRE(r.status == csp::SearchStatus::exhausted);
    if (r.found() && first_part_with_solution == paths.size()) first_part_with_solution = i;
  }
  REQUIRE(counted == expected);
  REQUIRE(part_of.size() == expected);
  for (const auto& [solution, part] : part_of) {
    for (std::size_t i = 0; i < paths.size(); ++i) REQUIRE(within(paths[i], solution) == (i == part));
  }
  const csp::SearchResult first = solver.solve();
  REQUIRE(first.found());
  if (!ordered) return;
  REQUIRE(part_of.at(first.solution) == first_part_with_solution);
}

}  // namespace

TEST_CASE("split cuts queens 8 into disjoint parts in the sequential order", "[subproblem]") {
  const problems::Queens q = problems::make_queens(8);
  for (std::size_t parts : {1, 7, 64, 1000}) check_split(q.model, csp::SearchOptions{}, parts, 92);
}

TEST_CASE("split follows every value order, two-way branching, inference level and the interval form",
          "[subproblem]") {
  for (bool intervals : {false, true}) {
    const csp::Model model = queens(7, intervals);
    for (const char* values : {"min", "max", "median", "split", "reverse-split", "lcv", "random"}) {
      for (bool reselect : {false, true}) {
        for (const char* inference : {"none", "fc", "mac"}) {
          CAPTURE(intervals, values, reselect, inference);
          csp::SearchOptions options;
          options.values = csp::values::by_name(values, 7);
          options.reselect = reselect;
          options.inference = csp::parse_inference(inference);
          // The whole search first: a listed order (lcv, random) with two-way branching on interval
          // domains once counted some solutions twice (a refuted inner x = a stays in an interval,
          // and reselecting another variable forgot it: 58, 72 and 45 instead of 40).
          REQUIRE(csp::Solver(model, options).count(model.initial_domains()).stats.solutions == 40);
          for (std::size_t parts : {2, 9, 40})
            check_split(model, options, parts, 40, std::string_view(values) != "random");
        }
      }
    }
  }
}

TEST_CASE("split of a start that fails at the root gives no part", "[subproblem]") {
  const problems::Queens q = problems::make_queens(3);  // no solution; the root propagates to a failure or not
  csp::Domains d = q.model.initial_domains();
  REQUIRE(d.assign(q.row[0], 0));
  REQUIRE(d.assign(q.row[1], 0));  // two queens on one row: the relation fails at the root
  REQUIRE(csp::split(q.model, csp::SearchOptions{}, d, 10).empty());
  // A space smaller than asked for: every part is searched, none is lost.
  const problems::Queens one = problems::make_queens(1);
  const std::vector<csp::Path> paths = csp::split(one.model, csp::SearchOptions{}, one.model.initial_domains(), 10);
  REQUIRE(paths.size() == 1);
  REQUIRE(paths[0].empty());
}

TEST_CASE("paths survive the text form", "[subproblem]") {
  using Op = csp::PathDecision::Op;
  const csp::Path path{{csp::Var{3}, Op::eq, 4}, {csp::Var{5}, Op::ne, 2}, {csp::Var{1}, Op::le, -7},
                       {csp::Var{2}, Op::gt, 7}};
  REQUIRE(csp::to_text(path) == "3=4 5!=2 1<=-7 2>7");
  REQUIRE(csp::parse_path("3=4 5!=2 1<=-7 2>7", 6) == path);
  REQUIRE(csp::to_text({}) == "-");
  REQUIRE(csp::parse_path("-", 6).empty());
  REQUIRE(csp::parse_path("  0=1\t", 1) == csp::Path{{csp::Var{0}, Op::eq, 1}});

  // apply narrows without propagating, and says when a decision empties a variable.
  const problems::Queens q = problems::make_queens(4);
  csp::Domains d = q.model.initial_domains();
  REQUIRE(csp::apply(csp::parse_path("0!=0 0<=2 1>1 1=3", 4), d));
  REQUIRE(d.size(q.row[0]) == 2);
  REQUIRE(d.value(q.row[1]) == 3);
  REQUIRE(d.size(q.row[2]) == 4);
  csp::Domains e = q.model.initial_domains();
  REQUIRE_FALSE(csp::apply(csp::parse_path("2>3", 4), e));
  csp::Domains f = q.model.initial_domains();
  REQUIRE_FALSE(csp::apply(csp::parse_path("2<=-1", 4), f));
}

TEST_CASE("parse_path names the bad token and why", "[subproblem]") {
  const auto message = [](std::string_view text) {
    try {
      csp::parse_path(text, 8);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  using Catch::Matchers::Contains;
  REQUIRE_THAT(message("3=4 3=x"), Contains("'3=x'") && Contains("not a whole number"));
  REQUIRE_THAT(message("0=1 8=1"), Contains("'8=1'") && Contains("8 variables"));
  REQUIRE_THAT(message("3~4"), Contains("'3~4'") && Contains("=, !=, <=, >"));
  REQUIRE_THAT(message("-3=1"), Contains("'-3=1'") && Contains("variable id"));
  REQUIRE_THAT(message("3="), Contains("'3='") && Contains("no value"));
  REQUIRE_THAT(message("3=4x"), Contains("'3=4x'"));
  REQUIRE_THAT(message("3=99999999999"), Contains("'3=99999999999'") && Contains("out of range"));
  REQUIRE_THAT(message(""), Contains("empty"));
  REQUIRE_THAT(message("- 3=4"), Contains("'-'"));
  // One space between decisions, as to_text writes them: a doubled space or a tab is refused.
  REQUIRE_THAT(message("0=1  3=4"), Contains("'0=1'") && Contains("more than one space"));
  REQUIRE_THAT(message("0=1 3=4\t5=6"), Contains("'3=4'") && Contains("one space"));
  REQUIRE(csp::parse_path(" 0=1 3=4\n", 8).size() == 2);  // white space around the whole path is a line's
}

TEST_CASE("parse_path against the start domains refuses a value outside a variable's domain", "[subproblem]") {
  csp::Model m;
  m.add_var(0, 3, "x");
  m.add_var(std::vector<csp::Value>{2, 5, 9}, "y");  // 3 values in 2..9
  const csp::Domains start = m.initial_domains();
  const auto message = [&](std::string_view text) {
    try {
      csp::parse_path(text, start);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  using Catch::Matchers::Contains;
  using Op = csp::PathDecision::Op;
  // Every decision a split can make is accepted, up to the bounds.
  REQUIRE(csp::parse_path("0=0 0!=3 0<=3 0>0 1=9 1!=2 1<=2 1>9", start).size() == 8);
  REQUIRE(csp::parse_path("1=5", start) == csp::Path{{csp::Var{1}, Op::eq, 5}});
  REQUIRE_THAT(message("0=1 0=4"), Contains("'0=4'") && Contains("outside") && Contains("0..3"));
  REQUIRE_THAT(message("0!=-1"), Contains("'0!=-1'") && Contains("outside"));
  REQUIRE_THAT(message("1=3"), Contains("'1=3'") && Contains("3 values in 2..9"));  // a hole
  REQUIRE_THAT(message("0<=-1"), Contains("'0<=-1'") && Contains("outside"));
  REQUIRE_THAT(message("1>10"), Contains("'1>10'") && Contains("outside"));
  REQUIRE_THAT(message("0=0 2=1"), Contains("'2=1'") && Contains("2 variables"));
  // The same checks for a path built in the program.
  REQUIRE_THROWS_AS(csp::check_path({{csp::Var{0}, Op::eq, 7}}, start), std::invalid_argument);
  REQUIRE_NOTHROW(csp::check_path({{csp::Var{1}, Op::ne, 9}}, start));
}
