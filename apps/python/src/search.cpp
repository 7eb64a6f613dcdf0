// fdcsp.Solver and what it returns: options by the names of the one option table
// (apps/common/option_registry.hpp), solve / count / minimize / maximize (Result, Solution), the
// lazy solutions() (a C++ search in a thread of its own, handing each solution over), and variable
// and value orders written in Python (Domains: a view of the search's domains during the call).
#include "search.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <condition_variable>
#include <optional>
#include <thread>
#include <utility>

#include "apps/common/option_registry.hpp"
#include "csp/rules/group_rules.hpp"
#include "sigint.hpp"

namespace fdcsp_py {
namespace {

using Core = std::shared_ptr<ModelCore>;

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

std::vector<std::string> option_keys() {
  std::vector<std::string> keys;
  for (const csp::OptionSpec& o : apps_common::search_option_table()) keys.push_back(o.key);
  keys.emplace_back("threads");
  return keys;
}

void set_option(csp::SearchSettings& s, const csp::OptionSpec& spec, const py::handle& value) {
  const std::string what = "option '" + spec.key + "'";
  switch (spec.kind) {
    case csp::OptionKind::choice:
    case csp::OptionKind::list: {
      if (!py::isinstance<py::str>(value))
        throw py::value_error(what + " takes a name: one of " + joined(spec.choices));
      const auto text = value.cast<std::string>();
      if (spec.kind == csp::OptionKind::choice) {
        if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end())
          throw py::value_error(what + ": '" + text + "' is not one of " + joined(spec.choices));
      } else {
        // A list checked by its own parser (the rules': parse_rules knows the aliases too).
        try {
          (void)csp::parse_rules(text);
        } catch (const std::invalid_argument& e) {
          throw py::value_error(what + ": " + e.what() + "; allowed (comma-separated): " + joined(spec.choices));
        }
      }
      s.*std::get<std::string csp::SearchSettings::*>(spec.field) = text;
      return;
    }
    case csp::OptionKind::whole: {
      if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        throw py::value_error(what + " takes a whole number in [" + std::to_string(spec.min) + ", " +
                              std::to_string(spec.max) + "]");
      long long v = 0;
      try {
        v = value.cast<long long>();
      } catch (const py::cast_error&) {
        v = -1;
      }
      if (v < 0 || static_cast<std::uint64_t>(v) < spec.min || static_cast<std::uint64_t>(v) > spec.max)
        throw py::value_error(what + ": " + py::str(value).cast<std::string>() + " is not in [" +
                              std::to_string(spec.min) + ", " + std::to_string(spec.max) + "]");
      s.*std::get<std::uint64_t csp::SearchSettings::*>(spec.field) = static_cast<std::uint64_t>(v);
      return;
    }
    case csp::OptionKind::seconds: {
      if (!py::isinstance<py::int_>(value) && !py::isinstance<py::float_>(value))
        throw py::value_error(what + " takes a number of seconds >= 0");
      const double v = value.cast<double>();
      if (!std::isfinite(v) || v < 0) throw py::value_error(what + ": seconds must be finite and >= 0");
      s.*std::get<double csp::SearchSettings::*>(spec.field) = v;
      return;
    }
  }
}

}  // namespace

Config config_of(const py::kwargs& kwargs, csp::SearchSettings defaults) {
  Config c;
  c.settings = std::move(defaults);
  c.order_fn = py::none();
  c.values_fn = py::none();
  for (const auto& [k, value] : kwargs) {
    const auto key = k.cast<std::string>();
    if (key == "threads") {
      const bool whole = py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value);
      if (!whole || value < py::int_(1) || value > py::int_(256))
        throw py::value_error("option 'threads' takes a whole number in [1, 256]");
      c.threads = value.cast<unsigned>();
      continue;
    }
    const csp::OptionSpec* spec = nullptr;
    for (const csp::OptionSpec& o : apps_common::search_option_table())
      if (o.key == key) spec = &o;
    if (spec == nullptr) throw py::value_error("unknown option '" + key + "': options are " + joined(option_keys()));
    if ((key == "order" || key == "values") && !py::isinstance<py::str>(value) && PyCallable_Check(value.ptr()) != 0) {
      (key == "order" ? c.order_fn : c.values_fn) = py::reinterpret_borrow<py::object>(value);
      continue;
    }
    set_option(c.settings, *spec, value);
  }
  try {
    (void)c.settings.search_options();  // the checks across options (restart-search needs restart)
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
  return c;
}

py::dict stats_dict(const csp::Stats& s, const std::vector<std::string>& names) {
  py::dict d;
  d["nodes"] = s.nodes;
  d["failures"] = s.failures;
  d["solutions"] = s.solutions;
  d["propagations"] = s.propagations;
  d["removals"] = s.removals;
  d["max_depth"] = s.max_depth;
  d["restarts"] = s.restarts;
  d["learnt"] = s.learnt;
  d["learnt_literals"] = s.learnt_literals;
  d["backjumped"] = s.backjumped;
  d["clauses_deleted"] = s.clauses_deleted;
  d["turns"] = s.turns;
  d["time"] = s.seconds();
  py::dict counters;
  for (std::size_t i = 0; i < s.counters.size() && i < names.size(); ++i) counters[py::str(names[i])] = s.counters[i];
  d["counters"] = counters;
  return d;
}

csp::SearchResult run_released(ModelCore* core, std::atomic<bool>& stop,
                               const std::function<csp::SearchResult()>& search) {
  stop.store(false);
  if (core != nullptr) core->stop.store(&stop);
  struct Unhook {
    ModelCore* core;
    ~Unhook() {
      if (core != nullptr) core->stop.store(nullptr);
    }
  } unhook{core};
  csp::SearchResult r;
  std::exception_ptr failed;  // the library's own refusal (a misuse it names)
  {
    SigintScope sigint(&stop);
    py::gil_scoped_release release;
    try {
      r = search();
    } catch (...) {
      failed = std::current_exception();
    }
  }
  // A Python callback's error, stored first, is the cause and is raised; either way none is left
  // behind for the model's next search.
  if (core != nullptr) core->rethrow_search_error();
  if (failed) std::rethrow_exception(failed);
  if (r.status == csp::SearchStatus::limit && r.limit == csp::LimitHit::interrupted && PyErr_CheckSignals() != 0)
    throw py::error_already_set();
  return r;
}

namespace {

// --- Python orders ---------------------------------------------------------------------------

/// The domains of the search during a call of a Python order; unusable after it.
struct DomainsView {
  Core core;
  const csp::Domains* d = nullptr;

  const csp::Domains& domains() const {
    if (d == nullptr) throw std::runtime_error("a Domains view is valid only during the call it was given to");
    return *d;
  }
  csp::Var var(const PyVar& v) const { return var_of(*core, v); }
};

bool search_failed(ModelCore& core) {
  std::lock_guard<std::mutex> hold(core.error_lock);
  return static_cast<bool>(core.error);
}

csp::Var first_unfixed(const csp::Domains& d) {
  for (int i = 0; i < d.var_count(); ++i)
    if (!d.fixed(csp::Var{i})) return csp::Var{i};
  return csp::Var{};
}

// Calls `call` with a Domains view of d (GIL held), which expires when the call returns.
template <class Call>
py::object call_with_view(const Core& core, const csp::Domains& d, Call call) {
  py::object view = py::cast(DomainsView{core, &d});
  struct Expire {
    py::object& v;
    ~Expire() { v.cast<DomainsView&>().d = nullptr; }
  } expire{view};
  return call(view);
}

csp::VariableOrderFactory python_order(const Core& core, const PyFunction& fn) {
  return csp::order::custom([core, fn](const csp::Model&, const csp::Domains& d) -> csp::Var {
    if (search_failed(*core)) return first_unfixed(d);
    py::gil_scoped_acquire gil;
    try {
      const py::object r = call_with_view(core, d, [&](const py::object& view) { return fn.get()(view); });
      if (r.is_none()) {
        const csp::Var open = first_unfixed(d);
        if (open.id >= 0)
          throw py::value_error("the variable order returned None while " + core->model.name(open) + " is unfixed");
        return open;
      }
      if (!py::isinstance<PyVar>(r)) throw py::type_error("the variable order must return a Var or None");
      const csp::Var v = var_of(*core, r.cast<const PyVar&>());
      if (d.fixed(v)) throw py::value_error("the variable order returned " + core->model.name(v) + ", which is fixed");
      return v;
    } catch (...) {
      core->fail_search();
      return first_unfixed(d);
    }
  });
}

csp::ValueOrderFactory python_values(const Core& core, const PyFunction& fn) {
  return csp::values::custom(
      [core, fn](const csp::Model&, const csp::Domains& d, csp::Var v, std::vector<csp::Value>& out) {
        if (search_failed(*core)) return;
        py::gil_scoped_acquire gil;
        try {
          const py::object r =
              call_with_view(core, d, [&](const py::object& view) { return fn.get()(PyVar{core, v}, view); });
          for (const py::handle& x : r) {
            const auto value = x.cast<long long>();
            if (value < csp::kMinValue || value > csp::kMaxValue || !d.contains(v, static_cast<csp::Value>(value)))
              throw py::value_error("the value order gave " + std::to_string(value) + ", not a candidate of " +
                                    core->model.name(v));
            out.push_back(static_cast<csp::Value>(value));
          }
        } catch (...) {
          out.clear();
          core->fail_search();
        }
      });
}

// --- Solutions and results -------------------------------------------------------------------

struct PySolution {
  Core core;
  std::vector<csp::Value> values;

  int at(const PyVar& v) const { return value(var_of(*core, v)); }
  int value(csp::Var v) const {
    if (static_cast<std::size_t>(v.id) >= values.size())
      throw py::value_error("variable '" + core->model.name(v) + "' was added after this solution was found");
    return values[static_cast<std::size_t>(v.id)];
  }
};

py::object solution_item(const PySolution& s, const py::object& key) {
  if (py::isinstance<PyVar>(key)) return py::int_(s.at(key.cast<const PyVar&>()));
  if (py::isinstance<py::str>(key)) {
    const auto name = key.cast<std::string>();
    const auto v = s.core->model.find(name);
    if (!v) throw py::key_error("no variable named '" + name + "'");
    return py::int_(s.value(*v));
  }
  if (py::isinstance<py::iterable>(key)) {
    py::list out;
    for (const py::handle& k : key) out.append(solution_item(s, py::reinterpret_borrow<py::object>(k)));
    return out;
  }
  throw py::type_error("a solution is indexed by a Var, a variable's name or a list of them");
}

py::dict solution_dict(const PySolution& s) {
  py::dict d;
  for (std::size_t i = 0; i < s.values.size(); ++i) {
    const csp::Var v{static_cast<int>(i)};
    if (s.core->listed(v)) d[py::str(s.core->model.name(v))] = s.values[i];
  }
  return d;
}

struct PyResult {
  Core core;
  csp::SearchResult r;
  std::optional<csp::Objective> objective;

  std::optional<PySolution> solution() const {
    if (r.solution.empty()) return std::nullopt;
    return PySolution{core, r.solution};
  }
};

std::string status_name(csp::SearchStatus s) {
  switch (s) {
    case csp::SearchStatus::stopped_on_request: return "stopped_on_request";
    case csp::SearchStatus::exhausted: return "exhausted";
    case csp::SearchStatus::limit: return "limit";
  }
  return "";
}

// --- Solver ----------------------------------------------------------------------------------

/// One phase of Solver(phases=...): branch on `vars` first, with these orders (named by the option
/// table's order and values; empty: the solver's own).
struct PyPhase {
  std::vector<csp::Var> vars;
  csp::VariableOrderFactory order;
  csp::ValueOrderFactory values;
};

// The phases as Python gives them: an iterable of (vars, order=None, values=None), names or None.
std::vector<PyPhase> phases_of(const ModelCore& core, const py::handle& phases) {
  std::vector<PyPhase> out;
  const char* const usage = "option 'phases' takes a list of (vars, order=None, values=None): variables, and "
                            "names of the options order and values";
  if (!py::isinstance<py::iterable>(phases)) throw py::value_error(usage);
  for (const py::handle item : phases) {
    if (!py::isinstance<py::sequence>(item) || py::isinstance<py::str>(item)) throw py::value_error(usage);
    const auto t = py::reinterpret_borrow<py::sequence>(item);
    if (t.size() < 1 || t.size() > 3) throw py::value_error(usage);
    PyPhase phase;
    try {
      phase.vars = vars_of(core, t[0].cast<std::vector<PyVar>>());
    } catch (const py::cast_error&) {
      throw py::value_error(usage);
    }
    if (phase.vars.empty()) throw py::value_error("option 'phases': a phase of no variables");
    csp::SearchSettings names;  // the option table's names made into orders, as the options are
    const py::object order = t.size() > 1 ? py::object(t[1]) : py::none();
    const py::object values = t.size() > 2 ? py::object(t[2]) : py::none();
    for (const auto& [given, field] : {std::pair{order, &csp::SearchSettings::order}, {values, &csp::SearchSettings::values}}) {
      if (given.is_none()) continue;
      if (!py::isinstance<py::str>(given)) throw py::value_error(usage);
      names.*field = given.cast<std::string>();
    }
    try {
      const csp::SearchOptions o = names.search_options();
      if (!order.is_none()) phase.order = o.order;
      if (!values.is_none()) phase.values = o.values;
    } catch (const std::invalid_argument& e) {
      throw py::value_error(std::string("option 'phases': ") + e.what());
    }
    out.push_back(std::move(phase));
  }
  return out;
}

struct PySolver {
  Core core;
  Config config;
  std::vector<PyPhase> phases;
  std::atomic<bool> stop{false};
  std::unique_ptr<csp::Solver> solver;
  std::uint64_t built_for = UINT64_MAX;  // the model's version the solver was built for

  // The csp::Solver, built again when the model changed since (its work space is per model).
  csp::Solver& get() {
    if (!solver || built_for != core->version) {
      csp::SearchOptions o = config.settings.search_options();
      o.limits.interrupt = &stop;
      o.threads = config.threads;
      if (config.threads > 1) o.worker_model = [c = core.get()] { return c->rebuild(); };
      if (!config.order_fn.is_none()) o.order = python_order(core, PyFunction(config.order_fn));
      if (!config.values_fn.is_none()) o.values = python_values(core, PyFunction(config.values_fn));
      for (const PyPhase& p : phases) csp::branch(o, p.vars, p.order, p.values);
      solver.reset();
      solver = std::make_unique<csp::Solver>(core->model, std::move(o));
      built_for = core->version;
    }
    return *solver;
  }

  PyResult run(const std::function<csp::SearchResult(csp::Solver&)>& search,
               std::optional<csp::Objective> objective = std::nullopt) {
    BusyGuard busy(core);
    csp::Solver& s = get();
    PyResult out{core, run_released(core.get(), stop, [&] { return search(s); }), objective};
    return out;
  }
};

std::shared_ptr<PySolver> make_solver(const Core& core, const py::kwargs& kwargs) {
  auto s = std::make_shared<PySolver>();
  s->core = core;
  py::dict options;  // all but phases, which are the model's variables and not the option table's
  for (const auto& [key, value] : kwargs) {
    if (key.cast<std::string>() == "phases") s->phases = phases_of(*core, value);
    else options[key] = value;
  }
  s->config = config_of(py::reinterpret_borrow<py::kwargs>(options));
  if (s->config.settings.rules != "none")
    throw py::value_error("option 'rules' applies to exact groups: post them with Model.exact_groups(groups, rules=...) "
                          "(or use fdcsp.Sudoku)");
  return s;
}

PyResult optimize(PySolver& s, const py::object& x, csp::Objective::Sense sense, const py::object& on_solution) {
  const csp::Objective objective{objective_var(s.core, x), sense};
  csp::SolutionCallback tell;
  if (!on_solution.is_none()) {
    Core core = s.core;
    PyFunction fn(on_solution);
    tell = [core, fn](std::span<const csp::Value> values) {
      py::gil_scoped_acquire gil;
      try {
        const py::object r = fn.get()(PySolution{core, {values.begin(), values.end()}});
        return r.is_none() || r.cast<bool>();
      } catch (...) {
        core->fail_search();
        return false;
      }
    };
  }
  return s.run([&](csp::Solver& solver) { return solver.optimize(solver.model().initial_domains(), objective, tell); },
               objective);
}

// --- solutions(): a search in a thread of its own ----------------------------------------------

/// The lazy sequence of solutions. The search runs in a thread of its own, started at the first
/// next(); at each solution it waits until the next one is asked for (or the sequence is closed).
/// The model is busy (no change, no other search) from the first next() until the search ends or
/// the sequence is closed, which a dropped sequence does itself.
class SolutionStream {
 public:
  explicit SolutionStream(std::shared_ptr<PySolver> solver) : solver_(std::move(solver)) {}
  ~SolutionStream() { close(); }

  PySolution next() {
    // As a Python generator: one next() at a time (the GIL is released while it waits).
    if (in_next_.exchange(true)) throw py::value_error("the solutions are being read already (in another thread)");
    struct Leave {
      std::atomic<bool>& in;
      ~Leave() { in.store(false); }
    } leave{in_next_};
    std::unique_lock<std::mutex> lock(m_);
    if (state_ == State::done) finish(lock);
    if (state_ == State::fresh) {
      busy_ = BusyGuard(solver_->core);
      solver_->get();
      state_ = State::searching;
      worker_ = std::thread([this] { work(); });
    } else {
      state_ = State::searching;
      cv_.notify_all();
    }
    wait(lock);
    if (state_ == State::solution) return PySolution{solver_->core, current_};
    finish(lock);
    throw py::stop_iteration();
  }

  void close() {
    {
      std::unique_lock<std::mutex> lock(m_);
      if (state_ == State::fresh) state_ = State::done;
      cancel_ = true;
      solver_->stop.store(true);
      cv_.notify_all();
      if (in_next_.load()) return;  // closed from another thread during a next(): that next() ends it
    }
    if (worker_.joinable()) {
      std::optional<py::gil_scoped_release> release;
      if (PyGILState_Check() != 0) release.emplace();
      worker_.join();
      ended_ = true;
    }
    std::lock_guard<std::mutex> lock(m_);
    state_ = State::done;
    busy_.release();
    solver_->core->stop.store(nullptr);
  }

  std::optional<PyResult> result() const {
    if (!ended_) return std::nullopt;
    return PyResult{solver_->core, result_, std::nullopt};
  }

 private:
  enum class State : std::uint8_t { fresh, searching, solution, done };

  void work() {
    csp::SearchResult r;
    std::exception_ptr error;
    try {
      csp::Solver& s = *solver_->solver;
      r = s.for_each_solution(s.model().initial_domains(), [this](std::span<const csp::Value> values) {
        std::unique_lock<std::mutex> lock(m_);
        if (cancel_) return false;
        current_.assign(values.begin(), values.end());
        state_ = State::solution;
        cv_.notify_all();
        cv_.wait(lock, [this] { return cancel_ || state_ == State::searching; });
        return !cancel_;
      });
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(m_);
    result_ = std::move(r);
    error_ = error;
    state_ = State::done;
    cv_.notify_all();
  }

  // Waits (GIL released, Ctrl-C watched) until the worker has a solution or has ended.
  void wait(std::unique_lock<std::mutex>& lock) {
    solver_->stop.store(false);
    solver_->core->stop.store(&solver_->stop);
    SigintScope sigint(&solver_->stop);
    py::gil_scoped_release release;
    cv_.wait(lock, [this] { return state_ == State::solution || state_ == State::done; });
  }

  // The search is over: joins the worker, frees the model and raises what ended it.
  [[noreturn]] void finish(std::unique_lock<std::mutex>& lock) {
    lock.unlock();
    if (worker_.joinable()) {
      py::gil_scoped_release release;
      worker_.join();
    }
    busy_.release();
    solver_->core->stop.store(nullptr);
    ended_ = true;
    std::exception_ptr error = std::exchange(error_, nullptr);
    if (error) std::rethrow_exception(error);
    solver_->core->rethrow_search_error();
    if (result_.status == csp::SearchStatus::limit && result_.limit == csp::LimitHit::interrupted && !cancel_ &&
        PyErr_CheckSignals() != 0)
      throw py::error_already_set();
    throw py::stop_iteration();
  }

  std::shared_ptr<PySolver> solver_;
  BusyGuard busy_;
  std::thread worker_;
  std::mutex m_;
  std::condition_variable cv_;
  State state_ = State::fresh;
  bool cancel_ = false;
  bool ended_ = false;
  std::atomic<bool> in_next_{false};
  std::vector<csp::Value> current_;
  csp::SearchResult result_;
  std::exception_ptr error_;
};

}  // namespace

void bind_search(py::module_& m) {
  m.def(
      "options",
      [] {
        py::list out;
        csp::SearchSettings defaults;
        for (const csp::OptionSpec& o : apps_common::search_option_table()) {
          py::dict d;
          d["name"] = o.key;
          d["flag"] = "--" + o.name;
          const char* kinds[] = {"choice", "list", "whole", "seconds"};
          d["kind"] = kinds[static_cast<int>(o.kind)];
          d["help"] = o.help;
          d["choices"] = o.choices;
          if (o.kind == csp::OptionKind::whole) {
            d["min"] = o.min;
            d["max"] = o.max;
          }
          d["default"] = csp::option_text(o, defaults);
          out.append(d);
        }
        py::dict t;
        t["name"] = "threads";
        t["flag"] = "--threads";
        t["kind"] = "whole";
        t["help"] = "Threads searching one instance together (the same counts and optima)";
        t["choices"] = py::list();
        t["min"] = 1;
        t["max"] = 256;
        t["default"] = "1";
        out.append(t);
        return out;
      },
      "The search options a Solver takes, read from the library's one option table: name (the keyword), flag "
      "(the commands'), kind, help, choices, default.");

  py::class_<DomainsView>(m, "Domains",
                          "The current domains of a search, given to a variable or value order written in Python "
                          "(valid only during that call).")
      .def("size", [](const DomainsView& v, const PyVar& x) { return v.domains().size(v.var(x)); }, py::arg("var"))
      .def("values", [](const DomainsView& v, const PyVar& x) { return v.domains().values(v.var(x)); }, py::arg("var"),
           "The candidates, ascending.")
      .def("min", [](const DomainsView& v, const PyVar& x) { return v.domains().min(v.var(x)); }, py::arg("var"))
      .def("max", [](const DomainsView& v, const PyVar& x) { return v.domains().max(v.var(x)); }, py::arg("var"))
      .def("fixed", [](const DomainsView& v, const PyVar& x) { return v.domains().fixed(v.var(x)); }, py::arg("var"))
      .def("contains", [](const DomainsView& v, const PyVar& x, long long a) {
             return a >= csp::kMinValue && a <= csp::kMaxValue && v.domains().contains(v.var(x), static_cast<csp::Value>(a));
           }, py::arg("var"), py::arg("value"))
      .def(
          "unfixed",
          [](const DomainsView& v) {
            const csp::Domains& d = v.domains();
            std::vector<PyVar> out;
            for (int i = 0; i < d.var_count(); ++i)
              if (!d.fixed(csp::Var{i})) out.push_back(PyVar{v.core, csp::Var{i}});
            return out;
          },
          "The unfixed variables, in creation order.");

  py::class_<PySolution>(m, "Solution",
                         "One solution: sol[x] for a Var, sol['name'], sol[[x, y]] for a list; as_dict() by name. "
                         "Keeps its model alive.")
      .def("__getitem__", &solution_item, py::arg("key"))
      .def("as_dict", &solution_dict,
           "{name: value} for every variable of Model.vars (not the fixed ones standing for integers, nor those "
           "the expressions introduced).")
      .def_property_readonly("values", [](const PySolution& s) { return s.values; }, "The values by variable id.")
      .def("__len__", [](const PySolution& s) { return s.values.size(); })
      .def("__repr__", [](const PySolution& s) {
        std::string text = "Solution(";
        std::size_t shown = 0;
        for (std::size_t i = 0; i < s.values.size(); ++i) {
          const csp::Var v{static_cast<int>(i)};
          if (!s.core->listed(v)) continue;
          if (shown == 12) {
            text += ", ...";
            break;
          }
          text += (shown++ > 0 ? ", " : "") + s.core->model.name(v) + "=" + std::to_string(s.values[i]);
        }
        return text + ")";
      });

  py::class_<PyResult>(m, "Result", R"doc(What a search found and what it cost.

    found      True when a solution was found (bool(result) too)
    status     'stopped_on_request' (found what was asked), 'exhausted' (searched everything), 'limit'
    limit      None, or the limit that stopped it: 'nodes', 'failures', 'time', 'interrupted'
    count      solutions found (counted; for minimize/maximize: improving solutions)
    solution   the (last, or best) Solution, or None; result[x] reads it
    stats      a dict: nodes, failures, solutions, propagations, removals, max_depth, time (s), counters, ...
    objective  minimize/maximize: the best value found, else None
    optimal    minimize/maximize: True when the best found is proven optimal)doc")
      .def_property_readonly("found", [](const PyResult& r) { return r.r.found(); })
      .def("__bool__", [](const PyResult& r) { return r.r.found(); })
      .def_property_readonly("status", [](const PyResult& r) { return status_name(r.r.status); })
      .def_property_readonly("limit", [](const PyResult& r) -> py::object {
        if (r.r.limit == csp::LimitHit::none) return py::none();
        return py::str(std::string(csp::to_string(r.r.limit)));
      })
      .def_property_readonly("count", [](const PyResult& r) { return r.r.stats.solutions; })
      .def_property_readonly("solution", &PyResult::solution)
      .def_property_readonly("stats", [](const PyResult& r) { return stats_dict(r.r.stats, r.core->model.counter_names()); })
      .def_property_readonly("objective", [](const PyResult& r) -> py::object {
        if (!r.objective || r.r.solution.empty()) return py::none();
        return py::int_(r.r.solution[static_cast<std::size_t>(r.objective->var.id)]);
      })
      .def_property_readonly("optimal", [](const PyResult& r) {
        return r.objective.has_value() && r.r.found() && r.r.status == csp::SearchStatus::exhausted;
      })
      .def("__getitem__", [](const PyResult& r, const py::object& key) {
        auto s = r.solution();
        if (!s) throw py::key_error("the search found no solution");
        return solution_item(*s, key);
      })
      .def("__repr__", [](const PyResult& r) {
        std::string text = "<fdcsp.Result " + status_name(r.r.status);
        if (r.r.limit != csp::LimitHit::none) text += " (" + std::string(csp::to_string(r.r.limit)) + ")";
        text += ", " + std::to_string(r.r.stats.solutions) + " solution(s), " + std::to_string(r.r.stats.nodes) +
                " nodes>";
        return text;
      });

  py::class_<SolutionStream>(m, "Solutions",
                             "The solutions of a search, one at a time (from Solver.solutions()): an iterator. The "
                             "search runs only while the next solution is asked for; close() (or dropping it, or "
                             "leaving a with block) stops it and frees the model. result: the Result once it ended.")
      .def("__iter__", [](SolutionStream& s) -> SolutionStream& { return s; })
      .def("__next__", &SolutionStream::next)
      .def("close", &SolutionStream::close, "Stops the search and frees the model for other searches and changes.")
      .def("__enter__", [](SolutionStream& s) -> SolutionStream& { return s; })
      .def("__exit__", [](SolutionStream& s, const py::args&) { s.close(); })
      .def_property_readonly("result", &SolutionStream::result,
                             "The Result (status, statistics) once the sequence ended, else None.");

  py::class_<PySolver, std::shared_ptr<PySolver>> solver(m, "Solver", R"doc(Searches a Model.

    Solver(model, order="mrv", values="min", inference="mac", node_limit=0, time_limit=0, threads=1, ...)

The options are the library's option table (fdcsp.options() lists them with their choices): order,
values, seed, inference, node_limit, time_limit (seconds), restart, restart_base, restart_search,
phase_saving; threads (parallel search: the same counts and optima). A bad name or value raises
ValueError naming the option and what it allows. order may be a Python function f(domains) -> Var
(or None once all are fixed), values a function f(var, domains) -> candidates in the order to try:
slow (Python at every node), for teaching. phases=[(vars, order, values), ...] branches on each list of
variables in turn, before the rest (order and values: names of those options, or None for the solver's;
Gecode's branch(); the model's decisions, Model.add_decisions, are one more phase after these). The GIL
is released while C++ searches; Ctrl-C stops the search and raises KeyboardInterrupt. One search at a
time per model.)doc");
  solver.def(py::init(&make_solver), py::arg("model"))
      .def("solve", [](PySolver& s) { return s.run([](csp::Solver& x) { return x.solve(); }); },
           "The first solution (a Result).")
      .def(
          "count",
          [](PySolver& s, std::uint64_t cap) {
            return s.run([cap](csp::Solver& x) { return x.count(x.model().initial_domains(), cap); });
          },
          py::arg("cap") = 0, "Counts the solutions (stopping at cap when cap > 0): result.count.")
      .def(
          "solutions", [](const std::shared_ptr<PySolver>& s) { return std::make_unique<SolutionStream>(s); },
          "The solutions one at a time, found as they are asked for (a lazy iterator: the first of 10^9 comes at "
          "once).")
      .def(
          "minimize",
          [](PySolver& s, const py::object& x, const py::object& on_solution) {
            return optimize(s, x, csp::Objective::Sense::minimize, on_solution);
          },
          py::arg("objective"), py::arg("on_solution") = py::none(),
          "Branch and bound: the least value of the objective, a variable or an integer expression (x + 2*y; one "
          "variable is made for it, once per expression). on_solution(sol) is told of each improving solution "
          "(return False to stop). result.objective, result.optimal.")
      .def(
          "maximize",
          [](PySolver& s, const py::object& x, const py::object& on_solution) {
            return optimize(s, x, csp::Objective::Sense::maximize, on_solution);
          },
          py::arg("objective"), py::arg("on_solution") = py::none(), "As minimize, for the greatest value.")
      .def_property_readonly("model", [](const PySolver& s) { return s.core; })
      .def_property_readonly(
          "options",
          [](const PySolver& s) {
            py::dict d;
            for (const csp::OptionSpec& o : apps_common::search_option_table())
              d[py::str(o.key)] = csp::option_text(o, s.config.settings);
            if (!s.config.order_fn.is_none()) d["order"] = s.config.order_fn;
            if (!s.config.values_fn.is_none()) d["values"] = s.config.values_fn;
            d["threads"] = s.config.threads;
            return d;
          },
          "The options in force, by name.");
}

}  // namespace fdcsp_py
