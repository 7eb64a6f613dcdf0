// Branching heuristics: which variable to branch on next, and in which order to try its values.
//
// Both are small interfaces; the search builds its own instance from a factory for every solver,
// so a heuristic may keep state (dom/wdeg's weights, a random generator) without sharing it
// between threads. A plain function becomes a heuristic through order::custom().
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "csp/kernel/model.hpp"

namespace csp {

/// Chooses the variable to branch on.
class VariableOrder {
 public:
  virtual ~VariableOrder() = default;
  /// Called when a search starts (reset learned state here).
  virtual void start() {}
  /// An unfixed variable to branch on, or Var{} (id -1) when every variable is fixed (over a
  /// phase's variables: when all of those are). Search checks the answer and throws
  /// std::logic_error for a fixed variable or one not of the model.
  virtual Var select(const Domains& d) = 0;
  /// Called when a decision fails, naming the propagator that failed (kNoPropagator when unknown).
  virtual void failed(PropagatorId) {}
  /// Learning search (Inference::learn) only: called after each conflict's analysis with the
  /// variables of the events it went through (some more than once).
  virtual void conflict(std::span<const Var> /*vars*/) {}
  /// From now on choose only among `vars` (a search phase's variables; ties go to the earlier in
  /// this list); called before any search. The built-in orders all support it; the default throws
  /// std::invalid_argument, for an order that cannot work over a subset.
  virtual void restrict(std::span<const Var> vars);
};

/// One branching decision on a variable, and the refutation search posts when it fails.
struct Decision {
  enum class Kind : std::uint8_t {
    assign,    ///< x = value, refuted by x != value
    at_most,   ///< x <= value, refuted by x > value
    at_least,  ///< x >= value, refuted by x < value
    below,     ///< x < value, refuted by x > value (once x = value is refuted but the domain cannot drop it)
  };
  Kind kind = Kind::assign;  ///< which of the four
  Value value = 0;           ///< the value it compares with
};

/// Orders the candidates of the chosen variable.
class ValueOrder {
 public:
  virtual ~ValueOrder() = default;
  /// Fills `out` (already empty) with the candidates of v in the order to try them. Search tries
  /// exactly these values: a candidate left out is never tried, so an order may prune values it
  /// knows to be symmetric to one it lists (graph colouring lists one unused colour only). It is
  /// then responsible for that pruning being sound. Listing no candidate at all is an error
  /// (std::logic_error during search).
  virtual void order(Var v, const Domains& d, std::vector<Value>& out) = 0;
  /// True when search should take v's decisions one at a time from decide() rather than list them
  /// with order() when its node opens: a lazy order never materialises a wide domain, and may split.
  virtual bool lazy(Var /*v*/, const Domains& /*d*/) const { return false; }
  /// The next decision on v (unfixed or fixed, never empty) from its node's current domains, which
  /// every refutation narrows. It must shrink the domain both ways (or assign a candidate): else
  /// search would never end (it throws std::logic_error instead). Called only when lazy() said
  /// so; by default assigns the smallest.
  virtual Decision decide(Var v, const Domains& d) { return {Decision::Kind::assign, d.min(v)}; }
};

/// Builds a variable order for a model: each solver calls it once, so state is never shared.
using VariableOrderFactory = std::function<std::unique_ptr<VariableOrder>(const Model&)>;
/// Builds a value order for a model, once per solver.
using ValueOrderFactory = std::function<std::unique_ptr<ValueOrder>(const Model&)>;

namespace order {
/// The first unfixed variable in creation order.
VariableOrderFactory input();
/// Minimum remaining values: the unfixed variable with the fewest candidates (first on ties).
VariableOrderFactory mrv();
/// MRV, ties broken by the most constraints shared with other unfixed variables.
VariableOrderFactory mrv_degree();
/// MRV, ties broken by the most unfixed neighbours in the constraint graph (variables sharing a
/// relation, Propagator::relations): dom+deg with the degree taken as search goes (Brelaz).
VariableOrderFactory mrv_ddeg();
/// Smallest ratio of domain size to the failure weights of its constraints (Boussemart et al.).
VariableOrderFactory dom_wdeg();
/// The unfixed variable with the most candidates (first on ties): FlatZinc's anti_first_fail.
VariableOrderFactory anti_first_fail();
/// The unfixed variable with the smallest candidate (first on ties): FlatZinc's smallest.
VariableOrderFactory smallest();
/// The unfixed variable with the largest candidate (first on ties): FlatZinc's largest.
VariableOrderFactory largest();
/// The unfixed variable in the most propagators (first on ties): FlatZinc's occurrence.
VariableOrderFactory occurrence();
/// The unfixed variable with the largest gap between its two smallest candidates: max_regret.
VariableOrderFactory max_regret();
/// The unfixed variable of the highest activity, bumped for each variable a conflict's analysis
/// goes through and decayed after each conflict (VSIDS, as SAT and lazy clause generation solvers
/// branch); first on ties. Without learning, a failure bumps the failed propagator's variables.
VariableOrderFactory activity();
/// A plain function: given the model and domains, return an unfixed variable, or Var{} when every
/// variable is fixed. Search throws std::logic_error when it returns anything else (as it does for
/// any order: a fixed variable, one not of the model).
VariableOrderFactory custom(std::function<Var(const Model&, const Domains&)> choose);
/// By name: "input", "mrv", "mrv-degree", "mrv-ddeg", "dom-wdeg", "anti-first-fail", "smallest",
/// "largest", "occurrence", "most-constrained" (mrv-degree), "max-regret", "activity"; throws
/// std::invalid_argument otherwise.
VariableOrderFactory by_name(std::string_view name);
/// The names by_name() accepts.
const std::vector<std::string_view>& names();
}  // namespace order

namespace values {
/// Smallest candidate first (lazy: decides from the node's current domain).
ValueOrderFactory ascending();
/// Largest candidate first (lazy).
ValueOrderFactory descending();
/// The middle candidate first (the lower one of two), then again the middle of those left (lazy).
ValueOrderFactory median();
/// Splits the domain: x <= (min + max) / 2 first, then x > it (lazy; FlatZinc's indomain_split).
ValueOrderFactory split();
/// Splits the domain upper half first: x > (min + max) / 2, then x <= it (indomain_reverse_split).
ValueOrderFactory reverse_split();
/// Least constraining value: the candidate whose forward check removes the fewest candidates
/// from other variables first (a candidate whose forward check fails goes last).
ValueOrderFactory lcv();
/// A random order, reproducible for a given seed: a shuffled list for a domain of up to 1024
/// candidates, else (lazy) a random candidate at a time, drawn without listing the domain.
ValueOrderFactory random(std::uint64_t seed);
/// A plain function: fill the vector with v's candidates in the order to try (std::logic_error
/// during search when it lists a value that is not a candidate, or none).
ValueOrderFactory custom(std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)> order);
/// By name: "min", "max", "lcv", "random", "median", "split", "reverse-split"; throws
/// std::invalid_argument otherwise.
ValueOrderFactory by_name(std::string_view name, std::uint64_t seed = 1);
/// The names by_name() accepts.
const std::vector<std::string_view>& names();
}  // namespace values

}  // namespace csp
