// N-queens solution counts under every variable ordering and inference level.
#include <catch2/catch.hpp>

#include "problems/queens/queens.hpp"
#include "problems/queens_counts.hpp"

namespace {

struct Setting {
  const char* order;
  const char* inference;
};

}  // namespace

TEST_CASE("n-queens counts for n = 1..10 under every ordering and inference level", "[queens][search]") {
  for (const char* order : {"input", "mrv", "mrv-degree", "mrv-ddeg", "dom-wdeg"}) {
    for (const char* inference : {"none", "fc", "mac"}) {
      for (int n = 1; n <= 10; ++n) {
        CAPTURE(order, inference, n);
        problems::Queens q = problems::make_queens(n);
        csp::SearchOptions opt;
        opt.order = csp::order::by_name(order);
        opt.inference = csp::parse_inference(inference);
        csp::Solver solver(q.model, opt);
        std::uint64_t checked = 0;
        csp::SearchResult r = solver.for_each_solution(q.model.initial_domains(), [&](std::span<const csp::Value> s) {
          std::vector<csp::Value> rows(s.begin(), s.begin() + n);
          if (problems::queens_valid(rows)) ++checked;
          return true;
        });
        REQUIRE(r.status == csp::SearchStatus::exhausted);
        REQUIRE(r.stats.solutions == queens_counts::of(n));
        REQUIRE(checked == queens_counts::of(n));
      }
    }
  }
}
