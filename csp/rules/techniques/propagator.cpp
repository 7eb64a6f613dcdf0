// A rule as its deduction's finder: one propagator over every cell of the groups (or, for a
// deduction within one group, one per group: post_groups() hands it a structure of that group),
// which applies the finder (for a rule that is a set, each of its finders in turn) until none finds
// anything, so the result is a fixpoint of the deduction alone. Every rule without an accelerator is posted this
// way (naked-pair to x-chain); the singles and locked candidates have their fast propagators
// (csp/rules/singles.cpp, csp/rules/detail/locked_pairs.hpp), proven to reach the same fixpoint.
//
// The step and its working memory live in the propagator and are reused, so propagating allocates
// nothing once they have grown. A model is used by one solver at a time, so the scratch is not
// shared between threads.
//
// The meaning is that of every group (Structure::satisfied); on entry and after each step the
// candidates must still be able to fill the groups (see possible()), so that with the whole scope
// fixed propagate() fails exactly when satisfied() is false.
#include <stdexcept>

#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/detail/finders.hpp"

namespace csp::rules_detail {
namespace {

using techniques::Cell;
using techniques::Structure;

class TechniqueRule final : public Propagator {
 public:
  TechniqueRule(Rule rule, std::shared_ptr<const Structure> st, std::vector<techniques::Finder> finders, Counters c,
                bool one_group)
      : Propagator(st->cells() == 0 ? std::vector<Var>{} : vars_of(*st), Trigger::any),
        name_(rule_name(rule)), st_(std::move(st)), finders_(std::move(finders)), counters_(c) {
    for (const Structure::GroupInfo& g : st_->groups()) reasons_.push_back(name_ + " in " + g.name);
    // On one group, the propagator's name says the group (no reason needed for a tracer).
    if (one_group) name_ = reasons_.front(), reasons_.clear();
  }

  std::string name() const override { return name_; }

  bool satisfied(std::span<const Value> values) const override { return st_->satisfied(values); }
  bool check(const Domains& d) const override { return st_->fixed_distinct(d); }
  std::vector<std::vector<Var>> relations() const override {
    std::vector<std::vector<Var>> groups;
    for (const Structure::GroupInfo& g : st_->groups()) {
      groups.emplace_back();
      for (Cell c : g.cells) groups.back().push_back(st_->var(c));
    }
    return groups;
  }

  PropStatus propagate(Context& ctx) override {
    if (!possible(ctx.domains())) return PropStatus::failed;
    std::uint64_t fired = 0, removed = 0;
    PropStatus status = PropStatus::fixpoint;
    const techniques::Position pos{*st_, ctx.domains(), {}};
    for (std::size_t i = 0; i < finders_.size() && status != PropStatus::failed;) {
      if (!finders_[i](pos, step_)) {
        ++i;
        continue;
      }
      ++fired;
      if (!reasons_.empty() && ctx.tracing()) ctx.because(step_.groups.size() == 1 ? std::string_view(reasons_[step_.groups[0]]) : std::string_view(name_));
      for (const techniques::Candidate& r : step_.removals) {
        ++removed;
        if (!ctx.remove(st_->var(r.cell), r.value)) {
          status = PropStatus::failed;
          break;
        }
      }
      if (status != PropStatus::failed && !possible(ctx.domains())) status = PropStatus::failed;
      i = 0;  // a step of one finder may enable an earlier one
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
  // What the finders do not look for: a group that can no longer be filled. On one group, a value
  // without a place; over many, a value fixed twice in a group (cheaper there). Either is enough
  // for the contract (all fixed: fails exactly when a value repeats), and each is what the rules
  // checked before they were their finders, so that searches and their traces stay the same.
  bool possible(const Domains& d) const { return reasons_.empty() ? st_->covered(d) : st_->fixed_distinct(d); }

  std::string name_;
  std::shared_ptr<const Structure> st_;
  std::vector<techniques::Finder> finders_;
  Counters counters_;
  techniques::Step step_;
  std::vector<std::string> reasons_;  // "naked-pair in row 2", by group: a tracer's reason for a step
};

}  // namespace

std::unique_ptr<Propagator> make_technique_rule(Rule rule, std::shared_ptr<const techniques::Structure> structure,
                                                Counters c) {
  std::vector<techniques::Finder> finders = techniques::finders_of(rule);
  if (finders.empty()) throw std::invalid_argument("rule '" + std::string(rule_name(rule)) + "' has no finder");
  const bool one_group = structure->groups().size() == 1;
  return std::make_unique<TechniqueRule>(rule, std::move(structure), std::move(finders), c, one_group);
}

}  // namespace csp::rules_detail
