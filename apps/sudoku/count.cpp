// sudoku count: the number of solutions of each puzzle, up to a cap.
#include <chrono>
#include <cstdio>

#include "batch.hpp"
#include "commands.hpp"
#include "apps/common/search_progress.hpp"
#include "pool.hpp"

namespace sudoku_app {
namespace {

namespace sd = problems::sudoku;

}  // namespace

int run_count(const CountCommand& c) {
  enum Outcome : std::uint8_t { skipped, counted, capped, invalid, limit };
  const auto started = std::chrono::steady_clock::now();
  const csp::RuleSet rules = c.search.rule_set();
  csp::SearchOptions options = c.search.search_options();
  LineReader in(c.batch.files);
  // Interrupted as solve is: the answered prefix is written, then exit 128 + signal.
  const Interrupt interrupt;
  options.limits.interrupt = &interrupt_flag();
  // A search past a second draws a one-line progress on a terminal's standard error (never into a
  // pipe), cleared before each write of the answers (Writer::flush) and at the end.
  apps_common::show_search_progress(options);
  const unsigned threads = c.batch.thread_count();
  SolverPool pool(threads, rules, options);

  auto work = [&](unsigned w, Item& it) {
    const std::optional<sd::Puzzle> puzzle = puzzle_of(it, in, skipped, invalid);
    if (!puzzle) return;
    SolverPool::Slot& slot = pool.get(w, puzzle->box);
    const csp::SearchResult r = slot.solver.count(slot.model.start(*puzzle), c.max);
    slot.record(r.stats);
    if (r.status == csp::SearchStatus::limit && r.limit == csp::LimitHit::interrupted) {
      it.interrupted = true;  // an unfinished count is no answer
      return;
    }
    if (r.status == csp::SearchStatus::limit) {
      it.outcome = limit;
      it.out = "limit: " + std::string(csp::to_string(r.limit)) + "\n";
    } else if (r.status == csp::SearchStatus::stopped_on_request) {
      it.outcome = capped;
      it.out = ">=" + std::to_string(r.stats.solutions) + "\n";
    } else {
      it.outcome = counted;
      it.out = std::to_string(r.stats.solutions) + "\n";
    }
  };

  std::uint64_t counts[5] = {};
  Writer out(stdout);
  auto emit = [&](Item& it) {
    ++counts[it.outcome];
    out.buffer() += it.out;
  };
  const bool written = run_batch(in, threads, work, emit, out);
  apps_common::clear_search_progress();

  // Every puzzle counted (exactly or up to the cap) is success; invalid lines and limits are not.
  int status = counts[invalid] + counts[limit] > 0 ? Exit::not_all : Exit::ok;
  if (interrupt_signal() != 0) status = interrupted_status();
  if (!written && interrupt_signal() == 0) return output_failed(out, status);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const std::uint64_t puzzles = counts[counted] + counts[capped] + counts[invalid] + counts[limit];
  const std::vector<std::pair<std::string, std::uint64_t>> outcomes{
      {"counted", counts[counted]}, {"capped", counts[capped]}, {"invalid", counts[invalid]}, {"limit", counts[limit]}};
  if (c.batch.summary) print_summary_line(stderr, outcomes, puzzles, seconds, pool.totals());
  if (c.batch.stats) print_summary(stderr, outcomes, puzzles, seconds, pool.totals());
  return status;
}

}  // namespace sudoku_app
