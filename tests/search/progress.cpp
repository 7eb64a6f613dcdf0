// Progress reports (SearchOptions::progress): the callback is told growing statistics every N nodes
// or every S seconds, on one thread and on several, under every inference level, and returning
// false stops the search with LimitHit::progress.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <vector>

#include "csp/csp.hpp"
#include "problems/queens/queens.hpp"
#include "problems/queens_counts.hpp"

namespace {

struct Reports {
  std::vector<std::uint64_t> nodes;  // stats.nodes at each report
  std::vector<std::uint64_t> failures;
  std::vector<std::chrono::nanoseconds> elapsed;
};

// Counts queens(n) reporting every `every` nodes into `r`; stops at report `stop_at` (0: never).
csp::SearchResult count_queens(int n, csp::SearchOptions o, Reports& r, std::size_t stop_at = 0) {
  const problems::Queens q = problems::make_queens(n);
  o.progress.report = [&r, stop_at](const csp::Stats& s) {
    r.nodes.push_back(s.nodes);
    r.failures.push_back(s.failures);
    r.elapsed.push_back(s.elapsed);
    return stop_at == 0 || r.nodes.size() < stop_at;
  };
  if (o.threads > 1) o.worker_model = [n] { return problems::make_queens(n).model; };
  csp::Solver solver(q.model, o);
  return solver.count(q.model.initial_domains());
}

}  // namespace

TEST_CASE("progress: reports every N nodes with growing statistics, the count unchanged", "[search][progress]") {
  for (csp::Inference inference : {csp::Inference::forward, csp::Inference::mac, csp::Inference::learn}) {
    CAPTURE(csp::to_string(inference));
    csp::SearchOptions o;
    o.inference = inference;
    o.progress.every_nodes = 500;
    Reports r;
    const csp::SearchResult result = count_queens(9, o, r);
    REQUIRE(result.status == csp::SearchStatus::exhausted);
    REQUIRE(result.stats.solutions == queens_counts::of(9));
    // One report per 500 nodes: exactly, on one thread.
    REQUIRE(r.nodes.size() == result.stats.nodes / 500);
    for (std::size_t i = 0; i < r.nodes.size(); ++i) {
      CAPTURE(i);
      REQUIRE(r.nodes[i] == 500 * (i + 1) - 1);  // told before the node that makes it 500 (i + 1)
      if (i > 0) {
        REQUIRE(r.failures[i] >= r.failures[i - 1]);
        REQUIRE(r.elapsed[i] >= r.elapsed[i - 1]);
      }
    }
  }
}

TEST_CASE("progress: returning false stops the search, and the result says so", "[search][progress]") {
  for (unsigned threads : {1u, 3u}) {
    CAPTURE(threads);
    csp::SearchOptions o;
    o.threads = threads;
    o.progress.every_nodes = 1000;
    Reports r;
    const csp::SearchResult result = count_queens(11, o, r, 3);  // far more than 3,000 nodes
    REQUIRE(result.status == csp::SearchStatus::limit);
    REQUIRE(result.limit == csp::LimitHit::progress);
    REQUIRE(csp::to_string(result.limit) == "progress");
    REQUIRE(r.nodes.size() == 3);  // never called again once it said stop
    REQUIRE(result.stats.solutions < queens_counts::of(11));
  }
}

TEST_CASE("progress: several threads report the sum of their statistics, one at a time", "[search][progress][threads]") {
  csp::SearchOptions o;
  o.threads = 3;
  o.progress.every_nodes = 2000;
  Reports r;
  const csp::SearchResult result = count_queens(11, o, r);
  REQUIRE(result.status == csp::SearchStatus::exhausted);
  REQUIRE(result.stats.solutions == queens_counts::of(11));
  // Summed over the threads: the counts grow, and about every 2,000 nodes of all of them.
  REQUIRE(r.nodes.size() >= result.stats.nodes / 2000 / 2);
  for (std::size_t i = 1; i < r.nodes.size(); ++i) {
    CAPTURE(i);
    REQUIRE(r.nodes[i] >= r.nodes[i - 1] + 2000);
    REQUIRE(r.elapsed[i] >= r.elapsed[i - 1]);
  }
  REQUIRE(r.nodes.back() <= result.stats.nodes);
}

TEST_CASE("progress: reports by time, without a clock read per node", "[search][progress]") {
  csp::SearchOptions o;
  o.progress.every_time = std::chrono::milliseconds(20);
  Reports r;
  const auto started = std::chrono::steady_clock::now();
  const csp::SearchResult result = count_queens(11, o, r);
  const auto took = std::chrono::steady_clock::now() - started;
  REQUIRE(result.status == csp::SearchStatus::exhausted);
  // At most one report per 20 ms (and, past the first 20 ms, at least one).
  REQUIRE(static_cast<std::int64_t>(r.nodes.size()) <= took / std::chrono::milliseconds(20));
  if (took > std::chrono::milliseconds(60)) REQUIRE(!r.nodes.empty());
  for (std::size_t i = 1; i < r.elapsed.size(); ++i) REQUIRE(r.elapsed[i] - r.elapsed[i - 1] >= std::chrono::milliseconds(20));
}

TEST_CASE("progress: a callback with no interval, or a negative one, is refused", "[search][progress][api]") {
  csp::Model m;
  m.add_vars(2, 0, 1);
  csp::SearchOptions o;
  o.progress.report = [](const csp::Stats&) { return true; };
  REQUIRE_THROWS_AS(csp::Solver(m, o), std::invalid_argument);
  o.progress.every_time = std::chrono::nanoseconds(-1);
  REQUIRE_THROWS_AS(csp::Solver(m, o), std::invalid_argument);
  o.progress.every_time = std::chrono::seconds(1);
  REQUIRE_NOTHROW(csp::Solver(m, o));
}
