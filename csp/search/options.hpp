// The options of a search: the heuristics and inference level, the limits, the objective of an
// optimising search, branching phases, restarts and threads (csp/search/solver.hpp runs them).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "csp/kernel/model.hpp"
#include "csp/kernel/stats.hpp"
#include "csp/kernel/trace.hpp"
#include "csp/search/orders.hpp"
#include "csp/search/restarts.hpp"

namespace csp {


/// How much reasoning follows each decision.
enum class Inference : std::uint8_t {
  none,     ///< check the constraints whose fixed variables the decision touched; prune nothing
  forward,  ///< forward checking: run the decided variable's propagators once, wake nothing else
  mac,      ///< maintain arc consistency: propagate to the fixpoint of every propagator
  /// MAC and learning from each failure (lazy clause generation, csp/learning/): every narrowing
  /// is recorded with its cause, a conflict is analysed into a clause that rules out its cause
  /// everywhere, and search backjumps to where that clause first applies
  /// (csp/search/detail/learning_search.hpp).
  learn,
  /// Learning and MAC take turns of equal time, each going on from where its last turn stopped,
  /// sharing every solution's objective as a bound (csp/search/detail/portfolio.hpp): about twice the
  /// time of the better of the two, whichever it is. Counting and enumeration use MAC alone.
  portfolio,
};
/// Parses "none", "fc", "mac", "learn" or "portfolio"; throws std::invalid_argument otherwise.
Inference parse_inference(std::string_view name);
/// The names parse_inference() accepts, weakest first.
const std::vector<std::string_view>& inference_names();
/// "none", "fc", "mac", "learn" or "portfolio".
std::string_view to_string(Inference i);

/// Which value a variable is tried at first when search comes back to it (phase saving, as SAT
/// solvers keep a literal's polarity): the value order decides only where none is remembered, or
/// the remembered value is no longer a candidate. Under Restarts::search activity or alternate, only
/// the runs by activity try it first: the runs along the search's own orders keep their value orders.
enum class PhaseSaving : std::uint8_t {
  none,      ///< the value order alone
  /// the value the variable last had: under learning, every fixing a backjump or restart undoes;
  /// without, the variable's last decision (and each solution's values)
  last,
  /// the value it has in the newest solution (solution-based phase saving, Demirovic, Chu and
  /// Stuckey 2018): an optimisation search looks around its best solution first
  solution,
};
/// Parses "none", "last" or "solution"; throws std::invalid_argument otherwise.
PhaseSaving parse_phase_saving(std::string_view name);
/// The names parse_phase_saving() accepts.
const std::vector<std::string_view>& phase_saving_names();
/// "none", "last" or "solution".
std::string_view to_string(PhaseSaving p);

/// Bounds on one search; zero means unbounded.
struct Limits {
  std::uint64_t nodes = 0;      ///< stop before the decision that would exceed this many nodes
  std::uint64_t failures = 0;   ///< stop once this many failures happened
  std::chrono::nanoseconds time{0};  ///< stop once this much wall-clock time has passed
  /// Stop as soon as this becomes true (set from another thread or a signal handler).
  const std::atomic<bool>* interrupt = nullptr;
};

/// Progress reports from a long search (SearchOptions::progress): a callback told the statistics
/// so far every `every_nodes` nodes or every `every_time`, whichever comes first (either 0: not by
/// that). Search counts nodes down to the next report (no clock read per node; with every_time set
/// the clock is read every 32 nodes). A node can take long, so reports by time may come late.
struct Progress {
  /// Told the statistics so far (nodes, failures, solutions, ..., elapsed); returning false stops
  /// the search (status limit, LimitHit::progress). Empty: no reports. With threads > 1 it is
  /// called from the searching threads, one at a time (never concurrently), with every thread's
  /// statistics summed (elapsed: wall-clock), every_nodes and every_time then counting all threads.
  std::function<bool(const Stats&)> report;
  std::uint64_t every_nodes = 0;          ///< report every this many nodes (0: not by nodes)
  std::chrono::nanoseconds every_time{0};  ///< report every this much time (0: not by time)
};

/// What an optimising search (Solver::optimize) minimises or maximises: one variable's value.
struct Objective {
  enum class Sense : std::uint8_t { minimize, maximize };
  Var var;                          ///< the variable whose value is the objective
  Sense sense = Sense::minimize;    ///< which way is better
};

/// One phase of branching (a part of FlatZinc's seq_search): the variables it decides, and how.
/// Phases are branched in order, each until all its variables are fixed; then the options' own
/// order and values branch on whatever is left unfixed.
struct Phase {
  std::vector<Var> vars;            ///< the variables this phase branches on (others untouched)
  VariableOrderFactory order;       ///< which of them next
  ValueOrderFactory values;         ///< in which order to try its candidates
};

/// How to search: the heuristics, the inference level, the limits, checking and tracing.
struct SearchOptions {
  VariableOrderFactory order = order::mrv();       ///< which variable to branch on (one instance per solver)
  ValueOrderFactory values = values::ascending();  ///< in which order to try its candidates
  Inference inference = Inference::mac;            ///< the reasoning after each decision
  Limits limits;                                   ///< bounds on each search (none by default)
  /// Check every solution against every constraint's satisfied() before reporting it. Turn off
  /// only when the caller checks solutions itself (the sudoku command uses its own validator);
  /// under inference none or fc the check is part of the search and always happens.
  bool check_solutions = true;
  /// Observer of every decision, refutation and propagation step (nullptr: none).
  Tracer* tracer = nullptr;
  /// Branching phases taken before `order`/`values` (empty: those alone decide every variable). The
  /// model's decisions (Model::decisions), if it names any, are one more phase after these, under
  /// `order`/`values` (unless `order` cannot be restricted, as a custom function cannot).
  std::vector<Phase> phases;
  /// Two-way branching: once a decision x = a is refuted (x != a holds), the variable order
  /// chooses again, as at a new node, instead of going on with x's next value. FlatZinc's search
  /// annotations mean this (smallest, first_fail: the refutation changes which variable is best).
  /// Off: d-way branching, each node tries its variable's values in turn.
  bool reselect = false;
  /// Restarts on a failure schedule (csp/search/restarts.hpp), keeping the variable order's learned state
  /// and the optimisation bound. Every goal stays complete and exact: a satisfaction search stops
  /// restarting at its first solution, and the schedule grows without bound. Off by default.
  Restarts restarts;
  /// The value tried first on a variable search comes back to (PhaseSaving); none by default.
  PhaseSaving phase_saving = PhaseSaving::none;
  /// Threads searching one instance together (csp/search/detail/parallel.hpp): the space is split into many
  /// more parts than threads, handed out in order. Counts and optimal objectives equal one
  /// thread's; the first solution may be another one (each is checked). 1: the sequential search,
  /// unchanged. With a tracer the search runs on one thread whatever this says.
  unsigned threads = 1;
  /// Under learning with threads > 1: the threads pass each other the clauses they learn of at
  /// most this many literals, each taking in the others' at its next part, restart or bound, and
  /// keep their own from part to part. For that each part is searched under assumptions (its
  /// path's decisions, one level each), so that the clauses hold in every part. 0: none of it, each
  /// part searched afresh (measured faster: docs/learning.md).
  std::uint32_t share_learnt = 0;
  /// Builds `model` again, once for each thread after the first: a model's propagators keep
  /// scratch state, so two threads cannot search one model. It must build the same model (the
  /// same variables and propagators, in the same order: a search throws std::invalid_argument when
  /// its variables or number of propagators differ). Required when threads > 1.
  std::function<Model()> worker_model;
  /// Progress reports during each search (none by default).
  Progress progress;
};

/// The most threads SearchOptions::threads may ask for: far more than any machine has cores, so
/// that a number read wrong (a negative one cast to unsigned, say) is an error, not a million threads.
inline constexpr unsigned kMaxThreads = 4096;

/// Throws std::invalid_argument naming the first thing in `options` that cannot search `model`: an
/// order or value order factory left empty, a phase naming a variable not of the model, a negative
/// time limit, a progress callback with no interval (or a negative one), Restarts::search set
/// without a schedule. Solver (which checks threads too) and
/// split() call it.
void validate(const Model& model, const SearchOptions& options);

}  // namespace csp
