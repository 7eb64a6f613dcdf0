// Naked single: a cell left with one candidate takes that value, so no other cell of the group may.
#include "csp/rules/group_rule.hpp"

namespace csp::rules_detail {
namespace {

class NakedSingle final : public GroupRule {
 public:
  NakedSingle(const Group& g, const Shape& s, Counters c) : GroupRule(Rule::naked_single, g, s, c, Trigger::fixed) {}

  // Eliminates the values of the fixed cells from the others, pass after pass until a pass fixes
  // no new cell, so the result is idempotent (fixpoint). Each pass first collects the fixed values
  // branch-free (a value fixed in two cells breaks the group), then removes the ones not yet
  // eliminated. Firings: one per fixed value that removed something; removals: what it removed.
  PropStatus propagate(Context& ctx) override {
    const std::vector<Var>& cells = scope();
    const std::size_t n = size();
    Words w;
    load(ctx, w);
    std::uint64_t placed = 0;   // fixed values already eliminated from the other cells
    std::uint64_t fired = 0;    // fixed values whose elimination removed a candidate
    std::uint64_t removed = 0;
    PropStatus status = PropStatus::fixpoint;
    for (;;) {
      std::uint64_t fixed = 0, twice = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t x = w[i];
        const std::uint64_t one = (x & (x - 1)) == 0 ? x : 0;  // x when it is a single value
        twice |= fixed & one;
        fixed |= one;
      }
      const std::uint64_t fresh = fixed & ~placed;
      if (twice != 0) status = PropStatus::failed;
      if (twice != 0 || fresh == 0) break;
      bool again = false;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t gone = w[i] & fresh;
        if (gone == 0 || single(w[i])) continue;  // a fixed cell is the owner of its value
        fired |= gone;
        removed += static_cast<std::uint64_t>(std::popcount(gone));
        w[i] &= ~fresh;
        if (!ctx.keep_bits(cells[i], w[i])) {  // every candidate was taken by a fixed cell
          status = PropStatus::failed;
          break;
        }
        again |= single(w[i]);
      }
      if (!again || status == PropStatus::failed) break;
      placed = fixed;
    }
    tally(ctx, static_cast<std::uint64_t>(std::popcount(fired)), removed);
    return status;
  }
};

}  // namespace

std::unique_ptr<Propagator> make_naked_single(const Group& g, const Shape& s, Counters c) {
  return std::make_unique<NakedSingle>(g, s, c);
}

}  // namespace csp::rules_detail
