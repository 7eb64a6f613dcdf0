// Measuring search configurations over sets of instances: the generic half of `sudoku bench`
// (and of any other problem's bench command). The problem supplies instances and a way to solve one; this
// file times each search, summarises a configuration over a set, and prints the rows as a table,
// CSV or JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "csp/kernel/stats.hpp"

namespace apps_common::bench {

/// One configuration being compared (free text for the problem's own knobs, like a rule set).
struct Configuration {
  std::string order, values, inference, rules;
};

/// The outcome of one search on one instance.
struct Sample {
  bool solved = false;   ///< a solution was found (and checked)
  bool limited = false;  ///< a limit stopped the search
  csp::Stats stats;
  double micros = 0;     ///< wall-clock time of this search
};

/// A configuration summarised over one set of instances: one row of the results.
struct Row {
  std::string set;  ///< where the instances came from (a path); the formats also give its base name as `file`
  Configuration config;
  std::uint64_t instances = 0, solved = 0, limited = 0;
  /// Input items of the set that could not be read as instances (so not measured); set by the caller,
  /// since only the problem's reader knows them. Reported so that a short row is never a silent one.
  std::uint64_t invalid = 0;
  /// How many timed passes this row was chosen from (the one with the median per_second); set by
  /// the caller, see median_run().
  std::uint32_t runs = 1;
  double nodes_mean = 0, failures_mean = 0, propagations_mean = 0;
  std::uint64_t nodes_max = 0;
  /// Mean per instance of the counters named without a dot: by convention a counter "<name>" counts
  /// the firings of rule <name> and "<name>.<what>" something else about it (csp/rules: removals).
  double firings_mean = 0;
  double per_second = 0;        ///< instances / wall-clock seconds of the whole pass
  double us_p50 = 0, us_p99 = 0;  ///< per-instance microseconds, nearest-rank percentiles
  /// Named counters (rule firings, ...) per instance, averaged; names from the model.
  std::vector<std::pair<std::string, double>> counters_mean;
};

/// Summarises samples; `wall_seconds` is the time of the whole pass (threads run in parallel).
/// Sample i's stats.counters[j] is counted under counter_names[j].
Row summarise(std::string set, Configuration config, std::span<const Sample> samples,
              const std::vector<std::string>& counter_names, double wall_seconds);

/// Of several passes of one configuration over one set, the one with the median per_second (the
/// lower middle one when their number is even, so that the row is a real pass, not an average),
/// with `runs` set to their number. Throws std::invalid_argument when `passes` is empty.
Row median_run(std::vector<Row> passes);

/// The last component of a path ("a/b/top95.txt" gives "top95.txt"; a name without '/' is itself).
std::string base_name(const std::string& path);

/// Runs solve(worker, i) for every i in [0, n) on `threads` workers (parallel_for: worker 0 is the
/// calling thread) and returns the samples in index order, each timed around its call, plus the
/// wall time; progress(done) is called from worker 0 after each of its samples.
std::vector<Sample> run(std::size_t n, unsigned threads, const std::function<Sample(unsigned, std::size_t)>& solve,
                        double* wall_seconds, const std::function<void(std::size_t done)>& progress = {});

/// An aligned text table, one row per (set, configuration); the set shown by its base name.
std::string format_table(std::span<const Row> rows);
/// CSV with a header line: set file order values inference rules puzzles solved limited invalid runs
/// nodes_mean nodes_max failures_mean propagations_mean firings_mean puzzles_per_s us_p50 us_p99,
/// then one column per counter named in any row (first-seen order), empty where a row lacks it.
std::string format_csv(std::span<const Row> rows);
/// A JSON list of objects with the keys: set file order values inference rules puzzles solved
/// limited invalid runs nodes_mean nodes_max failures_mean propagations_mean firings_mean
/// puzzles_per_s us_p50 us_p99 counters (an object: counter name to mean per instance).
std::string format_json(std::span<const Row> rows);

/// A progress line on stderr, redrawn at most ten times a second, shown only when stderr is a
/// terminal and the work has run for more than a second; cleared by finish().
class Progress {
 public:
  explicit Progress(std::string label, std::uint64_t total);
  void update(std::uint64_t done);
  void finish();
  ~Progress() { finish(); }

 private:
  std::string label_;
  std::uint64_t total_;
  double started_;
  double last_draw_ = 0;
  bool shown_ = false;
  bool tty_;
};

}  // namespace apps_common::bench
