#include "csp/search.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "csp/dfs.hpp"
#include "csp/parallel.hpp"

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

Solver::Solver(const Model& model, SearchOptions options)
    : model_(model), dfs_(std::make_unique<DepthFirstSearch>(model, options)) {
  if (options.threads > 1 && options.tracer == nullptr) {
    if (!options.worker_model) throw std::invalid_argument("threads > 1 needs SearchOptions::worker_model");
    parallel_ = std::make_unique<ParallelSearch>(model, std::move(options), *dfs_);
  }
}

Solver::~Solver() = default;

const SearchOptions& Solver::options() const { return dfs_->options(); }

SearchResult Solver::run(const Domains& start, const Goal& goal) {
  return parallel_ ? parallel_->run(start, goal) : dfs_->run(start, goal);
}

SearchResult Solver::solve() { return run(model_.initial_domains(), Goal{1, nullptr}); }
SearchResult Solver::solve(const Domains& start) { return run(start, Goal{1, nullptr}); }
SearchResult Solver::count(const Domains& start, std::uint64_t cap) { return run(start, Goal{cap, nullptr}); }
SearchResult Solver::for_each_solution(const Domains& start, const SolutionCallback& on_solution) {
  return run(start, Goal{0, &on_solution});
}
SearchResult Solver::optimize(const Domains& start, Objective objective, const SolutionCallback& on_solution) {
  return run(start, Goal{0, on_solution ? &on_solution : nullptr, &objective});
}

}  // namespace csp
