// Model: the variables, their initial domains and the posted propagators of one CSP.
//
// A model is built once and then solved many times: each solve starts from a Domains made by
// initial_domains() and narrowed by the caller (the givens of one puzzle, say), so thousands of
// puzzles that share a structure share one model. A model is used by one solver at a time;
// to solve in parallel, build one model per thread.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "csp/kernel/domains.hpp"
#include "csp/kernel/propagator.hpp"

namespace csp {

/// Index of a named statistics counter registered with Model::add_counter().
using CounterId = int;

/// A propagator's index in its model.
using PropagatorId = int;
/// Stands for "no propagator": a failure no propagator caused (a search decision, a value outside
/// its variable's initial domain), or none yet.
inline constexpr PropagatorId kNoPropagator = -1;

/// A Watch::removal as the engine reads it: wake `id` when `value` leaves the variable.
struct RemovalWatcher {
  Value value;
  PropagatorId id;
};
/// A Watch::guarded as the engine reads it: wake `id` while `value` is a candidate of `guard`.
struct GuardedWatcher {
  PropagatorId id;
  Var guard;
  Value value;
};

class Model {
 public:
  Model() = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;
  Model(Model&&) = default;
  Model& operator=(Model&&) = default;

  /// Adds a variable with domain [lo, hi]; kMinValue <= lo <= hi <= kMaxValue (else throws
  /// std::invalid_argument). More than interval_threshold() values: the interval form (no holes).
  Var add_var(Value lo, Value hi, std::string name = {});
  /// Adds a variable whose domain is the given set of values (not empty, inside the value range).
  /// Spread over more than interval_threshold() values, it takes the interval form and the model
  /// posts member(v, values) (reified.hpp), which keeps its bounds on members, so that fixing it
  /// on a hole fails.
  Var add_var(const std::vector<Value>& values, std::string name = {});
  /// Variables added from now on with a range of more than `values` values take the interval form
  /// (default kIntervalThreshold; 0 puts every later variable in it, as the tests of bounds
  /// propagation over small ranges do; existing variables keep their form). A range of more than
  /// kMaxBitsetValues (2^21) values takes the interval form whatever the threshold: a bitset's head
  /// word cannot index further.
  void set_interval_threshold(long values) { interval_threshold_ = values; }
  /// The current threshold of set_interval_threshold().
  long interval_threshold() const { return interval_threshold_; }
  /// Adds n variables with domain [lo, hi], named prefix0, prefix1, ... when a prefix is given
  /// (n >= 0, else throws std::invalid_argument).
  std::vector<Var> add_vars(int n, Value lo, Value hi, std::string_view prefix = {});

  /// Posts a propagator; the model owns it from now on. Returns its index. Throws
  /// std::invalid_argument, leaving the model unchanged, for a null propagator, a variable not of
  /// this model in its scope, or a watch outside its scope.
  PropagatorId post(std::unique_ptr<Propagator> p);

  /// Reserves `words` words of search state for a propagator (zero in initial_domains()): they are
  /// saved and restored with the domains, so whatever a propagator keeps there (incremental data
  /// about the candidates, say) follows the search back and forth. Returns the index of the first,
  /// for Context::state().
  std::uint32_t add_state(std::size_t words);
  /// The initial value of reserved state words, for a propagator that can describe its state for
  /// the initial domains (when they are its fixpoint, say) instead of working it out in every
  /// search.
  std::uint64_t* initial_state(std::uint32_t first) { return initial_.state(first); }

  /// Registers a named statistics counter (a rule's firings, say) or returns the existing one.
  CounterId add_counter(std::string_view name);

  /// Number of variables.
  int var_count() const { return static_cast<int>(layout_->size()); }
  /// All variables, in creation order.
  std::vector<Var> vars() const;
  /// A variable's name ("x17" when none was given); std::invalid_argument for one not of this model.
  std::string name(Var v) const;
  /// Finds a variable by name.
  std::optional<Var> find(std::string_view name) const;

  /// Marks `vars` as decisions of the model (FlatZinc's output variables): the default search
  /// branches on the decisions first, with its own order restricted to them, and then on the rest
  /// (the auxiliary variables an expression or a reification introduced). A variable already marked
  /// is not added twice. Throws std::invalid_argument for a variable not of this model.
  void add_decisions(std::span<const Var> vars);
  /// Forgets every decision: search then branches on all variables alike.
  void clear_decisions() {
    decisions_.clear();
    is_decision_.clear();
  }
  /// The decisions, in the order they were marked (empty: none named).
  const std::vector<Var>& decisions() const { return decisions_; }

  /// A token that identifies this model for its whole life, moves included (two models never share
  /// one): what the modelling layer compares to tell a variable of another model.
  const void* identity() const { return layout_.get(); }

  /// The domains every solve starts from, before the caller narrows them.
  const Domains& initial_domains() const { return initial_; }

  /// Number of posted propagators.
  int propagator_count() const { return static_cast<int>(propagators_.size()); }
  /// Propagator by index.
  Propagator& propagator(PropagatorId id) const { return *propagators_[static_cast<std::size_t>(id)]; }
  /// Indices of the propagators woken by a change of v that satisfies `when`.
  const std::vector<PropagatorId>& watchers(Var v, Trigger when) const {
    return watchers_[static_cast<std::size_t>(v.id)][static_cast<std::size_t>(when)];
  }
  /// The removal watches on v (Watch::removal), sorted by value.
  const std::vector<RemovalWatcher>& removal_watchers(Var v) const {
    const auto i = static_cast<std::size_t>(v.id);
    return i < removal_watchers_.size() ? removal_watchers_[i] : kNoRemovalWatchers;
  }
  /// The guarded watches on v (Watch::guarded) of kind `when`.
  const std::vector<GuardedWatcher>& guarded_watchers(Var v, Trigger when) const {
    const auto i = static_cast<std::size_t>(v.id);
    return i < guarded_watchers_.size() ? guarded_watchers_[i][static_cast<std::size_t>(when)] : kNoGuardedWatchers;
  }
  /// True when some propagator watches v by value or under a guard.
  bool finely_watched(Var v) const {
    return !removal_watchers(v).empty() || !guarded_watchers(v, Trigger::any).empty() ||
           !guarded_watchers(v, Trigger::bounds).empty() || !guarded_watchers(v, Trigger::fixed).empty();
  }
  /// Indices of every propagator whose scope contains v.
  const std::vector<PropagatorId>& propagators_of(Var v) const {
    return propagators_of_[static_cast<std::size_t>(v.id)];
  }
  /// The search-state word (Domains::state) that holds propagator p's "subsumed" bit, bit p % 64:
  /// one word per 64 propagators, reserved as they are posted, zero in initial_domains().
  std::uint32_t subsumed_word(PropagatorId p) const { return subsumed_words_[static_cast<std::size_t>(p) >> 6]; }
  /// True when p reported PropStatus::subsumed in the search state d (an ancestor of it).
  bool subsumed(const Domains& d, PropagatorId p) const {
    return (*d.state(subsumed_word(p)) >> (static_cast<unsigned>(p) & 63)) & 1;
  }
  /// Names of the registered counters, by CounterId.
  const std::vector<std::string>& counter_names() const { return counter_names_; }

  /// True when this complete assignment (one value per variable, by id) satisfies every
  /// propagator's satisfied(). Independent of propagation: used to check every solution.
  bool satisfied_by(std::span<const Value> assignment) const { return !first_violated(assignment); }
  /// What rejects this complete assignment: nothing (std::nullopt) when every propagator's
  /// satisfied() accepts it, else the first propagator that does not, or kNoPropagator when a value
  /// lies outside its variable's initial domain (or the size is wrong).
  std::optional<PropagatorId> first_violated(std::span<const Value> assignment) const;

 private:
  Var add_layout(Value lo, Value hi, std::string name);

  // Behind a pointer so that Domains made from this model stay valid when the model is moved.
  std::unique_ptr<std::vector<VarLayout>> layout_ = std::make_unique<std::vector<VarLayout>>();
  std::vector<std::string> names_;
  std::vector<Var> decisions_;
  std::vector<std::uint8_t> is_decision_;  // by variable id, for add_decisions' duplicate check
  Domains initial_{layout_.get(), 0};
  std::vector<std::unique_ptr<Propagator>> propagators_;
  // Per variable, per Trigger: the propagators to wake.
  std::vector<std::array<std::vector<PropagatorId>, 3>> watchers_;
  // Per variable, by value / per Trigger. Most models have no finer watch: the tables stay empty
  // (nothing to set up per variable) until a propagator with watches is posted, which grows them to
  // every variable so far; a variable past their end has none (removal_watchers, guarded_watchers).
  std::vector<std::vector<RemovalWatcher>> removal_watchers_;
  std::vector<std::array<std::vector<GuardedWatcher>, 3>> guarded_watchers_;
  static inline const std::vector<RemovalWatcher> kNoRemovalWatchers{};
  static inline const std::vector<GuardedWatcher> kNoGuardedWatchers{};
  std::vector<std::vector<PropagatorId>> propagators_of_;
  std::vector<std::uint32_t> subsumed_words_;  // per 64 propagators: its state word (see subsumed_word)
  std::vector<std::string> counter_names_;
  long interval_threshold_ = kIntervalThreshold;
};

}  // namespace csp
