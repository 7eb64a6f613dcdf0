#include "csp/constraints/supports.hpp"

#include <algorithm>

#include "csp/engine.hpp"

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
      words_.push_back(d.layout(v).words);
      total += d.layout(v).words;
    }
    bits_.assign(total, 0);
    return;
  }
  std::fill(bits_.begin(), bits_.end(), 0);
}

bool Supports::prune(Context& ctx, std::size_t i, Var v) const {
  if (words_[i] == 1) return ctx.keep_bits(v, bits_[first_[i]]);
  bool ok = true;
  ctx.domains().for_each(v, [&](Value x) {
    if (ok && !marked(i, x)) ok = ctx.remove(v, x);
  });
  return ok;
}

}  // namespace csp
