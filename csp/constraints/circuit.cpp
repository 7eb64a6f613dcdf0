#include "csp/constraints/circuit.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "csp/constraints/detail/domain_words.hpp"
#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class Circuit final : public Propagator {
 public:
  Circuit(std::vector<Var> x, Value base)
      : Propagator(std::move(x), Trigger::fixed), base_(base), pred_(scope().size()), seen_(scope().size()) {}
  std::string name() const override { return "circuit"; }
  bool satisfied(std::span<const Value> v) const override {
    const long n = static_cast<long>(v.size());
    if (n == 0) return true;
    long at = 0, steps = 0;
    do {  // follow successors from node 0: back at 0 after exactly n steps, never outside
      const long next = static_cast<long>(v[static_cast<std::size_t>(at)]) - base_;
      if (next < 0 || next >= n || next == at) return false;
      at = next;
      ++steps;
    } while (at != 0 && steps <= n);
    return at == 0 && steps == n;
  }
  // A successor v leaves node k because it is no node or k itself (the constraint alone), because
  // another node is fixed to v, or because fixed successors chain v's node to k through fewer than
  // n nodes (that chain's facts). A bound moved or a variable fixed is each value passed over. A
  // failure: two nodes fixed to one successor, a closed cycle of fixed successors short of n, or a
  // node with every candidate so removed.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t n = scope().size();
    if (inferred == nullptr) return explain_failure(at, reason);
    const std::size_t k = detail::once(scope(), inferred->var);
    if (k == n) return false;
    return detail::each_removal(at, *inferred, reason, [&](Value v) { return removal_at(at, k, v, reason); });
  }

  PropStatus propagate(Context& ctx) override {
    if (!ready_) setup(ctx.domains());
    if (small_) return propagate_small(ctx);
    // Woken only when a node is fixed, so one run must leave its own fixpoint. In the interval
    // form a removal inside the bounds is a no-op: a value that one step cuts from a bound may
    // bare another that an earlier step left inside (a taken successor, the node itself), so the
    // pass repeats while it cuts an interval-form variable. Bit-form domains never repeat it.
    for (;;) {
      bool interval_cut = false;
      const PropStatus status = pass(ctx, interval_cut);
      if (status == PropStatus::failed || !interval_cut) return status;
    }
  }

 private:
  static bool single(std::uint64_t bits) { return (bits & (bits - 1)) == 0; }

  // The node x is fixed to in `at`, or -1 (not fixed, or fixed outside the nodes).
  long successor(const PastDomains& at, std::size_t i) const {
    const Var x = scope()[i];
    if (!at.fixed(x)) return -1;
    const long j = static_cast<long>(at.min(x)) - base_;
    return j >= 0 && j < static_cast<long>(scope().size()) ? j : -1;
  }

  // Why node k cannot take successor v in `at` (false: not for the reasons this propagator uses).
  bool removal_at(const PastDomains& at, std::size_t k, Value v, std::vector<Lit>& reason) const {
    const long n = static_cast<long>(scope().size());
    const long u = static_cast<long>(v) - base_;
    if (u < 0 || u >= n || u == static_cast<long>(k)) return true;  // no node, or k itself
    for (std::size_t i = 0; i < scope().size(); ++i) {
      if (i == k || scope()[i] == scope()[k] || !at.fixed(scope()[i]) || at.min(scope()[i]) != v) continue;
      reason.push_back(Lit::eq(scope()[i], v));
      return true;
    }
    // Fixed successors from u reach k: x_k = u would close a cycle of `nodes` nodes.
    const std::size_t before = reason.size();
    long node = u, nodes = 1;
    while (node != static_cast<long>(k)) {
      const long next = successor(at, static_cast<std::size_t>(node));
      if (next < 0 || ++nodes >= n) {
        reason.resize(before);
        return false;
      }
      reason.push_back(Lit::eq(scope()[static_cast<std::size_t>(node)], static_cast<Value>(next + base_)));
      node = next;
    }
    return true;
  }

  bool explain_failure(const PastDomains& at, std::vector<Lit>& reason) const {
    const std::size_t n = scope().size();
    // Two nodes fixed to one successor.
    for (std::size_t i = 0; i < n; ++i) {
      const long si = successor(at, i);
      if (si < 0) continue;
      for (std::size_t j = i + 1; j < n; ++j) {
        if (successor(at, j) != si) continue;
        reason.push_back(Lit::eq(scope()[i], at.min(scope()[i])));
        reason.push_back(Lit::eq(scope()[j], at.min(scope()[j])));
        return true;
      }
    }
    // A closed cycle of fixed successors through fewer than n nodes.
    for (std::size_t i = 0; i < n; ++i) {
      long node = static_cast<long>(i), nodes = 0;
      const std::size_t before = reason.size();
      do {
        const long next = successor(at, static_cast<std::size_t>(node));
        if (next < 0) break;
        reason.push_back(Lit::eq(scope()[static_cast<std::size_t>(node)], static_cast<Value>(next + base_)));
        node = next;
        ++nodes;
      } while (node != static_cast<long>(i) && nodes <= static_cast<long>(n));
      if (node == static_cast<long>(i) && nodes > 0 && nodes < static_cast<long>(n)) return true;
      reason.resize(before);
    }
    // A node with every candidate removed.
    for (std::size_t k = 0; k < n; ++k)
      if (detail::emptied(at, scope()[k], reason, [&](Value w) { return removal_at(at, k, w, reason); })) return true;
    return false;
  }

  // The layout never changes: decides once whether the fast path applies and precomputes it.
  void setup(const Domains& d) {
    ready_ = true;
    const std::size_t n = scope().size();
    small_ = n > 0 && n <= 64 && std::all_of(scope().begin(), scope().end(), [&](Var v) { return d.single_word(v); });
    if (!small_) return;
    const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    word_.resize(n);
    to_node_.resize(n);
    allowed_.resize(n);
    succ_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const VarLayout& l = d.layout(scope()[i]);
      word_[i] = l.first_word;
      to_node_[i] = static_cast<long>(l.base) - base_;
      allowed_[i] = domain_words::shifted(all & ~bit_of(static_cast<int>(i)), -to_node_[i]);
    }
  }

  // The rules of pass() on node masks, for at most 64 nodes whose successors all fit in one word:
  // every step is a few word operations per node, and it loops until no new node is fixed, which
  // is this propagator's fixpoint (removals that fix nothing change none of its rules' inputs).
  PropStatus propagate_small(Context& ctx) {
    const std::uint64_t* words = ctx.domains().words().data();
    const std::size_t n = scope().size();
    const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    for (;;) {
      // Successors among the nodes and off the node itself; which nodes are fixed, and to what.
      std::uint64_t taken = 0, fixed = 0;  // node masks: fixed successors, fixed nodes
      for (std::size_t i = 0; i < n; ++i) {
        std::uint64_t b = words[word_[i]];
        if ((b & ~allowed_[i]) != 0) {
          b &= allowed_[i];
          if (!ctx.keep_bits(scope()[i], b)) return PropStatus::failed;
        }
        if (!single(b)) continue;
        const std::uint64_t node = domain_words::shifted(b, to_node_[i]);
        if ((taken & node) != 0) return PropStatus::failed;  // two nodes with one successor
        taken |= node;
        fixed |= bit_of(static_cast<int>(i));
        succ_[i] = std::countr_zero(node);
      }
      // A taken successor leaves every other node; a node fixed here takes one more: again.
      bool again = false;
      for (std::uint64_t open = all & ~fixed; open != 0; open &= open - 1) {
        const auto i = static_cast<std::size_t>(std::countr_zero(open));
        const std::uint64_t b = words[word_[i]];
        const std::uint64_t keep = b & ~domain_words::shifted(taken, -to_node_[i]);
        if (keep == b) continue;
        if (!ctx.keep_bits(scope()[i], keep)) return PropStatus::failed;
        again |= single(keep);
      }
      if (again) continue;
      // Chains of fixed successors from each head (a node nobody's fixed successor) to the open
      // end, which may not close on the head unless the chain holds every node. A chain from a
      // head never meets itself, since every node has at most one fixed predecessor.
      std::uint64_t seen = 0;
      for (std::uint64_t heads = all & ~taken; heads != 0; heads &= heads - 1) {
        const int head = std::countr_zero(heads);
        int end = head;
        std::size_t length = 1;
        seen |= bit_of(head);
        while ((fixed >> end & 1) != 0) {
          end = succ_[static_cast<std::size_t>(end)];
          seen |= bit_of(end);
          ++length;
        }
        if (length == n) continue;
        const auto e = static_cast<std::size_t>(end);
        const std::uint64_t b = words[word_[e]];
        const std::uint64_t keep = b & ~domain_words::shifted(bit_of(head), -to_node_[e]);
        if (keep == b) continue;
        if (!ctx.keep_bits(scope()[e], keep)) return PropStatus::failed;
        again |= single(keep);
      }
      if (again) continue;
      if (taken == all) {  // every node fixed: one cycle through all?
        std::size_t at = 0, steps = 0;
        do {
          at = static_cast<std::size_t>(succ_[at]);
          ++steps;
        } while (at != 0);
        return steps == n ? PropStatus::fixpoint : PropStatus::failed;
      }
      // Nodes no head reaches lie on closed cycles of fixed successors, short of all the nodes.
      return seen == all ? PropStatus::fixpoint : PropStatus::failed;
    }
  }

  // One pass of the rules below; `interval_cut` set when it narrowed an interval-form variable.
  PropStatus pass(Context& ctx, bool& interval_cut) {
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size();
    if (n == 0) return PropStatus::fixpoint;
    const long hi = base_ + static_cast<long>(n) - 1;
    for (std::size_t i = 0; i < n; ++i) {
      const Var xi = scope()[i];
      if (!ctx.remove_below(xi, base_) || hi < ctx.min(xi) || !ctx.remove_above(xi, static_cast<Value>(hi)) ||
          !ctx.remove(xi, static_cast<Value>(base_ + static_cast<long>(i))))
        return PropStatus::failed;
    }
    // Fixed successors leave the other variables; two nodes with one successor fail. Repeated
    // until nothing is removed, since a removal may fix another node and the chains below want
    // pred_ to hold every fixed one. `removed` by the size: in the interval form a removal inside
    // the bounds is a no-op, and counting it would repeat forever.
    for (bool removed = true; removed;) {
      removed = false;
      std::fill(pred_.begin(), pred_.end(), -1);
      for (std::size_t i = 0; i < n; ++i) {
        if (!d.fixed(scope()[i])) continue;
        const auto j = static_cast<std::size_t>(d.value(scope()[i]) - base_);
        if (pred_[j] >= 0) return PropStatus::failed;
        pred_[j] = static_cast<long>(i);
        for (std::size_t k = 0; k < n; ++k) {
          if (k == i || !d.contains(scope()[k], d.value(scope()[i]))) continue;
          const int before = d.size(scope()[k]);
          if (!ctx.remove(scope()[k], d.value(scope()[i]))) return PropStatus::failed;
          if (d.size(scope()[k]) == before) continue;
          removed = true;
          interval_cut |= d.interval(scope()[k]);
        }
      }
    }
    bool changed = false;
    // Chains of fixed successors: from each head (no fixed predecessor) to its open end, which may
    // not point back to the head unless the chain holds every node.
    std::fill(seen_.begin(), seen_.end(), 0);
    for (std::size_t head = 0; head < n; ++head) {
      if (pred_[head] >= 0) continue;
      std::size_t end = head, length = 1;
      seen_[head] = 1;
      while (d.fixed(scope()[end])) {
        end = static_cast<std::size_t>(d.value(scope()[end]) - base_);
        seen_[end] = 1;
        ++length;
      }
      if (length < n && d.contains(scope()[end], static_cast<Value>(base_ + static_cast<long>(head)))) {
        const int before = d.size(scope()[end]);
        if (!ctx.remove(scope()[end], static_cast<Value>(base_ + static_cast<long>(head)))) return PropStatus::failed;
        if (d.size(scope()[end]) != before) {
          changed = true;
          interval_cut |= d.interval(scope()[end]);
        }
      }
    }
    // Nodes no head reaches lie on closed cycles of fixed successors: one cycle of all is the only
    // good one.
    const auto unseen = static_cast<std::size_t>(std::count(seen_.begin(), seen_.end(), 0));
    if (unseen > 0 && unseen < n) return PropStatus::failed;
    if (unseen == n) {  // every node fixed, no head: one cycle through all?
      std::size_t at = 0, steps = 0;
      do {
        at = static_cast<std::size_t>(d.value(scope()[at]) - base_);
        ++steps;
      } while (at != 0);
      if (steps != n) return PropStatus::failed;
    }
    return changed ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

  Value base_;
  bool ready_ = false;  // setup() done
  bool small_ = false;  // the fast path: at most 64 nodes, every successor variable in one word
  // Fast path, per node: its variable's word, the node of its bit 0 (layout base - base_), its
  // allowed successors (the other nodes) as bits of that word, and its successor when fixed.
  std::vector<std::uint32_t> word_;
  std::vector<long> to_node_;
  std::vector<std::uint64_t> allowed_;
  std::vector<int> succ_;
  // General path scratch.
  std::vector<long> pred_;  // scratch: the node whose fixed successor each node is, or -1
  std::vector<char> seen_;  // scratch: reached from a chain head
};

}  // namespace

std::unique_ptr<Propagator> circuit(std::vector<Var> x, Value base) {
  return std::make_unique<Circuit>(std::move(x), base);
}

}  // namespace csp
