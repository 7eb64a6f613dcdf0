// Propagator: the one interface every constraint and rule module implements.
//
// A propagator reads and narrows the domains of the variables in its scope. The engine wakes it
// when one of them changes in the way it subscribed to, runs it, and reads back a status, as in
// Gecode: `fixpoint` (running me again now would change nothing), `not_fixpoint` (run me again),
// `failed` (a domain emptied or the constraint cannot hold), `subsumed` (every completion of the
// current domains satisfies me: the engine never runs me again below this search state).
// Propagators keep no search state of their own: everything that must be undone on backtrack
// lives in Domains (the candidates, and any words a propagator reserved there with
// Model::add_state), so search only copies those.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "csp/kernel/domains.hpp"
#include "csp/kernel/literal.hpp"

namespace csp {

class Context;

/// The domains as they were at one point of a learning search (when an inference was made): what
/// Propagator::explain() reads. Read-only, and slower than Domains (it is read back from a trail).
class PastDomains {
 public:
  virtual ~PastDomains() = default;
  virtual Value min(Var v) const = 0;
  virtual Value max(Var v) const = 0;
  virtual bool contains(Var v, Value x) const = 0;
  bool fixed(Var v) const { return min(v) == max(v); }
  /// True when l held then.
  bool holds(Lit l) const {
    switch (l.kind) {
      case Lit::Kind::ge: return min(l.var) >= l.value;
      case Lit::Kind::le: return max(l.var) <= l.value;
      case Lit::Kind::eq: return fixed(l.var) && min(l.var) == l.value;
      case Lit::Kind::ne: return !contains(l.var, l.value);
    }
    return false;
  }
};

/// When a propagator wants to run: on any change of a scope variable, only when a bound moved
/// (min or max; includes becoming fixed), or only when a variable became fixed. A propagator that
/// needs finer subscriptions (one value of a variable, a variable only while it matters) lists
/// Watch entries instead.
enum class Trigger : std::uint8_t { fixed, bounds, any };

/// One subscription finer than a Trigger over the whole scope (see Propagator::watches()).
struct Watch {
  enum class Kind : std::uint8_t {
    change,   ///< var changed in the way `on` says
    removal,  ///< `value` left var's candidates (a removal of a bound or of an interior value)
    guarded,  ///< var changed in the way `on` says while `value` is a candidate of `guard`
  };
  Var var;
  Kind kind = Kind::change;
  Trigger on = Trigger::any;  // change, guarded
  Value value = 0;            // removal: the value watched; guarded: the guard's value
  Var guard{-1};              // guarded only

  /// Wake on var's changes of kind `on`.
  static Watch change(Var var, Trigger on) { return {var, Kind::change, on, 0, Var{-1}}; }
  /// Wake when c leaves var's candidates. Its removal may also wake the propagator when c had
  /// already gone (a bound moving over a hole): a spurious wake, never a missed one. On an
  /// interval-form var, where c can only go as a bound, it wakes also when a bound moves onto c.
  static Watch removal(Var var, Value c) { return {var, Kind::removal, Trigger::any, c, Var{-1}}; }
  /// Wake on var's changes of kind `on`, but only while g is a candidate of `guard` (checked when
  /// var changes, so backtracking restores it for free): element(x, a, z) ignores a[i] once x
  /// has lost i.
  static Watch guarded(Var var, Trigger on, Var guard, Value g) { return {var, Kind::guarded, on, g, guard}; }
};

/// What propagate() reports.
enum class PropStatus : std::uint8_t {
  fixpoint,      ///< idempotent on its own changes: do not wake me for what I just did
  not_fixpoint,  ///< wake me again if I changed anything
  failed,        ///< no solution below this state
  /// Entailed: every assignment of the current domains of the scope satisfies the constraint
  /// (and, like fixpoint, running it again would change nothing). The engine records it in the
  /// search state (Model::subsumed) and never wakes or runs it again until search backtracks above
  /// this state; a claim made too early is unsound, so return it only when it is certain.
  subsumed,
};

class Propagator {
 public:
  /// A propagator over `scope` (a variable may appear twice), woken on changes of kind `trigger`.
  Propagator(std::vector<Var> scope, Trigger trigger) : scope_(std::move(scope)), trigger_(trigger) {}
  /// A propagator over `scope` woken only by `watches` (each on a scope variable). Contract: every
  /// change that can make propagate() narrow something, fail or report subsumed is covered by a
  /// watch; a change no watch covers leaves it at its fixpoint. (A search decision on a scope
  /// variable wakes it whatever its watches.)
  Propagator(std::vector<Var> scope, std::vector<Watch> watches)
      : scope_(std::move(scope)), trigger_(Trigger::any), watches_(std::move(watches)) {}
  virtual ~Propagator() = default;
  Propagator(const Propagator&) = delete;
  Propagator& operator=(const Propagator&) = delete;

  /// The variables it reads and narrows, in the order satisfied() receives their values.
  const std::vector<Var>& scope() const { return scope_; }
  /// When the engine wakes it, when watches() is empty.
  Trigger trigger() const { return trigger_; }
  /// Its subscriptions, when it chose them one by one; empty: every scope variable with trigger().
  const std::vector<Watch>& watches() const { return watches_; }
  /// A short human-readable name, e.g. "all-different(domain)" (for logs and explanations).
  virtual std::string name() const = 0;

  /// Narrows domains through ctx. Contract: when every scope variable is fixed, it returns
  /// `failed` if and only if satisfied() is false (so search under propagation is sound).
  virtual PropStatus propagate(Context& ctx) = 0;

  /// The constraint's meaning: true when this complete assignment of the scope satisfies it.
  /// Used to check solutions and, through check(), for search without propagation.
  virtual bool satisfied(std::span<const Value> values) const = 0;

  /// Learning search (Inference::learn): appends to `reason` literals that held in `at` and that,
  /// with the constraint, imply `inferred`, a literal over a scope variable that this propagator
  /// made true in its run from `at` (nullptr: why it failed in `at`). Returns false when it
  /// cannot say (the default): the search then takes every bound and hole of the scope in `at`,
  /// which is always a reason but the weakest one. A propagator that explains is held to it by
  /// the propagator harness (tests/propagator_harness.cpp), against enumeration.
  virtual bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const;

  /// Inference level `none`: false when the already-fixed scope variables violate the
  /// constraint whatever the others take. The default waits until the whole scope is fixed.
  virtual bool check(const Domains& d) const;

  /// The sets of variables it constrains together, for the constraint graph (two variables are
  /// neighbours when a set holds both; see order::mrv_ddeg). By default its scope; a propagator
  /// that runs rules over many groups at once lists the groups, since their union, its scope, does
  /// not say which variables constrain each other.
  virtual std::vector<std::vector<Var>> relations() const { return {scope_}; }

 private:
  std::vector<Var> scope_;
  Trigger trigger_;
  std::vector<Watch> watches_;
};

}  // namespace csp
