#include "csp/search/detail/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "csp/search/detail/dfs.hpp"
#include "csp/search/subproblem.hpp"

namespace csp {

// One thread's own search over its own model (thread 0: the Solver's model), and the domains it
// narrows to each part.
struct ParallelSearch::Worker {
  std::optional<Model> model;  // built by SearchOptions::worker_model (not for thread 0)
  std::unique_ptr<DepthFirstSearch> dfs;
  std::optional<Domains> part;  // the part searched now (made at the first one)
};

namespace {

// What the threads of one run report to, under `lock`.
struct Board {
  enum class End : std::uint8_t { none, goal, limit };
  std::mutex lock;
  SharedSearch shared;
  End end = End::none;           // why the threads were told to stop
  LimitHit limit = LimitHit::none;
  Stats stats;                   // every part's runs, summed
  std::uint64_t solutions = 0;   // solutions passed on (satisfaction) or improving (optimisation)
  std::vector<Value> solution;   // the first passed on (satisfaction), the best (optimisation)
  std::int64_t best = 0;         // the best objective, once `solution` holds one (optimisation)
  std::size_t solution_part = SIZE_MAX;  // a plain count: the earliest part with a solution
  std::exception_ptr error;      // the first exception a thread raised

  // Stops every thread, for the first reason given (the others come from the stop itself).
  void stop(End why, LimitHit hit = LimitHit::none) {
    if (shared.stop.exchange(true)) return;
    end = why;
    limit = hit;
  }
};

}  // namespace

ParallelSearch::ParallelSearch(const Model& model, SearchOptions options, DepthFirstSearch& sequential)
    : model_(model), options_(std::move(options)), sequential_(sequential) {
  for (unsigned k = 0; k < options_.threads; ++k) workers_.push_back(std::make_unique<Worker>());
}

ParallelSearch::~ParallelSearch() = default;

SearchResult ParallelSearch::run(const Domains& start, const Goal& goal) {
  const auto begin = std::chrono::steady_clock::now();
  const Limits& limits = options_.limits;
  // The probe: the sequential search, for at most kProbeNodes nodes. A satisfaction search's
  // solutions wait in `held` until it is known whether the probe's answer is the answer.
  std::vector<std::vector<Value>> held;
  const SolutionCallback hold = [&](std::span<const Value> s) {
    held.emplace_back(s.begin(), s.end());
    return true;
  };
  SharedSearch probe_budget;
  probe_budget.node_limit = kProbeNodes;
  // A node limit too small to leave the threads much past the probe and the split: one thread.
  const std::size_t parts_wanted = options_.threads * kPartsPerThread;
  if (limits.nodes != 0 && limits.nodes <= kProbeNodes + 8 * parts_wanted) probe_budget.node_limit = 0;
  Goal probe_goal = goal;
  probe_goal.shared = &probe_budget;
  if (goal.on_solution != nullptr && goal.objective == nullptr) probe_goal.on_solution = &hold;
  SearchResult probe = sequential_.run(start, probe_goal);
  const bool outgrown = probe.status == SearchStatus::limit && probe.limit == LimitHit::nodes &&
                        (limits.nodes == 0 || probe.stats.nodes < limits.nodes);
  if (!outgrown) {
    if (probe_goal.on_solution == &hold) {
      std::uint64_t told = 0;
      for (const std::vector<Value>& s : held) {
        ++told;
        if (!(*goal.on_solution)(s)) {
          probe.status = SearchStatus::stopped_on_request;
          probe.limit = LimitHit::none;
          probe.stats.solutions = told;
          probe.solution = s;
          break;
        }
      }
    }
    return probe;
  }

  Board board;
  SharedSearch& shared = board.shared;
  board.stats = probe.stats;
  board.stats.solutions = 0;  // the parts find the probe's solutions again
  if (goal.objective != nullptr && probe.found()) {  // its best bounds the parts from the start
    board.solutions = probe.stats.solutions;
    board.solution = probe.solution;
    board.best = probe.solution[static_cast<std::size_t>(goal.objective->var.id)];
    shared.bound.store(board.best);
  }
  const std::vector<Path> parts = split(model_, options_, start, parts_wanted, &board.stats);
  if (options_.progress.report) {
    std::lock_guard<std::mutex> hold_progress(progress_lock_);
    live_.assign(workers_.size(), Stats{});
    finished_ = board.stats;
    begin_ = begin;
    next_report_ = std::chrono::steady_clock::now() + options_.progress.every_time;
    reported_nodes_ = finished_.nodes;
    progress_stopped_ = false;
  }
  // The limits, for all threads together, less what the probe and the split used.
  const auto rest = [](std::uint64_t limit, std::uint64_t used) { return limit > used ? limit - used : 0; };
  if (limits.nodes != 0) shared.node_limit = rest(limits.nodes, board.stats.nodes);
  if (limits.failures != 0) shared.failure_limit = rest(limits.failures, board.stats.failures);
  if (limits.time.count() != 0) shared.deadline = begin + limits.time;
  if ((limits.nodes != 0 && shared.node_limit == 0) || (limits.failures != 0 && shared.failure_limit == 0))
    board.stop(Board::End::limit, limits.nodes != 0 && shared.node_limit == 0 ? LimitHit::nodes : LimitHit::failures);

  // Solutions pass through here, one at a time. A plain count needs none of it.
  const bool plain_count = goal.on_solution == nullptr && goal.objective == nullptr && goal.cap == 0;
  const SolutionCallback relay = [&](std::span<const Value> s) {
    std::lock_guard<std::mutex> hold_board(board.lock);
    if (shared.stop.load()) return false;
    if (goal.objective != nullptr) {
      const std::int64_t v = s[static_cast<std::size_t>(goal.objective->var.id)];
      const bool minimize = goal.objective->sense == Objective::Sense::minimize;
      if (!board.solution.empty() && (minimize ? v >= board.best : v <= board.best))
        return true;  // another thread found a better one meanwhile
      board.best = v;
      board.solution.assign(s.begin(), s.end());
      shared.bound.store(v);
    } else if (board.solution.empty()) {
      board.solution.assign(s.begin(), s.end());
    }
    ++board.solutions;
    if ((goal.on_solution != nullptr && !(*goal.on_solution)(s)) || (goal.cap != 0 && board.solutions >= goal.cap)) {
      board.stop(Board::End::goal);
      return false;
    }
    return true;
  };
  const Goal part_goal{0, plain_count ? nullptr : &relay, goal.objective, &shared};

  std::atomic<std::size_t> next_part{0};
  std::mutex build_lock;  // worker_model is not asked to be thread-safe
  const auto work = [&](std::size_t k) {
    try {
      Worker& w = *workers_[k];
      if (!w.dfs) {
        SearchOptions own = options_;
        own.threads = 1;
        own.worker_model = nullptr;
        own.tracer = nullptr;
        own.limits = Limits{};  // the shared budget stands for them
        own.limits.interrupt = limits.interrupt;
        if (options_.progress.report) {  // each thread reports as often as all of them should
          const auto threads = static_cast<std::uint64_t>(workers_.size());
          own.progress.report = [this, k](const Stats& s) { return relay_progress(k, s); };
          if (own.progress.every_nodes != 0) own.progress.every_nodes = std::max<std::uint64_t>(own.progress.every_nodes / threads, 1);
          if (own.progress.every_time.count() != 0)
            own.progress.every_time = std::max(own.progress.every_time / static_cast<std::int64_t>(threads), std::chrono::nanoseconds(1));
        }
        std::lock_guard<std::mutex> hold_build(build_lock);
        if (k != 0) {
          w.model.emplace(options_.worker_model());
          // The parts' domains are the solver's model's: a worker model of another shape would be
          // searched past its end.
          if (!w.model->initial_domains().compatible(model_.initial_domains()) ||
              w.model->propagator_count() != model_.propagator_count())
            throw std::invalid_argument("SearchOptions::worker_model built a model unlike the solver's (" +
                                        std::to_string(w.model->var_count()) + " variables and " +
                                        std::to_string(w.model->propagator_count()) + " propagators, not " +
                                        std::to_string(model_.var_count()) + " and " +
                                        std::to_string(model_.propagator_count()) + ")");
        }
        w.dfs = std::make_unique<DepthFirstSearch>(k == 0 ? model_ : *w.model, std::move(own));
      }
      if (!w.part) w.part.emplace(start);
      // Sharing learnt clauses: a learning search takes each part's path as assumptions, from the
      // common start, so that its clauses hold in every part; it keeps them from one part to the
      // next and passes the short ones on. Off, each part starts afresh from its narrowed domains:
      // the assumptions make every clause longer (by the path's decisions it depends on), and one
      // node slower (docs/learning.md measures both).
      const bool learning = options_.inference == Inference::learn && options_.share_learnt > 0;
      bool searched = false;
      while (!shared.stop.load(std::memory_order_relaxed)) {
        const std::size_t i = next_part.fetch_add(1);
        if (i >= parts.size()) break;
        Goal goal_i = part_goal;
        if (learning) {
          goal_i.assumptions = &parts[i];
          goal_i.keep_learnt = searched;
          searched = true;
        } else {
          w.part->copy_from(start);
          if (!apply(parts[i], *w.part)) continue;
        }
        SearchResult r = w.dfs->run(learning ? start : *w.part, goal_i);
        if (options_.progress.report) part_done(k, r.stats);
        std::lock_guard<std::mutex> hold_board(board.lock);
        board.stats += r.stats;
        if (plain_count && r.found() && i < board.solution_part) {
          board.solution_part = i;
          board.solution = std::move(r.solution);
        }
        if (r.status == SearchStatus::limit) board.stop(Board::End::limit, r.limit);
      }
    } catch (...) {
      std::lock_guard<std::mutex> hold_board(board.lock);
      if (!board.error) board.error = std::current_exception();
      shared.stop.store(true);
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < workers_.size(); ++k) threads.emplace_back(work, k);
  work(0);
  for (std::thread& t : threads) t.join();
  if (board.error) std::rethrow_exception(board.error);

  SearchResult r;
  r.stats = std::move(board.stats);
  if (!plain_count) r.stats.solutions = board.solutions;
  r.stats.elapsed = std::chrono::steady_clock::now() - begin;
  r.solution = std::move(board.solution);
  switch (board.end) {
    case Board::End::none: r.status = SearchStatus::exhausted; break;
    case Board::End::goal: r.status = SearchStatus::stopped_on_request; break;
    case Board::End::limit:
      r.status = SearchStatus::limit;
      r.limit = board.limit;
      break;
  }
  return r;
}

bool ParallelSearch::relay_progress(std::size_t worker, const Stats& s) {
  std::lock_guard<std::mutex> hold_progress(progress_lock_);
  if (progress_stopped_) return false;
  live_[worker] = s;
  total_ = finished_;
  for (const Stats& l : live_) total_ += l;
  const Progress& p = options_.progress;
  const auto now = std::chrono::steady_clock::now();
  const bool due = (p.every_nodes != 0 && total_.nodes - reported_nodes_ >= p.every_nodes) ||
                   (p.every_time.count() != 0 && now >= next_report_);
  if (!due) return true;
  reported_nodes_ = total_.nodes;
  next_report_ = now + p.every_time;
  total_.elapsed = now - begin_;
  if (!p.report(total_)) progress_stopped_ = true;
  return !progress_stopped_;
}

void ParallelSearch::part_done(std::size_t worker, const Stats& s) {
  std::lock_guard<std::mutex> hold_progress(progress_lock_);
  finished_ += s;
  live_[worker] = Stats{};
}

}  // namespace csp
