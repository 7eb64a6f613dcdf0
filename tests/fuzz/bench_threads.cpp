// apps_common::bench::run on two threads, as `sudoku bench --threads 2` uses it: the ThreadSanitizer build
// runs this (ctest label "threads") to look for data races in the parallel measuring loop and in
// the per-worker solvers; every build runs it as a plain test too.
// Usage: bench_threads PUZZLES_FILE [COUNT]: the file's puzzles repeated up to COUNT (default
// 2000), measured on 2 threads and on 1; every puzzle must be solved with a valid solution, and
// the search statistics of each puzzle must not depend on the thread count.
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "apps/common/bench.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sd = problems::sudoku;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_threads PUZZLES_FILE [COUNT]\n");
    return 2;
  }
  std::vector<sd::Puzzle> file;
  std::ifstream in(argv[1]);
  for (std::string line; std::getline(in, line);) {
    sd::ParsedLine p = sd::parse_line(line);
    if (p.kind == sd::ParsedLine::Kind::puzzle) file.push_back(std::move(p.puzzle));
  }
  const std::size_t count = argc > 2 ? std::stoul(argv[2]) : 2000;
  if (file.empty() || count == 0) {
    std::fprintf(stderr, "bench_threads: no puzzle in %s\n", argv[1]);
    return 2;
  }

  const csp::RuleSet rules = csp::parse_rules("naked-single,hidden-single");
  auto measure = [&](unsigned threads) {
    // One model and solver per worker and box size, built by that worker on first use.
    struct Slot {
      Slot(int box, const csp::RuleSet& r) : model(box, r), solver(model.model()) {}
      sd::SudokuModel model;
      csp::Solver solver;
    };
    std::vector<std::vector<std::unique_ptr<Slot>>> slots(threads);
    for (auto& s : slots) s.resize(6);
    std::size_t last_progress = 0;
    double wall = 0;
    std::vector<apps_common::bench::Sample> samples = apps_common::bench::run(
        count, threads,
        [&](unsigned w, std::size_t i) {
          const sd::Puzzle& p = file[i % file.size()];
          std::unique_ptr<Slot>& slot = slots[w][static_cast<std::size_t>(p.box)];
          if (!slot) slot = std::make_unique<Slot>(p.box, rules);
          const csp::SearchResult r = slot->solver.solve(slot->model.start(p));
          apps_common::bench::Sample s;
          s.solved = r.found() && sd::is_valid_solution(p, slot->model.values(r.solution));
          s.limited = r.status == csp::SearchStatus::limit;
          s.stats = r.stats;
          return s;
        },
        &wall, [&](std::size_t done) { last_progress = done; });
    std::printf("%u thread(s): %zu puzzles in %.3f s (last progress report: %zu)\n", threads, count, wall,
                last_progress);
    return samples;
  };
  const std::vector<apps_common::bench::Sample> two = measure(2);
  const std::vector<apps_common::bench::Sample> one = measure(1);
  int bad = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (!two[i].solved || !one[i].solved) ++bad;
    else if (two[i].stats.nodes != one[i].stats.nodes || two[i].stats.failures != one[i].stats.failures) ++bad;
  }
  if (bad > 0) {
    std::fprintf(stderr, "bench_threads: %d puzzles unsolved or searched differently on 2 threads\n", bad);
    return 1;
  }
  std::printf("bench_threads: %zu puzzles, same searches on 1 and 2 threads\n", count);
  return 0;
}
