// sudoku solve: one answer line per puzzle line, in input order.
#include <chrono>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "batch.hpp"
#include "commands.hpp"
#include "csp/kernel/log.hpp"
#include "apps/common/search_progress.hpp"
#include "pool.hpp"

namespace sudoku_app {
namespace {

namespace sd = problems::sudoku;

}  // namespace

std::string invalid_line(const std::string& reason, const std::string& where) {
  return "invalid: " + reason + " (" + where + ")\n";
}

int output_failed(const Writer& out, int status) {
  if (out.pipe_closed()) return status;  // the reader has all it wanted: not an error
  std::fprintf(stderr, "sudoku: %s\n", out.error().c_str());
  return Exit::usage;
}

int run_solve(const SolveCommand& c) {
  enum Outcome : std::uint8_t { skipped, solved, unsolvable, invalid, limit, wrong };
  const auto started = std::chrono::steady_clock::now();
  const csp::RuleSet rules = c.search.rule_set();
  csp::SearchOptions options = c.search.search_options();
  LineReader in(c.batch.files);
  // SIGINT/SIGTERM stop every search at its next node and the reading; run_batch then writes
  // the answers of the fully answered prefix of the input (see batch.hpp).
  const Interrupt interrupt;
  options.limits.interrupt = &interrupt_flag();
  // A search past a second draws a one-line progress on a terminal's standard error (never into a
  // pipe), cleared before each write of the answers (Writer::flush) and at the end.
  apps_common::show_search_progress(options);
  // The solver need not check its solutions against the model: every answer is re-checked below
  // by the independent validator before it is printed (and that check costs less).
  options.check_solutions = false;
  const unsigned threads = c.batch.thread_count();
  const bool grid = c.batch.format == "grid";
  SolverPool pool(threads, rules, options);
  csp::log().info("solve: rules {}, {} threads", csp::to_string(rules), threads);

  auto work = [&](unsigned w, Item& it) {
    const std::optional<sd::Puzzle> puzzle = puzzle_of(it, in, skipped, invalid);
    if (!puzzle) return;
    const sd::Puzzle& p = *puzzle;
    SolverPool::Slot& slot = pool.get(w, p.box);
    const csp::SearchResult r = slot.solver.solve(slot.model.start(p));
    slot.record(r.stats);
    if (r.status == csp::SearchStatus::limit && r.limit == csp::LimitHit::interrupted) {
      it.interrupted = true;  // no answer: it is not written, nor anything after it
      return;
    }
    if (r.found()) {
      const std::vector<int> values = slot.model.values(r.solution);
      // Never print an answer the independent checker rejects.
      if (!sd::is_valid_solution(p, values)) {
        it.outcome = wrong;
        it.out = "error: solver produced an invalid solution\n";
        return;
      }
      it.outcome = solved;
      it.out = grid ? sd::format_grid(values, p) : sd::format_line(values, p);
      if (it.out.empty() || it.out.back() != '\n') it.out += '\n';
      if (grid) it.out += '\n';  // a blank line between grids
    } else if (r.status == csp::SearchStatus::limit) {
      it.outcome = limit;
      it.out = "limit: " + std::string(csp::to_string(r.limit)) + "\n";
    } else {
      it.outcome = unsolvable;
      it.out = "unsolvable\n";
    }
  };

  std::uint64_t counts[6] = {};
  Writer out(stdout);
  auto emit = [&](Item& it) {
    ++counts[it.outcome];
    if (it.outcome == wrong)
      std::fprintf(stderr, "internal error: invalid solution for %s\n", in.where(it.file, it.number).c_str());
    out.buffer() += it.out;
  };
  const bool written = run_batch(in, threads, work, emit, out);
  apps_common::clear_search_progress();

  int status = Exit::ok;
  if (counts[unsolvable] + counts[invalid] + counts[limit] > 0) status = Exit::not_all;
  if (counts[wrong] > 0) status = Exit::internal;
  if (interrupt_signal() != 0) status = interrupted_status();
  if (!written && interrupt_signal() == 0) return output_failed(out, status);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const std::uint64_t puzzles = counts[solved] + counts[unsolvable] + counts[invalid] + counts[limit] + counts[wrong];
  const std::vector<std::pair<std::string, std::uint64_t>> outcomes{
      {"solved", counts[solved]}, {"unsolvable", counts[unsolvable]}, {"invalid", counts[invalid]}, {"limit", counts[limit]}};
  if (c.batch.summary) print_summary_line(stderr, outcomes, puzzles, seconds, pool.totals());
  if (c.batch.stats) {
    std::vector<std::pair<std::string, std::uint64_t>> all = outcomes;
    if (counts[wrong] > 0) all.emplace_back("wrong", counts[wrong]);
    print_summary(stderr, all, puzzles, seconds, pool.totals());
  }
  return status;
}

}  // namespace sudoku_app
