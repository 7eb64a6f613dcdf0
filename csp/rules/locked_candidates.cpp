// Locked candidates (pointing and claiming): on two groups A and B sharing cells, a value whose
// places in A all lie in A∩B is taken by a cell of B, so it leaves B\A; symmetrically for B.
#include <algorithm>

#include "csp/rules/group_rule.hpp"

namespace csp::rules_detail {
namespace {

// The words of two groups' cells (at most 64 each, so fewer than 128 together).
using Pair = std::array<std::uint64_t, 2 * kMaxCells>;

class LockedCandidates final : public Propagator {
 public:
  // The scope is A\B, then A∩B, then B\A, so A is the prefix [0, a_end) and B the suffix
  // [a_only, size) and each part is one contiguous range.
  LockedCandidates(std::vector<Var> scope, const std::array<std::uint32_t, 2 * kMaxCells>& word,
                   std::size_t a_only, std::size_t a_end, std::string name, const Shape& sa, const Shape& sb,
                   Counters c)
      : Propagator(std::move(scope), Trigger::any),
        word_(word), a_only_(a_only), a_end_(a_end), name_(std::move(name)), sa_(sa), sb_(sb), counters_(c) {}

  std::string name() const override { return name_; }

  bool satisfied(std::span<const Value> v) const override {
    return distinct_in(v.subspan(0, a_end_), sa_) && distinct_in(v.subspan(a_only_), sb_);
  }
  bool check(const Domains& d) const override {
    std::span<const Var> s(scope());
    return fixed_cells_distinct(d, s.subspan(0, a_end_)) && fixed_cells_distinct(d, s.subspan(a_only_));
  }

  // Unions of candidates over the three parts decide every value at once: `inter & ~a_rest` are
  // the values locked in the intersection as seen from A (removed from B\A), and `inter & ~b_rest`
  // as seen from B (removed from A\B). Both are sound for the same state, so they are applied
  // together; each shrinks the other side's rest, which can lock more values, so passes repeat
  // until nothing is removed (idempotent). Firings: one per value and side that removed something.
  PropStatus propagate(Context& ctx) override {
    const std::vector<Var>& cells = scope();
    const std::size_t n = cells.size();
    Pair w;
    const std::uint64_t* words = ctx.domains().words().data();
    for (std::size_t i = 0; i < n; ++i) w[i] = words[word_[i]];
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    for (;;) {
      std::uint64_t a_rest = 0, inter = 0, b_rest = 0;
      for (std::size_t i = 0; i < a_only_; ++i) a_rest |= w[i];
      for (std::size_t i = a_only_; i < a_end_; ++i) inter |= w[i];
      for (std::size_t i = a_end_; i < n; ++i) b_rest |= w[i];
      if ((a_rest | inter) != sa_.values || (inter | b_rest) != sb_.values) {  // a value has no place
        status = PropStatus::failed;
        break;
      }
      const std::uint64_t from_b = inter & ~a_rest & b_rest;  // locked by A, still in B\A
      const std::uint64_t from_a = inter & ~b_rest & a_rest;  // locked by B, still in A\B
      if ((from_a | from_b) == 0) break;
      fired += static_cast<std::uint64_t>(std::popcount(from_a) + std::popcount(from_b));
      if (!remove(ctx, w, 0, a_only_, from_a, removed) || !remove(ctx, w, a_end_, n, from_b, removed)) {
        status = PropStatus::failed;
        break;
      }
    }
    if (fired != 0) ctx.count(counters_.fired, fired);
    if (removed != 0) ctx.count(counters_.removed, removed);
    return status;
  }

 private:
  // Removes `gone` from the cells [first, last); false when one is emptied.
  bool remove(Context& ctx, Pair& w, std::size_t first, std::size_t last, std::uint64_t gone,
              std::uint64_t& removed) const {
    if (gone == 0) return true;
    for (std::size_t i = first; i < last; ++i) {
      const std::uint64_t hit = w[i] & gone;
      if (hit == 0) continue;
      removed += static_cast<std::uint64_t>(std::popcount(hit));
      w[i] &= ~gone;
      if (!ctx.keep_bits(scope()[i], w[i])) return false;
    }
    return true;
  }

  std::array<std::uint32_t, 2 * kMaxCells> word_;  // each scope cell's index in Domains::words()
  std::size_t a_only_, a_end_;
  std::string name_;
  Shape sa_, sb_;
  Counters counters_;
};

}  // namespace

std::unique_ptr<Propagator> make_locked_candidates(const Group& a, const Shape& sa, const Group& b,
                                                   const Shape& sb, Counters c) {
  auto in = [](const Group& g, Var v) { return std::find(g.cells.begin(), g.cells.end(), v) != g.cells.end(); };
  std::vector<Var> scope;
  std::array<std::uint32_t, 2 * kMaxCells> word{};
  scope.reserve(a.cells.size() + b.cells.size());
  auto add = [&](Var v, std::uint32_t w) {
    word[scope.size()] = w;
    scope.push_back(v);
  };
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    if (!in(b, a.cells[i])) add(a.cells[i], sa.word[i]);
  const std::size_t a_only = scope.size();
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    if (in(b, a.cells[i])) add(a.cells[i], sa.word[i]);
  const std::size_t a_end = scope.size();
  for (std::size_t i = 0; i < b.cells.size(); ++i)
    if (!in(a, b.cells[i])) add(b.cells[i], sb.word[i]);
  return std::make_unique<LockedCandidates>(std::move(scope), word, a_only, a_end,
                                            "locked-candidates in " + a.name + " and " + b.name, sa, sb, c);
}

}  // namespace csp::rules_detail
