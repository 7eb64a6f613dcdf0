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

#include "csp/domains.hpp"

namespace csp {

class Context;

/// When a propagator wants to run: on any change of a scope variable, only when a bound moved
/// (min or max; includes becoming fixed), or only when a variable became fixed.
enum class Trigger : std::uint8_t { fixed, bounds, any };

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
  virtual ~Propagator() = default;
  Propagator(const Propagator&) = delete;
  Propagator& operator=(const Propagator&) = delete;

  /// The variables it reads and narrows, in the order satisfied() receives their values.
  const std::vector<Var>& scope() const { return scope_; }
  /// When the engine wakes it.
  Trigger trigger() const { return trigger_; }
  /// A short human-readable name, e.g. "all-different(domain)" (for logs and explanations).
  virtual std::string name() const = 0;

  /// Narrows domains through ctx. Contract: when every scope variable is fixed, it returns
  /// `failed` if and only if satisfied() is false (so search under propagation is sound).
  virtual PropStatus propagate(Context& ctx) = 0;

  /// The constraint's meaning: true when this complete assignment of the scope satisfies it.
  /// Used to check solutions and, through check(), for search without propagation.
  virtual bool satisfied(std::span<const Value> values) const = 0;

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
};

}  // namespace csp
