#include "csp/search/detail/portfolio.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include <spdlog/spdlog.h>

#include "csp/kernel/log.hpp"
#include "csp/search/detail/learning_search.hpp"

namespace csp {

namespace {

SearchOptions with_inference(SearchOptions options, Inference inference) {
  options.inference = inference;
  return options;
}

}  // namespace

PortfolioSearch::PortfolioSearch(const Model& model, const SearchOptions& options, PortfolioTurns turns)
    : mac_options_(with_inference(options, Inference::mac)),
      learn_options_(with_inference(options, Inference::learn)),
      turns_(turns) {
  if (turns_.nodes == 0 && (turns_.first.count() <= 0 || turns_.longest < turns_.first))
    throw std::invalid_argument("PortfolioTurns: the first turn must be positive and the longest no shorter");
  // Progress: the search taking its turn reports its own statistics; the caller is told both.
  if (options.progress.report) {
    const auto both = [this, report = options.progress.report](const Stats& own) {
      Stats s = own;
      if (other_ != nullptr) s += *other_;
      s.elapsed = std::chrono::steady_clock::now() - started_;
      return report(s);
    };
    mac_options_.progress.report = both;
    learn_options_.progress.report = both;
  }
  mac_ = std::make_unique<DepthFirstSearch>(model, mac_options_);
  learn_ = std::make_unique<LearningSearch>(model, learn_options_);
  on_solution_ = [this](std::span<const Value> s) { return take(s); };
}

PortfolioSearch::~PortfolioSearch() = default;

// A solution of either search: the best so far (each search searches under the other's bound).
bool PortfolioSearch::take(std::span<const Value> solution) {
  best_.assign(solution.begin(), solution.end());
  if (goal_.objective != nullptr) best_value_ = solution[static_cast<std::size_t>(goal_.objective->var.id)];
  return goal_.on_solution == nullptr || (*goal_.on_solution)(solution);
}

// The limits of the next turn of the search whose statistics are `own` (counted over its run):
// what is left of the caller's limits once both searches' figures are summed, and the turn itself.
Limits PortfolioSearch::turn_limits(const Stats& own, std::uint64_t turn_nodes,
                                    std::chrono::nanoseconds turn_time) const {
  const Limits& caller = mac_options_.limits;
  Limits l;
  l.interrupt = caller.interrupt;
  const std::uint64_t nodes = mac_stats_.nodes + learn_stats_.nodes;
  const std::uint64_t failures = mac_stats_.failures + learn_stats_.failures;
  l.nodes = turn_nodes != 0 ? own.nodes + turn_nodes : 0;
  if (caller.nodes != 0) {
    const std::uint64_t left = own.nodes + (caller.nodes - std::min(caller.nodes, nodes));
    l.nodes = l.nodes == 0 ? left : std::min(l.nodes, left);
  }
  if (caller.failures != 0) l.failures = own.failures + (caller.failures - std::min(caller.failures, failures));
  std::chrono::nanoseconds time = turn_time;
  if (caller.time.count() != 0) {
    const auto left = caller.time - (std::chrono::steady_clock::now() - started_);
    time = time.count() == 0 ? left : std::min(time, left);
  }
  // A turn's time counts this search's time only (resume() sets its clock so); at least 1 ns,
  // as 0 would mean no limit.
  if (time.count() != 0 || caller.time.count() != 0) l.time = own.elapsed + std::max(time, std::chrono::nanoseconds(1));
  return l;
}

// Which of the caller's limits (or a parallel search's) the searches have reached together, if any.
std::optional<LimitHit> PortfolioSearch::beyond_limits(const SearchResult& last) const {
  // A turn never limits failures: a failure limit reached is the caller's or a parallel search's.
  if (last.limit == LimitHit::interrupted || last.limit == LimitHit::progress || last.limit == LimitHit::failures)
    return last.limit;
  const Limits& caller = mac_options_.limits;
  if (caller.nodes != 0 && mac_stats_.nodes + learn_stats_.nodes >= caller.nodes) return LimitHit::nodes;
  if (caller.time.count() != 0 && std::chrono::steady_clock::now() - started_ >= caller.time) return LimitHit::time;
  if (const SharedSearch* sh = goal_.shared; sh != nullptr) {
    // A part of a parallel search: the limits the runs share end the part (their budget runs out,
    // or another run says stop), and only then does a search stop on them (not on a turn's).
    if (sh->stop.load(std::memory_order_relaxed)) return LimitHit::interrupted;
    if (std::chrono::steady_clock::now() >= sh->deadline) return LimitHit::time;
    if (sh->node_limit != 0 && sh->nodes.load(std::memory_order_relaxed) >= sh->node_limit) return LimitHit::nodes;
  }
  return std::nullopt;
}

SearchResult PortfolioSearch::run(const Domains& start, Goal goal) {
  if (goal.objective == nullptr && goal.cap != 1) return mac_->run(start, goal);  // counting: MAC alone
  goal_ = goal;
  started_ = std::chrono::steady_clock::now();
  best_.clear();
  best_value_.reset();
  mac_stats_ = Stats{};
  learn_stats_ = Stats{};
  std::uint64_t turns = 0;
  Goal inner = goal;
  inner.on_solution = &on_solution_;
  bool mac_started = false, learn_started = false;
  std::uint64_t turn_nodes = turns_.nodes;
  std::chrono::nanoseconds turn_time = turns_.nodes != 0 ? std::chrono::nanoseconds(0) : turns_.first;
  const SearchResult* last = nullptr;
  for (;;) {
    // Learning takes the first turn of each pair: it proves more of the survey alone.
    const bool learning = turns % 2 == 0;
    Stats& own = learning ? learn_stats_ : mac_stats_;
    other_ = learning ? &mac_stats_ : &learn_stats_;
    const Limits limits = turn_limits(own, turn_nodes, turn_time);
    bool& began = learning ? learn_started : mac_started;
    if (learning) last = began ? &learn_->resume(limits, best_value_) : &learn_->start_turns(start, inner, limits, best_value_);
    else last = began ? &mac_->resume(limits, best_value_) : &mac_->start_turns(start, inner, limits, best_value_);
    began = true;
    own = last->stats;
    ++turns;
    if (log().should_log(spdlog::level::debug)) {
      log().debug("portfolio: turn {} ({}) ended: {} nodes, {} failures, {} solutions, {:.3f} s of its own",
                  turns, learning ? "learning" : "MAC", own.nodes, own.failures, own.solutions, own.seconds());
    }
    if (last->status != SearchStatus::limit) break;
    if (beyond_limits(*last)) break;
    if (turns % 2 == 0) {  // the pair is over: the next is twice as long
      if (turn_nodes != 0) turn_nodes = std::min(turn_nodes * 2, turns_.nodes * 1024);
      else turn_time = std::min(turn_time * 2, turns_.longest);
    }
  }
  SearchResult r;
  r.status = last->status;
  if (r.status == SearchStatus::limit) r.limit = beyond_limits(*last).value_or(last->limit);
  r.stats = mac_stats_;
  r.stats += learn_stats_;
  r.stats.elapsed = std::chrono::steady_clock::now() - started_;
  r.stats.turns = turns;
  r.solution = std::move(best_);
  other_ = nullptr;
  return r;
}

}  // namespace csp
