// Hidden single: every value of an exact group must appear in it, so a value with one place left
// goes there, and a value with no place left (or two values needing the same cell) is a failure.
#include "csp/rules/group_rule.hpp"

namespace csp::rules_detail {
namespace {

class HiddenSingle final : public GroupRule {
 public:
  HiddenSingle(const Group& g, const Shape& s, Counters c) : GroupRule(Rule::hidden_single, g, s, c, Trigger::any) {}

  // Per pass, one sweep over the cells finds, for all values at once, the values seen once, the
  // values seen at least twice and the values of fixed cells; a value seen once whose cell is not
  // yet fixed is a hidden single. Usually there is none and the pass ends there. Placing one
  // removes the cell's other candidates, which can make new singles, so passes repeat until one
  // places nothing (then the result is idempotent). Firings: one per placement; removals: the
  // other candidates of the cells placed.
  PropStatus propagate(Context& ctx) override {
    const std::vector<Var>& cells = scope();
    const std::size_t n = size();
    Words w;
    load(ctx, w);
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    for (bool again = true; again;) {
      again = false;
      std::uint64_t once = 0, twice = 0, fixed = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t x = w[i];
        twice |= once & x;
        once |= x;
        fixed |= (x & (x - 1)) == 0 ? x : 0;  // branch-free: x when it is a single value
      }
      if (once != values()) {  // some value has no place left
        status = PropStatus::failed;
        break;
      }
      // The only place of each of these values is a cell with other candidates still.
      const std::uint64_t todo = once & ~twice & ~fixed;
      if (todo == 0) break;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t mine = w[i] & todo;
        if (mine == 0) continue;
        if (!single(mine)) {  // the only place of two values
          status = PropStatus::failed;
          break;
        }
        ++fired;
        removed += static_cast<std::uint64_t>(std::popcount(w[i]) - 1);
        w[i] = mine;
        ctx.keep_bits(cells[i], mine);  // cannot empty: mine is a candidate
      }
      if (status == PropStatus::failed) break;
      again = true;
    }
    tally(ctx, fired, removed);
    return status;
  }
};

}  // namespace

std::unique_ptr<Propagator> make_hidden_single(const Group& g, const Shape& s, Counters c) {
  return std::make_unique<HiddenSingle>(g, s, c);
}

}  // namespace csp::rules_detail
