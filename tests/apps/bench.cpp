// The generic benchmark machinery (apps/common/bench.hpp) on hand-made samples, whose figures are worked
// out here by hand: summaries (means, maxima, nearest-rank percentiles, rates), the choice of the
// median pass, the timed parallel run, and the three output formats.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/common/bench.hpp"

namespace {

using apps_common::bench::Row;
using apps_common::bench::Sample;

Sample sample(bool solved, bool limited, std::uint64_t nodes, std::uint64_t failures, double micros,
              std::vector<std::uint64_t> counters = {}) {
  Sample s;
  s.solved = solved;
  s.limited = limited;
  s.stats.nodes = nodes;
  s.stats.failures = failures;
  s.stats.propagations = nodes * 10;
  s.stats.counters = std::move(counters);
  s.micros = micros;
  return s;
}

const apps_common::bench::Configuration kConfig{"mrv", "min", "mac", "naked-single,hidden-single"};

// 100 samples taking 1, 2, ..., 100 microseconds (given shuffled): percentiles are easy to state.
std::vector<Sample> hundred() {
  std::vector<Sample> s;
  for (int i = 0; i < 100; ++i) {
    const int us = (i * 37) % 100 + 1;  // 37 is coprime with 100: a permutation of 1..100
    s.push_back(sample(us != 100, us == 100, static_cast<std::uint64_t>(us), 1, us, {2, 5}));
  }
  return s;
}

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') field += line[++i];
      else if (c == '"') quoted = false;
      else field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.push_back(field);
      field.clear();
    } else {
      field += c;
    }
  }
  fields.push_back(field);
  return fields;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

}  // namespace

TEST_CASE("bench: summarise counts, averages and takes nearest-rank percentiles", "[bench]") {
  const std::vector<Sample> s = hundred();
  const Row r = apps_common::bench::summarise("data/set.txt", kConfig, s, {"naked-single", "naked-single.removals"}, 0.5);
  CHECK(r.set == "data/set.txt");
  CHECK(r.config.order == "mrv");
  CHECK(r.config.rules == "naked-single,hidden-single");
  CHECK(r.instances == 100);
  CHECK(r.solved == 99);
  CHECK(r.limited == 1);
  CHECK(r.nodes_mean == Approx(50.5));  // (1 + ... + 100) / 100
  CHECK(r.nodes_max == 100);
  CHECK(r.failures_mean == Approx(1.0));
  CHECK(r.propagations_mean == Approx(505.0));
  CHECK(r.per_second == Approx(200.0));  // 100 instances in half a second
  CHECK(r.us_p50 == 50.0);               // the 50th of 100 sorted values
  CHECK(r.us_p99 == 99.0);
  REQUIRE(r.counters_mean.size() == 2);
  CHECK(r.counters_mean[0].first == "naked-single");
  CHECK(r.counters_mean[0].second == Approx(2.0));
  CHECK(r.counters_mean[1].second == Approx(5.0));
  CHECK(r.firings_mean == Approx(2.0));  // "<rule>.removals" is not a firing
  CHECK(r.invalid == 0);
  CHECK(r.runs == 1);
}

TEST_CASE("bench: percentiles of small and empty sets", "[bench]") {
  SECTION("one sample is every percentile") {
    const std::vector<Sample> s{sample(true, false, 3, 0, 7.5)};
    const Row r = apps_common::bench::summarise("x", kConfig, s, {}, 1.0);
    CHECK(r.us_p50 == 7.5);
    CHECK(r.us_p99 == 7.5);
  }
  SECTION("nearest rank of four: p50 is the 2nd, p99 the 4th") {
    const std::vector<Sample> s{sample(true, false, 1, 0, 40), sample(true, false, 1, 0, 10),
                                sample(true, false, 1, 0, 30), sample(true, false, 1, 0, 20)};
    const Row r = apps_common::bench::summarise("x", kConfig, s, {}, 1.0);
    CHECK(r.us_p50 == 20.0);
    CHECK(r.us_p99 == 40.0);
    CHECK(r.per_second == Approx(4.0));
  }
  SECTION("no samples: zeros, not a division by zero") {
    const Row r = apps_common::bench::summarise("x", kConfig, {}, {"a"}, 0.0);
    CHECK(r.instances == 0);
    CHECK(r.nodes_mean == 0.0);
    CHECK(r.per_second == 0.0);
    CHECK(r.us_p50 == 0.0);
    CHECK(r.us_p99 == 0.0);
    REQUIRE(r.counters_mean.size() == 1);
    CHECK(r.counters_mean[0].second == 0.0);
  }
  SECTION("samples with fewer counters than names count zero for the rest") {
    const std::vector<Sample> s{sample(true, false, 1, 0, 1, {4}), sample(true, false, 1, 0, 1, {})};
    const Row r = apps_common::bench::summarise("x", kConfig, s, {"a", "b"}, 1.0);
    CHECK(r.counters_mean[0].second == Approx(2.0));
    CHECK(r.counters_mean[1].second == 0.0);
    CHECK(r.firings_mean == Approx(2.0));
  }
}

TEST_CASE("bench: median_run picks the pass with the median rate and records the count", "[bench]") {
  auto pass = [](double rate, double p50) {
    Row r;
    r.per_second = rate;
    r.us_p50 = p50;
    return r;
  };
  const Row three = apps_common::bench::median_run({pass(300, 3), pass(100, 1), pass(200, 2)});
  CHECK(three.per_second == 200);
  CHECK(three.us_p50 == 2);  // the whole row of that pass, not a mix of passes
  CHECK(three.runs == 3);
  const Row two = apps_common::bench::median_run({pass(300, 3), pass(100, 1)});
  CHECK(two.per_second == 100);  // lower middle: a real pass, the conservative one
  CHECK(two.runs == 2);
  CHECK(apps_common::bench::median_run({pass(5, 5)}).runs == 1);
  CHECK_THROWS_AS(apps_common::bench::median_run({}), std::invalid_argument);
}

TEST_CASE("bench: base_name", "[bench]") {
  CHECK(apps_common::bench::base_name("../shared/data/norvig_top95.txt") == "norvig_top95.txt");
  CHECK(apps_common::bench::base_name("top95.txt") == "top95.txt");
  CHECK(apps_common::bench::base_name("/a/b/") == "");
}

TEST_CASE("bench: run times every index once, in index order, on several threads", "[bench]") {
  for (unsigned threads : {1U, 3U}) {
    // Catch2 assertions are not thread-safe: workers only count, the checks come after the run.
    std::atomic<std::size_t> calls{0}, bad_worker{0};
    std::vector<std::size_t> progress;
    double wall = -1;
    const auto samples = apps_common::bench::run(
        50, threads,
        [&](unsigned w, std::size_t i) {
          ++calls;
          if (w >= threads) ++bad_worker;
          return sample(true, false, i, 0, 0);
        },
        &wall, [&](std::size_t done) { progress.push_back(done); });
    CHECK(calls == 50);
    CHECK(bad_worker == 0);
    REQUIRE(samples.size() == 50);
    for (std::size_t i = 0; i < samples.size(); ++i) {
      CHECK(samples[i].stats.nodes == i);
      CHECK(samples[i].micros >= 0.0);
    }
    CHECK(wall >= 0.0);
    CHECK(std::is_sorted(progress.begin(), progress.end()));  // worker 0 reports, counts only grow
    if (threads == 1) CHECK(progress.size() == 50);
  }
  SECTION("an exception in a worker reaches the caller") {
    CHECK_THROWS_AS(apps_common::bench::run(
                        10, 2,
                        [](unsigned, std::size_t i) -> Sample {
                          if (i == 7) throw std::runtime_error("boom");
                          return {};
                        },
                        nullptr),
                    std::runtime_error);
  }
}

TEST_CASE("bench: JSON has every key, with the file's base name", "[bench]") {
  const std::vector<Sample> s = hundred();
  std::vector<Row> rows{apps_common::bench::summarise("../data/set.txt", kConfig, s, {"naked-single", "naked-single.removals"}, 0.5)};
  rows[0].invalid = 2;
  rows[0].runs = 3;
  const nlohmann::json j = nlohmann::json::parse(apps_common::bench::format_json(rows));
  REQUIRE(j.is_array());
  REQUIRE(j.size() == 1);
  const nlohmann::json& o = j[0];
  for (const char* key : {"set", "file", "order", "values", "inference", "rules", "puzzles", "solved", "limited",
                          "invalid", "runs", "nodes_mean", "nodes_max", "failures_mean", "propagations_mean",
                          "firings_mean", "puzzles_per_s", "us_p50", "us_p99", "counters"})
    CHECK(o.contains(key));
  CHECK(o["set"] == "../data/set.txt");
  CHECK(o["file"] == "set.txt");
  CHECK(o["rules"] == "naked-single,hidden-single");
  CHECK(o["puzzles"] == 100);
  CHECK(o["solved"] == 99);
  CHECK(o["limited"] == 1);
  CHECK(o["invalid"] == 2);
  CHECK(o["runs"] == 3);
  CHECK(o["nodes_max"] == 100);
  CHECK(o["nodes_mean"].get<double>() == Approx(50.5));
  CHECK(o["puzzles_per_s"].get<double>() == Approx(200.0));
  CHECK(o["us_p99"].get<double>() == 99.0);
  CHECK(o["firings_mean"].get<double>() == Approx(2.0));
  CHECK(o["counters"]["naked-single.removals"].get<double>() == Approx(5.0));
  CHECK(nlohmann::json::parse(apps_common::bench::format_json({})) == nlohmann::json::array());
}

TEST_CASE("bench: CSV has a header, one line per row, and a column per counter of any row", "[bench]") {
  const std::vector<Sample> with{sample(true, false, 4, 1, 10, {3, 6})};
  const std::vector<Sample> without{sample(true, false, 8, 2, 20)};
  std::vector<Row> rows{
      apps_common::bench::summarise("dir/a,b.txt", {"input", "min", "fc", "none"}, without, {}, 1.0),
      apps_common::bench::summarise("dir/a,b.txt", kConfig, with, {"hidden-single", "hidden-single.removals"}, 1.0)};
  const std::vector<std::string> lines = lines_of(apps_common::bench::format_csv(rows));
  REQUIRE(lines.size() == 3);
  const std::vector<std::string> header = csv_fields(lines[0]);
  const std::vector<std::string> first = csv_fields(lines[1]);
  const std::vector<std::string> second = csv_fields(lines[2]);
  CHECK(header.size() == first.size());  // a row without the counters still has their columns
  CHECK(header.size() == second.size());
  auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (const char* key : {"set", "file", "order", "values", "inference", "rules", "puzzles", "solved", "limited",
                          "invalid", "runs", "nodes_mean", "nodes_max", "failures_mean", "firings_mean",
                          "puzzles_per_s", "us_p50", "us_p99", "hidden-single", "hidden-single.removals"})
    CHECK(column(key) < header.size());
  CHECK(first[column("set")] == "dir/a,b.txt");  // a comma in a name is quoted
  CHECK(first[column("file")] == "a,b.txt");
  CHECK(first[column("rules")] == "none");
  CHECK(first[column("hidden-single")].empty());  // not measured, which is not zero
  CHECK(second[column("rules")] == "naked-single,hidden-single");
  CHECK(second[column("nodes_max")] == "4");
  CHECK(std::stod(second[column("hidden-single.removals")]) == Approx(6.0));
  CHECK(std::stod(second[column("firings_mean")]) == Approx(3.0));
  CHECK(std::stod(first[column("puzzles_per_s")]) == Approx(1.0));
}

TEST_CASE("bench: the table aligns its columns and shows invalid and runs only when they matter", "[bench]") {
  const std::vector<Sample> s{sample(true, false, 4, 1, 10, {3})};
  std::vector<Row> rows{apps_common::bench::summarise("dir/top95.txt", kConfig, s, {"naked-single"}, 1.0),
                        apps_common::bench::summarise("dir/top95.txt", {"dom-wdeg", "lcv", "none", "all"}, s, {}, 1.0)};
  std::vector<std::string> lines = lines_of(apps_common::bench::format_table(rows));
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].rfind("set", 0) == 0);
  CHECK(lines[0].find("invalid") == std::string::npos);
  CHECK(lines[0].find("runs") == std::string::npos);
  CHECK(lines[1].rfind("top95.txt", 0) == 0);  // the base name, not the path
  CHECK(lines[1].size() == lines[0].size());   // right-aligned numbers end every line at one column
  CHECK(lines[2].size() == lines[0].size());
  CHECK(lines[1].find("naked-single,hidden-single") != std::string::npos);

  rows[1].invalid = 1;
  rows[0].runs = rows[1].runs = 5;
  lines = lines_of(apps_common::bench::format_table(rows));
  CHECK(lines[0].find("invalid") != std::string::npos);
  CHECK(lines[0].find("runs") != std::string::npos);
}
