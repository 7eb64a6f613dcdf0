#include "csp/search/solver.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "csp/search/detail/dfs.hpp"
#include "csp/search/detail/parallel.hpp"

namespace csp {

Solver::Solver(const Model& model, SearchOptions options)
    : model_(model) {
  if (options.restarts.search != RestartSearch::same && options.restarts.kind == RestartKind::none)
    throw std::invalid_argument("Restarts::search changes the orders at restarts, and Restarts::kind is none");
  dfs_ = std::make_unique<DepthFirstSearch>(model, options);
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
