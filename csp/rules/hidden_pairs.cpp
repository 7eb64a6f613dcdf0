// Hidden pairs: two values of an exact group whose only places are the same two cells fill those
// cells between them, so the two cells keep only those values.
#include "csp/rules/group_rule.hpp"

namespace csp::rules_detail {
namespace {

class HiddenPairs final : public GroupRule {
 public:
  HiddenPairs(const Group& g, const Shape& s, Counters c) : GroupRule(Rule::hidden_pairs, g, s, c, Trigger::any) {}

  // Counts places for all values at once (seen once / twice / three times); only the values with
  // exactly two places can form a pair, and when fewer than two such values exist nothing more is
  // done — the common case. Otherwise each candidate value's places become a mask of cells, and
  // two values with equal masks form a pair. One pair is applied at a time, then the counts are
  // taken again (narrowing two cells changes other values' places), until no pair removes
  // anything: the result is idempotent. A third value with the same two places loses them and the
  // next count fails. Firings: one per pair that removed something.
  PropStatus propagate(Context& ctx) override {
    const std::vector<Var>& cells = scope();
    const std::size_t n = cells.size();
    Words w;
    load(ctx, w);
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    Words places;  // by value bit: the cells (as bits) where the value can go
    std::array<std::uint8_t, kMaxCells> vals;  // the value bits with exactly two places
    for (bool again = true; again;) {
      again = false;
      std::uint64_t once = 0, twice = 0, thrice = 0;
      for (std::size_t i = 0; i < n; ++i) {
        thrice |= twice & w[i];
        twice |= once & w[i];
        once |= w[i];
      }
      if (once != values()) {  // a value has no place left
        status = PropStatus::failed;
        break;
      }
      const std::uint64_t two = twice & ~thrice;
      if (std::popcount(two) < 2) break;
      std::size_t k = 0;
      for (std::uint64_t b = two; b != 0; b &= b - 1) {
        const int x = std::countr_zero(b);
        vals[k++] = static_cast<std::uint8_t>(x);
        places[static_cast<std::size_t>(x)] = 0;
      }
      for (std::size_t i = 0; i < n; ++i)
        for (std::uint64_t b = w[i] & two; b != 0; b &= b - 1)
          places[static_cast<std::size_t>(std::countr_zero(b))] |= bit_of(static_cast<int>(i));
      for (std::size_t a = 0; a < k && !again; ++a) {
        const std::uint64_t where = places[vals[a]];
        for (std::size_t b = a + 1; b < k && !again; ++b) {
          if (places[vals[b]] != where) continue;
          const std::uint64_t keep = bit_of(vals[a]) | bit_of(vals[b]);
          for (std::uint64_t c = where; c != 0; c &= c - 1) {
            const auto i = static_cast<std::size_t>(std::countr_zero(c));
            const std::uint64_t gone = w[i] & ~keep;
            if (gone == 0) continue;
            removed += static_cast<std::uint64_t>(std::popcount(gone));
            w[i] &= keep;
            ctx.keep_bits(cells[i], keep);  // cannot empty: both values are candidates here
            again = true;
          }
          fired += again;
        }
      }
    }
    tally(ctx, fired, removed);
    return status;
  }
};

}  // namespace

std::unique_ptr<Propagator> make_hidden_pairs(const Group& g, const Shape& s, Counters c) {
  return std::make_unique<HiddenPairs>(g, s, c);
}

}  // namespace csp::rules_detail
