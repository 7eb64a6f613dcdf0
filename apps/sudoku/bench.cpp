// sudoku bench: every combination of variable order, value order, inference level and rule set on
// every puzzle file, one row per (file, configuration). The timing, parallelism, summaries and
// output formats are apps/common/bench.hpp's; this file only reads puzzles, builds Sudoku models and checks
// answers.
#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "batch.hpp"
#include "commands.hpp"
#include "apps/common/bench.hpp"
#include "csp/kernel/log.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sudoku_app {
namespace {

namespace sd = problems::sudoku;
namespace bench = apps_common::bench;
using ModelPtr = std::unique_ptr<sd::SudokuModel>;
using SolverPtr = std::unique_ptr<csp::Solver>;
constexpr std::size_t kBoxes = 6;  // box sides 2..5 index these arrays directly

/// A solver returned an answer the independent checker rejects: a bug. Not caught here: main
/// reports it as an internal error (exit 3), with no report printed, since a bench of a wrong
/// solver means nothing.
struct WrongAnswer : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Instance {
  sd::Puzzle puzzle;
  std::uint64_t line = 0;
};

/// One input file, read whole before any timing so that reading is never measured.
struct PuzzleFile {
  std::string name;  // as given ("stdin" for "-")
  std::vector<Instance> puzzles;
  std::uint64_t invalid = 0;
  std::string first_invalid;  // "line N: reason" of the first invalid line, for the warning
  std::array<bool, kBoxes> has_box{};
};

/// One configuration: names as given (for the report) and the index of its rule set.
struct Config {
  std::string order, values, inference;
  std::size_t rules = 0;
};

/// The names of comma-separated lists, over every occurrence of an option ("mrv,input" and
/// "--order mrv --order input" mean the same). An empty name ("mrv,,input") is a usage error; a
/// name given twice is measured once.
std::vector<std::string> split_lists(const std::vector<std::string>& lists, const char* option) {
  std::vector<std::string> names;
  for (const std::string& list : lists) {
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = list.find(',', start);
      const std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (name.empty()) throw UsageError(std::string(option) + ": empty name in '" + list + "'");
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  if (names.empty()) throw UsageError(std::string(option) + ": nothing to measure");
  return names;
}

std::vector<PuzzleFile> read_files(const std::vector<std::string>& names) {
  LineReader in(names);  // checks every file up front: a usage error comes before any work
  std::vector<PuzzleFile> files(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) files[i].name = names[i] == "-" ? "stdin" : names[i];
  std::string line;
  std::uint32_t file = 0;
  std::uint64_t number = 0;
  while (in.next(line, file, number)) {
    PuzzleFile& f = files[file];
    sd::ParsedLine parsed = sd::parse_line(line);
    if (parsed.kind == sd::ParsedLine::Kind::skip) continue;  // blank or '#' comment
    if (parsed.kind == sd::ParsedLine::Kind::invalid) {
      if (f.invalid++ == 0) f.first_invalid = "line " + std::to_string(number) + ": " + parsed.reason;
      continue;
    }
    f.has_box[static_cast<std::size_t>(parsed.puzzle.box)] = true;
    f.puzzles.push_back({std::move(parsed.puzzle), number});
  }
  for (const PuzzleFile& f : files)
    if (f.invalid > 0)
      std::fprintf(stderr, "sudoku bench: %s: %llu invalid line%s not measured (first: %s)\n", f.name.c_str(),
                   static_cast<unsigned long long>(f.invalid), f.invalid == 1 ? "" : "s", f.first_invalid.c_str());
  return files;
}

/// Counter ids belong to a model: gives, for each counter of `model`, its index in `names`
/// (appending names not seen yet), so that puzzles of several sizes add up by name.
std::vector<std::size_t> counter_map(const csp::Model& model, std::vector<std::string>& names) {
  std::vector<std::size_t> map;
  for (const std::string& name : model.counter_names()) {
    auto it = std::find(names.begin(), names.end(), name);
    map.push_back(static_cast<std::size_t>(it - names.begin()));
    if (it == names.end()) names.push_back(name);
  }
  return map;
}

}  // namespace

int run_bench(const BenchCommand& c) {
  // Every name is checked before any file is read, so that a typo costs nothing.
  const std::vector<std::string> orders = split_lists(c.orders, "--order");
  const std::vector<std::string> values = split_lists(c.values, "--values");
  const std::vector<std::string> inferences = split_lists(c.inferences, "--inference");
  std::vector<std::string> rule_names;  // as given, one per set
  std::vector<csp::RuleSet> rule_sets;
  for (const std::string& r : c.rules) {
    if (std::find(rule_names.begin(), rule_names.end(), r) != rule_names.end()) continue;
    SearchConfig check;
    check.rules = r;
    rule_sets.push_back(check.rule_set());  // throws UsageError naming a bad rule
    rule_names.push_back(r);
  }
  if (rule_sets.empty()) throw UsageError("--rules: nothing to measure");
  std::vector<Config> configs;
  for (std::size_t r = 0; r < rule_sets.size(); ++r)
    for (const std::string& o : orders)
      for (const std::string& v : values)
        for (const std::string& i : inferences) configs.push_back({o, v, i, r});
  auto options_of = [&](const Config& cfg) {
    SearchConfig s = c.limits;
    s.order = cfg.order;
    s.values = cfg.values;
    s.inference = cfg.inference;
    csp::SearchOptions o = s.search_options();  // throws UsageError on a bad name
    o.check_solutions = false;  // every answer is checked below by the independent validator
    return o;
  };
  for (const Config& cfg : configs) options_of(cfg);

  const std::vector<PuzzleFile> files = read_files(c.files);
  const unsigned threads = std::max(1U, c.threads);
  std::uint64_t total = 0;
  for (const PuzzleFile& f : files) total += f.puzzles.size();
  total *= configs.size() * c.repeat;
  csp::log().info("bench: {} configurations, {} files, {} searches on {} threads", configs.size(), files.size(), total,
                  threads);

  // Models: one per (rule set, worker, size); solvers: one per (configuration, worker, size), kept
  // over files and passes. Both are built before the first timed search that needs them.
  std::vector<std::vector<std::array<ModelPtr, kBoxes>>> models(rule_sets.size());
  for (auto& per_worker : models) per_worker.resize(threads);
  std::vector<std::vector<std::array<SolverPtr, kBoxes>>> solvers(configs.size());
  for (auto& per_worker : solvers) per_worker.resize(threads);

  bench::Progress progress("sudoku bench", total);
  std::uint64_t done_before = 0;
  // One timed pass of configuration ci over file fi, every answer checked afterwards.
  auto measure = [&](std::size_t ci, const PuzzleFile& file) {
    const Config& cfg = configs[ci];
    auto& model_of = models[cfg.rules];
    auto& solver_of = solvers[ci];
    std::vector<std::string> counter_names;
    std::array<std::vector<std::size_t>, kBoxes> counter_ids;
    for (std::size_t box = 2; box < kBoxes; ++box) {
      if (!file.has_box[box]) continue;
      for (unsigned w = 0; w < threads; ++w) {
        ModelPtr& m = model_of[w][box];
        if (!m) m = std::make_unique<sd::SudokuModel>(static_cast<int>(box), rule_sets[cfg.rules]);
        if (!solver_of[w][box]) solver_of[w][box] = std::make_unique<csp::Solver>(m->model(), options_of(cfg));
      }
      counter_ids[box] = counter_map(model_of[0][box]->model(), counter_names);
    }
    const std::size_t n = file.puzzles.size();
    std::vector<std::vector<csp::Value>> solutions(n);
    auto solve = [&](unsigned w, std::size_t i) {
      const sd::Puzzle& p = file.puzzles[i].puzzle;
      const auto box = static_cast<std::size_t>(p.box);
      csp::SearchResult r = solver_of[w][box]->solve(model_of[w][box]->start(p));
      bench::Sample s;
      s.solved = r.found();
      s.limited = r.status == csp::SearchStatus::limit;
      s.stats = std::move(r.stats);
      solutions[i] = std::move(r.solution);  // checked after the timed pass
      return s;
    };
    double wall = 0;
    std::vector<bench::Sample> samples =
        bench::run(n, threads, solve, &wall, [&](std::size_t d) { progress.update(done_before + d); });
    done_before += n;
    for (std::size_t i = 0; i < n; ++i) {
      bench::Sample& s = samples[i];
      const sd::Puzzle& p = file.puzzles[i].puzzle;
      const auto box = static_cast<std::size_t>(p.box);
      if (s.solved && !sd::is_valid_solution(p, model_of[0][box]->values(solutions[i])))
        throw WrongAnswer("wrong solution for line " + std::to_string(file.puzzles[i].line) + " of " + file.name +
                          " (order " + cfg.order + ", values " + cfg.values + ", inference " + cfg.inference +
                          ", rules " + rule_names[cfg.rules] + ")");
      std::vector<std::uint64_t> by_name(counter_names.size(), 0);
      for (std::size_t j = 0; j < s.stats.counters.size() && j < counter_ids[box].size(); ++j)
        by_name[counter_ids[box][j]] = s.stats.counters[j];
      s.stats.counters = std::move(by_name);
    }
    const bench::Configuration shown{cfg.order, cfg.values, cfg.inference, rule_names[cfg.rules]};
    return bench::summarise(file.name, shown, samples, counter_names, wall);
  };

  // Pass k of every configuration comes before pass k + 1 of any: the load of a shared machine
  // drifts over minutes, and interleaving spreads that drift over all configurations alike, so
  // that the ratios between rows of one run mean something.
  std::vector<std::vector<std::vector<bench::Row>>> passes(files.size(),
                                                                 std::vector<std::vector<bench::Row>>(configs.size()));
  for (unsigned k = 0; k < c.repeat; ++k)
    for (std::size_t ci = 0; ci < configs.size(); ++ci)
      for (std::size_t fi = 0; fi < files.size(); ++fi) passes[fi][ci].push_back(measure(ci, files[fi]));
  progress.finish();

  std::vector<bench::Row> report;  // file by file, then configuration by configuration
  bool all_solved = true;
  for (std::size_t fi = 0; fi < files.size(); ++fi) {
    for (std::size_t ci = 0; ci < configs.size(); ++ci) {
      bench::Row row = bench::median_run(std::move(passes[fi][ci]));
      row.invalid = files[fi].invalid;
      all_solved = all_solved && row.solved == row.instances && row.invalid == 0;
      report.push_back(std::move(row));
    }
  }
  Writer out(stdout);
  if (c.format == "json") out.buffer() = bench::format_json(report);
  else if (c.format == "csv") out.buffer() = bench::format_csv(report);
  else out.buffer() = bench::format_table(report);
  const int status = all_solved ? Exit::ok : Exit::not_all;
  if (!out.flush()) return output_failed(out, status);
  return status;
}

}  // namespace sudoku_app
