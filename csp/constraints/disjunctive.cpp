#include "csp/constraints/disjunctive.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/bounds.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/task_window.hpp"
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
        task_(n), est_(n), lct_(n), p_(n), bound_(n), leaf_(n), in_theta_(n), tree_(n) {
    for (auto& side : orders_)
      for (Order& o : side) o.tasks.resize(n);
  }
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
  // A start bound is explained by one rule over the tasks' windows in `at` (the earliest-start side;
  // a latest start, mirrored): the tasks that must precede the task (detectable precedences, and
  // those ending by some L when edge finding puts it after them all) complete no earlier than the
  // bound, or the task cannot go first among tasks that each end at the bound or later
  // (not-first/not-last). Each names the bounds of the tasks it uses as weak as the rule allows and
  // their least durations. A negative duration removed needs nothing. A failure: an overload
  // (tasks within a window longer than it), a negative duration, or a task whose window a rule
  // empties. A bound that no single rule gives from the domains before its write (the rules write
  // their bounds one rule at a time for this) is left to the default, as are more than 128 tasks
  // (the search is quadratic).
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (n_ > 128) return false;
    if (inferred == nullptr) return explain_failure(at, reason);
    const Var x = inferred->var;
    std::size_t i = n_, starts = 0, durations = 0;
    for (std::size_t k = 0; k < n_; ++k) {
      if (start(k) == x) ++starts, i = k;
      if (dur(k) == x) ++durations;
    }
    if (starts == 0 && durations > 0)
      return detail::each_removal(at, *inferred, reason, [](Value v) { return v < 0; });
    if (starts != 1 || durations != 0) return false;
    return detail::explain_by_bounds(at, *inferred, reason, [&](Lit b) { return start_bound(at, i, b, reason); });
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
      bool moved = false;
      if (!round(ctx, moved)) return PropStatus::failed;
      if (!moved) return PropStatus::fixpoint;
    }
  }

 private:
  Var start(std::size_t i) const { return scope()[i]; }

  // ---- explanations (the rules again, over the domains of `at`) ----

  // The tasks that surely last (least duration > 0) in `at`, in the orientation.
  using Win = detail::TaskWindow;
  std::vector<Win> windows(const PastDomains& at, bool mirrored) const {
    std::vector<Win> w;
    for (std::size_t k = 0; k < n_; ++k) {
      const long p = at.min(dur(k));
      if (p > 0) w.push_back(detail::window(at.min(start(k)), at.max(start(k)), p, 1, k, mirrored));
    }
    return w;
  }
  // The facts, in the orientation: t starts at e or later; t ends by l; t lasts at least t.p.
  Lit starts_from(const Win& t, long e, bool mirrored) const { return detail::starts_from(start(t.k), t, e, mirrored); }
  Lit ends_by(const Win& t, long l, bool mirrored) const { return detail::ends_by(start(t.k), t, l, mirrored); }
  Lit lasts(const Win& t) const { return Lit::ge(dur(t.k), detail::clip(t.p)); }

  // Explains the bound b ([s_i >= v] or [s_i <= v]) of task i's start.
  bool start_bound(const PastDomains& at, std::size_t i, Lit b, std::vector<Lit>& reason) const {
    const Var s = start(i);
    const bool mirrored = b.kind == Lit::Kind::le;
    if (mirrored ? at.max(s) <= b.value : at.min(s) >= b.value) {  // held already
      reason.push_back(b);
      return true;
    }
    long target = 0;
    if (!detail::proof_target(at, s, b, target)) return false;
    const std::vector<Win> w = windows(at, mirrored);
    std::size_t a = w.size();
    for (std::size_t q = 0; q < w.size(); ++q)
      if (w[q].k == i) a = q;
    if (a == w.size()) return false;  // may last 0: no rule moves it
    if (!prove(w, a, mirrored ? -(target + w[a].p) : target, mirrored, reason)) return false;
    return detail::reach_bound(at, b, target, reason);
  }

  // Why task w[a] starts at v or later (in the orientation): the tasks that must precede it have
  // together an earliest completion of v or more, or it cannot go first among tasks that each
  // end at v or later. False when no single rule shows it.
  bool prove(const std::vector<Win>& w, std::size_t a, long v, bool mirrored, std::vector<Lit>& reason) const {
    const Win& t = w[a];
    std::vector<std::size_t> by_est, by_lct;  // the others, latest start first; by completion
    for (std::size_t q = 0; q < w.size(); ++q)
      if (q != a) by_est.push_back(q), by_lct.push_back(q);
    std::sort(by_est.begin(), by_est.end(), [&](std::size_t x, std::size_t y) { return w[x].est > w[y].est; });
    std::sort(by_lct.begin(), by_lct.end(), [&](std::size_t x, std::size_t y) { return w[x].lct < w[y].lct; });
    // before[q]: 1 when q detectably precedes t (t cannot end by q's latest start), 2 when edge
    // finding over the tasks ending by `ends` puts t after q.
    std::vector<char> before(w.size(), 0);
    for (std::size_t q : by_est)
      if (t.est + t.p > w[q].lct - w[q].p) before[q] = 1;
    // Those marked, from the latest start down, until their earliest completion reaches v.
    auto complete = [&](long ends) {
      long total = 0;
      for (std::size_t q : by_est) {
        if (!before[q]) continue;
        total += w[q].p;
        const long e = w[q].est;
        if (e + total < v) continue;
        long latest = kMinValue - 1L;  // the latest start of the detectable ones used
        for (std::size_t r : by_est) {
          if (w[r].est < e) break;
          if (before[r] == 1) latest = std::max(latest, w[r].lct - w[r].p);
        }
        for (std::size_t r : by_est) {
          if (w[r].est < e) break;
          if (!before[r]) continue;
          reason.push_back(starts_from(w[r], e, mirrored));
          reason.push_back(lasts(w[r]));
          reason.push_back(ends_by(w[r], before[r] == 1 ? latest + w[r].p : ends, mirrored));
        }
        if (latest >= kMinValue) reason.push_back(starts_from(t, latest - t.p + 1, mirrored));
        reason.push_back(lasts(t));
        return true;
      }
      return false;
    };
    if (complete(0)) return true;
    // Edge finding: the others ending by L hold a set that, with t, cannot all end by L: t ends
    // after every one of them.
    for (std::size_t x = 0; x < by_lct.size(); ++x) {
      const long ends = w[by_lct[x]].lct;
      if (x + 1 < by_lct.size() && w[by_lct[x + 1]].lct == ends) continue;
      long total = 0, from = 0;
      bool found = false;
      for (std::size_t q : by_est) {
        if (w[q].lct > ends) continue;
        total += w[q].p;
        if (std::min(w[q].est, t.est) + total + t.p > ends) {
          found = true, from = w[q].est;
          break;
        }
      }
      if (!found) continue;
      for (std::size_t q : by_lct) {
        if (w[q].lct > ends) break;
        if (!before[q]) before[q] = 2;
      }
      if (complete(ends)) {
        total = 0;
        for (std::size_t q : by_est) {
          if (w[q].est < from) break;
          if (w[q].lct > ends) continue;
          total += w[q].p;
          reason.push_back(starts_from(w[q], from, mirrored));
          reason.push_back(ends_by(w[q], ends, mirrored));
          reason.push_back(lasts(w[q]));
        }
        reason.push_back(starts_from(t, ends - total - t.p + 1, mirrored));
        return true;
      }
      for (std::size_t q : by_lct)
        if (before[q] == 2) before[q] = 0;
    }
    // Not-first: the others that end at v or later, by completion; t cannot go before all those
    // ending by L, so one of them precedes it.
    long total = 0;
    for (std::size_t x = 0; x < by_lct.size(); ++x) {
      const Win& q = w[by_lct[x]];
      if (q.est + q.p < v) continue;
      total += q.p;
      if (t.est + t.p + total <= q.lct) continue;
      const long ends = q.lct;
      total = 0;
      for (std::size_t r : by_lct) {
        if (w[r].lct > ends) break;
        if (w[r].est + w[r].p < v) continue;
        total += w[r].p;
        reason.push_back(starts_from(w[r], v - w[r].p, mirrored));
        reason.push_back(ends_by(w[r], ends, mirrored));
        reason.push_back(lasts(w[r]));
      }
      reason.push_back(starts_from(t, ends - total - t.p + 1, mirrored));
      reason.push_back(lasts(t));
      return true;
    }
    return false;
  }

  bool explain_failure(const PastDomains& at, std::vector<Lit>& reason) const {
    for (std::size_t k = 0; k < n_; ++k)
      if (at.max(dur(k)) < 0) {
        reason.push_back(Lit::le(dur(k), at.max(dur(k))));
        return true;
      }
    // Overload: the tasks within [e, L) last longer than L - e.
    const std::vector<Win> w = windows(at, false);
    std::vector<std::size_t> by_est(w.size());
    for (std::size_t q = 0; q < w.size(); ++q) by_est[q] = q;
    std::sort(by_est.begin(), by_est.end(), [&](std::size_t x, std::size_t y) { return w[x].est > w[y].est; });
    for (const Win& last : w) {
      const long ends = last.lct;
      long total = 0;
      for (std::size_t q : by_est) {
        if (w[q].lct > ends) continue;
        total += w[q].p;
        if (w[q].est + total <= ends) continue;
        const long from = w[q].est;
        for (std::size_t r : by_est) {
          if (w[r].est < from) break;
          if (w[r].lct > ends) continue;
          reason.push_back(starts_from(w[r], from, false));
          reason.push_back(ends_by(w[r], ends, false));
          reason.push_back(lasts(w[r]));
        }
        return true;
      }
    }
    // A task that one rule pushes past its own latest start (either side).
    for (const bool mirrored : {false, true}) {
      const std::vector<Win> m = windows(at, mirrored);
      for (std::size_t a = 0; a < m.size(); ++a) {
        const std::size_t before = reason.size();
        if (prove(m, a, m[a].lct - m[a].p + 1, mirrored, reason)) {
          reason.push_back(ends_by(m[a], m[a].lct, mirrored));
          return true;
        }
        reason.resize(before);
      }
    }
    return false;
  }

  Var dur(std::size_t i) const { return scope()[n_ + i]; }
  long lst(std::size_t k) const { return lct_[k] - p_[k]; }

  // Every rule once on each side: earliest starts forward, then latest completions as the earliest
  // starts of the mirrored schedule (time t becomes -t). False when the tasks cannot fit.
  // Each rule's bounds are written as soon as it ends (`moved` set when one moved), so that a
  // written bound follows by one rule from the domains before its write, which is what explain()
  // reconstructs (the rounds' fixpoint is the same).
  bool round(Context& ctx, bool& moved) {
    for (const bool mirrored : {false, true}) {
      side_ = mirrored ? 1 : 0;
      if (mirrored) mirror();
      // A rule that moved no bound leaves nothing to write (the scratch windows are at most the
      // domains' bounds, which only the writes narrow).
      for (const auto rule : {&Disjunctive::edge_finding, &Disjunctive::detectable_precedences, &Disjunctive::not_last}) {
        narrowed_ = false;
        if (!(this->*rule)() || (narrowed_ && !write(ctx, mirrored, moved))) return false;
      }
      if (mirrored) mirror();
    }
    return true;
  }
  // Narrows each start to its scratch window (read back from the mirror when `mirrored`); false
  // on a wipe-out.
  bool write(Context& ctx, bool mirrored, bool& moved) {
    for (std::size_t k = 0; k < m_; ++k) {
      const Var s = start(task_[k]);
      const long est = mirrored ? -lct_[k] : est_[k], lst = (mirrored ? -est_[k] : lct_[k]) - p_[k];
      if (est > ctx.min(s)) {
        if (est > ctx.max(s) || !ctx.remove_below(s, static_cast<Value>(est))) return false;
        moved = true;
      }
      if (lst < ctx.max(s)) {
        if (lst < ctx.min(s) || !ctx.remove_above(s, static_cast<Value>(lst))) return false;
        moved = true;
      }
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
  // The orders the rules walk (sort_tasks), one of each per orientation.
  enum class OrderKey : std::uint8_t { est, lct_descending, lst, ect, lct };
  static constexpr std::size_t kOrderKeys = 5;
  struct Order {
    std::vector<std::size_t> tasks;  // ranks of lasting tasks; the first m sorted by the last call
    std::size_t m = 0;               // how many lasting tasks it was sorted over
  };
  // The lasting tasks in order of `key`, in the order `which` of the current orientation. Windows
  // move little from one call to the next, so the order left by the last call is nearly sorted
  // and insertion sort restores it in about m comparisons (sorting afresh, as std::sort did, was
  // half of a round on twelve tasks). The tasks' ranks k < m_ may stand for other scope tasks than
  // last time (a duration's least value reached 0 or left it): still a permutation, still sorted.
  // Ties may come out in any order; no rule's bounds depend on it.
  template <class Key>
  const std::vector<std::size_t>& sort_tasks(OrderKey which, Key key) {
    Order& o = orders_[side_][static_cast<std::size_t>(which)];
    std::vector<std::size_t>& t = o.tasks;
    if (o.m != m_) {
      for (std::size_t k = 0; k < m_; ++k) t[k] = k;
      o.m = m_;
    }
    for (std::size_t r = 1; r < m_; ++r) {
      const std::size_t k = t[r];
      const auto v = key(k);
      std::size_t q = r;
      for (; q > 0 && v < key(t[q - 1]); --q) t[q] = t[q - 1];
      t[q] = k;
    }
    return t;
  }
  // The lasting tasks by earliest start, as sort_by_start() left them for this orientation.
  const std::vector<std::size_t>& by_start() const {
    return orders_[side_][static_cast<std::size_t>(OrderKey::est)].tasks;
  }
  void sort_by_start() { sort_tasks(OrderKey::est, [&](std::size_t k) { return est_[k]; }); }
  // The tree empty, its leaves the tasks in order of earliest start.
  void clear_tree() {
    sort_by_start();
    for (std::size_t r = 0; r < m_; ++r) leaf_[by_start()[r]] = r;
    tree_.clear();
  }
  // Raises each est_[k] to bound_[k]; false when a task no longer fits its window.
  bool raise_starts() {
    for (std::size_t k = 0; k < m_; ++k) {
      if (bound_[k] > est_[k]) est_[k] = bound_[k], narrowed_ = true;
      if (est_[k] + p_[k] > lct_[k]) return false;
    }
    return true;
  }
  bool lower_completions() {
    for (std::size_t k = 0; k < m_; ++k) {
      if (bound_[k] < lct_[k]) lct_[k] = bound_[k], narrowed_ = true;
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
    const std::vector<std::size_t>& by_lct =
        sort_tasks(OrderKey::lct_descending, [&](std::size_t k) { return -lct_[k]; });
    std::size_t j = by_lct[0];
    for (std::size_t q = 1; q < m_; ++q) {
      if (tree_.ect() > lct_[j]) return false;
      tree_.make_gray(leaf_[j], est_[j], p_[j]);
      j = by_lct[q];
      while (tree_.ect_bar() > lct_[j]) {
        const int gray = tree_.responsible();
        if (gray < 0) break;
        const std::size_t i = by_start()[static_cast<std::size_t>(gray)];
        bound_[i] = std::max(bound_[i], tree_.ect());
        tree_.remove(static_cast<std::size_t>(gray));
      }
    }
    if (tree_.ect() > lct_[j]) return false;
    return raise_starts();
  }

  // The precedence rules below (detectable precedences, not-last) take each task i in turn with a
  // set Θ of others and need ECT(Θ). Up to this many lasting tasks they read it by a scan of the
  // tasks in order of est, O(n^2) in a few instructions a step; above, from the Θ-tree, O(n log n)
  // in a few dozen a step (remove and reinsert per task). On 12 tasks the scans take a third of
  // the tree's instructions (cyclic-rcpsp). Both give the same bounds
  // (tests/constraints/disjunctive.cpp checks one against the other).
  static constexpr std::size_t kScanTasks = 64;

  // ECT of the tasks that `in` (a predicate on ranks) keeps, run one after another: each starts
  // at its est or when the one before ends, in order of est (sort_by_start() called).
  template <class In>
  long ect_of(In in) const {
    long ect = kNoCompletion;
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t j = by_start()[r];
      if (in(j)) ect = std::max(ect, est_[j]) + p_[j];
    }
    return ect;
  }

  // Detectable precedences (Vilím 2004): j precedes i when est_i + p_i > lst_j; i starts after
  // the earliest completion of all the tasks it detectably follows.
  bool detectable_precedences() {
    if (m_ <= kScanTasks) {
      sort_by_start();
      for (std::size_t i = 0; i < m_; ++i) {
        const long ect_i = est_[i] + p_[i];
        bound_[i] = std::max(est_[i], ect_of([&](std::size_t j) { return j != i && ect_i > lst(j); }));
      }
      return raise_starts();
    }
    clear_tree();
    const std::vector<std::size_t>& by_lst = sort_tasks(OrderKey::lst, [&](std::size_t k) { return lst(k); });
    const std::vector<std::size_t>& by_ect =
        sort_tasks(OrderKey::ect, [&](std::size_t k) { return est_[k] + p_[k]; });
    std::fill(in_theta_.begin(), in_theta_.begin() + static_cast<long>(m_), false);
    std::size_t q = 0;
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t i = by_ect[r];
      for (; q < m_ && est_[i] + p_[i] > lst(by_lst[q]); ++q) {
        const std::size_t j = by_lst[q];
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
    if (m_ <= kScanTasks) {
      sort_by_start();
      for (std::size_t i = 0; i < m_; ++i) {
        long latest = kNoCompletion;  // as the tree's: the greatest lst below lct_i, i's own included
        const long ect = ect_of([&](std::size_t j) {
          if (lst(j) >= lct_[i]) return false;
          latest = std::max(latest, lst(j));
          return j != i;
        });
        bound_[i] = ect > lst(i) ? std::min(lct_[i], latest) : lct_[i];
      }
      return lower_completions();
    }
    clear_tree();
    const std::vector<std::size_t>& by_lst = sort_tasks(OrderKey::lst, [&](std::size_t k) { return lst(k); });
    const std::vector<std::size_t>& by_lct = sort_tasks(OrderKey::lct, [&](std::size_t k) { return lct_[k]; });
    std::fill(in_theta_.begin(), in_theta_.begin() + static_cast<long>(m_), false);
    std::size_t q = 0;
    long latest = kNoCompletion;  // the greatest lst in Θ (Θ joins in order of lst)
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t i = by_lct[r];
      for (; q < m_ && lct_[i] > lst(by_lst[q]); ++q) {
        const std::size_t j = by_lst[q];
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
  // The orders the rules walk, per orientation, kept from call to call (sort_tasks).
  Order orders_[2][kOrderKeys];
  std::size_t side_ = 0;    // 1 in the mirrored orientation
  bool narrowed_ = false;   // the last rule moved a bound of the scratch windows
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
