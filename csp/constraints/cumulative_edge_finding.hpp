// Edge finding for a cumulative resource of capacity C over tasks of fixed earliest start est,
// latest completion lct, length p > 0 and use c > 0 (Vilím 2009, "Edge Finding Filtering
// Algorithm for Discrete Cumulative Resources in O(kn log n)", its rules; computed by plain
// sweeps: overload and detection O(n²), the update O(n²) per distinct use of the detected tasks
// and only when some task is detected. On the 6-10 tasks of rcpsp_wet's resources the sweeps cost
// 40% fewer instructions than detection on his Θ-Λ-tree did).
//
// Energy e = p·c. LCut(j) = the tasks of lct at most lct_j; Env(Θ) = the greatest C·a + e(tasks of
// Θ starting at a or later) over the earliest starts a of Θ.
// - Overload: Env(LCut(j)) > C·lct_j fails.
// - Detection: for i outside LCut(j), Env(LCut(j) ∪ {i}) > C·lct_j means i cannot end by lct_j,
//   so i ends after every task of LCut(j) ends.
// - Update: then for every Ω ⊆ LCut(j) (in the task-interval form: the tasks of LCut(j') for
//   some lct_j' <= lct_j with est at least a), rest = e(Ω) − (C − c_i)(lct_j' − a) > 0 gives
//   est_i >= a + ceil(rest / c_i).
// Each rule reasons on a relaxation (least lengths and uses, greatest capacity: shortening tasks,
// lowering uses and raising the capacity keep a schedule valid), so a caller may pass those.
// The same rules mirrored (time t as −t) lower the latest completions. One call applies every rule
// once each way on the windows it was given; it does not iterate to its own fixpoint. Scratch is
// sized once; a call allocates nothing.
#pragma once

#include <cstddef>
#include <vector>

namespace csp {

class CumulativeEdgeFinder {
 public:
  /// Room for up to n tasks.
  explicit CumulativeEdgeFinder(std::size_t n);
  /// Forgets the tasks.
  void clear() { m_ = 0; }
  /// Adds a task; needs p > 0, c > 0, est + p <= lct. Its number is the count added before it.
  void add(long est, long lct, long p, long c);
  /// Every rule once forward (earliest starts) and once mirrored (latest completions) against
  /// capacity cap >= 0. False when the tasks cannot fit (overload, or a window emptied). The
  /// windows only narrow; est(k) and lct(k) then give them.
  bool filter(long cap);
  long est(std::size_t k) const { return est_[k]; }
  long lct(std::size_t k) const { return lct_[k]; }
  std::size_t size() const { return m_; }

 private:
  bool forward(long cap);  // the rules on the earliest starts
  void mirror();           // time t becomes −t: est and lct swap roles
  // suffix_ over the est order for LCut (in_cut_): at each position, the energy of the members
  // whose est is at least that position's est.
  void sweep_energy();
  // The index of use c among uses_[0, kinds), or kinds when absent.
  std::size_t kind_of(long c, std::size_t kinds) const;

  std::size_t m_ = 0;
  std::vector<long> est_, lct_, p_, c_;  // per task
  std::vector<long> bound_;              // scratch: each task's new est
  std::vector<std::size_t> by_est_, by_lct_, pos_;  // scratch: orders; pos_[k] = k's place in by_est_
  std::vector<long> suffix_, env_before_;           // scratch, per est position
  std::vector<char> in_cut_;                        // scratch: whether a task is in LCut
  std::vector<long> detected_at_;                   // scratch: the greatest lct_j that detected each task
  std::vector<long> uses_, best_, from_;            // scratch: the detected tasks' distinct uses, their update,
                                                    // the least est of the tasks of each
};

}  // namespace csp
