#include "csp/constraints/detail/supports.hpp"

#include <algorithm>
#include <bit>

#include "csp/kernel/engine.hpp"

namespace csp {

void Supports::reset(const Domains& d, std::span<const Var> vars) {
  if (base_.size() != vars.size()) {  // the first call: one word range per variable, as its layout
    base_.clear();
    first_.clear();
    words_.clear();
    std::size_t total = 0;
    for (Var v : vars) {
      base_.push_back(d.layout(v).base);
      first_.push_back(total);
      words_.push_back(d.interval(v) ? 0 : d.layout(v).words);
      total += d.layout(v).words;  // an interval's two words hold its marked hull
    }
    bits_.resize(total);
  }
  std::fill(bits_.begin(), bits_.end(), 0);
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_[i] != 0) continue;
    bits_[first_[i]] = static_cast<std::uint64_t>(INT64_MAX);  // nothing marked: an empty hull
    bits_[first_[i] + 1] = static_cast<std::uint64_t>(INT64_MIN);
  }
}

bool Supports::prune(Context& ctx, std::size_t i, Var v) const {
  if (words_[i] == 1) return ctx.keep_bits(v, bits_[first_[i]]);
  if (words_[i] == 0) {
    if (hull(i, 0) > hull(i, 1)) return false;  // no support at all
    return ctx.remove_below(v, static_cast<Value>(hull(i, 0))) && ctx.remove_above(v, static_cast<Value>(hull(i, 1)));
  }
  // word by word, in one write (the layouts match: reset() took this variable's base and word
  // count); removing the values one at a time cost a domain summary each (fast-food's int_abs)
  return ctx.keep_words(v, bits_.data() + first_[i]);
}

}  // namespace csp
