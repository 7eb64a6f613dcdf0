// Vilím's Θ-Λ-tree for the unary resource's rules (disjunctive.cpp), in a header of its own so
// that other scheduling rules can take it up (cumulative edge finding's energy envelopes are the
// same sums and maxima with a task's est scaled by the capacity and its length by its use; on the
// small resources measured so far plain sweeps were cheaper: cumulative_edge_finding.hpp).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <limits>
#include <vector>

namespace csp {

inline constexpr long kNoCompletion = std::numeric_limits<long>::min() / 4;  // the completion time of no task

// Vilím's Θ-Λ-tree: a balanced tree whose leaves are the tasks in order of earliest start. A
// task is in Θ (white), in Λ (gray) or absent. The root gives ECT(Θ), the earliest completion of
// the tasks of Θ run one at a time, and ECT(Θ, Λ), the greatest such completion when one gray
// task joins Θ, with the gray leaf responsible for it. A Θ-tree is this tree without gray leaves.
class ThetaLambdaTree {
 public:
  explicit ThetaLambdaTree(std::size_t n) : size_(std::bit_ceil(std::max<std::size_t>(n, 1))), node_(2 * size_) {}
  /// Every leaf absent.
  void clear() { std::fill(node_.begin(), node_.end(), Node{}); }
  /// The task of earliest start est and duration p at `leaf`, in Θ.
  void insert(std::size_t leaf, long est, long p) { set(leaf, {p, est + p, p, est + p, -1, -1}); }
  /// The task at `leaf` moved from Θ to Λ.
  void make_gray(std::size_t leaf, long est, long p) {
    const int at = static_cast<int>(leaf);
    set(leaf, {0, kNoCompletion, p, est + p, at, at});
  }
  void remove(std::size_t leaf) { set(leaf, Node{}); }
  /// The same as insert(leaf, est, p) but without updating the ancestors: for filling the leaves
  /// of a cleared tree at once, then rebuild() (O(n) where n inserts take O(n log n)).
  void place(std::size_t leaf, long est, long p) { node_[size_ + leaf] = {p, est + p, p, est + p, -1, -1}; }
  /// Every inner node recomputed from its children.
  void rebuild() {
    for (std::size_t i = size_; i-- > 1;) combine(i);
  }
  long ect() const { return node_[1].ect; }
  long ect_bar() const { return node_[1].ect_bar; }
  /// The gray leaf responsible for ect_bar(), or -1 when it is ect() (no gray task raises it).
  int responsible() const { return node_[1].resp_ect; }

 private:
  struct Node {
    long sum = 0, ect = kNoCompletion;          // over Θ: total duration, earliest completion
    long sum_bar = 0, ect_bar = kNoCompletion;  // the same with at most one gray task joined
    int resp_sum = -1, resp_ect = -1;   // the gray leaf that sum_bar / ect_bar take, -1 none
  };
  // The larger of two candidates; on a tie, the one a gray task gives (so that a value above
  // ect() always names its gray leaf).
  static void pick(long& value, int& resp, long v, int r) {
    if (v > value || (v == value && resp < 0 && r >= 0)) value = v, resp = r;
  }
  void set(std::size_t leaf, const Node& x) {
    std::size_t i = size_ + leaf;
    node_[i] = x;
    for (i /= 2; i >= 1; i /= 2) combine(i);
  }
  void combine(std::size_t i) {
    const Node &l = node_[2 * i], &r = node_[2 * i + 1];
    Node& up = node_[i];
    up.sum = l.sum + r.sum;
    up.ect = std::max(r.ect, l.ect + r.sum);
    up.sum_bar = l.sum_bar + r.sum, up.resp_sum = l.resp_sum;
    pick(up.sum_bar, up.resp_sum, l.sum + r.sum_bar, r.resp_sum);
    up.ect_bar = r.ect_bar, up.resp_ect = r.resp_ect;
    pick(up.ect_bar, up.resp_ect, l.ect + r.sum_bar, r.resp_sum);
    pick(up.ect_bar, up.resp_ect, l.ect_bar + r.sum, l.resp_ect);
  }
  std::size_t size_;        // leaves, a power of two
  std::vector<Node> node_;  // node k has children 2k, 2k + 1; the leaves from size_
};

}  // namespace csp
