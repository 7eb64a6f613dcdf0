#include "csp/search.hpp"

#include <stdexcept>
#include <string>

#include <spdlog/spdlog.h>

#include "csp/log.hpp"

namespace csp {

Inference parse_inference(std::string_view name) {
  if (name == "none") return Inference::none;
  if (name == "fc") return Inference::forward;
  if (name == "mac") return Inference::mac;
  throw std::invalid_argument("unknown inference level '" + std::string(name) + "' (expected none, fc or mac)");
}

const std::vector<std::string_view>& inference_names() {
  static const std::vector<std::string_view> n{"none", "fc", "mac"};
  return n;
}

std::string_view to_string(Inference i) {
  switch (i) {
    case Inference::none: return "none";
    case Inference::forward: return "fc";
    case Inference::mac: return "mac";
  }
  return "?";
}

std::string_view to_string(LimitHit l) {
  switch (l) {
    case LimitHit::none: return "none";
    case LimitHit::nodes: return "nodes";
    case LimitHit::failures: return "failures";
    case LimitHit::time: return "time";
    case LimitHit::interrupted: return "interrupted";
  }
  return "?";
}

// One open decision: the domains of the node (narrowed by each refuted value), the variable
// branched on, its candidates in trial order, and the value whose subtree is being searched.
struct Solver::Frame {
  Domains saved;
  Var var;
  std::vector<Value> values;
  std::size_t next = 0;
  Value tried = 0;
};

Solver::Solver(const Model& model, SearchOptions options)
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

Solver::~Solver() = default;

SearchResult Solver::solve() { return run(model_.initial_domains(), 1, nullptr); }
SearchResult Solver::solve(const Domains& start) { return run(start, 1, nullptr); }
SearchResult Solver::count(const Domains& start, std::uint64_t cap) { return run(start, cap, nullptr); }
SearchResult Solver::for_each_solution(const Domains& start, const SolutionCallback& on_solution) {
  return run(start, 0, &on_solution);
}

bool Solver::infer_at_root(Domains& d, Stats& s) {
  switch (options_.inference) {
    case Inference::none: return engine_.check_all(d, s);
    case Inference::forward: return engine_.forward_check_all(d, s);
    case Inference::mac: return engine_.propagate_all(d, s);
  }
  return false;
}

bool Solver::infer_after_decision(Var v, Domains& d, Stats& s) {
  switch (options_.inference) {
    case Inference::none: return engine_.check_from(v, d, s);
    case Inference::forward: return engine_.forward_check(v, d, s);
    case Inference::mac: return engine_.propagate_from(v, d, s);
  }
  return false;
}

bool Solver::limit_reached(SearchResult& r, std::chrono::steady_clock::time_point started) {
  const Limits& l = options_.limits;
  const Stats& s = r.stats;
  if (l.nodes != 0 && s.nodes >= l.nodes) r.limit = LimitHit::nodes;
  else if (l.failures != 0 && s.failures >= l.failures) r.limit = LimitHit::failures;
  else if (l.interrupt != nullptr && l.interrupt->load(std::memory_order_relaxed)) r.limit = LimitHit::interrupted;
  // Reading the clock costs more than a small node: look every 32 nodes.
  else if (l.time.count() != 0 && (s.nodes & 31) == 0 && std::chrono::steady_clock::now() - started >= l.time)
    r.limit = LimitHit::time;
  return r.limit != LimitHit::none;
}

SearchResult Solver::run(const Domains& start, std::uint64_t cap, const SolutionCallback* on_solution) {
  SearchResult r;
  Stats& s = r.stats;
  s.counters.assign(model_.counter_names().size(), 0);
  const auto started = std::chrono::steady_clock::now();
  auto finish = [&](SearchStatus status) {
    r.status = status;
    s.elapsed = std::chrono::steady_clock::now() - started;
    if (log().should_log(spdlog::level::debug)) {
      static const char* how[] = {"stopped on request", "exhausted", "limit"};
      log().debug("search {} ({}{}): {} solutions, {} nodes, {} failures, {} propagations, depth {}, {:.6f} s",
                  how[static_cast<int>(status)], status == SearchStatus::limit ? "limit " : "",
                  status == SearchStatus::limit ? to_string(r.limit) : std::string_view{}, s.solutions, s.nodes,
                  s.failures, s.propagations, s.max_depth, s.seconds());
    }
    return r;
  };
  const bool mac = options_.inference == Inference::mac;

  // Removes a finished or failed value from its frame's domains; false when that kills the node.
  Tracer* const tracer = options_.tracer;
  auto refute = [&](Frame& f, Value a) {
    if (tracer != nullptr) tracer->refuted(f.var, a, static_cast<std::uint64_t>(&f - frames_.data()) + 1);
    bool alive = f.saved.remove(f.var, a) && (!mac || engine_.propagate_from(f.var, f.saved, s));
    if (!alive) {
      ++s.failures;
      var_order_->failed(engine_.last_failure());
    }
    return alive;
  };
  // Pops frames until one survives the refutation of its tried value; returns the new depth.
  auto backtrack = [&](std::size_t depth) {
    while (depth > 0 && !refute(frames_[depth - 1], frames_[depth - 1].tried)) --depth;
    return depth;
  };

  var_order_->start();
  current_.copy_from(start);
  bool alive = true;
  const int n = model_.var_count();
  for (int i = 0; i < n && alive; ++i) alive = !current_.empty(Var{i});
  if (!alive || !infer_at_root(current_, s)) {
    ++s.failures;
    return finish(SearchStatus::exhausted);
  }

  std::size_t depth = 0;
  bool expand = true;  // current_ is a new node; otherwise continue with frames_[depth - 1]
  for (;;) {
    bool as_saved = false;  // current_ holds the domains of frames_[depth - 1] (a node just expanded)
    if (expand) {
      Var v = var_order_->select(current_);
      if (v.id < 0) {  // every variable fixed: a candidate solution
        for (int i = 0; i < n; ++i) assignment_[static_cast<std::size_t>(i)] = current_.value(Var{i});
        PropagatorId violated = (options_.check_solutions || !mac) ? model_.first_violated(assignment_) : -2;
        if (violated == -2) {
          ++s.solutions;
          r.solution = assignment_;
          if (tracer != nullptr) tracer->solution();
          if (on_solution != nullptr && !(*on_solution)(assignment_)) return finish(SearchStatus::stopped_on_request);
          if (cap != 0 && s.solutions >= cap) return finish(SearchStatus::stopped_on_request);
        } else if (mac) {
          // Propagation to the fixpoint must reject every violated constraint: a propagator is wrong.
          throw std::logic_error("propagator '" +
                                 (violated >= 0 ? model_.propagator(violated).name() : std::string("domain")) +
                                 "' accepted an assignment that violates it");
        } else {
          ++s.failures;
          var_order_->failed(violated);
        }
        depth = backtrack(depth);
        if (depth == 0) return finish(SearchStatus::exhausted);
        expand = false;
        continue;
      }
      Frame& f = frames_[depth++];
      s.max_depth = std::max<std::uint64_t>(s.max_depth, depth);
      f.saved.copy_from(current_);
      as_saved = true;
      f.var = v;
      f.values.clear();
      value_order_->order(v, current_, f.values);
      f.next = 0;
    }

    Frame& f = frames_[depth - 1];
    while (f.next < f.values.size() && !f.saved.contains(f.var, f.values[f.next])) ++f.next;
    if (f.next == f.values.size()) {  // every candidate tried: the node is done
      depth = backtrack(depth - 1);
      if (depth == 0) return finish(SearchStatus::exhausted);
      expand = false;
      continue;
    }
    if (limit_reached(r, started)) return finish(SearchStatus::limit);
    const Value a = f.values[f.next++];
    ++s.nodes;
    f.tried = a;
    // The first value of a new node starts from domains equal to the node's: no copy back.
    if (!as_saved) current_.copy_from(f.saved);
    if (tracer != nullptr) tracer->decided(f.var, a, depth);
    // Under MAC, a variable that the refutations of its other values left with `a` alone is a
    // fixpoint already (each refutation propagated): nothing to assign, nothing to propagate.
    const bool settled = mac && f.saved.fixed(f.var);
    if (!settled) current_.assign(f.var, a);
    if (settled || infer_after_decision(f.var, current_, s)) {
      expand = true;
      continue;
    }
    ++s.failures;
    var_order_->failed(engine_.last_failure());
    if (!refute(f, a)) {
      depth = backtrack(depth - 1);
      if (depth == 0) return finish(SearchStatus::exhausted);
    }
    expand = false;
  }
}

}  // namespace csp
