// sudoku grade: how hard each puzzle is for a person, one answer line per puzzle line, in order.
//
//   hidden-single 612 easy        the hardest technique needed, the score, the level
//   needs search                  the techniques do not finish it
//   unsolvable                    the candidates contradict each other (no solution)
//   invalid: <reason> (line N)
//
// The scheme (per-technique base scores summed over the steps, level thresholds) is in
// problems/sudoku/logic.hpp and docs/techniques.md. --stats prints the distribution by level and
// by hardest technique on standard error, after the answers.
#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>

#include "batch.hpp"
#include "commands.hpp"
#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/logic.hpp"

namespace sudoku_app {
namespace {

namespace sd = problems::sudoku;
namespace tq = csp::techniques;

}  // namespace

int run_grade(const GradeCommand& c) {
  // Outcomes: the five levels first (by their enum value), then the rest.
  enum Outcome : std::uint8_t { easy, medium, hard, fiendish, extreme, needs_search, unsolvable, invalid, skipped };
  constexpr const char* kOutcomeNames[] = {"easy",         "medium",     "hard",   "fiendish",
                                           "extreme",      "needs search", "unsolvable", "invalid"};
  static_assert(static_cast<int>(problems::sudoku::Level::extreme) == extreme, "levels first, in order");
  const auto started = std::chrono::steady_clock::now();
  sd::LogicOptions options;
  options.techniques = c.techniques;
  try {
    sd::parse_techniques(c.techniques);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--techniques: ") + e.what());
  }
  LineReader in(c.batch.files);
  const Interrupt interrupt;
  const unsigned threads = c.batch.thread_count();
  // One logical solver per worker and box side, built on first use.
  std::vector<std::array<std::unique_ptr<sd::LogicSolver>, 6>> solvers(threads);

  auto work = [&](unsigned w, Item& it) {
    const std::optional<sd::Puzzle> puzzle = puzzle_of(it, in, skipped, invalid);
    if (!puzzle) return;
    const sd::Puzzle& p = *puzzle;
    std::unique_ptr<sd::LogicSolver>& solver = solvers[w][static_cast<std::size_t>(p.box)];
    if (!solver) solver = std::make_unique<sd::LogicSolver>(p.box, options);
    const sd::LogicRun run = solver->run(p);
    const sd::Grade g = solver->grade(run);
    switch (g.result) {
      case sd::LogicResult::solved:
        it.outcome = static_cast<std::uint8_t>(g.level);
        // The hardest technique rides along in `line` (no longer needed) for --stats.
        it.line = g.hardest;
        it.out = g.hardest + " " + std::to_string(g.score) + " " + std::string(problems::sudoku::level_name(g.level)) + "\n";
        break;
      case sd::LogicResult::needs_search:
        it.outcome = needs_search;
        it.out = "needs search\n";
        break;
      case sd::LogicResult::unsolvable:
        it.outcome = unsolvable;
        it.out = "unsolvable\n";
        break;
      case sd::LogicResult::invalid:
        it.outcome = invalid;
        it.out = invalid_line(run.reason, in.where(it.file, it.number));
        break;
    }
  };

  std::uint64_t counts[9] = {};
  std::map<std::string, std::uint64_t> by_hardest;
  Writer out(stdout);
  auto emit = [&](Item& it) {
    ++counts[it.outcome];
    if (it.outcome <= extreme) ++by_hardest[it.line];
    out.buffer() += it.out;
  };
  const bool written = run_batch(in, threads, work, emit, out);

  int status = Exit::ok;
  if (counts[needs_search] + counts[unsolvable] + counts[invalid] > 0) status = Exit::not_all;
  if (interrupt_signal() != 0) status = interrupted_status();
  if (!written && interrupt_signal() == 0) return output_failed(out, status);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::uint64_t puzzles = 0;
  for (int k = easy; k <= invalid; ++k) puzzles += counts[k];
  auto percent = [&](std::uint64_t n) { return puzzles > 0 ? 100.0 * static_cast<double>(n) / static_cast<double>(puzzles) : 0.0; };
  if (c.batch.summary) {
    std::string line = std::to_string(puzzles) + " puzzles:";
    for (int k = easy; k <= invalid; ++k)
      line += (k > easy ? ", " : " ") + std::to_string(counts[k]) + " " + kOutcomeNames[k];
    std::fprintf(stderr, "%s; %.3f s\n", line.c_str(), seconds);
  }
  if (c.batch.stats) {
    std::fprintf(stderr, "puzzles: %llu\n", static_cast<unsigned long long>(puzzles));
    for (int k = easy; k <= invalid; ++k)
      if (k <= needs_search || counts[k] > 0)
        std::fprintf(stderr, "%s: %llu (%.1f%%)\n", kOutcomeNames[k], static_cast<unsigned long long>(counts[k]),
                     percent(counts[k]));
    std::fprintf(stderr, "hardest technique:\n");
    for (const tq::Technique& t : sd::catalogue()) {
      const auto found = by_hardest.find(std::string(t.name));
      if (found != by_hardest.end())
        std::fprintf(stderr, "  %s: %llu (%.1f%%)\n", found->first.c_str(),
                     static_cast<unsigned long long>(found->second), percent(found->second));
    }
    std::fprintf(stderr, "seconds: %.3f\n", seconds);
    std::fprintf(stderr, "puzzles/s: %.1f\n", seconds > 0 ? static_cast<double>(puzzles) / seconds : 0.0);
  }
  return status;
}

}  // namespace sudoku_app
