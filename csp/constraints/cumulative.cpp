#include "csp/constraints/cumulative.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/bounds.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/task_window.hpp"
#include "csp/constraints/cumulative_edge_finding.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// Scope: s..., d..., r..., b.
class Cumulative final : public Propagator {
 public:
  Cumulative(std::vector<Var> scope, std::size_t n)
      : Propagator(std::move(scope), Trigger::bounds), n_(n), part_(n), event_(2 * n), times_(2 * n), height_(2 * n), edges_(n), task_(n) {}
  std::string name() const override { return "cumulative"; }
  bool satisfied(std::span<const Value> v) const override {
    const auto s = v.first(n_), d = v.subspan(n_, n_), r = v.subspan(2 * n_, n_);
    const long b = v[3 * n_];
    if (n_ > 0 && b < 0) return false;
    for (std::size_t i = 0; i < n_; ++i)
      if (d[i] < 0 || r[i] < 0) return false;
    for (std::size_t j = 0; j < n_; ++j) {  // the load peaks at some task's start
      if (d[j] == 0 || r[j] == 0) continue;
      long load = 0;
      for (std::size_t i = 0; i < n_; ++i)
        if (s[i] <= s[j] && static_cast<long>(s[j]) < static_cast<long>(s[i]) + d[i]) load += r[i];
      if (load > b) return false;
    }
    return true;
  }
  PropStatus propagate(Context& ctx) override {
    if (n_ == 0) return PropStatus::fixpoint;
    const Var b = scope()[3 * n_];
    if (!at_least_zero(ctx, b)) return PropStatus::failed;
    // Every bound read once: the task's window, its least duration and use, its compulsory part.
    for (std::size_t i = 0; i < n_; ++i)
      if (!at_least_zero(ctx, dur(i)) || !at_least_zero(ctx, use(i))) return PropStatus::failed;
    std::size_t events = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      Part& p = part_[i];
      const Bounds s = bounds(ctx.domains(), start(i));
      p.est = s.min;
      p.lst = s.max;
      p.length = ctx.min(dur(i));
      p.need = ctx.min(use(i));
      p.from = p.lst;
      p.to = std::max(p.from, p.est + p.length);
      if (p.from == p.to || p.need == 0) continue;  // no part in the profile
      event_[events++] = {p.from, p.need};
      event_[events++] = {p.to, -p.need};
    }
    // The profile by one sweep over the sorted part ends: segment k is [times_[k], times_[k + 1])
    // at height_[k].
    std::sort(event_.begin(), event_.begin() + static_cast<long>(events),
              [](const Event& x, const Event& y) { return x.time < y.time; });
    std::size_t m = 0;
    long level = 0, peak = 0;
    for (std::size_t e = 0; e < events;) {
      const long t = event_[e].time;
      for (; e < events && event_[e].time == t; ++e) level += event_[e].delta;
      times_[m] = t;
      height_[m++] = level;
      peak = std::max(peak, level);
    }
    const std::size_t segments = m == 0 ? 0 : m - 1;
    if (peak > ctx.max(b) || !ctx.remove_below(b, static_cast<Value>(peak))) return PropStatus::failed;
    const long cap = ctx.max(b);
    // Each task away from the segments where it cannot run beside the others' compulsory parts.
    // A task that fits beside the highest segment fits everywhere; otherwise only the segments
    // its window overlaps can move it, so each sweep starts at the window and stops past it.
    const auto first = times_.begin(), last = times_.begin() + static_cast<long>(m);
    bool changed = false;
    for (std::size_t i = 0; i < n_; ++i) {
      const Part& own = part_[i];
      const long length = own.length, need = own.need;
      if (!limit_use(ctx, i, segments, peak, cap)) return PropStatus::failed;
      if (length == 0 || need == 0 || peak + need <= cap) continue;
      auto blocked = [&](std::size_t k) {
        const bool mine = own.need > 0 && own.from <= times_[k] && times_[k + 1] <= own.to;
        return height_[k] - (mine ? own.need : 0) + need > cap;
      };
      long est = own.est, lst = own.lst;
      // Forward: the segments that end after est, while they start before est + length.
      std::size_t k = static_cast<std::size_t>(std::upper_bound(first, last, est) - first);
      for (k = k == 0 ? 0 : k - 1; k < segments && times_[k] < est + length; ++k)
        if (blocked(k) && est < times_[k + 1]) est = times_[k + 1];
      // Backward: the segments that start before lst + length, while they end after lst.
      k = std::min(static_cast<std::size_t>(std::lower_bound(first, last, lst + length) - first), segments);
      while (k-- > 0 && times_[k + 1] > lst)
        if (blocked(k) && lst + length > times_[k]) lst = times_[k] - length;
      if (est > lst) return PropStatus::failed;
      if (est == own.est && lst == own.lst) continue;
      if (!ctx.remove_below(start(i), static_cast<Value>(est)) || !ctx.remove_above(start(i), static_cast<Value>(lst)))
        return PropStatus::failed;
      changed = true;
    }
    // A moved start grows compulsory parts: run again until the profile stands; only then edge
    // finding, which costs more.
    if (changed) return PropStatus::not_fixpoint;
    return edge_finding_when_it_pays(ctx, cap);
  }

  // Time-table explanations, point-wise (as lazy clause generation solvers explain time-tabling):
  // a start pushed to v is blocked at every earlier start it had, each by one time point where the
  // other tasks' compulsory parts and its own use exceed the capacity. A point names, per task
  // surely running there, the weakest facts that make it so ([s <= t], [s >= t - d + 1], its least
  // duration and use), and the capacity's greatest value. The points are picked greedily, each the
  // latest that blocks the earliest start not yet covered. A bound time-tabling does not explain
  // is tried as edge finding's (energy_bound); a failure likewise as an overload of energy. A
  // least capacity rests on a time point's compulsory load, a use's greatest value on the others'
  // load at a point where its task surely runs (other_bound).
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    if (n_ == 0) return false;
    const Var b = scope()[3 * n_];
    const long cap = at.max(b);
    if (inferred == nullptr) {  // an overload at some part's start, or a task with no place left
      for (std::size_t i = 0; i < n_; ++i) {
        const long t = at.max(start(i));
        if (load_at(at, t, n_) > cap) {
          add_point(at, t, n_, reason);
          reason.push_back(Lit::le(b, static_cast<Value>(cap)));
          return true;
        }
      }
      for (std::size_t j = 0; j < n_; ++j) {
        const std::size_t before = reason.size();
        const Var s = start(j);
        if (cover(at, j, at.min(s), at.max(s), cap, reason)) {
          reason.push_back(Lit::ge(s, at.min(s)));
          reason.push_back(Lit::le(s, at.max(s)));
          reason.push_back(Lit::le(b, static_cast<Value>(cap)));
          return true;
        }
        reason.resize(before);
      }
      for (std::size_t r = n_; r <= 3 * n_; ++r)  // a duration, use or capacity left no value
        if (const Var x = scope()[r]; at.max(x) < 0) {
          reason.push_back(Lit::le(x, at.max(x)));
          return true;
        }
      for (std::size_t i = 0; i < n_; ++i) {  // a use that no longer fits beside the others
        const std::size_t before = reason.size();
        const Var u = use(i);
        if (at.min(u) > 0 && other_bound(at, 2 * n_ + i, Lit::le(u, at.min(u) - 1), cap, reason)) {
          reason.push_back(Lit::ge(u, at.min(u)));
          return true;
        }
        reason.resize(before);
      }
      if (!overloaded(at, cap, reason)) {  // or edge finding pushes a start past its window
        bool found = false;
        for (std::size_t j = 0; j < n_ && !found; ++j) {
          const std::size_t before = reason.size();
          const Var s = start(j);
          found = at.max(s) < kMaxValue && energy_bound(at, j, Lit::ge(s, at.max(s) + 1), cap, reason);
          if (found) reason.push_back(Lit::le(s, at.max(s)));
          else reason.resize(before);
        }
        if (!found) return false;
      }
      reason.push_back(Lit::le(b, static_cast<Value>(cap)));
      return true;
    }
    const Lit need = *inferred;
    const std::size_t role = detail::once(scope(), need.var);
    if (role == scope().size()) return false;
    if (role >= n_) return detail::explain_by_bounds(at, need, reason, [&](Lit x) { return other_bound(at, role, x, cap, reason); });
    const std::size_t j = role;
    const Var s = need.var;
    // Why s >= v: its least value then, and blocked at every start from there up to v - 1 (for a
    // fixing, the side that did not move rests on its bound alone).
    const auto lower = [&](Value v) {
      const std::size_t before = reason.size();
      reason.push_back(Lit::ge(s, at.min(s)));
      if (v <= at.min(s) || cover(at, j, at.min(s), v - 1, cap, reason)) return true;
      reason.resize(before);
      return energy_bound(at, j, Lit::ge(s, v), cap, reason);
    };
    const auto upper = [&](Value v) {  // why s <= v, the same way down
      const std::size_t before = reason.size();
      reason.push_back(Lit::le(s, at.max(s)));
      if (v >= at.max(s) || cover(at, j, v + 1, at.max(s), cap, reason)) return true;
      reason.resize(before);
      return energy_bound(at, j, Lit::le(s, v), cap, reason);
    };
    bool ok = false;
    switch (need.kind) {
      case Lit::Kind::ge: ok = lower(need.value); break;
      case Lit::Kind::le: ok = upper(need.value); break;
      case Lit::Kind::eq: ok = lower(need.value) && upper(need.value); break;
      case Lit::Kind::ne: return false;
    }
    if (!ok) return false;
    reason.push_back(Lit::le(b, static_cast<Value>(cap)));
    return true;
  }

 private:
  // Least duration and use of task i in `at` (never negative: the propagator cut those first).
  long length_at(const PastDomains& at, std::size_t i) const { return std::max<long>(at.min(dur(i)), 0); }
  long need_at(const PastDomains& at, std::size_t i) const { return std::max<long>(at.min(use(i)), 0); }
  // True when task i surely runs at time t in `at`.
  bool runs_at(const PastDomains& at, std::size_t i, long t) const {
    return at.max(start(i)) <= t && t < at.min(start(i)) + length_at(at, i);
  }
  // The compulsory load at time t of the tasks other than `skip`.
  long load_at(const PastDomains& at, long t, std::size_t skip) const {
    long load = 0;
    for (std::size_t i = 0; i < n_; ++i)
      if (i != skip && runs_at(at, i, t)) load += need_at(at, i);
    return load;
  }
  // The facts that make the tasks other than `skip` run at t with their uses.
  void add_point(const PastDomains& at, long t, std::size_t skip, std::vector<Lit>& reason) const {
    for (std::size_t i = 0; i < n_; ++i) {
      if (i == skip || !runs_at(at, i, t) || need_at(at, i) == 0) continue;
      const long length = length_at(at, i);
      reason.push_back(Lit::le(start(i), static_cast<Value>(t)));
      reason.push_back(Lit::ge(start(i), static_cast<Value>(t - length + 1)));
      reason.push_back(Lit::ge(dur(i), static_cast<Value>(length)));
      reason.push_back(Lit::ge(use(i), static_cast<Value>(need_at(at, i))));
    }
  }
  // Why task j can start at none of [from, to]: a start that is a hole of s_j names the hole;
  // the others are each overlapped by a time point of overload. False when one is not.
  bool cover(const PastDomains& at, std::size_t j, long from, long to, long cap, std::vector<Lit>& reason) const {
    const long length = length_at(at, j), need = need_at(at, j);
    if (length == 0 || need == 0 || to - from > 100000) return false;
    reason.push_back(Lit::ge(dur(j), static_cast<Value>(length)));
    reason.push_back(Lit::ge(use(j), static_cast<Value>(need)));
    const Var s = start(j);
    for (long t = from; t <= to;) {
      if (!at.contains(s, static_cast<Value>(t))) {
        reason.push_back(Lit::ne(s, static_cast<Value>(t)));
        ++t;
        continue;
      }
      long point = t + length - 1;  // the latest point a start at t overlaps
      while (point >= t && load_at(at, point, j) + need <= cap) --point;
      if (point < t) return false;
      add_point(at, point, j, reason);
      t = point + 1;  // every start up to the point overlaps it
    }
    return true;
  }

  // The bound x of a duration, use or the capacity (scope position `role`): none is negative; the
  // capacity at least the compulsory load at a part's start; a use at most the capacity less the
  // others' load at a point of its own compulsory part.
  bool other_bound(const PastDomains& at, std::size_t role, Lit x, long cap, std::vector<Lit>& reason) const {
    if (x.kind == Lit::Kind::ge && x.value <= 0) return true;
    if (role == 3 * n_ && x.kind == Lit::Kind::ge) {
      long best = 0, when = 0;
      for (std::size_t i = 0; i < n_; ++i)
        if (const long t = at.max(start(i)), load = load_at(at, t, n_); load > best) best = load, when = t;
      if (best == 0) return false;
      add_point(at, when, n_, reason);
      return detail::reach_bound(at, x, best, reason);
    }
    if (role < 2 * n_ || role >= 3 * n_ || x.kind != Lit::Kind::le) return false;
    const std::size_t i = role - 2 * n_;
    const long lst = at.max(start(i)), end = at.min(start(i)) + length_at(at, i);  // its part: [lst, end)
    if (lst >= end) return false;
    long best = load_at(at, lst, i), when = lst;
    for (std::size_t k = 0; k < n_; ++k)
      if (const long t = at.max(start(k)); lst < t && t < end)
        if (const long load = load_at(at, t, i); load > best) best = load, when = t;
    reason.push_back(Lit::le(start(i), static_cast<Value>(when)));
    reason.push_back(Lit::ge(start(i), static_cast<Value>(when - length_at(at, i) + 1)));
    reason.push_back(Lit::ge(dur(i), static_cast<Value>(length_at(at, i))));
    add_point(at, when, i, reason);
    reason.push_back(Lit::le(scope()[3 * n_], static_cast<Value>(cap)));
    return detail::reach_bound(at, x, cap - best, reason);
  }

  // ---- edge finding's explanations, over the energy of task windows in `at` ----

  using Window = detail::TaskWindow;
  // The tasks of positive least duration and use, in the orientation; empty when an energy
  // could overflow (then nothing is explained this way).
  std::vector<Window> windows(const PastDomains& at, long cap, bool mirrored) const {
    constexpr long kLarge = 1L << 24;
    std::vector<Window> w;
    if (n_ > 64 || cap > kLarge) return w;
    for (std::size_t i = 0; i < n_; ++i) {
      const long p = length_at(at, i), c = need_at(at, i);
      if (p > kLarge || c > kLarge) return {};
      if (p > 0 && c > 0) w.push_back(detail::window(at.min(start(i)), at.max(start(i)), p, c, i, mirrored));
    }
    return w;
  }
  // The facts that the tasks of w (but `skip`) ending by l and starting from a lie there, with
  // their least durations and uses.
  void within(const std::vector<Window>& w, std::size_t skip, long a, long l, bool mirrored, std::vector<Lit>& reason) const {
    for (std::size_t q = 0; q < w.size(); ++q) {
      if (q == skip || w[q].est < a || w[q].lct > l) continue;
      reason.push_back(detail::starts_from(start(w[q].k), w[q], a, mirrored));
      reason.push_back(detail::ends_by(start(w[q].k), w[q], l, mirrored));
      lasts(w[q], reason);
    }
  }
  void lasts(const Window& t, std::vector<Lit>& reason) const {
    reason.push_back(Lit::ge(dur(t.k), detail::clip(t.p)));
    reason.push_back(Lit::ge(use(t.k), detail::clip(t.c)));
  }
  // Edge finding's bound b of task j's start ([s >= v]; [s <= v] mirrored): the others ending by
  // L and starting from a, with j from a, hold more energy than cap · (L - a), so j ends after L;
  // then those ending by L' <= L and starting from a' leave j no start before
  // a' + ceil(rest / c_j), rest = their energy - (cap - c_j) · (L' - a'). The capacity's fact is
  // the caller's.
  bool energy_bound(const PastDomains& at, std::size_t j, Lit b, long cap, std::vector<Lit>& reason) const {
    const bool mirrored = b.kind == Lit::Kind::le;
    long target = 0;
    if (!detail::proof_target(at, start(j), b, target)) return false;
    const std::vector<Window> w = windows(at, cap, mirrored);
    std::size_t me = w.size();
    for (std::size_t q = 0; q < w.size(); ++q)
      if (w[q].k == j) me = q;
    if (me == w.size()) return false;
    const Window& t = w[me];
    const long v = mirrored ? -(target + t.p) : target;
    std::vector<std::size_t> by_est, by_lct;  // the others, latest start first; by completion
    for (std::size_t q = 0; q < w.size(); ++q)
      if (q != me) by_est.push_back(q), by_lct.push_back(q);
    std::sort(by_est.begin(), by_est.end(), [&](std::size_t x, std::size_t y) { return w[x].est > w[y].est; });
    std::sort(by_lct.begin(), by_lct.end(), [&](std::size_t x, std::size_t y) { return w[x].lct < w[y].lct; });
    for (std::size_t x = 0; x < by_lct.size(); ++x) {
      const long l = w[by_lct[x]].lct;
      if (l <= t.est || (x + 1 < by_lct.size() && w[by_lct[x + 1]].lct == l)) continue;
      long energy = 0, from = 0;
      bool detected = false;
      for (std::size_t q : by_est) {
        if (w[q].lct > l) continue;
        energy += w[q].p * w[q].c;
        from = std::min(w[q].est, t.est);
        if (cap * from + energy + t.p * t.c > cap * l) {
          detected = true;
          break;
        }
      }
      if (!detected) continue;
      for (std::size_t y = 0; y <= x; ++y) {
        const long l2 = w[by_lct[y]].lct;
        long rest_energy = 0;
        for (std::size_t q : by_est) {
          if (w[q].lct > l2) continue;
          rest_energy += w[q].p * w[q].c;
          const long a = w[q].est, rest = rest_energy - (cap - t.c) * (l2 - a);
          if (rest <= 0 || a + (rest + t.c - 1) / t.c < v) continue;
          within(w, me, from, l, mirrored, reason);
          reason.push_back(detail::starts_from(start(j), t, from, mirrored));
          lasts(t, reason);
          within(w, me, a, l2, mirrored, reason);
          return detail::reach_bound(at, b, target, reason);
        }
      }
    }
    return false;
  }
  // An overload of energy: the tasks ending by L and starting from a hold more than cap · (L - a).
  bool overloaded(const PastDomains& at, long cap, std::vector<Lit>& reason) const {
    const std::vector<Window> w = windows(at, cap, false);
    std::vector<std::size_t> by_est(w.size());
    for (std::size_t q = 0; q < w.size(); ++q) by_est[q] = q;
    std::sort(by_est.begin(), by_est.end(), [&](std::size_t x, std::size_t y) { return w[x].est > w[y].est; });
    for (const Window& last : w) {
      long energy = 0;
      for (std::size_t q : by_est) {
        if (w[q].lct > last.lct) continue;
        energy += w[q].p * w[q].c;
        if (cap * w[q].est + energy <= cap * last.lct) continue;
        within(w, w.size(), w[q].est, last.lct, false, reason);
        return true;
      }
    }
    return false;
  }

  struct Part {
    long est = 0, lst = 0;           // the start's bounds
    long length = 0, need = 0;       // least duration and least use
    long from = 0, to = 0;           // time-compulsory part [from, to), in the profile at height need; from == to: none
  };
  struct Event {
    long time = 0, delta = 0;  // the profile changes by delta at time
  };
  // Task i's use at most cap less the others' profile where i surely runs (its time-compulsory
  // part [lst, est + least duration), whatever its use). False when that empties the use.
  bool limit_use(Context& ctx, std::size_t i, std::size_t segments, long peak, long cap) {
    const Part& own = part_[i];
    if (own.from == own.to) return true;
    const long counted = own.need;  // own part is in the profile exactly on [from, to) when need > 0
    const long most = ctx.max(use(i));
    if (most + peak - counted <= cap || most == own.need) return true;
    long load = 0;
    if (segments == 0) return most <= cap || ctx.remove_above(use(i), static_cast<Value>(cap));
    const auto first = times_.begin(), last = times_.begin() + static_cast<long>(segments + 1);
    std::size_t k = static_cast<std::size_t>(std::upper_bound(first, last, own.from) - first);
    for (k = k == 0 ? 0 : k - 1; k < segments && times_[k] < own.to; ++k)
      if (times_[k + 1] > own.from) load = std::max(load, height_[k] - counted);
    return most + load <= cap || ctx.remove_above(use(i), static_cast<Value>(cap - load));
  }
  // Edge finding proves what time-tabling cannot where resources are tight and tasks overlap in
  // their windows (mspsp's skill resources: easy_04 proved in 17,359 nodes, none without it), but
  // where it never prunes it costs as much again as time-tabling (rcpsp: 74,790 runs over 3,000
  // nodes of rcpsp_wet_j30_35_9 and not one bound moved, 925 M -> 1,234 M instructions). So it
  // backs off: after kIdleRuns runs in a row that neither moved a bound nor failed it sleeps for
  // kSleepRuns runs of this propagator, then tries again. Sound either way (time-tabling alone
  // decides every complete schedule); it only decides how much this propagator prunes, and the
  // counters belong to this search's propagator (each search thread has its own model).
  static constexpr std::uint32_t kIdleRuns = 256, kSleepRuns = 4096;
  PropStatus edge_finding_when_it_pays(Context& ctx, long cap) {
    if (asleep_ > 0) {
      --asleep_;
      return PropStatus::fixpoint;
    }
    const PropStatus s = edge_finding(ctx, cap);
    if (s != PropStatus::fixpoint) {
      idle_ = 0;
    } else if (++idle_ == kIdleRuns) {
      idle_ = 0;
      asleep_ = kSleepRuns;
    }
    return s;
  }
  // Edge finding on the tasks of positive least duration and use, at the time-tabling fixpoint.
  PropStatus edge_finding(Context& ctx, long cap) {
    edges_.clear();
    for (std::size_t i = 0; i < n_; ++i) {
      const Part& p = part_[i];
      if (p.length > 0 && p.need > 0) edges_.add(p.est, p.lst + p.length, p.length, p.need), task_[edges_.size() - 1] = i;
    }
    if (edges_.size() < 2) return PropStatus::fixpoint;
    if (!edges_.filter(cap)) return PropStatus::failed;
    bool moved = false;
    for (std::size_t k = 0; k < edges_.size(); ++k) {
      const Part& p = part_[task_[k]];
      const Var s = start(task_[k]);
      const long est = edges_.est(k), lst = edges_.lct(k) - p.length;
      if (est > p.est) {
        if (!ctx.remove_below(s, static_cast<Value>(est))) return PropStatus::failed;
        moved = true;
      }
      if (lst < p.lst) {
        if (!ctx.remove_above(s, static_cast<Value>(lst))) return PropStatus::failed;
        moved = true;
      }
    }
    return moved ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }
  // Removes v's negative candidates (durations, uses and the capacity are never negative).
  static bool at_least_zero(Context& ctx, Var v) { return ctx.min(v) >= 0 || ctx.remove_below(v, 0); }
  Var start(std::size_t i) const { return scope()[i]; }
  Var dur(std::size_t i) const { return scope()[n_ + i]; }
  Var use(std::size_t i) const { return scope()[2 * n_ + i]; }

  std::size_t n_;
  std::vector<Part> part_;    // scratch, per task
  std::vector<Event> event_;  // scratch: where each compulsory part starts and ends
  std::vector<long> times_;   // scratch: the distinct event times, increasing
  std::vector<long> height_;  // scratch: the profile from each time to the next
  CumulativeEdgeFinder edges_;     // scratch: the edge-finding tasks
  std::vector<std::size_t> task_;  // scratch: the scope task of each edge-finding task
  std::uint32_t idle_ = 0;         // edge finding's runs in a row without pruning or failing
  std::uint32_t asleep_ = 0;       // runs left before edge finding is tried again
};

}  // namespace

std::unique_ptr<Propagator> cumulative(std::vector<Var> s, std::vector<Var> d, std::vector<Var> r, Var b) {
  if (s.size() != d.size() || s.size() != r.size())
    throw std::invalid_argument("cumulative: starts, durations and uses differ in length");
  const std::size_t n = s.size();
  s.insert(s.end(), d.begin(), d.end());
  s.insert(s.end(), r.begin(), r.end());
  s.push_back(b);
  return std::make_unique<Cumulative>(std::move(s), n);
}

}  // namespace csp
