// All-different at generalised arc consistency (Régin 1994).
//
// The constraint is a bipartite graph: scope positions on one side, values on the other, an edge
// for every candidate. A solution is a matching that covers every position, so:
//  1. find a maximum matching (augmenting paths); fewer edges than positions means failure;
//  2. a candidate survives iff its edge lies in SOME maximum matching. By Berge's theorem that is:
//     the edge is in the matching, or it lies on an alternating cycle (both ends in one strongly
//     connected component of the residual graph), or on an even alternating path that starts at a
//     free (unmatched) value. Every other edge is removed, and what is left is exactly GAC.
//
// The residual graph is worked on the positions only. With non-matching edges oriented
// position -> value and matching edges value -> position, a matched value is just a hop to its
// partner, so "i has candidate j, j is matched to k" becomes the edge i -> k. A free value has no
// way out, so it is a sink; "an even alternating path from a free value through edge (i, j)" is
// then "k = mate(j) can reach a position that has a free value among its candidates". Tarjan's
// algorithm computes both the components and that reachability flag in one pass, because a
// component is finished only after every component it can reach.
//
// With offsets (all-different over x_i + c_i), position i's candidates are read as the values of
// x_i shifted by c_i: its layout range and base are shifted, the rest is unchanged, and a removal
// is shifted back. Values are any ints: each position's layout range (VarLayout base, words * 64 values) is placed
// in one dense index space (overlapping ranges merged, so a value shared by several variables has
// one index). Candidates are read straight from the domain words, so the one-word case (at most 64
// values per variable, the common one) costs a countr_zero per candidate and nothing else.
// An interval-form variable has no bits to read and too many values to match one by one: a scope
// that holds one is handed to all-different(value) instead (bounds-form domains cannot show the
// holes domain consistency would make anyway).
//
// Search restores older domains by copying words, behind the propagator's back. The matching is
// kept from the previous call only as a starting point: each call first drops the pairs whose value
// is no longer a candidate, then re-augments. All scratch is sized on the first call; after that a
// call allocates nothing. Both graph walks use explicit stacks (no recursion depth limit).
#include "csp/constraints/all_different_domain.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/all_different_explain.hpp"
#include "csp/constraints/all_different.hpp"
#include "csp/constraints/detail/domain_words.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class AllDifferentDomain final : public Propagator {
 public:
  AllDifferentDomain(std::vector<Var> vars, std::vector<Value> offsets)
      : Propagator(std::move(vars), Trigger::any), shift_(std::move(offsets)) {
    // A variable listed twice with one offset can never differ from itself: the constraint is
    // unsatisfiable. (Twice with two offsets is two positions the matching treats as independent:
    // sound, but not GAC.)
    std::vector<std::pair<Var, Value>> sorted;
    for (std::size_t i = 0; i < scope().size(); ++i) sorted.emplace_back(scope()[i], shift_[i]);
    std::sort(sorted.begin(), sorted.end());
    repeated_ = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
  }

  std::string name() const override { return "all-different(domain)"; }
  bool satisfied(std::span<const Value> v) const override { return distinct_shifted(v, shift_); }
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    return detail::explain_all_different(scope(), shift_, at, inferred, reason);
  }

  // Search without propagation: only two fixed variables with one value are a violation.
  bool check(const Domains& d) const override {
    const auto& s = scope();
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (!d.fixed(s[i])) continue;
      for (std::size_t j = i + 1; j < s.size(); ++j)
        if (d.fixed(s[j]) && d.value(s[i]) + shift_[i] == d.value(s[j]) + shift_[j]) return false;
    }
    return true;
  }

  PropStatus propagate(Context& ctx) override {
    if (repeated_) return PropStatus::failed;
    const Domains& d = ctx.domains();
    if (!ready_) setup(d);
    if (fallback_) return fallback_->propagate(ctx);
    if (one_word_) {
      PropStatus status;
      if (propagate_small(ctx, status)) return status;
    }
    const std::uint64_t* words = d.words().data();

    // 1. Keep the still-valid part of the previous matching (the domains may have been narrowed
    //    or restored to an older state since), then extend it to cover every position.
    for (int i = 0; i < n_; ++i) {
      const int j = var_mate_[idx(i)];
      if (j >= 0 && !candidate(words, i, j)) {
        val_mate_[idx(j)] = -1;
        var_mate_[idx(i)] = -1;
      }
    }
    // A cheap greedy pass first: most positions find a free value directly.
    for (int i = 0; i < n_; ++i) {
      if (var_mate_[idx(i)] >= 0) continue;
      Cursor c = start(words, i);
      for (int j = next(words, c); j >= 0; j = next(words, c)) {
        if (val_mate_[idx(j)] < 0) {
          var_mate_[idx(i)] = j;
          val_mate_[idx(j)] = i;
          break;
        }
      }
    }
    for (int i = 0; i < n_; ++i) {
      // No augmenting path from a free position now means none later either (Berge): the
      // maximum matching leaves i out, so no assignment gives every variable its own value.
      if (var_mate_[idx(i)] < 0 && !augment(words, i)) return PropStatus::failed;
    }

    // 2. Strong components of the residual graph, and which of them reach a free value.
    components(words);

    // 3. Remove every edge in no maximum matching. The analysis above is complete before the
    //    first write, and pruning position i only changes i's own words, so the order is free.
    for (int i = 0; i < n_; ++i) {
      const Var x = scope()[idx(i)];
      const std::uint32_t first = first_word_[idx(i)];
      for (std::uint32_t k = 0; k < words_of_[idx(i)]; ++k) {
        const std::uint64_t bits = words[first + k];
        std::uint64_t keep = bits;
        for (std::uint64_t b = bits; b != 0; b &= b - 1) {
          const int bit = std::countr_zero(b);
          const int m = val_mate_[idx(offset_[idx(i)] + static_cast<int>(k * 64) + bit)];
          // Kept: a free value, i's own partner, an alternating cycle, or an even path from a free value.
          if (m < 0 || m == i || comp_[idx(m)] == comp_[idx(i)] || reach_free_[idx(m)]) continue;
          keep &= ~bit_of(bit);
        }
        if (keep == bits) continue;
        if (words_of_[idx(i)] == 1) {
          // keep always holds i's partner, so this write cannot empty the domain.
          if (!ctx.keep_bits(x, keep)) return PropStatus::failed;
        } else {
          const long base = base_[idx(i)] + static_cast<long>(k * 64) - shift_[idx(i)];  // x's value of bit 0
          for (std::uint64_t gone = bits & ~keep; gone != 0; gone &= gone - 1)
            if (!ctx.remove(x, static_cast<Value>(base + std::countr_zero(gone)))) return PropStatus::failed;
        }
      }
    }
    // Removing edges that lie in no maximum matching leaves the set of maximum matchings as it
    // was, so every remaining candidate is still supported: running again would change nothing.
    return PropStatus::fixpoint;
  }

 private:
  // ---- the one-word path ------------------------------------------------------------------------
  // When every variable has one word and the candidates of the whole scope lie within 64
  // consecutive values lo..lo+63 (a permutation of up to 64 values, say), each position's
  // candidates are one mask of value indices (bit j: value lo + j) and the steps below are a few
  // word operations per position or edge. The window is usually the one fixed at setup (lo at the
  // least base: then each mask is one shift); when a candidate lies beyond it, lo is worked out
  // afresh, so the matching is kept as values (small_mate_), not indices. Fixed positions leave
  // the graph first: their values leave every other position (value consistency, which GAC
  // implies), and the rest is all-different over the open positions and the values nobody fixed.

  static bool single(std::uint64_t bits) { return (bits & (bits - 1)) == 0; }
  static std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

  // The one-word path; false (and nothing written) when the candidates span more than 64 values.
  bool propagate_small(Context& ctx, PropStatus& status) {
    if (n_ == 0) return false;  // no bounds to span (lo - hi below would overflow)
    const std::uint64_t* words = ctx.domains().words().data();
    std::uint64_t beyond = 0;  // candidates past the end of the setup window
    for (int i = 0; i < n_; ++i) {
      const std::uint64_t b = words[first_word_[idx(i)]];
      if (b == 0) {
        status = PropStatus::failed;
        return true;
      }
      beyond |= b & lift_lost_[idx(i)];
      cand_[idx(i)] = b << lift_[idx(i)];
    }
    long lo = window_lo_;
    if (beyond != 0) {
      lo = std::numeric_limits<long>::max();
      long hi = std::numeric_limits<long>::min();
      for (int i = 0; i < n_; ++i) {
        const std::uint64_t b = words[first_word_[idx(i)]];
        lo = std::min(lo, static_cast<long>(base_[idx(i)]) + std::countr_zero(b));
        hi = std::max(hi, static_cast<long>(base_[idx(i)]) + 63 - std::countl_zero(b));
      }
      if (hi - lo >= 64) return false;
      for (int i = 0; i < n_; ++i)
        cand_[idx(i)] = domain_words::shifted(words[first_word_[idx(i)]], base_[idx(i)] - lo);
    }
    status = small_run(ctx, words, lo);
    return true;
  }

  // cand_ holds the candidates in the window at lo.
  PropStatus small_run(Context& ctx, const std::uint64_t* words, long lo) {
    // Fixed values leave the open positions until none is newly fixed.
    std::uint64_t fixed_values = 0, open = 0;  // a value mask, a position mask
    for (int i = 0; i < n_; ++i) {
      const std::uint64_t c = cand_[idx(i)];
      if (!single(c)) {
        open |= bit(i);
      } else if ((fixed_values & c) != 0) {
        return PropStatus::failed;  // two fixed positions, one value
      } else {
        fixed_values |= c;
      }
    }
    std::uint64_t write = open;  // the positions whose candidates may change below
    for (bool again = true; again;) {
      again = false;
      for (std::uint64_t rest = open; rest != 0; rest &= rest - 1) {
        const int i = std::countr_zero(rest);
        const std::uint64_t c = cand_[idx(i)] & ~fixed_values;
        if (c == cand_[idx(i)]) continue;
        if (c == 0) return PropStatus::failed;
        cand_[idx(i)] = c;
        if (!single(c)) continue;
        fixed_values |= c;
        open &= ~bit(i);
        again = true;
      }
    }

    // 1. A matching of the open positions: the previous one where it still holds, then greedy,
    //    then augmenting paths.
    std::uint64_t matched = 0, unmatched = 0;  // a value mask, a position mask
    for (std::uint64_t rest = open; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      const long j = static_cast<long>(small_mate_[idx(i)]) - lo;
      if (j >= 0 && j < 64 && (cand_[idx(i)] & ~matched & bit(static_cast<int>(j))) != 0) {
        match(i, static_cast<int>(j), matched);
      } else {
        unmatched |= bit(i);
      }
    }
    for (std::uint64_t rest = unmatched; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      const std::uint64_t free = cand_[idx(i)] & ~matched;
      if (free == 0) continue;
      match(i, std::countr_zero(free), matched);
      unmatched &= ~bit(i);
    }
    for (; unmatched != 0; unmatched &= unmatched - 1)
      if (!augment_small(std::countr_zero(unmatched), matched)) return PropStatus::failed;
    for (std::uint64_t rest = open; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      small_mate_[idx(i)] = static_cast<Value>(lo + mate_[idx(i)]);
    }

    // 2. The positions that reach a free value, grown backwards from those that have one (by
    //    word operations, as the values they are matched to). Every edge into them is kept, every
    //    edge from them to one that does not reach is removed (that one cannot reach back).
    std::uint64_t all = 0;
    for (std::uint64_t rest = open; rest != 0; rest &= rest - 1) all |= cand_[idx(std::countr_zero(rest))];
    const std::uint64_t free = all & ~matched;
    std::uint64_t reach = free;   // free values and the partners of the positions that reach one
    std::uint64_t closed = open;  // open positions not (yet) known to reach a free value
    for (bool grew = true; grew;) {
      grew = false;
      for (std::uint64_t rest = closed; rest != 0; rest &= rest - 1) {
        const int i = std::countr_zero(rest);
        if ((cand_[idx(i)] & reach) == 0) continue;
        reach |= bit(mate_[idx(i)]);
        closed &= ~bit(i);
        grew = true;
      }
    }

    // 3. Among the others (edges only among themselves), an edge is kept iff it lies on a cycle:
    //    strong components. When every open position reaches a free value, nothing is pruned.
    if (closed != 0) components_small(closed, matched);

    // 4. Write back every position that lost a value above or here.
    for (; write != 0; write &= write - 1) {
      const int i = std::countr_zero(write);
      std::uint64_t c = cand_[idx(i)];
      if ((open >> i & 1) != 0) c &= (closed >> i & 1) != 0 ? comp_values_[idx(i)] : reach;
      const std::uint64_t now = domain_words::shifted(c, lo - base_[idx(i)]);
      // now holds i's partner or its fixed value, so this write cannot empty the domain.
      if (now != words[first_word_[idx(i)]] && !ctx.keep_bits(scope()[idx(i)], now)) return PropStatus::failed;
    }
    return PropStatus::fixpoint;
  }

  void match(int i, int j, std::uint64_t& matched) {
    mate_[idx(i)] = j;
    owner_[idx(j)] = i;
    matched |= bit(j);
  }

  // Breadth-first search for an augmenting path from the unmatched open position `root`: values
  // first met from a position are recorded (from_), matched ones lead on to their partner, and the
  // first free value flips the path back to root. Each value is met once, so each position is
  // queued at most once.
  bool augment_small(int root, std::uint64_t& matched) {
    int head = 0, tail = 0;
    queue_[idx(tail++)] = root;
    std::uint64_t met = 0;
    while (head < tail) {
      int p = queue_[idx(head++)];
      const std::uint64_t fresh = cand_[idx(p)] & ~met;
      met |= fresh;
      if (const std::uint64_t free = fresh & ~matched; free != 0) {
        int j = std::countr_zero(free);
        matched |= bit(j);
        for (;;) {
          const int old = p == root ? -1 : mate_[idx(p)];
          mate_[idx(p)] = j;
          owner_[idx(j)] = p;
          if (old < 0) return true;
          j = old;
          p = from_[idx(old)];
        }
      }
      for (std::uint64_t rest = fresh; rest != 0; rest &= rest - 1) {
        const int j = std::countr_zero(rest);
        from_[idx(j)] = p;
        queue_[idx(tail++)] = owner_[idx(j)];
      }
    }
    return false;
  }

  // Tarjan's algorithm as in components(), over the positions `among` (closed under the edges):
  // i -> owner_[j] for every other matched candidate j of i. Sets comp_values_[i] to the partners
  // of i's component.
  void components_small(std::uint64_t among, std::uint64_t matched) {
    std::uint64_t visited = 0, on_stack = 0;  // position masks
    int counter = 0, sp = 0;
    for (std::uint64_t roots = among; roots != 0; roots &= roots - 1) {
      const int root = std::countr_zero(roots);
      if ((visited >> root & 1) != 0) continue;
      int top = 0;
      auto visit = [&](int v) {
        index_[idx(v)] = low_[idx(v)] = counter++;
        scc_stack_[idx(sp++)] = v;
        visited |= bit(v);
        on_stack |= bit(v);
        frame_[idx(top)] = {v, cand_[idx(v)] & matched & ~bit(mate_[idx(v)])};
      };
      visit(root);
      while (top >= 0) {
        Frame& f = frame_[idx(top)];
        const int v = f.pos;
        if (f.rest != 0) {
          const int w = owner_[idx(std::countr_zero(f.rest))];
          f.rest &= f.rest - 1;
          if ((visited >> w & 1) == 0) {
            ++top;
            visit(w);
          } else if ((on_stack >> w & 1) != 0) {
            low_[idx(v)] = std::min(low_[idx(v)], index_[idx(w)]);
          }
          continue;
        }
        if (low_[idx(v)] == index_[idx(v)]) {  // v is the root of its component: close it
          int k = sp;
          do --k;
          while (scc_stack_[idx(k)] != v);
          std::uint64_t members = 0, values = 0;
          for (int t = k; t < sp; ++t) {
            const int u = scc_stack_[idx(t)];
            members |= bit(u);
            values |= bit(mate_[idx(u)]);
          }
          for (int t = k; t < sp; ++t) comp_values_[idx(scc_stack_[idx(t)])] = values;
          on_stack &= ~members;
          sp = k;
        }
        if (--top >= 0) {
          const int p = frame_[idx(top)].pos;
          low_[idx(p)] = std::min(low_[idx(p)], low_[idx(v)]);
        }
      }
    }
  }

  // Walks one position's candidates as value indices, word by word.
  struct Cursor {
    int pos = 0;              // scope position
    std::uint32_t word = 0;   // word being scanned
    std::uint64_t rest = 0;   // its candidates not yet returned
    int value = -1;           // index of the value returned last (the edge being followed)
  };

  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }

  Cursor start(const std::uint64_t* words, int pos) const {
    Cursor c;
    c.pos = pos;
    c.rest = words[first_word_[idx(pos)]];
    return c;
  }
  // The next candidate's value index, or -1 when the position has no more.
  int next(const std::uint64_t* words, Cursor& c) const {
    const std::size_t p = idx(c.pos);
    while (c.rest == 0) {
      if (c.word + 1 >= words_of_[p]) return -1;
      c.rest = words[first_word_[p] + ++c.word];
    }
    const int bit = std::countr_zero(c.rest);
    c.rest &= c.rest - 1;
    c.value = offset_[p] + static_cast<int>(c.word * 64) + bit;
    return c.value;
  }
  // True when value index j is a candidate of position i.
  bool candidate(const std::uint64_t* words, int i, int j) const {
    const int bit = j - offset_[idx(i)];
    if (bit < 0 || bit >= static_cast<int>(words_of_[idx(i)] * 64)) return false;
    return (words[first_word_[idx(i)] + static_cast<std::uint32_t>(bit / 64)] >> (bit % 64) & 1) != 0;
  }

  // The value of position i's bit 0: its variable's layout base shifted by its offset.
  long shifted_base(const Domains& d, int i) const {
    return static_cast<long>(d.layout(scope()[idx(i)]).base) + shift_[idx(i)];
  }

  // Sizes every scratch buffer, once: the layout of a model never changes.
  void setup(const Domains& d) {
    ready_ = true;
    for (Var v : scope()) {
      if (!d.interval(v)) continue;
      fallback_ = all_different(scope(), shift_, AllDifferentStrength::value);
      return;
    }
    n_ = static_cast<int>(scope().size());
    one_word_ = n_ <= 64 && std::all_of(scope().begin(), scope().end(), [&](Var v) { return d.single_word(v); });
    if (one_word_) {
      cand_.resize(idx(n_));
      comp_values_.resize(idx(n_));
      small_mate_.assign(idx(n_), Domains::none);
      frame_.resize(idx(n_));
      queue_.resize(idx(n_));
      mate_.resize(idx(n_));
      owner_.resize(64);
      from_.resize(64);
      // The setup window starts at the least base; a base 64 or more past it puts all of that
      // variable's candidates beyond the window.
      window_lo_ = std::numeric_limits<long>::max();
      for (int i = 0; i < n_; ++i) window_lo_ = std::min(window_lo_, shifted_base(d, i));
      for (int i = 0; i < n_; ++i) {
        const long lift = shifted_base(d, i) - window_lo_;
        lift_.push_back(lift < 64 ? static_cast<int>(lift) : 0);
        lift_lost_.push_back(lift == 0 ? 0 : lift < 64 ? ~std::uint64_t{0} << (64 - lift) : ~std::uint64_t{0});
      }
    }
    // Layout ranges, merged where they overlap or touch, laid end to end as the value indices.
    struct Range {
      long long lo, hi;  // values [lo, hi)
    };
    std::vector<Range> ranges;
    for (int i = 0; i < n_; ++i) {
      const long long b = shifted_base(d, i);
      ranges.push_back({b, b + 64LL * d.layout(scope()[idx(i)]).words});
    }
    std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.lo < b.lo; });
    std::vector<Range> merged;
    std::vector<long long> merged_offset;
    long long total = 0;
    for (const Range& r : ranges) {
      if (!merged.empty() && r.lo <= merged.back().hi) {
        if (r.hi > merged.back().hi) {
          total += r.hi - merged.back().hi;
          merged.back().hi = r.hi;
        }
      } else {
        merged.push_back(r);
        merged_offset.push_back(total);
        total += r.hi - r.lo;
      }
    }
    if (total > std::numeric_limits<int>::max())
      throw std::length_error("all-different(domain): the variables' value ranges are too wide together");

    for (int i = 0; i < n_; ++i) {
      const VarLayout& l = d.layout(scope()[idx(i)]);
      const long b = shifted_base(d, i);
      // The merged range holding this position's base: the last one starting at or before it.
      std::size_t r = 0;
      while (r + 1 < merged.size() && merged[r + 1].lo <= b) ++r;
      offset_.push_back(static_cast<int>(merged_offset[r] + (b - merged[r].lo)));
      base_.push_back(b);
      first_word_.push_back(l.first_word);
      words_of_.push_back(l.words);
    }
    val_mate_.assign(static_cast<std::size_t>(total), -1);
    var_mate_.assign(idx(n_), -1);
    stack_.resize(idx(n_));
    seen_.assign(idx(n_), 0);
    index_.resize(idx(n_));
    low_.resize(idx(n_));
    comp_.resize(idx(n_));
    on_stack_.resize(idx(n_));
    reach_free_.resize(idx(n_));
    scc_stack_.resize(idx(n_));
    ready_ = true;
  }

  // Depth-first search for an augmenting path from the free position `root`: alternately a
  // candidate edge and the matching edge back from that value's partner, until a free value is
  // met; then every position on the path takes the value it was exploring. Each position is
  // entered at most once per search, so the explicit stack needs n frames.
  bool augment(const std::uint64_t* words, int root) {
    if (++stamp_ == 0) {  // wrapped: forget every old mark
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    int top = 0;
    stack_[0] = start(words, root);
    seen_[idx(root)] = stamp_;
    while (top >= 0) {
      Cursor& c = stack_[idx(top)];
      const int j = next(words, c);
      if (j < 0) {
        --top;
        continue;
      }
      const int w = val_mate_[idx(j)];
      if (w < 0) {
        for (int k = 0; k <= top; ++k) {
          const Cursor& f = stack_[idx(k)];
          var_mate_[idx(f.pos)] = f.value;
          val_mate_[idx(f.value)] = f.pos;
        }
        return true;
      }
      if (seen_[idx(w)] == stamp_) continue;
      seen_[idx(w)] = stamp_;
      stack_[idx(++top)] = start(words, w);
    }
    return false;
  }

  // Tarjan's strongly connected components on positions (edge i -> k when i has k's partner value
  // as a candidate), iteratively. Also sets reach_free_[i]: i's component can reach a position
  // with a free candidate. A component is closed only after every component reachable from it,
  // so its flag is the OR of its members' own flags and of the flags of closed components they
  // point to.
  void components(const std::uint64_t* words) {
    std::fill(index_.begin(), index_.end(), -1);
    int counter = 0, comps = 0, sp = 0;
    auto visit = [&](int v) {
      index_[idx(v)] = low_[idx(v)] = counter++;
      scc_stack_[idx(sp++)] = v;
      on_stack_[idx(v)] = 1;
      reach_free_[idx(v)] = 0;
    };
    for (int root = 0; root < n_; ++root) {
      if (index_[idx(root)] >= 0) continue;
      int top = 0;
      visit(root);
      stack_[0] = start(words, root);
      while (top >= 0) {
        Cursor& c = stack_[idx(top)];
        const int v = c.pos;
        const int j = next(words, c);
        if (j >= 0) {
          const int w = val_mate_[idx(j)];
          if (w < 0) {
            reach_free_[idx(v)] = 1;
          } else if (w == v) {
            // the matching edge itself: not an edge of the position graph
          } else if (index_[idx(w)] < 0) {
            visit(w);
            stack_[idx(++top)] = start(words, w);
          } else if (on_stack_[idx(w)]) {
            low_[idx(v)] = std::min(low_[idx(v)], index_[idx(w)]);  // same component as v
          } else {
            reach_free_[idx(v)] |= reach_free_[idx(w)];  // a closed component
          }
          continue;
        }
        // v is finished. If it is the root of its component, close the component.
        if (low_[idx(v)] == index_[idx(v)]) {
          int k = sp;
          do --k;
          while (scc_stack_[idx(k)] != v);
          std::uint8_t flag = 0;
          for (int t = k; t < sp; ++t) flag |= reach_free_[idx(scc_stack_[idx(t)])];
          for (int t = k; t < sp; ++t) {
            const int u = scc_stack_[idx(t)];
            comp_[idx(u)] = comps;
            on_stack_[idx(u)] = 0;
            reach_free_[idx(u)] = flag;
          }
          sp = k;
          ++comps;
        }
        if (--top >= 0) {
          const int p = stack_[idx(top)].pos;
          low_[idx(p)] = std::min(low_[idx(p)], low_[idx(v)]);
          reach_free_[idx(p)] |= reach_free_[idx(v)];
        }
      }
    }
  }

  std::vector<Value> shift_;  // per position: its offset (the constraint is on scope()[i] + shift_[i])
  bool repeated_ = false;
  bool ready_ = false;
  bool one_word_ = false;  // every variable in one word, at most 64 of them: try the one-word path
  // The one-word path: per position its candidates as value masks, the partners of its strong
  // component, its partner as a value (kept between calls) and as a value index; per value index
  // its partner position and the position an augmenting search met it from.
  struct Frame {
    int pos;
    std::uint64_t rest;  // edges not yet followed, as value masks
  };
  std::vector<std::uint64_t> cand_, comp_values_;
  std::vector<Value> small_mate_;
  long window_lo_ = 0;  // the setup window's first value: the least base
  // Per position: the shift of its word into the setup window, and the bits that shift drops.
  std::vector<int> lift_;
  std::vector<std::uint64_t> lift_lost_;
  std::vector<Frame> frame_;
  std::vector<int> queue_, mate_, owner_, from_;
  std::unique_ptr<Propagator> fallback_;  // all-different(value), when a variable is in the interval form
  int n_ = 0;
  // Per position: where its values start in the index space, and its layout.
  std::vector<int> offset_;
  std::vector<long> base_;  // the value of bit 0 of the position's first word, shifted
  std::vector<std::uint32_t> first_word_;
  std::vector<std::uint32_t> words_of_;
  // The matching, kept between calls: val_mate_[j] = i exactly when var_mate_[i] = j.
  std::vector<int> val_mate_;
  std::vector<int> var_mate_;
  // Scratch of the two graph walks.
  std::vector<Cursor> stack_;
  std::vector<std::uint32_t> seen_;
  std::uint32_t stamp_ = 0;
  std::vector<int> index_, low_, comp_, scc_stack_;
  std::vector<std::uint8_t> on_stack_, reach_free_;
};

}  // namespace

std::unique_ptr<Propagator> make_all_different_domain(std::vector<Var> vars, std::vector<Value> offsets) {
  return std::make_unique<AllDifferentDomain>(std::move(vars), std::move(offsets));
}

}  // namespace csp
