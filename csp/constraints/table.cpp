#include "csp/constraints/table.hpp"

#include <bit>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/repeats.hpp"
#include "csp/constraints/detail/supports.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class Table final : public Propagator {
 public:
  Table(Model& model, std::vector<Var> vars, std::vector<Value> rows)
      : Propagator(std::move(vars), Trigger::any), rows_(std::move(rows)), repeats_(repeats(scope())) {
    const std::size_t arity = scope().size();
    if (arity == 0 ? !rows_.empty() : rows_.size() % arity != 0)
      throw std::invalid_argument("table: the rows' values are not a multiple of the arity");
    row_count_ = arity == 0 ? 0 : rows_.size() / arity;
    words_ = (row_count_ + 63) / 64;
    state_ = model.add_state(words_);
    std::uint64_t* live = model.initial_state(state_);  // every row alive at the start
    for (std::size_t k = 0; k < row_count_; ++k) live[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  std::string name() const override { return "table"; }
  bool satisfied(std::span<const Value> v) const override {
    for (std::size_t k = 0; k < row_count_; ++k)
      if (std::equal(v.begin(), v.end(), rows_.begin() + static_cast<long>(k * v.size()))) return true;
    return scope().empty();
  }
  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    const std::size_t arity = scope().size();
    if (arity == 0) return PropStatus::fixpoint;
    std::uint64_t* live = ctx.state(state_);
    supports_.reset(d, scope());
    bool any = false;
    for (std::size_t w = 0; w < words_; ++w) {
      for (std::uint64_t bits = live[w]; bits != 0; bits &= bits - 1) {
        const std::size_t k = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        const Value* row = rows_.data() + k * arity;
        std::size_t i = 0;
        while (i < arity && d.contains(scope()[i], row[i])) ++i;
        if (i < arity) {  // a value gone: the row is dead below this state
          live[w] &= ~(std::uint64_t{1} << (k % 64));
          continue;
        }
        any = true;
        for (i = 0; i < arity; ++i) supports_.mark(i, row[i]);
      }
    }
    if (!any) return PropStatus::failed;
    for (std::size_t i = 0; i < arity; ++i)
      if (!supports_.prune(ctx, i, scope()[i])) return PropStatus::failed;
    return repeats_ ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

  // A value leaves position p when every row holding it there has lost another of its values; a
  // failure when every row has lost one. Each dead row names the first value it lost (a bound or
  // a hole of that variable then).
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t arity = scope().size();
    if (repeats_ || arity == 0) return false;
    // Why row k is dead, not counting position `skip`: false when it is alive there.
    const auto dead = [&](std::size_t k, std::size_t skip) {
      const Value* row = rows_.data() + k * arity;
      for (std::size_t i = 0; i < arity; ++i) {
        if (i == skip || at.contains(scope()[i], row[i])) continue;
        detail::absent(at, scope()[i], row[i], reason);
        return true;
      }
      return false;
    };
    if (inferred == nullptr) {
      for (std::size_t k = 0; k < row_count_; ++k)
        if (!dead(k, arity)) return false;
      return true;
    }
    const std::size_t p = static_cast<std::size_t>(std::find(scope().begin(), scope().end(), inferred->var) - scope().begin());
    if (p == arity) return false;
    return detail::each_removal(at, *inferred, reason, [&](Value v) {
      for (std::size_t k = 0; k < row_count_; ++k)
        if (rows_[k * arity + p] == v && !dead(k, p)) return false;
      return true;
    });
  }

 private:
  std::vector<Value> rows_;
  std::size_t row_count_ = 0;
  std::size_t words_ = 0;
  std::uint32_t state_ = 0;
  bool repeats_;  // a variable twice in the scope: one run may not reach the fixpoint
  Supports supports_;
};

}  // namespace

std::unique_ptr<Propagator> table(Model& model, std::vector<Var> vars, std::vector<Value> rows) {
  return std::make_unique<Table>(model, std::move(vars), std::move(rows));
}

}  // namespace csp
