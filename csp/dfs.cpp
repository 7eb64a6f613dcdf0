#include "csp/dfs.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include <spdlog/spdlog.h>

#include "csp/log.hpp"

namespace csp {

// One open decision: the domains of the node (narrowed by each refuted value), the variable
// branched on, its candidates in trial order, and the value whose subtree is being searched.
struct DepthFirstSearch::Frame {
  Domains saved;
  Var var;
  std::vector<Value> values;
  std::size_t next = 0;
  Value tried = 0;
};

DepthFirstSearch::DepthFirstSearch(const Model& model, SearchOptions options)
    : model_(model),
      options_(std::move(options)),
      engine_(model),
      var_order_(options_.order(model)),
      value_order_(options_.values(model)),
      current_(model.initial_domains()),
      assignment_(static_cast<std::size_t>(model.var_count())) {
  int widest = 0;
  for (Var v : model.vars()) widest = std::max(widest, model.initial_domains().size(v));
  frames_.resize(static_cast<std::size_t>(model.var_count()) + 1);
  engine_.set_tracer(options_.tracer);
  for (Frame& f : frames_) {
    f.saved = model.initial_domains();
    f.values.reserve(static_cast<std::size_t>(widest));
  }
}

DepthFirstSearch::~DepthFirstSearch() = default;

SearchResult DepthFirstSearch::run(const Domains& start_domains, Goal goal) {
  goal_ = goal;
  Step step = start(start_domains);
  for (;;) {
    switch (step) {
      case Step::open: step = open(); break;
      case Step::next: step = next(); break;
      case Step::refute: step = refute(); break;
      case Step::stop: return std::move(result_);
    }
  }
}

// The root: the start domains, checked or propagated at the inference level.
DepthFirstSearch::Step DepthFirstSearch::start(const Domains& start_domains) {
  result_ = SearchResult{};
  result_.stats.counters.assign(model_.counter_names().size(), 0);
  started_ = std::chrono::steady_clock::now();
  depth_ = 0;
  var_order_->start();
  current_.copy_from(start_domains);
  bool alive = true;
  const int n = model_.var_count();  // read once: the loop's writes might alias the model's size
  for (int i = 0; i < n && alive; ++i) alive = !current_.empty(Var{i});
  if (alive && infer_at_root(current_)) return Step::open;
  ++result_.stats.failures;
  return stop(SearchStatus::exhausted);
}

// A node inference accepted: every variable fixed makes a candidate solution; otherwise push a
// frame for the variable the order picks, and go on to its first candidate.
DepthFirstSearch::Step DepthFirstSearch::open() {
  const Var v = var_order_->select(current_);
  if (v.id < 0) return solution();
  Frame& f = frames_[depth_++];
  Stats& s = result_.stats;
  s.max_depth = std::max<std::uint64_t>(s.max_depth, depth_);
  f.saved.copy_from(current_);
  current_is_saved_ = true;
  f.var = v;
  f.values.clear();
  value_order_->order(v, current_, f.values);
  f.next = 0;
  return Step::next;
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

// Tries the deepest frame's next candidate still in its domains: a decision, then inference.
DepthFirstSearch::Step DepthFirstSearch::next() {
  Frame& f = frames_[depth_ - 1];
  while (f.next < f.values.size() && !f.saved.contains(f.var, f.values[f.next])) ++f.next;
  if (f.next == f.values.size()) {  // every candidate tried: the node is done, and so is its decision
    --depth_;
    return refute();
  }
  if (limit_reached()) return stop(SearchStatus::limit);
  const Value a = f.values[f.next++];
  ++result_.stats.nodes;
  f.tried = a;
  // The first value of a new node starts from domains equal to the node's: no copy back.
  if (!current_is_saved_) current_.copy_from(f.saved);
  current_is_saved_ = false;
  if (options_.tracer != nullptr) options_.tracer->decided(f.var, a, depth_);
  // Under MAC, a variable that the refutations of its other values left with `a` alone is a
  // fixpoint already (each refutation propagated): nothing to assign, nothing to propagate.
  const bool settled = options_.inference == Inference::mac && f.saved.fixed(f.var);
  if (!settled) current_.assign(f.var, a);
  if (settled || infer_after_decision(f.var, current_)) return Step::open;
  note_failure(engine_.last_failure());
  return Step::refute;
}

// Refutes the tried value of the deepest frame; a frame that this kills is popped and its own
// decision refuted in turn. Stops when no frame is left: the space is exhausted.
DepthFirstSearch::Step DepthFirstSearch::refute() {
  current_is_saved_ = false;  // the frame that next() continues with is not the one just opened
  while (depth_ > 0 && !refuted(frames_[depth_ - 1], frames_[depth_ - 1].tried)) --depth_;
  return depth_ == 0 ? stop(SearchStatus::exhausted) : Step::next;
}

// Removes a failed or finished value from its frame's domains; false when that kills the node.
bool DepthFirstSearch::refuted(Frame& f, Value a) {
  if (options_.tracer != nullptr)
    options_.tracer->refuted(f.var, a, static_cast<std::uint64_t>(&f - frames_.data()) + 1);
  const bool alive = f.saved.remove(f.var, a) &&
                     (options_.inference != Inference::mac || engine_.propagate_from(f.var, f.saved, result_.stats));
  if (!alive) note_failure(engine_.last_failure());
  return alive;
}

void DepthFirstSearch::note_failure(PropagatorId by) {
  ++result_.stats.failures;
  var_order_->failed(by);
}

DepthFirstSearch::Step DepthFirstSearch::stop(SearchStatus status) {
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
    case Inference::mac: return engine_.propagate_all(d, s);
  }
  return false;
}

bool DepthFirstSearch::infer_after_decision(Var v, Domains& d) {
  Stats& s = result_.stats;
  switch (options_.inference) {
    case Inference::none: return engine_.check_from(v, d, s);
    case Inference::forward: return engine_.forward_check(v, d, s);
    case Inference::mac: return engine_.propagate_from(v, d, s);
  }
  return false;
}

bool DepthFirstSearch::limit_reached() {
  const Limits& l = options_.limits;
  SearchResult& r = result_;
  const Stats& s = r.stats;
  if (l.nodes != 0 && s.nodes >= l.nodes) r.limit = LimitHit::nodes;
  else if (l.failures != 0 && s.failures >= l.failures) r.limit = LimitHit::failures;
  else if (l.interrupt != nullptr && l.interrupt->load(std::memory_order_relaxed)) r.limit = LimitHit::interrupted;
  // Reading the clock costs more than a small node: look every 32 nodes.
  else if (l.time.count() != 0 && (s.nodes & 31) == 0 && std::chrono::steady_clock::now() - started_ >= l.time)
    r.limit = LimitHit::time;
  return r.limit != LimitHit::none;
}

}  // namespace csp
