// Naked twins (naked pairs): two cells of a group with the same two candidates take those two
// values between them, so no other cell of the group may take either.
#include "csp/rules/group_rule.hpp"

namespace csp::rules_detail {
namespace {

class NakedTwins final : public GroupRule {
 public:
  NakedTwins(const Group& g, const Shape& s, Counters c) : GroupRule(Rule::naked_twins, g, s, c, Trigger::any) {}

  // Applies one pair at a time and then looks again (a removal can make a new pair), until no pair
  // removes anything: the result is idempotent. A third cell with the same pair is emptied by the
  // removal, which is the failure it should be. Firings: one per pair that removed something.
  PropStatus propagate(Context& ctx) override {
    const std::size_t n = size();
    Words w;
    if (load(ctx, w) != values()) return PropStatus::failed;  // a value has no place left
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    std::array<std::uint8_t, kMaxCells> two;  // the cells with exactly two candidates
    for (bool again = true; again && status != PropStatus::failed;) {
      again = false;
      std::size_t k = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (std::popcount(w[i]) == 2) two[k++] = static_cast<std::uint8_t>(i);
      for (std::size_t a = 0; a < k && !again; ++a) {
        for (std::size_t b = a + 1; b < k && !again; ++b) {
          const std::uint64_t pair = w[two[a]];
          if (w[two[b]] != pair) continue;
          if (!remove_from_others(ctx, w, pair, {two[a], two[b]}, removed, again)) status = PropStatus::failed;
          fired += again;
        }
      }
    }
    tally(ctx, fired, removed);
    return status;
  }
};

}  // namespace

std::unique_ptr<Propagator> make_naked_twins(const Group& g, const Shape& s, Counters c) {
  return std::make_unique<NakedTwins>(g, s, c);
}

}  // namespace csp::rules_detail
