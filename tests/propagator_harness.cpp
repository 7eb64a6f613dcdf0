// The propagator test harness (propagator_harness.hpp): the reference enumeration, the promised
// fixpoints, the random narrowing walks and the checks made at each fixpoint.
#include "propagator_harness.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <span>
#include <sstream>

#include "sanitized_counts.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/learning/explain.hpp"
#include "csp/learning/learner.hpp"
#include "csp/learning/trail.hpp"
#include "csp/search/detail/learning_search.hpp"
#include "csp/search/solver.hpp"

namespace harness {

std::vector<Value> random_domain(Rng& r, Value lo, Value hi, int singleton_percent) {
  if (r.chance(singleton_percent)) return {r.between(lo, hi)};
  std::vector<Value> out;
  const int density = r.between(30, 90);
  for (Value x = lo; x <= hi; ++x)
    if (r.chance(density)) out.push_back(x);
  if (out.empty()) out.push_back(r.between(lo, hi));
  return out;
}

std::vector<Value> hull(const std::vector<Value>& values) {
  std::vector<Value> out;
  for (Value x = values.front(); x <= values.back(); ++x) out.push_back(x);
  return out;
}

Doms read(const csp::Domains& d, const std::vector<Var>& vars) {
  Doms out;
  for (Var v : vars) out.push_back(d.values(v));
  return out;
}

std::string show(const Doms& d) {
  std::ostringstream s;
  for (std::size_t i = 0; i < d.size(); ++i) {
    s << (i ? " " : "") << "x" << i << "={";
    for (std::size_t k = 0; k < d[i].size(); ++k) s << (k ? "," : "") << d[i][k];
    s << "}";
  }
  return s.str();
}

Outcome propagate(const csp::Model& model, const csp::Domains& start) {
  csp::Engine engine(model);
  csp::Stats stats;
  stats.counters.resize(model.counter_names().size());
  Outcome out{false, start};
  out.ok = engine.propagate_all(out.domains, stats);
  return out;
}

namespace {

std::string show_tuple(const Tuple& t) {
  std::ostringstream s;
  s << "(";
  for (std::size_t i = 0; i < t.size(); ++i) s << (i ? "," : "") << t[i];
  s << ")";
  return s.str();
}

bool contains(const std::vector<Value>& values, Value x) { return std::binary_search(values.begin(), values.end(), x); }

// The harness's own reading of a literal on a value (no library code).
bool meets(csp::Lit l, Value x) {
  switch (l.kind) {
    case csp::Lit::Kind::ge: return x >= l.value;
    case csp::Lit::Kind::le: return x <= l.value;
    case csp::Lit::Kind::eq: return x == l.value;
    case csp::Lit::Kind::ne: return x != l.value;
  }
  return false;
}

// Calls f(tuple, positions) for every tuple of the cartesian product of d (odometer order) until
// f returns false.
template <class F>
void for_each_tuple(const Doms& d, F&& f) {
  for (const auto& values : d)
    if (values.empty()) return;
  std::vector<std::size_t> at(d.size(), 0);
  Tuple t(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) t[i] = d[i][0];
  for (;;) {
    if (!f(t, at)) return;
    std::size_t i = 0;
    while (i < d.size() && ++at[i] == d[i].size()) {
      at[i] = 0;
      t[i] = d[i][0];
      ++i;
    }
    if (i == d.size()) return;
    t[i] = d[i][at[i]];
  }
}

// The solutions of some domains, as far as an enumeration limited in nodes got.
struct Solutions {
  bool complete = true;               // false: cut at the node limit
  long long count = 0;                // found
  std::vector<std::vector<char>> used;  // per variable and candidate index: some found solution uses it
  std::optional<Tuple> one;           // the first found
  std::vector<Value> all;             // every found tuple, one after another (when asked to keep them)
};

// Depth first over the variables, each time the one with fewest values the partial check allows
// (a look-ahead that needs nothing but Constraint::partial).
class Enumerator {
 public:
  Enumerator(const Doms& d, const Constraint& c, long long limit, bool keep = false)
      : d_(d), c_(c), limit_(limit), keep_(keep), t_(d.size()), at_(d.size()), assigned_(d.size(), 0) {
    out_.used.resize(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) out_.used[i].assign(d[i].size(), 0);
  }
  Solutions run() {
    for (const auto& values : d_)
      if (values.empty()) return out_;
    if (c_.partial) search(0);
    else for_each_tuple(d_, [&](const Tuple& t, const std::vector<std::size_t>& at) {
      if (++nodes_ > limit_) return out_.complete = false;
      if (c_.meaning(t)) found(t, at);
      return true;
    });
    return out_;
  }

 private:
  void found(const Tuple& t, const std::vector<std::size_t>& at) {
    ++out_.count;
    if (!out_.one) out_.one = t;
    if (keep_) out_.all.insert(out_.all.end(), t.begin(), t.end());
    for (std::size_t i = 0; i < t.size(); ++i) out_.used[i][at[i]] = 1;
  }
  void search(std::size_t depth) {
    if (++nodes_ > limit_) {
      out_.complete = false;
      return;
    }
    if (depth == d_.size()) {
      if (c_.meaning(t_)) found(t_, at_);
      return;
    }
    std::size_t best = d_.size();
    std::vector<std::size_t> best_values;
    std::vector<std::size_t> values;
    for (std::size_t i = 0; i < d_.size(); ++i) {
      if (assigned_[i]) continue;
      values.clear();
      assigned_[i] = 1;
      for (std::size_t k = 0; k < d_[i].size(); ++k) {
        t_[i] = d_[i][k];
        if (c_.partial(t_, assigned_, i)) values.push_back(k);
      }
      assigned_[i] = 0;
      if (values.empty()) return;
      if (best == d_.size() || values.size() < best_values.size()) best = i, best_values = values;
    }
    assigned_[best] = 1;
    for (std::size_t k : best_values) {
      t_[best] = d_[best][k];
      at_[best] = k;
      search(depth + 1);
      if (!out_.complete) break;
    }
    assigned_[best] = 0;
  }

  const Doms& d_;
  const Constraint& c_;
  long long limit_, nodes_ = 0;
  bool keep_;
  Tuple t_;
  std::vector<std::size_t> at_;
  std::vector<char> assigned_;
  Solutions out_;
};

// The values the found solutions use, per variable.
Doms used_values(const Doms& d, const Solutions& s) {
  Doms out(d.size());
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t k = 0; k < d[i].size(); ++k)
      if (s.used[i][k]) out[i].push_back(d[i][k]);
  return out;
}

// Bounds(Z) by enumeration: drop a bound while no tuple of the box (the other variables anywhere in
// the integers of [min, max]) satisfies the meaning with it; until no bound drops.
std::optional<Doms> bounds_z_fixpoint(Doms d, const std::function<bool(const Tuple&)>& meaning) {
  auto supported = [&](std::size_t i, Value v) {
    Doms box(d.size());
    for (std::size_t j = 0; j < d.size(); ++j) {
      if (j == i) box[j] = {v};
      else
        for (Value x = d[j].front(); x <= d[j].back(); ++x) box[j].push_back(x);
    }
    bool any = false;
    for_each_tuple(box, [&](const Tuple& t, const std::vector<std::size_t>&) { return !(any = meaning(t)); });
    return any;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < d.size(); ++i) {
      while (!d[i].empty() && !supported(i, d[i].front())) d[i].erase(d[i].begin()), changed = true;
      while (!d[i].empty() && !supported(i, d[i].back())) d[i].pop_back(), changed = true;
      if (d[i].empty()) return std::nullopt;
    }
  }
  return d;
}

// One random narrowing of an unfixed variable: a value removed, a bound cut or the variable fixed.
// False when every variable is fixed.
bool narrow(Rng& r, csp::Domains& d, const std::vector<Var>& vars) {
  std::vector<Var> open;
  for (Var v : vars)
    if (!d.fixed(v)) open.push_back(v);
  if (open.empty()) return false;
  const Var v = open[static_cast<std::size_t>(r.between(0, static_cast<int>(open.size()) - 1))];
  const std::vector<Value> values = d.values(v);
  const int last = static_cast<int>(values.size()) - 1;
  const int op = r.between(0, 9);
  if (op < 4) d.remove(v, values[static_cast<std::size_t>(r.between(0, last))]);
  else if (op < 6) d.assign(v, values[static_cast<std::size_t>(r.between(0, last))]);
  else if (op < 8) d.remove_below(v, values[static_cast<std::size_t>(r.between(1, last))]);
  else d.remove_above(v, values[static_cast<std::size_t>(r.between(0, last - 1))]);
  return true;
}

// Everything run() checks of one instance, stopping at the first failure (kept in `failure`).
class Checker {
 public:
  Checker(const Spec& spec, const Constraint& c, const csp::Model& model, const std::vector<Var>& vars,
          const csp::Domains& start, Tally& tally)
      : spec_(spec), c_(c), model_(model), vars_(vars), start_(start), tally_(tally) {}

  std::string failure;

  // Propagates from `before` and checks the fixpoint; the outcome, or nullopt on a failed check.
  std::optional<Outcome> fixpoint(const csp::Domains& before, bool root) {
    const Doms b = read(before, vars_);
    const Solutions sols = Enumerator(b, c_, spec_.enumeration_nodes).run();
    tally_.partial += sols.complete ? 0 : 1;
    if (root) root_solutions_ = sols;
    const Outcome got = propagate(model_, before);
    ++tally_.fixpoints;
    const Doms after = got.ok ? read(got.domains, vars_) : Doms{};
    auto fail = [&](const std::string& what) {
      std::ostringstream s;
      s << (root ? "at the root" : "at walk step " + std::to_string(step_)) << ": " << what << "\n  from " << show(b)
        << "\n  got " << (got.ok ? show(after) : "failure");
      failure = s.str();
      return std::nullopt;
    };
    // Soundness: a solution's values all stay; failure only without solutions.
    if (sols.count > 0) {
      if (!got.ok) return fail("unsound: failed although a solution exists, e.g. " + show_tuple(*sols.one));
      const Doms used = used_values(b, sols);
      for (std::size_t i = 0; i < b.size(); ++i)
        for (Value x : used[i])
          if (!contains(after[i], x)) return fail("unsound: x" + std::to_string(i) + "=" + std::to_string(x) +
                                                  " is in a solution but was removed");
    }
    // The promise.
    std::optional<Doms> want;
    bool exact = true;
    switch (spec_.promise.kind) {
      case Promise::Kind::domain:
        if (!sols.complete) return fail("enumeration too large for a domain promise: raise enumeration_nodes");
        if (sols.count > 0) want = used_values(b, sols);
        break;
      case Promise::Kind::bounds_z: want = bounds_z_fixpoint(b, c_.meaning); break;
      case Promise::Kind::custom: want = c_.fixpoint(b); break;
      case Promise::Kind::sound: exact = false; break;
    }
    if (exact) {
      if (got.ok != want.has_value() || (got.ok && after != *want))
        return fail("not " + spec_.promise.name + ": expected " + (want ? show(*want) : "failure"));
    }
    if (!got.ok) {
      ++tally_.failed;
      if (root) ++tally_.root_failed;
      if (const std::string bad = failure_explanation(before); !bad.empty()) return fail(bad);
      return got;
    }
    if (const std::string broken = broken_subsumption(got.domains); !broken.empty()) return fail(broken);
    ++(after == b ? tally_.unchanged : tally_.pruned);
    if (root) ++(after == b ? tally_.root_unchanged : tally_.root_pruned);
    // Idempotence.
    const Outcome again = propagate(model_, got.domains);
    if (!again.ok || read(again.domains, vars_) != after)
      return fail(std::string("not idempotent: propagating the fixpoint again gives ") +
                  (again.ok ? show(read(again.domains, vars_)) : "failure"));
    return got;
  }

  // The explanation of a failed propagation from `before`, as conflict analysis would take it: from
  // the start domains, `before`'s removals posted as decisions, propagation under a learner fails,
  // and the failed propagator's explanation (its own, or its scope's domains then) must name only
  // facts that held at the failure, which no tuple of the start domains satisfying the meaning
  // satisfies all together. Empty when it holds (or when the model is not one search can take).
  std::string failure_explanation(const csp::Domains& before) {
    if (spec_.search_every <= 0 || spec_.explain_every <= 0) return {};
    const auto count = static_cast<std::size_t>(model_.var_count());
    if (count != vars_.size()) return {};
    if (!start_tuples_) {
      start_tuples_ = Enumerator(read(start_, vars_), c_, spec_.enumeration_nodes, true).run();
    }
    if (!start_tuples_->complete) return {};
    csp::learning::Learner learner(model_);
    learner.clear(start_);
    csp::Engine engine(model_);
    engine.set_recorder(&learner);
    csp::Domains d = start_;
    learner.trail().new_level(d);
    for (Var v : vars_)
      for (Value x = start_.min(v); x <= start_.max(v); ++x)
        if (start_.contains(v, x) && !before.contains(v, x) && !learner.post(d, csp::Lit::ne(v, x), {}))
          return {};
    csp::Stats stats;
    stats.counters.assign(model_.counter_names().size(), 0);
    if (engine.propagate_all(d, stats) || engine.last_failure() < 0) return {};
    std::vector<csp::Lit> facts;
    csp::learning::explain_failure(model_, learner.trail(), engine.last_failure(), facts);
    ++tally_.failures_explained;
    const csp::learning::Trail& trail = learner.trail();
    const csp::learning::TrailView now(trail, trail.size());
    std::string text = "{";
    for (std::size_t k = 0; k < facts.size(); ++k)
      text.append(k ? ", " : "").append(csp::to_string(facts[k]));
    text.append("}");
    const std::string by = model_.propagator(engine.last_failure()).name();
    for (csp::Lit f : facts)
      if (!now.holds(f))
        return std::string("the explanation of the failure of ")
            .append(by)
            .append(", ")
            .append(text)
            .append(", names ")
            .append(csp::to_string(f))
            .append(", which did not hold");
    std::vector<std::size_t> index(count);  // per variable id, its position in the scope
    for (std::size_t i = 0; i < count; ++i) index[static_cast<std::size_t>(vars_[i].id)] = i;
    const std::vector<Value>& all = start_tuples_->all;
    for (std::size_t k = 0; k < all.size(); k += count)
      if (std::all_of(facts.begin(), facts.end(),
                      [&](csp::Lit f) { return meets(f, all[k + index[static_cast<std::size_t>(f.var.id)]]); }))
        return std::string("the explanation of the failure of ")
            .append(by)
            .append(", ")
            .append(text)
            .append(" (variables by id), allows the solution ")
            .append(show_tuple(Tuple(all.begin() + static_cast<std::ptrdiff_t>(k),
                                     all.begin() + static_cast<std::ptrdiff_t>(k + count))));
    return {};
  }

  // The promise of PropStatus::subsumed at a fixpoint d: each subsumed propagator accepts every
  // tuple of its scope's domains, and with all of them subsumed every tuple satisfies the meaning
  // (the reference). Empty when it holds, or when a product is too large to enumerate.
  std::string broken_subsumption(const csp::Domains& d) {
    bool all = true, any = false;
    for (csp::PropagatorId p = 0; p < model_.propagator_count(); ++p) {
      if (!model_.subsumed(d, p)) {
        all = false;
        continue;
      }
      any = true;
      const csp::Propagator& prop = model_.propagator(p);
      const Doms scope = read(d, prop.scope());
      std::optional<Tuple> bad;
      if (!small(scope)) continue;
      for_each_tuple(scope, [&](const Tuple& t, const std::vector<std::size_t>&) {
        if (!prop.satisfied(t)) bad = t;
        return !bad;
      });
      if (bad) return prop.name() + " reported subsumed, yet rejects " + show_tuple(*bad) + " of " + show(scope);
    }
    tally_.subsumed += any ? 1 : 0;
    if (!all || !any) return {};
    const Doms now = read(d, vars_);
    std::optional<Tuple> bad;
    if (small(now))
      for_each_tuple(now, [&](const Tuple& t, const std::vector<std::size_t>&) {
        if (!c_.meaning(t)) bad = t;
        return !bad;
      });
    return bad ? "every propagator reported subsumed, yet the meaning rejects " + show_tuple(*bad) : std::string{};
  }
  // True when the product of the domains stays within the enumeration limit.
  bool small(const Doms& d) const {
    long double n = 1;
    for (const auto& values : d) n *= static_cast<long double>(values.size());
    return n <= static_cast<long double>(spec_.enumeration_nodes);
  }

  // A walk of random narrowings from the root fixpoint, with steps back now and then.
  bool walk(Rng& r, const csp::Domains& root) {
    std::vector<csp::Domains> path{root};
    for (step_ = 1; step_ <= spec_.max_steps; ++step_) {
      if (path.size() > 1 && r.chance(15))  // back to an earlier state, as search restores one
        path.resize(static_cast<std::size_t>(r.between(1, static_cast<int>(path.size()) - 1)));
      csp::Domains next = path.back();
      if (!narrow(r, next, vars_)) {
        if (path.size() == 1) return true;
        path.pop_back();
        continue;
      }
      const std::optional<Outcome> got = fixpoint(next, false);
      if (!got) return false;
      if (got->ok) path.push_back(got->domains);
    }
    return true;
  }

  // The propagate() contract on a complete assignment.
  bool assignment(const Tuple& t) {
    csp::Domains fixed = start_;
    for (std::size_t i = 0; i < t.size(); ++i) fixed.assign(vars_[i], t[i]);
    const bool means = c_.meaning(t);
    ++tally_.assignments;
    tally_.satisfied += means ? 1 : 0;
    if (propagate(model_, fixed).ok == means) return true;
    failure = "complete assignment " + show_tuple(t) + (means ? " satisfies the meaning but propagation failed"
                                                        : " violates the meaning but propagation succeeded");
    return false;
  }

  // Solution counts of complete searches against the root enumeration.
  bool searches() {
    if (!root_solutions_.complete) return true;
    for (const char* inference : {"none", "fc", "mac", "learn"}) {
      csp::SearchOptions options;
      options.inference = csp::parse_inference(inference);
      options.limits.nodes = spec_.search_nodes;
      csp::Solver solver(model_, options);
      const csp::SearchResult r = solver.count(start_);
      if (r.status != csp::SearchStatus::exhausted) continue;  // too big to count here
      ++tally_.searches;
      if (static_cast<long long>(r.stats.solutions) != root_solutions_.count) {
        failure = std::string("search with inference ") + inference + " counted " + std::to_string(r.stats.solutions) +
                  " solutions, enumeration " + std::to_string(root_solutions_.count);
        return false;
      }
    }
    return true;
  }

  // The explanations a learning search would learn from, against the meaning. A learning search
  // (csp::LearningSearch, inference learn) from the start domains, variable order activity or mrv
  // on alternate instances, a value order drawn (min, max, split or random), counting every
  // solution but stopped by a failure limit drawn in 1..20 or a node limit drawn in 1..50 (without
  // it, a satisfiable instance is counted to the end with few failures), so that it stops in the
  // middle of a search; on its trail at each solution (a whole branch) and where it stopped, each
  // event of level > 0 made by a propagator, explained as conflict analysis asks for it
  // (csp::learning::explain_event with need = the event's fact: the propagator's own explanation
  // when it gives one, else its scope's domains before the write) must have
  //  - every literal held before the event's write: true in the start domains, or made true by an
  //    earlier event ([x = v] as its two bounds);
  //  - every tuple of the start domains that satisfies the meaning, the level-0 facts and the
  //    explanation satisfy the event's fact (enumerated by the harness: no library code).
  // `n`, the instance, picks the orders and seeds the limits (not from the instances' generator,
  // which draws the same instances as without this check).
  bool explanations(int n) {
    if (!root_solutions_.complete) return true;
    // Variables beside the scope (a decomposition's own): the meaning cannot judge facts on them.
    const auto count = static_cast<std::size_t>(model_.var_count());
    if (count != vars_.size()) return true;
    std::vector<std::size_t> index(count);  // per variable id, its position in the scope
    for (std::size_t i = 0; i < count; ++i) index[static_cast<std::size_t>(vars_[i].id)] = i;
    const char* order = (n / std::max(spec_.explain_every, 1)) % 2 == 0 ? "activity" : "mrv";
    Rng r(spec_.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(n));
    csp::SearchOptions options;  // outlives the search, which keeps a reference
    options.inference = csp::Inference::learn;
    options.order = csp::order::by_name(order);
    // The value order too: decisions [x = v] from either end, bounds (split), or anywhere.
    static const char* value_orders[] = {"min", "max", "split", "random"};
    const char* values = value_orders[r.between(0, 3)];
    options.values = csp::values::by_name(values, static_cast<std::uint64_t>(n) + 1);
    options.limits.failures = static_cast<std::uint64_t>(r.between(1, 20));
    options.limits.nodes = static_cast<std::uint64_t>(r.between(1, 50));
    csp::LearningSearch search(model_, options);
    std::ostringstream run;  // for messages
    run << "learning search (order " << order << ", values " << values << ", failure limit "
        << options.limits.failures << ", node limit " << options.limits.nodes << ")";
    auto lit = [&](csp::Lit l) {  // "x1 <= 3", in the scope's names
      static const char* ops[] = {" >= ", " <= ", " = ", " != "};
      const bool known = l.var.id >= 0 && static_cast<std::size_t>(l.var.id) < count;
      std::string out(known ? "x" : "variable #");
      out.append(std::to_string(known ? static_cast<int>(index[static_cast<std::size_t>(l.var.id)]) : l.var.id));
      return out.append(ops[static_cast<int>(l.kind)]).append(std::to_string(l.value));
    };
    auto lits = [&](const std::vector<csp::Lit>& ls) {
      std::string out = "{";
      for (std::size_t k = 0; k < ls.size(); ++k) out += (k ? ", " : "") + lit(ls[k]);
      return out + "}";
    };
    const Doms doms = read(start_, vars_);
    Solutions all;  // the tuples of the start domains that satisfy the meaning, enumerated once needed
    bool enumerated = false;
    std::vector<csp::Lit> root, facts;
    std::vector<Value> sols;
    // Checks every propagator's event of level > 0 on the trail as it is now (`when`: for messages).
    auto check_trail = [&](const std::string& when) {
      const csp::learning::Learner& learner = search.learner();
      const csp::learning::Trail& trail = learner.trail();
      root.clear();  // the level-0 facts: they hold in every branch, explanations leave them out
      std::uint32_t e = 0;
      for (; e < trail.size() && trail[e].level == 0; ++e) root.push_back(trail[e].fact);
      if (e == trail.size()) return true;
      // The tuples that satisfy the meaning and the level-0 facts, one after another.
      if (!enumerated) {
        enumerated = true;
        all = Enumerator(doms, c_, spec_.enumeration_nodes, true).run();
      }
      sols.clear();
      for (std::size_t k = 0; k < all.all.size(); k += count)
        if (std::all_of(root.begin(), root.end(), [&](csp::Lit f) {
              return meets(f, all.all[k + index[static_cast<std::size_t>(f.var.id)]]);
            }))
          sols.insert(sols.end(), all.all.begin() + static_cast<std::ptrdiff_t>(k),
                      all.all.begin() + static_cast<std::ptrdiff_t>(k + count));
      auto value = [&](std::size_t k, csp::Lit l) { return sols[k + index[static_cast<std::size_t>(l.var.id)]]; };
      // A literal held before trail index `at`: true in the start domains, or made true by an
      // event before it ([x = v] as its two bounds, which may hold each its own way).
      auto held = [&](csp::Lit f, std::uint32_t at) {
        auto one = [&](csp::Lit g) {
          const std::vector<Value>& values = doms[index[static_cast<std::size_t>(g.var.id)]];
          return std::all_of(values.begin(), values.end(), [&](Value x) { return meets(g, x); }) ||
                 trail.event_making(g, at) >= 0;
        };
        if (f.kind != csp::Lit::Kind::eq) return one(f);
        return one(csp::Lit::ge(f.var, f.value)) && one(csp::Lit::le(f.var, f.value));
      };
      for (; e < trail.size(); ++e) {
        const csp::learning::Event& ev = trail[e];
        if (ev.cause.kind != csp::learning::Cause::Kind::propagator || ev.level == 0) continue;
        facts.clear();
        csp::learning::explain_event(model_, trail, learner.clauses(), e, ev.fact, facts);
        ++tally_.explanations;
        auto fail = [&](const std::string& why) {
          std::ostringstream s;
          s << run.str() << ", " << when << ": the explanation of trail event " << e << ", [" << lit(ev.fact)
            << "] at level " << ev.level << " by propagator " << ev.cause.index << " ("
            << model_.propagator(static_cast<csp::PropagatorId>(ev.cause.index)).name() << "), its write from event "
            << ev.write << ", is " << lits(facts) << ": " << why << "\n  level-0 facts " << lits(root)
            << "\n  the trail before it:";
          for (std::uint32_t k = 0; k < e; ++k) {
            const csp::learning::Event& t = trail[k];
            static const char* causes[] = {"decision", "propagator ", "clause ", "root"};
            const auto kind = static_cast<int>(t.cause.kind);
            s << (k % 4 == 0 ? "\n    " : "; ") << k << " [" << lit(t.fact) << "] level " << t.level << " by "
              << causes[kind] << (kind == 1 || kind == 2 ? std::to_string(t.cause.index) : "");
          }
          failure = s.str();
          return false;
        };
        for (csp::Lit f : facts) {
          if (f.var.id < 0 || static_cast<std::size_t>(f.var.id) >= count) return fail("it names an unknown variable");
          if (!held(f, ev.write)) return fail("its literal " + lit(f) + " did not hold before the event's write");
        }
        for (std::size_t k = 0; k < sols.size(); k += count) {
          if (!std::all_of(facts.begin(), facts.end(), [&](csp::Lit f) { return meets(f, value(k, f)); })) continue;
          if (meets(ev.fact, value(k, ev.fact))) continue;
          const Tuple t(sols.begin() + static_cast<std::ptrdiff_t>(k),
                        sols.begin() + static_cast<std::ptrdiff_t>(k + count));
          return fail("the tuple " + show_tuple(t) +
                      " satisfies the meaning, the level-0 facts and the explanation, but not the event's fact");
        }
      }
      return true;
    };
    // The trail at a solution holds a whole branch: check it at each (the node limit bounds them).
    int solutions = 0;
    bool held_up = true;
    const csp::SolutionCallback at_solution = [&](std::span<const Value>) {
      ++solutions;
      held_up = check_trail("at its solution " + std::to_string(solutions));
      return held_up;
    };
    csp::Goal goal;  // cap 0: every solution
    goal.on_solution = &at_solution;
    csp::SearchResult result;
    try {
      result = search.run(start_, goal);
    } catch (const std::exception& e) {
      failure = run.str() + " threw: " + e.what();
      return false;
    }
    ++tally_.learning_runs;
    const char* why = result.status == csp::SearchStatus::exhausted ? "search space exhausted"
                      : result.limit == csp::LimitHit::nodes           ? "node limit"
                      : result.limit == csp::LimitHit::failures        ? "failure limit"
                                                                       : "stopped";
    return held_up && check_trail(std::string("where it stopped (") + why + ")");
  }

  const Solutions& root_solutions() const { return root_solutions_; }

 private:
  const Spec& spec_;
  const Constraint& c_;
  const csp::Model& model_;
  const std::vector<Var>& vars_;
  const csp::Domains& start_;
  Tally& tally_;
  Solutions root_solutions_;
  std::optional<Solutions> start_tuples_;  // every solution of the start domains, once a failure wants them
  int step_ = 0;  // of the current walk, for messages
};

}  // namespace

std::optional<Doms> supported_values(const Doms& d, const std::function<bool(const Tuple&)>& meaning) {
  Constraint c;
  c.meaning = meaning;
  const Solutions s = Enumerator(d, c, std::numeric_limits<long long>::max()).run();
  if (s.count == 0) return std::nullopt;
  return used_values(d, s);
}

Report run(const Spec& spec) {
  Report report;
  Rng rng(spec.seed);
  const int instances = test_counts::sanitized_share(spec.instances, spec.sanitized_divisor);
  for (int n = 0; n < instances; ++n) {
    Doms doms = spec.domains(rng);
    if (spec.interval)
      for (auto& values : doms) values = hull(values);
    const Constraint c = spec.draw(rng, doms);
    csp::Model model;
    if (spec.interval) model.set_interval_threshold(0);
    std::vector<Var> vars;
    for (const auto& values : doms)
      vars.push_back(spec.range ? model.add_var(spec.range->first, spec.range->second) : model.add_var(values));
    c.post(model, vars);
    csp::Domains start = model.initial_domains();
    if (spec.range)
      for (std::size_t i = 0; i < vars.size(); ++i) {
        start.remove_below(vars[i], doms[i].front());  // the interval form has no holes to remove
        start.remove_above(vars[i], doms[i].back());
        for (Value x = spec.range->first; x <= spec.range->second; ++x)
          if (!contains(doms[i], x)) start.remove(vars[i], x);
      }
    ++report.tally.instances;
    Checker check(spec, c, model, vars, start, report.tally);
    bool ok = true;
    const std::optional<Outcome> root = check.fixpoint(start, true);
    ok = root.has_value();
    for (int w = 0; ok && root->ok && w < spec.walks; ++w) ok = check.walk(rng, root->domains);
    for (int a = 0; ok && a < spec.assignments; ++a) {
      Tuple t(doms.size());
      for (std::size_t i = 0; i < doms.size(); ++i)
        t[i] = doms[i][static_cast<std::size_t>(rng.between(0, static_cast<int>(doms[i].size()) - 1))];
      ok = check.assignment(t);
    }
    if (ok && check.root_solutions().one) ok = check.assignment(*check.root_solutions().one);
    const bool searched = spec.search_every > 0;  // a model that search can take: learning too
    if (ok && searched && spec.explain_every > 0 && n % spec.explain_every == 0) ok = check.explanations(n);
    if (ok && searched && n % spec.search_every == 0) ok = check.searches();
    if (!ok) {
      std::ostringstream s;
      s << spec.name << " (promise " << spec.promise.name << "), seed " << spec.seed << ", instance " << n << ": "
        << c.text << " on " << show(doms) << "\n" << check.failure;
      report.failure = s.str();
      return report;
    }
  }
  return report;
}

}  // namespace harness
