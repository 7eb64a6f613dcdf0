#include "csp/constraints/disjunctive.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/bounds.hpp"
#include "csp/constraints/detail/theta_lambda_tree.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// Scope: s..., d...
class Disjunctive final : public Propagator {
 public:
  Disjunctive(std::vector<Var> scope, std::size_t n)
      : Propagator(std::move(scope), Trigger::bounds),
        n_(n),
        task_(n), est_(n), lct_(n), p_(n), bound_(n), by_start_(n), by_(n), by_other_(n), leaf_(n), in_theta_(n),
        tree_(n) {}
  std::string name() const override { return "disjunctive"; }
  bool satisfied(std::span<const Value> v) const override {
    const auto s = v.first(n_), d = v.subspan(n_, n_);
    for (std::size_t i = 0; i < n_; ++i)
      if (d[i] < 0) return false;
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j)
        if (d[i] > 0 && d[j] > 0 && static_cast<long>(s[i]) + d[i] > s[j] && static_cast<long>(s[j]) + d[j] > s[i])
          return false;
    return true;
  }
  PropStatus propagate(Context& ctx) override {
    for (std::size_t i = 0; i < n_; ++i)
      if (ctx.min(dur(i)) < 0 && !ctx.remove_below(dur(i), 0)) return PropStatus::failed;
    // Rounds of every rule until no start bound moves (a written bound may land past a hole, and
    // a start may also be a duration: each round reads both afresh).
    for (;;) {
      m_ = 0;
      for (std::size_t i = 0; i < n_; ++i)
        if (ctx.min(dur(i)) > 0) task_[m_++] = i;  // a task that may last 0 takes no part
      if (m_ < 2) return PropStatus::fixpoint;   // one task alone always fits
      for (std::size_t k = 0; k < m_; ++k) {
        p_[k] = ctx.min(dur(task_[k]));
        const Bounds s = bounds(ctx.domains(), start(task_[k]));
        est_[k] = s.min;
        lct_[k] = s.max + p_[k];
      }
      if (!round()) return PropStatus::failed;
      bool moved = false;
      for (std::size_t k = 0; k < m_; ++k) {
        const Var s = start(task_[k]);
        if (est_[k] > ctx.min(s)) {
          if (est_[k] > ctx.max(s) || !ctx.remove_below(s, static_cast<Value>(est_[k]))) return PropStatus::failed;
          moved = true;
        }
        if (lct_[k] - p_[k] < ctx.max(s)) {
          if (lct_[k] - p_[k] < ctx.min(s) || !ctx.remove_above(s, static_cast<Value>(lct_[k] - p_[k])))
            return PropStatus::failed;
          moved = true;
        }
      }
      if (!moved) return PropStatus::fixpoint;
    }
  }

 private:
  Var start(std::size_t i) const { return scope()[i]; }
  Var dur(std::size_t i) const { return scope()[n_ + i]; }
  long lst(std::size_t k) const { return lct_[k] - p_[k]; }

  // Every rule once on each side: earliest starts forward, then latest completions as the earliest
  // starts of the mirrored schedule (time t becomes -t). False when the tasks cannot fit.
  bool round() {
    for (const bool mirrored : {false, true}) {
      if (mirrored) mirror();
      if (!edge_finding() || !detectable_precedences() || !not_last()) return false;
      if (mirrored) mirror();
    }
    return true;
  }
  void mirror() {
    for (std::size_t k = 0; k < m_; ++k) {
      const long est = est_[k];
      est_[k] = -lct_[k];
      lct_[k] = -est;
    }
  }
  template <class Key>
  void sort_tasks(std::vector<std::size_t>& order, Key key) {
    for (std::size_t k = 0; k < m_; ++k) order[k] = k;
    std::sort(order.begin(), order.begin() + static_cast<long>(m_),
              [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  }
  // The tree empty, its leaves the tasks in order of earliest start.
  void clear_tree() {
    sort_tasks(by_start_, [&](std::size_t k) { return est_[k]; });
    for (std::size_t r = 0; r < m_; ++r) leaf_[by_start_[r]] = r;
    tree_.clear();
  }
  // Raises each est_[k] to bound_[k]; false when a task no longer fits its window.
  bool raise_starts() {
    for (std::size_t k = 0; k < m_; ++k) {
      est_[k] = std::max(est_[k], bound_[k]);
      if (est_[k] + p_[k] > lct_[k]) return false;
    }
    return true;
  }
  bool lower_completions() {
    for (std::size_t k = 0; k < m_; ++k) {
      lct_[k] = std::min(lct_[k], bound_[k]);
      if (est_[k] + p_[k] > lct_[k]) return false;
    }
    return true;
  }
  // ECT of Θ without task k.
  long ect_without(std::size_t k) {
    if (!in_theta_[k]) return tree_.ect();
    tree_.remove(leaf_[k]);
    const long ect = tree_.ect();
    tree_.insert(leaf_[k], est_[k], p_[k]);
    return ect;
  }

  // Overload checking and edge finding (Vilím 2008): Θ the tasks of latest completion at most
  // lct_j fail when ECT(Θ) > lct_j; a task i whose joining Θ ends past lct_j goes after all of Θ.
  bool edge_finding() {
    clear_tree();
    for (std::size_t k = 0; k < m_; ++k) tree_.place(leaf_[k], est_[k], p_[k]), bound_[k] = est_[k];
    tree_.rebuild();
    sort_tasks(by_, [&](std::size_t k) { return -lct_[k]; });
    std::size_t j = by_[0];
    for (std::size_t q = 1; q < m_; ++q) {
      if (tree_.ect() > lct_[j]) return false;
      tree_.make_gray(leaf_[j], est_[j], p_[j]);
      j = by_[q];
      while (tree_.ect_bar() > lct_[j]) {
        const int gray = tree_.responsible();
        if (gray < 0) break;
        const std::size_t i = by_start_[static_cast<std::size_t>(gray)];
        bound_[i] = std::max(bound_[i], tree_.ect());
        tree_.remove(static_cast<std::size_t>(gray));
      }
    }
    if (tree_.ect() > lct_[j]) return false;
    return raise_starts();
  }

  // Detectable precedences (Vilím 2004): j precedes i when est_i + p_i > lst_j; i starts after
  // the earliest completion of all the tasks it detectably follows.
  bool detectable_precedences() {
    clear_tree();
    sort_tasks(by_, [&](std::size_t k) { return lst(k); });
    sort_tasks(by_other_, [&](std::size_t k) { return est_[k] + p_[k]; });
    std::fill(in_theta_.begin(), in_theta_.begin() + static_cast<long>(m_), false);
    std::size_t q = 0;
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t i = by_other_[r];
      for (; q < m_ && est_[i] + p_[i] > lst(by_[q]); ++q) {
        const std::size_t j = by_[q];
        tree_.insert(leaf_[j], est_[j], p_[j]);
        in_theta_[j] = true;
      }
      bound_[i] = std::max(est_[i], ect_without(i));
    }
    return raise_starts();
  }

  // Not-last (Vilím 2004): Θ the tasks j != i with lst_j < lct_i; when ECT(Θ) > lst_i, task i
  // cannot run after all of them, so it ends by the latest of their latest starts.
  bool not_last() {
    clear_tree();
    sort_tasks(by_, [&](std::size_t k) { return lst(k); });
    sort_tasks(by_other_, [&](std::size_t k) { return lct_[k]; });
    std::fill(in_theta_.begin(), in_theta_.begin() + static_cast<long>(m_), false);
    std::size_t q = 0;
    long latest = kNoCompletion;  // the greatest lst in Θ (Θ joins in order of lst)
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t i = by_other_[r];
      for (; q < m_ && lct_[i] > lst(by_[q]); ++q) {
        const std::size_t j = by_[q];
        tree_.insert(leaf_[j], est_[j], p_[j]);
        in_theta_[j] = true;
        latest = lst(j);
      }
      bound_[i] = lct_[i];
      // latest may be i's own lst, at least that of the others: weaker, still sound.
      if (ect_without(i) > lst(i)) bound_[i] = std::min(lct_[i], latest);
    }
    return lower_completions();
  }

  std::size_t n_;
  std::size_t m_ = 0;                    // the tasks that surely last: task_[0, m_)
  std::vector<std::size_t> task_;        // scratch: the scope index of each lasting task
  std::vector<long> est_, lct_, p_;      // scratch, per lasting task: its window and least duration
  std::vector<long> bound_;              // scratch: a rule's new bound per task
  std::vector<std::size_t> by_start_;    // scratch: tasks by est (leaf r holds by_start_[r])
  std::vector<std::size_t> by_, by_other_;  // scratch: the orders a rule walks
  std::vector<std::size_t> leaf_;        // scratch: each task's leaf
  std::vector<char> in_theta_;           // scratch: whether a task is in Θ
  ThetaLambdaTree tree_;
};

}  // namespace

std::unique_ptr<Propagator> disjunctive(std::vector<Var> s, std::vector<Var> d) {
  if (s.size() != d.size()) throw std::invalid_argument("disjunctive: starts and durations differ in length");
  const std::size_t n = s.size();
  s.insert(s.end(), d.begin(), d.end());
  return std::make_unique<Disjunctive>(std::move(s), n);
}

}  // namespace csp
