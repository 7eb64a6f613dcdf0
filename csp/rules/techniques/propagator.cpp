// A technique as a propagation rule: one propagator over every cell of the groups, which applies
// the technique's step finder until it finds nothing more (so the result is a fixpoint of the
// technique alone). Only elimination techniques are posted this way (the singles have their own
// fast propagator in csp/rules/singles.cpp).
//
// The step and its working memory live in the propagator and are reused, so propagating allocates
// nothing once they have grown. A model is used by one solver at a time, so the scratch is not
// shared between threads.
//
// The meaning is that of every group (an exact all-different), checked on entry on the fixed cells,
// so that with the whole scope fixed propagate() fails exactly when satisfied() is false.
#include <stdexcept>

#include "csp/rules/group_rule.hpp"
#include "csp/rules/techniques/finders.hpp"

namespace csp::rules_detail {
namespace {

using techniques::Cell;
using techniques::Structure;

class TechniqueRule final : public Propagator {
 public:
  TechniqueRule(Rule rule, std::shared_ptr<const Structure> st, techniques::Finder find, Counters c)
      : Propagator(st->cells() == 0 ? std::vector<Var>{} : vars_of(*st), Trigger::any),
        rule_(rule), st_(std::move(st)), find_(find), counters_(c) {}

  std::string name() const override { return std::string(rule_name(rule_)); }

  bool satisfied(std::span<const Value> values) const override {
    for (const Structure::GroupInfo& g : st_->groups()) {
      std::uint64_t seen = 0;
      for (Cell c : g.cells) {
        const long i = static_cast<long>(values[c]) - st_->base();
        if (i < 0 || i >= 64) return false;
        const std::uint64_t bit = std::uint64_t{1} << i;
        if ((g.values & bit) == 0 || (seen & bit) != 0) return false;
        seen |= bit;
      }
    }
    return true;
  }
  bool check(const Domains& d) const override { return fixed_distinct(d); }
  std::vector<std::vector<Var>> relations() const override {
    std::vector<std::vector<Var>> groups;
    for (const Structure::GroupInfo& g : st_->groups()) {
      groups.emplace_back();
      for (Cell c : g.cells) groups.back().push_back(st_->var(c));
    }
    return groups;
  }

  PropStatus propagate(Context& ctx) override {
    if (!fixed_distinct(ctx.domains())) return PropStatus::failed;
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    const techniques::Position pos{*st_, ctx.domains(), {}};
    while (find_(pos, step_)) {
      ++fired;
      for (const techniques::Candidate& r : step_.removals) {
        ++removed;
        if (!ctx.remove(st_->var(r.cell), r.value)) {
          status = PropStatus::failed;
          break;
        }
      }
      if (status == PropStatus::failed) break;
      // A group whose fixed cells repeat a value (possible after removals) is a failure the
      // finders do not look for.
      if (!fixed_distinct(ctx.domains())) {
        status = PropStatus::failed;
        break;
      }
    }
    if (fired != 0) ctx.count(counters_.fired, fired);
    if (removed != 0) ctx.count(counters_.removed, removed);
    return status;
  }

 private:
  static std::vector<Var> vars_of(const Structure& st) {
    std::vector<Var> v;
    for (Cell c = 0; c < st.cells(); ++c) v.push_back(st.var(c));
    return v;
  }
  bool fixed_distinct(const Domains& d) const {
    const std::uint64_t* words = d.words().data();
    for (const Structure::GroupInfo& g : st_->groups()) {
      std::uint64_t seen = 0;
      for (Cell c : g.cells) {
        const std::uint64_t w = words[st_->word(c)];
        if (w == 0) return false;
        if (!techniques::detail::single(w)) continue;
        if ((seen & w) != 0) return false;
        seen |= w;
      }
    }
    return true;
  }

  Rule rule_;
  std::shared_ptr<const Structure> st_;
  techniques::Finder find_;
  Counters counters_;
  techniques::Step step_;
};

}  // namespace

std::unique_ptr<Propagator> make_technique_rule(Rule rule, std::shared_ptr<const techniques::Structure> structure,
                                                Counters c) {
  techniques::Finder find = nullptr;
  switch (rule) {
    case Rule::hidden_triples: find = techniques::detail::find_hidden_triple; break;
    case Rule::naked_quads: find = techniques::detail::find_naked_quad; break;
    case Rule::hidden_quads: find = techniques::detail::find_hidden_quad; break;
    case Rule::x_wing: find = techniques::detail::find_x_wing; break;
    case Rule::swordfish: find = techniques::detail::find_swordfish; break;
    case Rule::jellyfish: find = techniques::detail::find_jellyfish; break;
    case Rule::xy_wing: find = techniques::detail::find_xy_wing; break;
    case Rule::xyz_wing: find = techniques::detail::find_xyz_wing; break;
    case Rule::simple_colouring: find = techniques::detail::find_simple_colouring; break;
    case Rule::x_chains: find = techniques::detail::find_x_chain; break;
    default: throw std::invalid_argument("rule '" + std::string(rule_name(rule)) + "' is not a technique rule");
  }
  return std::make_unique<TechniqueRule>(rule, std::move(structure), find, c);
}

}  // namespace csp::rules_detail
