// Tracer: an optional observer of propagation and search, for explanations and debugging.
//
// Set one with Engine::set_tracer() or SearchOptions::tracer. With none set (the default) the
// engine pays one pointer test per domain change; with one set, every removal is reported with the
// propagator that made it, so a log can say which rule removed which candidate where.
#pragma once

#include <string_view>

#include "csp/kernel/model.hpp"

namespace csp {

class Tracer {
 public:
  virtual ~Tracer() = default;
  /// Propagator `by` removed candidate x from v (by is -1 for a search decision or refutation).
  virtual void removed(PropagatorId /*by*/, Var /*v*/, Value /*x*/) {}
  /// Propagator `by` names the reason of the removals that follow, until its next reason (a
  /// propagator that handles many groups says which group and rule, e.g. "hidden-single in box 5").
  virtual void reason(PropagatorId /*by*/, std::string_view /*why*/) {}
  /// Propagator `by` failed (a domain emptied or the constraint cannot hold).
  virtual void failed(PropagatorId /*by*/) {}
  /// Search tries v = x at the given depth (1 for the first decision).
  virtual void decided(Var /*v*/, Value /*x*/, std::uint64_t /*depth*/) {}
  /// Search leaves the decision v = x (it failed, or its subtree is done) and removes x from v.
  virtual void refuted(Var /*v*/, Value /*x*/, std::uint64_t /*depth*/) {}
  /// Search reached a solution.
  virtual void solution() {}
};

}  // namespace csp
