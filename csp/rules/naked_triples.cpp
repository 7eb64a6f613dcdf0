// Naked triples: three cells of a group whose candidates together are three values take those
// three values between them (each cell may have two or three of them), so no other cell may.
#include "csp/rules/group_rule.hpp"

namespace csp::rules_detail {
namespace {

class NakedTriples final : public GroupRule {
 public:
  NakedTriples(const Group& g, const Shape& s, Counters c) : GroupRule(Rule::naked_triples, g, s, c, Trigger::any) {}

  // Tries every three cells with two or three candidates, skipping a pair of them whose union
  // already has more than three values. Three cells covering fewer than three values cannot all
  // be filled: failure. One triple is applied at a time, then the search starts again, until no
  // triple removes anything: the result is idempotent. Firings: one per triple that removed something.
  PropStatus propagate(Context& ctx) override {
    const std::size_t n = size();
    Words w;
    if (load(ctx, w) != values()) return PropStatus::failed;  // a value has no place left
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    std::array<std::uint8_t, kMaxCells> small;  // the cells with two or three candidates
    for (bool again = true; again && status != PropStatus::failed;) {
      again = false;
      std::size_t k = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const int size = std::popcount(w[i]);
        if (size == 2 || size == 3) small[k++] = static_cast<std::uint8_t>(i);
      }
      for (std::size_t a = 0; a < k && !again && status != PropStatus::failed; ++a) {
        for (std::size_t b = a + 1; b < k && !again && status != PropStatus::failed; ++b) {
          const std::uint64_t ab = w[small[a]] | w[small[b]];
          if (std::popcount(ab) > 3) continue;
          for (std::size_t c = b + 1; c < k && !again; ++c) {
            const std::uint64_t abc = ab | w[small[c]];
            const int size = std::popcount(abc);
            if (size > 3) continue;
            if (size < 3) {
              status = PropStatus::failed;
              break;
            }
            if (!remove_from_others(ctx, w, abc, {small[a], small[b], small[c]}, removed, again))
              status = PropStatus::failed;
            fired += again;
          }
        }
      }
    }
    tally(ctx, fired, removed);
    return status;
  }
};

}  // namespace

std::unique_ptr<Propagator> make_naked_triples(const Group& g, const Shape& s, Counters c) {
  return std::make_unique<NakedTriples>(g, s, c);
}

}  // namespace csp::rules_detail
