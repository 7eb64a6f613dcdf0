#include "csp/search/detail/dfs.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include <spdlog/spdlog.h>

#include "csp/kernel/log.hpp"
#include "csp/search/detail/learning_search.hpp"
#include "csp/search/detail/portfolio.hpp"

namespace csp {

// One open decision: the domains of the node (narrowed by each refutation), the variable branched
// on, where its decisions come from (its candidates listed in trial order, or a lazy value order),
// and the decision whose subtree is being searched.
struct DepthFirstSearch::Frame {
  Domains saved;
  Var var;
  ValueOrder* order = nullptr;  // the value order that decides on var here
  bool lazy = false;            // decisions from order->decide(), not from `values`
  bool hole = false;            // `tried` (x = a) was refuted but the domain still holds a: split around it next
  bool again = false;           // a refutation narrowed `saved`: choose the variable again (SearchOptions::reselect)
  bool pinned = false;          // a refuted x = a of the list stayed in `saved` (an interval keeps inner values):
                                // choosing another variable would forget it, so this frame stays on x
  std::vector<Value> values;
  std::size_t next = 0;
  Decision tried;
  std::uint64_t bounds = 0;     // the branch-and-bound bound `saved` carries (DepthFirstSearch::bounds_)
};

namespace {

// Keeps v's candidates >= lo (64 bits: lo may lie past the int range); false when none is left.
bool keep_at_least(Domains& d, Var v, std::int64_t lo) {
  if (lo > std::numeric_limits<Value>::max()) return false;
  return lo <= std::numeric_limits<Value>::min() || d.remove_below(v, static_cast<Value>(lo));
}

// Keeps v's candidates <= hi; false when none is left.
bool keep_at_most(Domains& d, Var v, std::int64_t hi) {
  if (hi < std::numeric_limits<Value>::min()) return false;
  return hi >= std::numeric_limits<Value>::max() || d.remove_above(v, static_cast<Value>(hi));
}

// Posts a decision on d; false when it empties v.
bool post(Domains& d, Var v, Decision c) {
  switch (c.kind) {
    case Decision::Kind::assign: return d.assign(v, c.value);
    case Decision::Kind::at_most: return keep_at_most(d, v, c.value);
    case Decision::Kind::at_least: return keep_at_least(d, v, c.value);
    case Decision::Kind::below: return keep_at_most(d, v, std::int64_t{c.value} - 1);
  }
  return false;
}

// Posts a decision's negation on d; false when it empties v.
bool post_negation(Domains& d, Var v, Decision c) {
  switch (c.kind) {
    case Decision::Kind::assign: return d.remove(v, c.value);
    case Decision::Kind::at_most: return keep_at_least(d, v, std::int64_t{c.value} + 1);
    case Decision::Kind::at_least: return keep_at_most(d, v, std::int64_t{c.value} - 1);
    case Decision::Kind::below: return keep_at_least(d, v, std::int64_t{c.value} + 1);
  }
  return false;
}

// True when d already satisfies the decision, so that posting it changes nothing.
bool entailed(const Domains& d, Var v, Decision c) {
  switch (c.kind) {
    case Decision::Kind::assign: return d.fixed(v);  // the value is a candidate: the only one
    case Decision::Kind::at_most: return d.max(v) <= c.value;
    case Decision::Kind::at_least: return d.min(v) >= c.value;
    case Decision::Kind::below: return d.max(v) < c.value;
  }
  return false;
}

}  // namespace

DepthFirstSearch::DepthFirstSearch(const Model& model, SearchOptions options)
    : model_(model),
      options_(std::move(options)),
      engine_(model),
      branching_(model, options_),
      current_(model.initial_domains()),
      root_(options_.restarts.kind != RestartKind::none ? model.initial_domains() : Domains{}),
      assignment_(static_cast<std::size_t>(model.var_count())) {
  // Listed candidates are reserved for small domains only: a wide one would cost 4 bytes a value
  // in every frame, and lazy value orders list nothing.
  for (Var v : model.vars()) widest_ = std::max(widest_, model.initial_domains().size(v));
  engine_.set_tracer(options_.tracer);
  if (options_.inference == Inference::learn) {
    learning_ = std::make_unique<LearningSearch>(model, options_);
    return;  // no frames: the learning search keeps its own levels
  }
  if (options_.inference == Inference::portfolio) {
    portfolio_ = std::make_unique<PortfolioSearch>(model, options_);
    return;  // no frames: the portfolio's own searches have theirs
  }
  // Frames are made as the search first reaches each depth, not one per variable up front: each
  // holds a copy of all the domains, and a model of 70,000 variables (MiniZinc Challenge's smelt)
  // would need tens of gigabytes before its first node though its search goes a few hundred deep.
  frames_.reserve(std::min<std::size_t>(static_cast<std::size_t>(model.var_count()) + 1, kFramesUpFront));
  while (frames_.size() < frames_.capacity()) add_frame();
}

// One more frame at the bottom of the stack (the search went deeper than ever before).
void DepthFirstSearch::add_frame() {
  Frame& f = frames_.emplace_back();
  f.saved = model_.initial_domains();
  if (widest_ <= kReserveUpTo) f.values.reserve(static_cast<std::size_t>(widest_));
}

DepthFirstSearch::~DepthFirstSearch() = default;

SearchResult DepthFirstSearch::run(const Domains& start_domains, Goal goal) {
  if (learning_) return learning_->run(start_domains, goal);
  if (portfolio_) return portfolio_->run(start_domains, goal);
  goal_ = goal;
  limits_ = options_.limits;
  loop(start(start_domains));
  return std::move(result_);
}

const SearchResult& DepthFirstSearch::start_turns(const Domains& start_domains, Goal goal, const Limits& limits,
                                                   std::optional<Value> bound) {
  if (learning_ || portfolio_) throw std::logic_error("turns: a depth-first search without learning takes turns");
  goal_ = goal;
  limits_ = limits;
  Step step = start(start_domains);
  if (step == Step::open && bound && goal_.objective != nullptr) {
    bound_ = *bound;
    bounds_ = 1;
    if (!apply_bound(current_)) step = stop(SearchStatus::exhausted);
  }
  loop(step);
  return result_;
}

const SearchResult& DepthFirstSearch::resume(const Limits& limits, std::optional<Value> bound) {
  if (result_.status != SearchStatus::limit || depth_ == 0)
    throw std::logic_error("resume: the last run did not stop on a limit with a node open");
  limits_ = limits;
  begin_turn(result_, started_, progress_, options_.progress);
  if (improves(goal_.objective, bound, bounds_ != 0, bound_)) {
    bound_ = *bound;
    ++bounds_;  // every frame applies it before its next decision
  }
  loop(Step::next);  // a limit stops search in next(), before its decision
  return result_;
}

void DepthFirstSearch::loop(Step step) {
  for (;;) {
    switch (step) {
      case Step::open: step = open(); break;
      case Step::next: step = next(); break;
      case Step::refute: step = refute(); break;
      case Step::stop: return;
    }
  }
}

// The root: the start domains, checked or propagated at the inference level.
DepthFirstSearch::Step DepthFirstSearch::start(const Domains& start_domains) {
  result_ = SearchResult{};
  result_.stats.counters.assign(model_.counter_names().size(), 0);
  started_ = std::chrono::steady_clock::now();
  progress_.start(options_.progress, started_, goal_.shared != nullptr);
  depth_ = 0;
  bounds_ = 0;
  granted_ = 0;
  failures_told_ = 0;
  restarting_ = false;
  branching_.start();
  current_.copy_from(start_domains);
  bool alive = true;
  const int n = model_.var_count();  // read once: the loop's writes might alias the model's size
  for (int i = 0; i < n && alive; ++i) alive = !current_.empty(Var{i});
  if (alive && infer_at_root(current_)) {
    restarting_ = options_.restarts.kind != RestartKind::none;
    if (restarting_) {
      root_.copy_from(current_);
      restart_run_ = 1;
      restart_at_ = result_.stats.failures + restart_allowance(options_.restarts, restart_run_);
    }
    return Step::open;
  }
  ++result_.stats.failures;
  return stop(SearchStatus::exhausted);
}

// A node inference accepted: every variable fixed makes a candidate solution; otherwise push a
// frame for the variable the order picks, and go on to its first decision.
DepthFirstSearch::Step DepthFirstSearch::open() {
  ValueOrder* values = nullptr;
  const Var v = branching_.select(current_, values);
  if (v.id < 0) return solution();
  if (depth_ == frames_.size()) add_frame();  // deeper than ever before: once per depth
  Frame& f = frames_[depth_++];
  Stats& s = result_.stats;
  s.max_depth = std::max<std::uint64_t>(s.max_depth, depth_);
  f.saved.copy_from(current_);
  current_is_saved_ = true;
  f.var = v;
  f.order = values;
  f.lazy = values->lazy(v, current_);
  f.hole = false;
  f.again = false;
  f.pinned = false;
  f.bounds = bounds_;
  f.values.clear();
  if (!f.lazy) {
    values->order(v, current_, f.values);
    branching_.check_listed(v, current_, f.values);
  }
  f.next = 0;
  return Step::next;
}

// Two-way branching (SearchOptions::reselect): the frame's domains lost a value to a refutation,
// so the order chooses among them afresh, and the frame branches on that variable from now on.
// The same variable, or none unfixed (the frame's variable is then fixed and its one value
// decides), leaves the frame as it is.
void DepthFirstSearch::reselect(Frame& f) {
  f.again = false;
  ValueOrder* values = nullptr;
  const Var v = branching_.select(f.saved, values);
  if (v.id < 0 || (v == f.var && values == f.order)) return;
  f.var = v;
  f.order = values;
  f.lazy = values->lazy(v, f.saved);
  f.values.clear();
  if (!f.lazy) {
    values->order(v, f.saved, f.values);
    branching_.check_listed(v, f.saved, f.values);
  }
  f.next = 0;
}

// Every variable is fixed in current_: check the assignment (unless MAC vouches for it and the
// caller checks solutions itself), report it, and move on to the deepest frame's next value.
DepthFirstSearch::Step DepthFirstSearch::solution() {
  const bool mac = options_.inference == Inference::mac;
  const int n = model_.var_count();  // read once, as in start()
  for (int i = 0; i < n; ++i) assignment_[static_cast<std::size_t>(i)] = current_.value(Var{i});
  const std::optional<PropagatorId> violated =
      (options_.check_solutions || !mac) ? model_.first_violated(assignment_) : std::nullopt;
  if (!violated) {
    Stats& s = result_.stats;
    ++s.solutions;
    result_.solution = assignment_;
    branching_.solution(assignment_);
    // Restarting now would find this solution again: a satisfaction search searches on without.
    if (goal_.objective == nullptr) restarting_ = false;
    if (goal_.objective != nullptr) {  // from now on only a strictly better one is a solution
      bound_ = current_.value(goal_.objective->var);
      ++bounds_;
    }
    if (options_.tracer != nullptr) options_.tracer->solution();
    if (goal_.on_solution != nullptr && !(*goal_.on_solution)(assignment_))
      return stop(SearchStatus::stopped_on_request);
    if (goal_.cap != 0 && s.solutions >= goal_.cap) return stop(SearchStatus::stopped_on_request);
  } else if (mac) {
    // Propagation to the fixpoint must reject every violated constraint: a propagator is wrong.
    throw std::logic_error("propagator '" +
                           (*violated != kNoPropagator ? model_.propagator(*violated).name() : std::string("domain")) +
                           "' accepted an assignment that violates it");
  } else {
    note_failure(*violated);
  }
  return Step::refute;
}

// Tries the deepest frame's next decision (for a listed frame, its next candidate still in its
// domains): the decision, then inference.
DepthFirstSearch::Step DepthFirstSearch::next() {
  if (restarting_ && result_.stats.failures >= restart_at_) return restart();
  Frame& f = frames_[depth_ - 1];
  if (goal_.shared != nullptr && goal_.objective != nullptr) adopt_shared_bound();
  if (f.bounds != bounds_) {
    // A bound newer than the node (another run's, or the other search's in a portfolio) narrows
    // its domains: a current_ copied from them before is stale.
    current_is_saved_ = false;
    if (!bounded(f)) {  // the newest bound leaves this node nothing
      --depth_;
      return refute();
    }
  }
  if (f.again) reselect(f);
  Decision c;
  const bool hole = f.hole;
  if (f.lazy) {
    if (f.hole) {
      c = Decision{Decision::Kind::below, f.tried.value};
    } else {
      c = f.order->decide(f.var, f.saved);
      branching_.check_decided(f.var, f.saved, c);  // one that splits nothing would come back forever
    }
    f.hole = false;
  } else {
    while (f.next < f.values.size() && !f.saved.contains(f.var, f.values[f.next])) ++f.next;
    if (f.next == f.values.size()) {  // every candidate tried: the node is done, and so is its decision
      --depth_;
      return refute();
    }
    c = Decision{Decision::Kind::assign, f.values[f.next++]};
  }
  if (limit_reached()) {
    // Leave the frame as it was, so that resume() makes this decision again.
    if (f.lazy) f.hole = hole;
    else --f.next;
    return stop(SearchStatus::limit);
  }
  ++result_.stats.nodes;
  f.tried = c;
  if (c.kind == Decision::Kind::assign) branching_.remember(f.var, c.value);
  // The first decision of a new node starts from domains equal to the node's: no copy back.
  if (!current_is_saved_) current_.copy_from(f.saved);
  current_is_saved_ = false;
  if (options_.tracer != nullptr) options_.tracer->decided(f.var, c.value, depth_);
  // Under MAC, a decision the node's domains already satisfy (the refutations of the variable's
  // other values left `a` alone, say) is a fixpoint already: nothing to post or propagate.
  const bool settled = options_.inference == Inference::mac && entailed(f.saved, f.var, c);
  if (settled) return Step::open;
  const bool posted = post(current_, f.var, c);
  if (posted && infer_after_decision(f.var, current_)) return Step::open;
  note_failure(posted ? engine_.last_failure() : kNoPropagator);
  return Step::refute;
}

// Refutes the tried decision of the deepest frame; a frame that this kills is popped and its own
// decision refuted in turn. Stops when no frame is left: the space is exhausted.
DepthFirstSearch::Step DepthFirstSearch::refute() {
  current_is_saved_ = false;  // the frame that next() continues with is not the one just opened
  while (depth_ > 0 && !refuted(frames_[depth_ - 1])) --depth_;
  return depth_ == 0 ? stop(SearchStatus::exhausted) : Step::next;
}

// Posts the negation of a failed or finished decision on its frame's domains; false when that
// kills the node. A domain that cannot drop an inner value (an interval) keeps a refuted x = a:
// a lazy frame then branches x < a / x > a next.
bool DepthFirstSearch::refuted(Frame& f) {
  const Decision c = f.tried;
  if (options_.tracer != nullptr)
    options_.tracer->refuted(f.var, c.value, static_cast<std::uint64_t>(&f - frames_.data()) + 1);
  const bool alive = post_negation(f.saved, f.var, c) &&
                     (options_.inference != Inference::mac || engine_.propagate_from(f.var, f.saved, result_.stats));
  if (!alive) note_failure(engine_.last_failure());
  // A refuted x = a that `saved` still holds must be remembered by staying on x: choosing another
  // variable would forget it, and search would try x = a again below (the same solutions twice). A
  // lazy frame splits around a next; a listed one goes on down its list, and never reselects again.
  else if (c.kind == Decision::Kind::assign && f.saved.contains(f.var, c.value)) (f.lazy ? f.hole : f.pinned) = true;
  else f.again = options_.reselect && !f.pinned;
  return alive;
}

// Brings a frame's domains under the newest bound (and infers from it); false when that kills it.
bool DepthFirstSearch::bounded(Frame& f) {
  f.bounds = bounds_;
  return apply_bound(f.saved);
}

// Narrows d's objective under the newest bound and infers from it; false (a failure noted) when
// that kills d.
bool DepthFirstSearch::apply_bound(Domains& d) {
  const Var obj = goal_.objective->var;
  const Value lo = d.min(obj), hi = d.max(obj);
  const bool minimize = goal_.objective->sense == Objective::Sense::minimize;
  if (minimize ? hi < bound_ : lo > bound_) return true;  // nothing to cut
  const bool alive = minimize ? keep_at_most(d, obj, std::int64_t{bound_} - 1)
                              : keep_at_least(d, obj, std::int64_t{bound_} + 1);
  if (alive && infer_after_decision(obj, d)) return true;
  note_failure(alive ? engine_.last_failure() : kNoPropagator);
  return false;
}

// The run has used up its failures: drop every frame and begin the next run from the root, under
// the newest bound (a root that bound kills proves the last solution optimal).
DepthFirstSearch::Step DepthFirstSearch::restart() {
  ++result_.stats.restarts;
  depth_ = 0;
  current_is_saved_ = false;
  restart_at_ = result_.stats.failures + restart_allowance(options_.restarts, ++restart_run_);
  branching_.restarted(restart_run_);
  if (goal_.objective != nullptr && bounds_ != 0) {
    if (!apply_bound(root_)) return stop(SearchStatus::exhausted);
  }
  current_.copy_from(root_);
  log().debug("restart {} after {} failures", result_.stats.restarts, result_.stats.failures);
  return Step::open;
}

void DepthFirstSearch::note_failure(PropagatorId by) {
  ++result_.stats.failures;
  branching_.failed(by);
}

DepthFirstSearch::Step DepthFirstSearch::stop(SearchStatus status) {
  if (goal_.shared != nullptr && granted_ != 0) {  // give back the nodes not used
    goal_.shared->nodes.fetch_sub(granted_);
    granted_ = 0;
  }
  SearchResult& r = result_;
  Stats& s = r.stats;
  r.status = status;
  s.elapsed = std::chrono::steady_clock::now() - started_;
  if (log().should_log(spdlog::level::debug)) {
    static const char* how[] = {"stopped on request", "exhausted", "limit"};
    log().debug("search {} ({}{}): {} solutions, {} nodes, {} failures, {} propagations, depth {}, {:.6f} s",
                how[static_cast<int>(status)], status == SearchStatus::limit ? "limit " : "",
                status == SearchStatus::limit ? to_string(r.limit) : std::string_view{}, s.solutions, s.nodes,
                s.failures, s.propagations, s.max_depth, s.seconds());
  }
  return Step::stop;
}

bool DepthFirstSearch::infer_at_root(Domains& d) {
  Stats& s = result_.stats;
  switch (options_.inference) {
    case Inference::none: return engine_.check_all(d, s);
    case Inference::forward: return engine_.forward_check_all(d, s);
    case Inference::mac:
    case Inference::learn:
    case Inference::portfolio: return engine_.propagate_all(d, s);
  }
  return false;
}

bool DepthFirstSearch::infer_after_decision(Var v, Domains& d) {
  Stats& s = result_.stats;
  switch (options_.inference) {
    case Inference::none: return engine_.check_from(v, d, s);
    case Inference::forward: return engine_.forward_check(v, d, s);
    case Inference::mac:
    case Inference::learn:
    case Inference::portfolio: return engine_.propagate_from(v, d, s);
  }
  return false;
}

void begin_turn(SearchResult& result, std::chrono::steady_clock::time_point& started, ProgressCountdown& progress,
                const Progress& p) {
  result.limit = LimitHit::none;
  started = std::chrono::steady_clock::now() - result.stats.elapsed;
  progress.start(p, started, true);
}

bool improves(const Objective* objective, std::optional<Value> offered, bool bounded, Value own) {
  if (!offered || objective == nullptr) return false;
  if (!bounded) return true;
  return objective->sense == Objective::Sense::minimize ? *offered < own : *offered > own;
}

LimitHit own_limit(const Limits& l, const Stats& s, std::chrono::steady_clock::time_point started) {
  if (l.nodes != 0 && s.nodes >= l.nodes) return LimitHit::nodes;
  if (l.failures != 0 && s.failures >= l.failures) return LimitHit::failures;
  if (l.interrupt != nullptr && l.interrupt->load(std::memory_order_relaxed)) return LimitHit::interrupted;
  // Reading the clock costs more than a small node: look every 32 nodes.
  if (l.time.count() != 0 && (s.nodes & 31) == 0 && std::chrono::steady_clock::now() - started >= l.time)
    return LimitHit::time;
  return LimitHit::none;
}

bool DepthFirstSearch::limit_reached() {
  result_.limit = own_limit(limits_, result_.stats, started_);
  if (result_.limit == LimitHit::none && progress_.tick(result_.stats)) result_.limit = LimitHit::progress;
  if (result_.limit == LimitHit::none && goal_.shared != nullptr) return shared_limit_reached();
  return result_.limit != LimitHit::none;
}

void ProgressCountdown::start(const Progress& p, std::chrono::steady_clock::time_point started, bool go_on) {
  started_ = started;
  if (go_on && p_ == &p && left_ != 0) return;
  p_ = p.report ? &p : nullptr;
  left_ = 0;
  if (p_ == nullptr) return;
  next_ = started + p.every_time;
  nodes_to_go_ = p.every_nodes;
  rearm();
}

void ProgressCountdown::rearm() {
  const bool by_clock = p_->every_time.count() != 0;
  armed_ = by_clock ? kClockEvery : nodes_to_go_;
  if (by_clock && nodes_to_go_ != 0) armed_ = std::min(armed_, nodes_to_go_);
  left_ = armed_;
}

bool ProgressCountdown::due(Stats& s) {
  bool report = false;
  if (nodes_to_go_ != 0) {
    nodes_to_go_ -= armed_;
    report = nodes_to_go_ == 0;
  }
  const bool by_clock = p_->every_time.count() != 0;
  const auto now = by_clock || report ? std::chrono::steady_clock::now() : started_;
  if (by_clock && now >= next_) report = true;
  if (report) {  // a report of either kind starts both intervals again
    nodes_to_go_ = p_->every_nodes;
    next_ = now + p_->every_time;
  }
  rearm();
  if (!report) return true;
  s.elapsed = now - started_;
  return p_->report(s);
}

// A parallel run (Goal::shared): another run said stop, or the common budget of nodes, failures
// or time ran out. The counters and the clock are read once per batch of nodes.
bool DepthFirstSearch::shared_limit_reached() {
  SharedSearch& sh = *goal_.shared;
  SearchResult& r = result_;
  if (sh.stop.load(std::memory_order_relaxed)) r.limit = LimitHit::interrupted;
  else if (granted_ > 0) --granted_;
  else {
    std::uint64_t all_failures = 0;
    if (sh.failure_limit != 0) {
      const std::uint64_t failures = r.stats.failures;
      all_failures = sh.failures.fetch_add(failures - failures_told_) + failures - failures_told_;
      failures_told_ = failures;
    }
    std::uint64_t batch = SharedSearch::kBatch;
    if (sh.failure_limit != 0 && all_failures >= sh.failure_limit) r.limit = LimitHit::failures;
    else if (sh.deadline != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() >= sh.deadline)
      r.limit = LimitHit::time;
    else if (sh.node_limit != 0) {
      const std::uint64_t before = sh.nodes.fetch_add(batch);
      if (before >= sh.node_limit) r.limit = LimitHit::nodes;
      else batch = std::min(batch, sh.node_limit - before);
    }
    granted_ = batch - 1;  // this node is the batch's first
  }
  return r.limit != LimitHit::none;
}

// Takes the best objective another run found, when it is better than this run's own bound.
void DepthFirstSearch::adopt_shared_bound() {
  const std::int64_t b = goal_.shared->bound.load(std::memory_order_relaxed);
  if (b == SharedSearch::kNoBound) return;
  const bool minimize = goal_.objective->sense == Objective::Sense::minimize;
  if (bounds_ != 0 && (minimize ? b >= bound_ : b <= bound_)) return;
  bound_ = static_cast<Value>(b);
  ++bounds_;
}

}  // namespace csp
