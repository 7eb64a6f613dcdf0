#include "csp/search/solver.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "csp/search/detail/dfs.hpp"
#include "csp/search/detail/parallel.hpp"

namespace csp {

Solver::Solver(const Model& model, SearchOptions options)
    : model_(model) {
  validate(model, options);
  if (options.threads > kMaxThreads)
    throw std::invalid_argument("SearchOptions::threads is " + std::to_string(options.threads) + ", over " +
                                std::to_string(kMaxThreads));
  if (options.threads > 1 && options.tracer == nullptr && !options.worker_model)
    throw std::invalid_argument("threads > 1 needs SearchOptions::worker_model");
  dfs_ = std::make_unique<DepthFirstSearch>(model, options);
  if (options.threads > 1 && options.tracer == nullptr)
    parallel_ = std::make_unique<ParallelSearch>(model, std::move(options), *dfs_);
}

Solver::~Solver() = default;

const SearchOptions& Solver::options() const { return dfs_->options(); }

SearchResult Solver::run(const Domains& start, const Goal& goal) {
  // Search copies `start` into domains of the model's shape: another shape would be written past.
  if (!start.compatible(model_.initial_domains()))
    throw std::invalid_argument("the start domains are not of the solver's model (" + std::to_string(start.var_count()) +
                                " variables, the model has " + std::to_string(model_.var_count()) +
                                "): start from model.initial_domains() or a copy of it");
  return parallel_ ? parallel_->run(start, goal) : dfs_->run(start, goal);
}

SearchResult Solver::solve() { return run(model_.initial_domains(), Goal{1, nullptr}); }
SearchResult Solver::solve(const Domains& start) { return run(start, Goal{1, nullptr}); }
SearchResult Solver::count(const Domains& start, std::uint64_t cap) { return run(start, Goal{cap, nullptr}); }
SearchResult Solver::for_each_solution(const Domains& start, const SolutionCallback& on_solution) {
  return run(start, Goal{0, &on_solution});
}
SearchResult Solver::optimize(const Domains& start, Objective objective, const SolutionCallback& on_solution) {
  if (objective.var.id < 0 || objective.var.id >= model_.var_count())
    throw std::invalid_argument(objective.var.id < 0 ? std::string("optimize: the objective has no variable (Var{})")
                                                     : "optimize: the objective's variable id " +
                                                           std::to_string(objective.var.id) + " is not in the model");
  if (objective.sense != Objective::Sense::minimize && objective.sense != Objective::Sense::maximize)
    throw std::invalid_argument("optimize: the objective's sense is neither minimize nor maximize");
  return run(start, Goal{0, on_solution ? &on_solution : nullptr, &objective});
}

}  // namespace csp
