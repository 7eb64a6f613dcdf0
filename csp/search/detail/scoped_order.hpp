// Internal to the variable orders (csp/search/orders/): the base of the orders that choose among
// a list of variables, the one-number-per-variable order, and the live degree. Not installed.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/search/orders.hpp"

namespace csp::detail {

// An order over a list of variables: every variable of the model, or a phase's (restrict()).
class ScopedOrder : public VariableOrder {
 public:
  explicit ScopedOrder(const Model& m) {
    for (int i = 0; i < m.var_count(); ++i) vars_.push_back(Var{i});
  }
  void restrict(std::span<const Var> vars) override { vars_.assign(vars.begin(), vars.end()); }

 protected:
  std::vector<Var> vars_;  // the variables it chooses among, ties to the earlier
};

// The unfixed variable of the highest score (Score(model, domains, var) -> std::int64_t), the
// first on ties: the orders that compare one number per variable.
template <class Score>
class HighestScore final : public ScopedOrder {
 public:
  explicit HighestScore(const Model& m) : ScopedOrder(m), m_(m) {}
  Var select(const Domains& d) override {
    Var best{};
    std::int64_t best_score = std::numeric_limits<std::int64_t>::min();
    for (Var v : vars_) {
      if (d.fixed(v)) continue;
      const std::int64_t s = Score{}(m_, d, v);
      if (best.id < 0 || s > best_score) {
        best = v;
        best_score = s;
      }
    }
    return best;
  }

 private:
  const Model& m_;
};

/// Number of constraints on v with another unfixed variable, each weighted (weight 1: degree).
inline int live_weight(const Model& m, const Domains& d, Var v, const std::vector<std::uint64_t>* weights,
                std::uint64_t* weighted) {
  int degree = 0;
  std::uint64_t sum = 0;
  for (PropagatorId p : m.propagators_of(v)) {
    for (Var w : m.propagator(p).scope()) {
      if (w != v && !d.fixed(w)) {
        ++degree;
        if (weights) sum += (*weights)[static_cast<std::size_t>(p)];
        break;
      }
    }
  }
  if (weighted) *weighted = sum;
  return degree;
}

}  // namespace csp::detail
