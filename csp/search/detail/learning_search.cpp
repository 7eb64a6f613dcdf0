#include "csp/search/detail/learning_search.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include <spdlog/spdlog.h>

#include "csp/kernel/log.hpp"

namespace csp {

using learning::Cause;

LearningSearch::LearningSearch(const Model& model, const SearchOptions& options)
    : model_(model),
      options_(options),
      engine_(model),
      branching_(model, options),
      learner_(model),
      current_(model.initial_domains()),
      assignment_(static_cast<std::size_t>(model.var_count())) {
  engine_.set_recorder(&learner_);
}

SearchResult LearningSearch::run(const Domains& start, Goal goal) {
  limits_ = options_.limits;
  loop(begin(start, goal));
  return std::move(result_);
}

const SearchResult& LearningSearch::start_turns(const Domains& start, Goal goal, const Limits& limits,
                                                std::optional<Value> bound) {
  limits_ = limits;
  Step step = begin(start, goal);
  if (step != Step::stop && bound && goal_.objective != nullptr) {
    bound_ = *bound;
    bounded_ = true;
    if (!post_bound()) step = stop(SearchStatus::exhausted);
  }
  loop(step);
  return result_;
}

const SearchResult& LearningSearch::resume(const Limits& limits, std::optional<Value> bound) {
  if (result_.status != SearchStatus::limit) throw std::logic_error("resume: the last run did not stop on a limit");
  limits_ = limits;
  begin_turn(result_, started_, progress_, options_.progress);
  if (improves(goal_.objective, bound, bounded_, bound_)) {
    bound_ = *bound;
    bounded_ = true;
    if (!post_bound()) {
      stop(SearchStatus::exhausted);
      return result_;
    }
  }
  loop(Step::decide);  // a limit stops search in decide(), before its decision
  return result_;
}

void LearningSearch::loop(Step step) {
  for (;;) {
    switch (step) {
      case Step::decide: step = decide(); break;
      case Step::conflict: step = conflict(); break;
      case Step::solution: step = solution(); break;
      case Step::stop: return;
    }
  }
}

LearningSearch::Step LearningSearch::begin(const Domains& start, Goal goal) {
  goal_ = goal;
  result_ = SearchResult{};
  result_.stats.counters.assign(model_.counter_names().size(), 0);
  started_ = std::chrono::steady_clock::now();
  progress_.start(options_.progress, started_, goal_.shared != nullptr);
  bounded_ = false;
  kept_.clear();
  if (goal.keep_learnt) {
    const learning::ClauseDatabase& db = learner_.clauses();
    for (std::uint32_t i = 0; i < db.slots(); ++i)
      if (const std::optional<learning::Clause> c = db.at(i); c && c->learnt)
        kept_.emplace_back(c->lits.begin(), c->lits.end());
  } else {
    units_.clear();
    pool_read_ = 0;
  }
  assumptions_.clear();
  if (goal.assumptions != nullptr) {
    for (const PathDecision& d : *goal.assumptions) {
      switch (d.op) {
        case PathDecision::Op::eq:
          // An interval cannot lose an inner value, so [x != a] could never be asserted: its bounds.
          if (start.interval(d.var)) {
            assumptions_.push_back(Lit::ge(d.var, d.value));
            assumptions_.push_back(Lit::le(d.var, d.value));
          } else {
            assumptions_.push_back(Lit::eq(d.var, d.value));
          }
          break;
        case PathDecision::Op::ne: assumptions_.push_back(Lit::ne(d.var, d.value)); break;
        case PathDecision::Op::le: assumptions_.push_back(Lit::le(d.var, d.value)); break;
        case PathDecision::Op::gt: assumptions_.push_back(Lit::ge(d.var, d.value + 1)); break;
      }
    }
  }
  learner_.clear(start);
  branching_.start();
  current_.copy_from(start);
  bool alive = true;
  const int n = model_.var_count();
  for (int i = 0; i < n && alive; ++i) alive = !current_.empty(Var{i});
  alive = alive && engine_.propagate_all(current_, result_.stats);
  for (std::size_t i = 0; alive && i < units_.size(); ++i) alive = add_at_root({units_[i]});
  for (std::size_t i = 0; alive && i < kept_.size(); ++i) alive = add_at_root(kept_[i]);
  if (!alive || !take_shared()) {
    ++result_.stats.failures;
    return stop(SearchStatus::exhausted);
  }
  restart_run_ = 1;
  restart_at_ = options_.restarts.kind != RestartKind::none ? restart_allowance(options_.restarts, 1) : 0;
  return Step::decide;
}

// Opens the next level with the orders' decision, or finds every variable fixed.
LearningSearch::Step LearningSearch::decide() {
  Stats& s = result_.stats;
  if (restart_at_ != 0 && s.failures >= restart_at_) {
    ++s.restarts;
    backjump(0);
    restart_at_ = s.failures + restart_allowance(options_.restarts, ++restart_run_);
    branching_.restarted(restart_run_);
    if (!take_shared()) return stop(SearchStatus::exhausted);
  }
  if (goal_.shared != nullptr && goal_.objective != nullptr) {  // another thread's better bound
    const std::int64_t b = goal_.shared->bound.load(std::memory_order_relaxed);
    const bool minimize = goal_.objective->sense == Objective::Sense::minimize;
    if (b != SharedSearch::kNoBound && (!bounded_ || (minimize ? b < bound_ : b > bound_))) {
      bound_ = static_cast<Value>(b);
      bounded_ = true;
      if (!post_bound()) return stop(SearchStatus::exhausted);
    }
  }
  if (const std::uint32_t at = learner_.trail().level(); at < assumptions_.size()) return assume(assumptions_[at]);
  ValueOrder* values = nullptr;
  const Var v = branching_.select(current_, values);
  if (v.id < 0) return Step::solution;
  // A limit stops the next decision, not the discovery that none is needed (as depth-first search
  // finds a solution at its node limit).
  if (limit_reached()) return stop(SearchStatus::limit);
  const Lit l = decision_on(v, values);
  ++s.nodes;
  const std::uint32_t level = learner_.trail().level();
  learner_.trail().new_level(current_);
  s.max_depth = std::max<std::uint64_t>(s.max_depth, level + 1);
  if (!learner_.post(current_, l, Cause{Cause::Kind::decision, 0}))
    throw std::logic_error("a value order decided " + to_string(l) + ", which holds for no candidate");
  return engine_.propagate_from(v, current_, s) ? Step::decide : Step::conflict;
}

// Propagation failed: learn, backjump, assert, until propagation holds or the space is empty.
LearningSearch::Step LearningSearch::conflict() {
  Stats& s = result_.stats;
  for (;;) {
    ++s.failures;
    const PropagatorId failed = engine_.last_failure();
    branching_.failed(failed);
    if (!learner_.analyse(failed, learnt_, touched_)) return stop(SearchStatus::exhausted);
    branching_.conflict(touched_);
    if (log().should_log(spdlog::level::trace)) log().trace("{}", describe(learnt_));
    if (learnt_.lits.size() == 1) units_.push_back(learnt_.lits[0]);  // for the next run (keep_learnt)
    offer(learnt_.lits);
    ++s.learnt;
    s.learnt_literals += learnt_.lits.size();
    s.backjumped += learner_.trail().level() - learnt_.level;
    backjump(learnt_.level);
    learning::ClauseDatabase& db = learner_.clauses();
    // Reduce before adding: the new clause is about to be a reason, and must not be a candidate.
    const std::uint64_t deleted = db.deleted();
    db.reduce(learner_.trail());
    s.clauses_deleted += db.deleted() - deleted;
    Cause cause{Cause::Kind::root, 0};
    if (learnt_.lits.size() > 1) cause = Cause{Cause::Kind::clause, db.add(learnt_.lits, true, learnt_.lbd)};
    db.decay();
    if (assert_and_propagate(learnt_.lits[0], cause)) return Step::decide;
  }
}

// Every variable is fixed: check and report the solution, then exclude it (or everything not
// better than it) and go on.
LearningSearch::Step LearningSearch::solution() {
  const int n = model_.var_count();
  for (int i = 0; i < n; ++i) assignment_[static_cast<std::size_t>(i)] = current_.value(Var{i});
  if (const std::optional<PropagatorId> violated = model_.first_violated(assignment_)) {
    throw std::logic_error("propagator '" +
                           (*violated != kNoPropagator ? model_.propagator(*violated).name() : std::string("domain")) +
                           "' accepted an assignment that violates it");
  }
  Stats& s = result_.stats;
  ++s.solutions;
  result_.solution = assignment_;
  branching_.solution(assignment_);
  if (goal_.objective != nullptr) {
    bound_ = current_.value(goal_.objective->var);
    bounded_ = true;
  }
  if (goal_.on_solution != nullptr && !(*goal_.on_solution)(assignment_)) return stop(SearchStatus::stopped_on_request);
  if (goal_.cap != 0 && s.solutions >= goal_.cap) return stop(SearchStatus::stopped_on_request);
  if (goal_.objective != nullptr) return post_bound() ? Step::decide : stop(SearchStatus::exhausted);
  // Block this solution: not all of its decisions again. The clause asserts the last one's
  // negation one level up, where depth-first search would refute it.
  // An assumption that already held has a level without a decision, and no literal here.
  const learning::Trail& trail = learner_.trail();
  std::vector<Lit> block;
  std::uint32_t top = 0;  // the highest level with a decision
  for (std::uint32_t k = trail.level(); k >= 1; --k) {
    const std::uint32_t end = k == trail.level() ? trail.size() : trail.level_start(k + 1);
    if (trail.level_start(k) == end) continue;
    if (top == 0) top = k;
    block.push_back(~trail[trail.level_start(k)].fact);
  }
  if (block.empty()) return stop(SearchStatus::exhausted);
  Cause cause{Cause::Kind::root, 0};
  const Lit first = block[0];
  if (block.size() > 1) cause = Cause{Cause::Kind::clause, learner_.clauses().add(std::move(block), false, top)};
  backjump(cause.kind == Cause::Kind::root ? 0 : top - 1);
  return assert_and_propagate(first, cause) ? Step::decide : Step::conflict;
}

// "conflict at level 3 (by linear(<=)): learnt [x <= 2] or [y != 4], backjump to 1".
std::string LearningSearch::describe(const learning::Learnt& l) const {
  const PropagatorId by = engine_.last_failure();
  std::string s = "conflict at level " + std::to_string(learner_.trail().level()) + " (by " +
                  (by != kNoPropagator ? model_.propagator(by).name() : std::string("a learnt clause")) + "): learnt";
  for (std::size_t i = 0; i < l.lits.size(); ++i) {
    std::string lit = to_string(l.lits[i]);
    lit.replace(1, lit.find(' ') - 1, model_.name(l.lits[i].var));  // the variable's name for x<id>
    s += (i == 0 ? " " : " or ") + lit;
  }
  return s + ", backjump to " + std::to_string(l.level);
}

void LearningSearch::backjump(std::uint32_t level) {
  const learning::Trail& trail = learner_.trail();
  if (level >= trail.level()) return;
  if (branching_.remembers()) {  // phase saving: each fixing about to be undone
    for (std::uint32_t i = trail.level_start(level + 1); i < trail.size(); ++i)
      if (trail[i].fact.kind == Lit::Kind::eq) branching_.remember(trail[i].fact.var, trail[i].fact.value);
  }
  current_.copy_from(trail.level_end(level));
  learner_.backtrack(level);
}

bool LearningSearch::assert_and_propagate(Lit l, Cause cause) {
  if (!learner_.post(current_, l, cause))
    throw std::logic_error("learning: the literal " + to_string(l) + " to assert is false after the backjump");
  return engine_.propagate_from(l.var, current_, result_.stats);
}

Lit LearningSearch::decision_on(Var v, ValueOrder* values) {
  Decision c{Decision::Kind::assign, current_.min(v)};
  if (values->lazy(v, current_)) {
    c = values->decide(v, current_);
  } else {
    values_.clear();
    values->order(v, current_, values_);
    const auto it = std::find_if(values_.begin(), values_.end(), [&](Value x) { return current_.contains(v, x); });
    if (it != values_.end()) c.value = *it;  // an order that lists nothing left: the least candidate
  }
  switch (c.kind) {
    case Decision::Kind::assign:
      // An interval cannot lose an inner value, so [x != a] could never be made true: decide bounds.
      if (!current_.interval(v)) return Lit::eq(v, c.value);
      return c.value == current_.max(v) ? Lit::ge(v, c.value) : Lit::le(v, c.value);
    case Decision::Kind::at_most: return Lit::le(v, c.value);
    case Decision::Kind::at_least: return Lit::ge(v, c.value);
    case Decision::Kind::below: return Lit::le(v, c.value - 1);
  }
  return Lit::eq(v, c.value);
}

// Back to the root under the newest bound: the objective strictly better than bound_.
bool LearningSearch::post_bound() {
  backjump(0);
  const Var obj = goal_.objective->var;
  const bool minimize = goal_.objective->sense == Objective::Sense::minimize;
  if (minimize ? bound_ <= kMinValue : bound_ >= kMaxValue) return false;
  const Lit l = minimize ? Lit::le(obj, bound_ - 1) : Lit::ge(obj, bound_ + 1);
  if (!learner_.post(current_, l, Cause{Cause::Kind::root, 0}) || !engine_.propagate_from(obj, current_, result_.stats) ||
      !take_shared()) {
    ++result_.stats.failures;
    return false;
  }
  return true;
}

LearningSearch::Step LearningSearch::assume(Lit a) {
  if (falsified(current_, a)) return stop(SearchStatus::exhausted);  // the part holds nothing (more)
  learner_.trail().new_level(current_);
  if (holds(current_, a)) return Step::decide;
  learner_.post(current_, a, Cause{Cause::Kind::decision, 0});
  return engine_.propagate_from(a.var, current_, result_.stats) ? Step::decide : Step::conflict;
}

bool LearningSearch::add_at_root(const std::vector<Lit>& lits) {
  simplified_.clear();
  for (Lit l : lits) {
    if (holds(current_, l)) return true;
    if (!falsified(current_, l)) simplified_.push_back(l);
  }
  if (simplified_.empty()) return false;
  if (simplified_.size() == 1) {
    return learner_.post(current_, simplified_[0], Cause{Cause::Kind::root, 0}) &&
           engine_.propagate_from(simplified_[0].var, current_, result_.stats);
  }
  learner_.clauses().add(simplified_, true, static_cast<std::uint32_t>(simplified_.size()));
  return true;
}

bool LearningSearch::take_shared() {
  SharedSearch* shared = goal_.shared;
  if (shared == nullptr || options_.share_learnt == 0) return true;
  incoming_.clear();
  {
    std::lock_guard<std::mutex> hold(shared->pool_lock);
    for (; pool_read_ < shared->pool.size(); ++pool_read_)
      if (shared->pool[pool_read_].from != this) incoming_.push_back(shared->pool[pool_read_].lits);
  }
  for (const std::vector<Lit>& lits : incoming_)
    if (!add_at_root(lits)) return false;
  return true;
}

void LearningSearch::offer(const std::vector<Lit>& lits) {
  SharedSearch* shared = goal_.shared;
  if (shared == nullptr || lits.size() > options_.share_learnt) return;
  std::lock_guard<std::mutex> hold(shared->pool_lock);
  if (shared->pool.size() < SharedSearch::kPoolLimit) shared->pool.push_back({this, lits});
}

bool LearningSearch::limit_reached() {
  SearchResult& r = result_;
  const Stats& s = r.stats;
  r.limit = own_limit(limits_, s, started_);
  if (r.limit == LimitHit::none && progress_.tick(r.stats)) r.limit = LimitHit::progress;
  if (r.limit == LimitHit::none && goal_.shared != nullptr) {
    // A part of a parallel search: its stop flag, its deadline, and one node at a time from the
    // common budget (learning nodes cost far more than the atomic).
    SharedSearch& sh = *goal_.shared;
    if (sh.stop.load(std::memory_order_relaxed)) r.limit = LimitHit::interrupted;
    else if ((s.nodes & 31) == 0 && sh.deadline != std::chrono::steady_clock::time_point::max() &&
             std::chrono::steady_clock::now() >= sh.deadline)
      r.limit = LimitHit::time;
    else if (sh.node_limit != 0 && sh.nodes.fetch_add(1) >= sh.node_limit) r.limit = LimitHit::nodes;
    else if (sh.failure_limit != 0 && sh.failures.load(std::memory_order_relaxed) + s.failures >= sh.failure_limit)
      r.limit = LimitHit::failures;
  }
  return r.limit != LimitHit::none;
}

LearningSearch::Step LearningSearch::stop(SearchStatus status) {
  result_.status = status;
  Stats& s = result_.stats;
  s.elapsed = std::chrono::steady_clock::now() - started_;
  if (log().should_log(spdlog::level::debug)) {
    log().debug("learning search: {} solutions, {} nodes, {} conflicts, {} learnt (mean length {:.1f}), {} restarts, {:.6f} s",
                s.solutions, s.nodes, s.failures, s.learnt, s.mean_learnt_length(), s.restarts, s.seconds());
  }
  return Step::stop;
}

}  // namespace csp
