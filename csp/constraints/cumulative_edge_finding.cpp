#include "csp/constraints/cumulative_edge_finding.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace csp {
namespace {

constexpr long kNever = std::numeric_limits<long>::min();  // no lct detected a task

}  // namespace

CumulativeEdgeFinder::CumulativeEdgeFinder(std::size_t n)
    : est_(n), lct_(n), p_(n), c_(n), bound_(n), by_est_(n), by_lct_(n), pos_(n), suffix_(n), env_before_(n),
      in_cut_(n), detected_at_(n), uses_(n), best_(n), from_(n) {}

void CumulativeEdgeFinder::add(long est, long lct, long p, long c) {
  est_[m_] = est, lct_[m_] = lct, p_[m_] = p, c_[m_] = c;
  ++m_;
}

bool CumulativeEdgeFinder::filter(long cap) {
  if (m_ == 0) return true;
  long horizon = 0;
  for (std::size_t k = 0; k < m_; ++k) {
    if (c_[k] > cap) return false;  // a task of positive length that no time can hold
    horizon = std::max({horizon, std::labs(est_[k]), std::labs(lct_[k])});
  }
  // Every product below is at most cap · 2·horizon per task, summed over the tasks: skip the
  // rules (sound: they only narrow) where that could overflow.
  const long room = std::numeric_limits<long>::max() / 4 / static_cast<long>(m_ + 2);
  if (cap > 0 && horizon > room / cap / 2) return true;
  if (!forward(cap)) return false;
  mirror();
  const bool fits = forward(cap);
  mirror();
  return fits;
}

void CumulativeEdgeFinder::mirror() {
  for (std::size_t k = 0; k < m_; ++k) {
    const long est = est_[k];
    est_[k] = -lct_[k];
    lct_[k] = -est;
  }
}

std::size_t CumulativeEdgeFinder::kind_of(long c, std::size_t kinds) const {
  return static_cast<std::size_t>(std::find(uses_.begin(), uses_.begin() + static_cast<long>(kinds), c) - uses_.begin());
}

void CumulativeEdgeFinder::sweep_energy() {
  long acc = 0;
  for (std::size_t r = m_; r-- > 0;) {
    const std::size_t k = by_est_[r];
    if (in_cut_[k]) acc += p_[k] * c_[k];
    suffix_[r] = acc;
  }
  // Ties in est: the first of a run holds the energy of the whole run and what follows it.
  for (std::size_t r = 1; r < m_; ++r)
    if (est_[by_est_[r]] == est_[by_est_[r - 1]]) suffix_[r] = suffix_[r - 1];
}

bool CumulativeEdgeFinder::forward(long cap) {
  for (std::size_t k = 0; k < m_; ++k) by_est_[k] = by_lct_[k] = k, bound_[k] = est_[k];
  std::sort(by_est_.begin(), by_est_.begin() + static_cast<long>(m_),
            [&](std::size_t a, std::size_t b) { return est_[a] < est_[b]; });
  std::sort(by_lct_.begin(), by_lct_.begin() + static_cast<long>(m_),
            [&](std::size_t a, std::size_t b) { return lct_[a] < lct_[b]; });
  for (std::size_t r = 0; r < m_; ++r) pos_[by_est_[r]] = r;

  // Overload and detection: LCut grows by lct; Env(LCut ∪ {i}) is the best C·a + energy over the
  // starts a up to est_i, plus e_i. (Sweeps, O(n²): on the tens of tasks a resource holds they
  // cost half of what the Θ-Λ-tree's O(n log n) updates do.)
  std::fill(in_cut_.begin(), in_cut_.begin() + static_cast<long>(m_), 0);
  std::fill(detected_at_.begin(), detected_at_.begin() + static_cast<long>(m_), kNever);
  long last_detection = kNever;
  for (std::size_t q = 0; q < m_;) {
    const long lct = lct_[by_lct_[q]];
    for (; q < m_ && lct_[by_lct_[q]] == lct; ++q) in_cut_[by_lct_[q]] = 1;
    if (q == m_) break;  // no task left outside: the overload check of the whole set follows
    sweep_energy();
    // env_before_ may take starts past every member (suffix 0): with i joined the set is not empty.
    long env = kNever;
    for (std::size_t r = 0; r < m_; ++r) {
      const long term = cap * est_[by_est_[r]] + suffix_[r];
      if (suffix_[r] > 0 && term > cap * lct) return false;
      env_before_[r] = env = std::max(env, term);
    }
    // The update never passes lct_j (no overload: rest <= c_i·(lct_j − a)): a task that starts
    // there already gains nothing.
    for (std::size_t i = 0; i < m_; ++i)
      if (!in_cut_[i] && est_[i] < lct && env_before_[pos_[i]] + p_[i] * c_[i] > cap * lct)
        detected_at_[i] = last_detection = lct;
  }
  {  // overload of the whole set
    long energy = 0;
    for (std::size_t r = m_; r-- > 0;) {
      energy += p_[by_est_[r]] * c_[by_est_[r]];
      if (cap * est_[by_est_[r]] + energy > cap * lct_[by_lct_[m_ - 1]]) return false;
    }
  }
  if (last_detection == kNever) return true;

  // Update: for each use c of a detected task, the best a + ceil(rest / c) over the task
  // intervals of LCut(j'), kept as the running maximum over lct_j' up to each task's detection.
  // An interval's update is at most its lct_j', so those ending by the least est of the use's
  // detected tasks (from_) are skipped.
  std::size_t kinds = 0;
  long earliest = std::numeric_limits<long>::max();
  for (std::size_t i = 0; i < m_; ++i) {
    if (detected_at_[i] == kNever) continue;
    earliest = std::min(earliest, est_[i]);
    const std::size_t u = kind_of(c_[i], kinds);
    if (u == kinds) uses_[kinds] = c_[i], from_[kinds++] = est_[i];
    from_[u] = std::min(from_[u], est_[i]);
  }
  std::fill(best_.begin(), best_.begin() + static_cast<long>(kinds), kNever);
  std::fill(in_cut_.begin(), in_cut_.begin() + static_cast<long>(m_), 0);
  for (std::size_t q = 0; q < m_;) {
    const long lct = lct_[by_lct_[q]];
    if (lct > last_detection) break;
    for (; q < m_ && lct_[by_lct_[q]] == lct; ++q) in_cut_[by_lct_[q]] = 1;
    if (lct <= earliest) continue;
    sweep_energy();
    for (std::size_t u = 0; u < kinds; ++u) {
      if (lct <= from_[u]) continue;
      const long c = uses_[u];
      for (std::size_t r = 0; r < m_; ++r) {
        if (suffix_[r] == 0) break;  // no member starts here or later
        const long a = est_[by_est_[r]];
        const long rest = suffix_[r] - (cap - c) * (lct - a);
        if (rest > 0) best_[u] = std::max(best_[u], a + (rest + c - 1) / c);
      }
    }
    for (std::size_t i = 0; i < m_; ++i) {
      if (detected_at_[i] != lct) continue;
      bound_[i] = std::max(bound_[i], best_[kind_of(c_[i], kinds)]);
    }
  }
  for (std::size_t k = 0; k < m_; ++k) {
    est_[k] = bound_[k];
    if (est_[k] + p_[k] > lct_[k]) return false;
  }
  return true;
}

}  // namespace csp
