// A propagator test harness in the manner of Gecode's test/int: a test declares a constraint (how
// to draw its scope's domains, how to post it, what it means on a complete tuple) and the
// consistency its propagator promises; run() then checks, on many random instances:
//  1. the root propagation, from the drawn domains;
//  2. walks of random narrowings (a value removed, a bound cut, a variable fixed, and now and then
//     a step back to an earlier state, as search restores one), propagating after each. At every
//     fixpoint: soundness (every value of every solution of the domains it started from stays,
//     and failure only when there is no solution), the promise (what the promised consistency
//     removes is gone), idempotence (propagating the result again changes nothing), and
//     subsumption (a propagator that reported PropStatus::subsumed is satisfied by every tuple of
//     the fixpoint's domains, and so is the meaning once every propagator has);
//  3. complete assignments: with every variable fixed, propagation fails iff the meaning is false;
//  4. solution counts of complete searches (inference none, fc, mac, learn) against enumeration;
//  5. the explanations of a learning search (Inference::learn), stopped after a few nodes or
//     failures: each propagator's event on its trail, at each solution and where it stopped, is
//     explained (csp::learning::explain_event, so Propagator::explain when a propagator has one) by
//     literals that held before it and that, with the meaning and the level-0 facts, imply it.
// The reference is the meaning alone, enumerated here with no library code but Domains; a failure
// comes back as text naming the spec, seed, instance and domains, so that it reproduces.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "csp/kernel/model.hpp"

namespace harness {

using csp::Value;
using csp::Var;

/// One sorted candidate list per scope variable: the harness's own picture of the domains.
using Doms = std::vector<std::vector<Value>>;
/// One value per scope variable.
using Tuple = std::vector<Value>;

/// Seeded draws with plain modulo (std::uniform_int_distribution differs between standard
/// libraries): the same seed gives the same instances everywhere.
struct Rng {
  std::mt19937_64 g;
  explicit Rng(std::uint64_t seed) : g(seed) {}
  /// A number in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(g() % static_cast<std::uint64_t>(hi - lo + 1)); }
  /// True `percent` times in a hundred.
  bool chance(int percent) { return between(0, 99) < percent; }
};

/// A random non-empty subset of [lo, hi], a singleton `singleton_percent` of the time.
std::vector<Value> random_domain(Rng& r, Value lo, Value hi, int singleton_percent);

/// One drawn constraint over the scope x0..x(n-1).
struct Constraint {
  /// The constraint and its data, for failure messages.
  std::string text;
  /// Posts it into `model` over `scope` (the model holds exactly these variables).
  std::function<void(csp::Model& model, const std::vector<Var>& scope)> post;
  /// Its meaning, written in the test: true when the complete tuple satisfies it.
  std::function<bool(const Tuple&)> meaning;
  /// Optional, to enumerate large scopes: with `assigned` marking the variables given a value in
  /// `t` (variable i among them), false when those values already violate the constraint. Without
  /// it the enumeration consults the meaning on complete tuples only.
  std::function<bool(const Tuple& t, const std::vector<char>& assigned, std::size_t i)> partial;
  /// The fixpoint a Promise::custom promises from these domains (nullopt: failure).
  std::function<std::optional<Doms>(const Doms&)> fixpoint;
};

/// What the propagator promises at its fixpoint, relative to the domains it started from.
struct Promise {
  enum class Kind : std::uint8_t {
    domain,    ///< exactly generalised arc consistency: a value stays iff a solution uses it
    bounds_z,  ///< exactly bounds(Z): each min and max is in a solution over the other variables'
               ///< integer intervals [min, max]; only bounds move, holes stay
    custom,    ///< exactly Constraint::fixpoint (bounds(R), the counting rule of value, ...)
    sound,     ///< nothing checkable beyond soundness and idempotence (a closure of rules, say)
  };
  Kind kind = Kind::sound;
  std::string name;  ///< e.g. "domain", "bounds(R)": for messages
};

/// A constraint kind to test, and how hard.
struct Spec {
  std::string name;                                      ///< for messages: "less(x, y, c)"
  Promise promise;                                       ///< checked at every fixpoint
  std::uint64_t seed = 1;                                ///< of the whole run
  int instances = 1000;                                  ///< drawn instances
  /// Under a sanitizer (tests/sanitized_counts.hpp) run() draws instances / sanitized_divisor, at
  /// least 1: ASan+UBSan runs the harness 5-10 times slower (the whole harness was most of that
  /// suite's time), and a bad read or an overflow shows on the first instances as well as on the
  /// last. 1 draws them all, for a spec whose rare cases need every instance.
  int sanitized_divisor = 5;
  std::function<Doms(Rng&)> domains;                     ///< draws the scope's initial domains
  std::function<Constraint(Rng&, const Doms&)> draw;     ///< draws the constraint over them
  int walks = 1;                                         ///< narrowing walks per instance
  int max_steps = 12;                                    ///< narrowings per walk, at most
  int assignments = 1;                                   ///< random complete assignments per instance
  int search_every = 5;                                  ///< a counted search on every k-th instance (0: none)
  int explain_every = 1;                                 ///< check 5 (explanations) on every k-th instance (0: none)
  long long enumeration_nodes = 200000;                  ///< per enumeration; beyond, it is partial
  std::uint64_t search_nodes = 200000;                   ///< per counted search; beyond, not compared
  /// When set, the variables are created over [first, second] (as a puzzle's cells are, for
  /// propagators that want one value range) and narrowed to the drawn domains in the state every
  /// check starts from; otherwise they are created with the drawn domains.
  std::optional<std::pair<Value, Value>> range;
  /// When true, every variable is created in the interval (bounds) form, as a wide range would be
  /// (Model::set_interval_threshold(0)), and each drawn domain is widened to its hull [min, max],
  /// since that form keeps no holes: small ranges then check the propagators' bounds reasoning.
  bool interval = false;
};

/// How the instances turned out, so that a test can insist that its random mix is not vacuous.
struct Tally {
  int instances = 0;        ///< drawn
  int fixpoints = 0;        ///< propagations checked (root and walk steps)
  int failed = 0;           ///< of those, failed
  int pruned = 0;           ///< of those, narrowed something
  int unchanged = 0;        ///< of those, changed nothing
  int root_failed = 0, root_pruned = 0, root_unchanged = 0;  ///< the same at the roots only
  int assignments = 0;      ///< complete assignments checked
  int satisfied = 0;        ///< of those, satisfying the meaning
  int searches = 0;         ///< solution counts compared
  int subsumed = 0;         ///< fixpoints at which some propagator was subsumed (each one checked)
  int partial = 0;          ///< enumerations cut at enumeration_nodes (soundness from what they found)
  int learning_runs = 0;    ///< learning searches whose trails were checked (check 5)
  int explanations = 0;     ///< propagators' explanations on those trails checked against the meaning
  int failures_explained = 0;  ///< failed propagations whose explanation was checked against the meaning
};

/// The outcome of run(): `failure` empty when every check held.
struct Report {
  std::string failure;  ///< the first failed check, with the instance that shows it
  Tally tally;
};

/// Runs every check of the file comment on `spec` (its instances, or its sanitized share under a
/// sanitizer: Spec::sanitized_divisor); stops at the first failure.
Report run(const Spec& spec);

/// Every integer from the least to the greatest of `values` (sorted, not empty): what the interval
/// form keeps of a domain.
std::vector<Value> hull(const std::vector<Value>& values);

/// The domains of `vars` in `d`.
Doms read(const csp::Domains& d, const std::vector<Var>& vars);
/// "x0={1,2} x1={3}".
std::string show(const Doms& d);

/// The result of propagating a model to its fixpoint from a state.
struct Outcome {
  bool ok = false;          ///< false: propagation failed
  csp::Domains domains;     ///< the fixpoint (meaningless after a failure)
};
/// Exactly the engine call the library's users make at the root of a search.
Outcome propagate(const csp::Model& model, const csp::Domains& start);

/// Generalised arc consistency of `d` by enumerating the meaning: per variable, the values some
/// satisfying tuple uses; nullopt when none satisfies.
std::optional<Doms> supported_values(const Doms& d, const std::function<bool(const Tuple&)>& meaning);

}  // namespace harness
