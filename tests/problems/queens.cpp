// N-queens counts up to n = 12 under both models, every solution checked independently.
#include <catch2/catch.hpp>

#include "problems/queens/queens.hpp"
#include "problems/queens_counts.hpp"

namespace {

std::uint64_t count_checked(const problems::Queens& q, int n) {
  csp::Solver solver(q.model);
  std::uint64_t checked = 0;
  const csp::SearchResult r = solver.for_each_solution(q.model.initial_domains(), [&](std::span<const csp::Value> s) {
    if (problems::queens_valid(std::vector<csp::Value>(s.begin(), s.begin() + n))) ++checked;
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  REQUIRE(r.stats.solutions == checked);
  return checked;
}

}  // namespace

TEST_CASE("n-queens counts up to n = 12 (14,200 placements)", "[problems][queens]") {
  for (int n = 1; n <= queens_counts::kMaxN; ++n) {
    CAPTURE(n);
    REQUIRE(count_checked(problems::make_queens(n, problems::QueensModel::binary), n) == queens_counts::of(n));
  }
  for (auto strength : {csp::AllDifferentStrength::pairwise, csp::AllDifferentStrength::value, csp::AllDifferentStrength::domain}) {
    for (int n = 1; n <= 10; ++n) {
      CAPTURE(static_cast<int>(strength), n);
      REQUIRE(count_checked(problems::make_queens(n, problems::QueensModel::all_different, strength), n) == queens_counts::of(n));
    }
  }
}
