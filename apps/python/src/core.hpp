// What the parts of the Python module share: the model as Python holds it (ModelCore: the
// csp::Model, the recipe that builds it again for worker threads, the one-search-at-a-time guard
// and the error a Python callback raised inside a search), variables bound to their model, and
// Python callables that C++ may hold and call from any thread.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "csp/csp.hpp"

namespace fdcsp_py {

namespace py = pybind11;

/// A Python callable that C++ code may copy, keep and call from any thread: copies share one
/// reference, dropped with the GIL held (or leaked when the interpreter is already gone). Calling it
/// needs the GIL (take it with py::gil_scoped_acquire).
class PyFunction {
 public:
  explicit PyFunction(py::object fn);
  const py::object& get() const { return *fn_; }

 private:
  std::shared_ptr<py::object> fn_;
};

/// One model built from Python. Every change goes through change(), which applies a step to the
/// model and records it, so that worker_model() can build the same model for the threads of a
/// parallel search; a change while a search runs on the model is refused, as is a second search
/// (the propagators keep scratch state: one search at a time per model).
struct ModelCore {
  csp::Model model;
  std::vector<std::function<void(csp::Model&)>> recipe;
  std::map<csp::Value, csp::Var> constants;  // the fixed variables that stand for integers
  std::vector<std::uint8_t> internal;        // by variable id: introduced by an expression (not listed)
  bool explicit_decisions = false;           // add_decisions() named the decisions (else: every user variable)
  // The variable made for each expression given as an objective (kept alive, so the key stays unique).
  std::vector<std::pair<std::shared_ptr<const void>, csp::Var>> objectives;
  std::uint64_t version = 0;                 // bumped by every change: solvers rebuild after one
  std::atomic<bool> busy{false};             // a search (or an open solutions() generator) runs on it

  // The first exception a Python callback raised during the current search (an order, a value
  // order, a predicate): it stops the search through `stop`, and the search's caller re-raises it.
  std::mutex error_lock;
  std::exception_ptr error;
  std::atomic<std::atomic<bool>*> stop{nullptr};

  /// RuntimeError while a search runs on the model.
  void check_idle() const;
  /// Applies `step` to the model and records it; throws RuntimeError while a search runs. A step
  /// that throws leaves the model as it was before it (built again from the recipe).
  void change(std::function<void(csp::Model&)> step);
  /// A variable (its creation recorded as a step; as change() when it throws).
  csp::Var add_var(std::function<csp::Var(csp::Model&)> make);
  /// A variable the user asked for: listed in vars, and a decision unless add_decisions() named them.
  csp::Var user_var(std::function<csp::Var(csp::Model&)> make);
  /// Whether v is listed (Model.vars, Solution.as_dict): not a constant's, not an expression's.
  bool listed(csp::Var v) const;
  /// The fixed variable standing for the integer c (one per value).
  csp::Var constant(csp::Value c);
  /// A new model built by the recipe (the same variables and propagators, in the same order).
  csp::Model rebuild() const;
  /// Records the exception in flight as the search's error and stops the search.
  void fail_search();
  /// Re-raises (and forgets) the error of the search that just ended, if any.
  void rethrow_search_error();
};

/// A variable of a model, as Python sees it: the model is kept alive by each of its variables.
struct PyVar {
  std::shared_ptr<ModelCore> core;
  csp::Var var;
  std::string name() const { return core->model.name(var); }
};

/// Holds the model's `busy` flag for one search (or one generator's life): RuntimeError when it is
/// held already.
class BusyGuard {
 public:
  BusyGuard() = default;
  explicit BusyGuard(const std::shared_ptr<ModelCore>& core);
  BusyGuard(BusyGuard&& other) noexcept : core_(std::move(other.core_)) {}
  BusyGuard& operator=(BusyGuard&& other) noexcept;
  ~BusyGuard() { release(); }
  void release();

 private:
  std::shared_ptr<ModelCore> core_;
};

/// The variable of `v` in `core`: ValueError when it belongs to another model.
csp::Var var_of(const ModelCore& core, const PyVar& v);
/// The variables of a list, each checked with var_of().
std::vector<csp::Var> vars_of(const ModelCore& core, const std::vector<PyVar>& vs);

/// Where the parts register their classes and functions (module.cpp calls them in this order).
void bind_model(py::module_& m);
void bind_search(py::module_& m);
void bind_sudoku(py::module_& m);
void bind_expressions(py::module_& m);  // after bind_model: adds operators to Var and methods to Model

/// The variable an objective names: a Var of `core`, or one made for an integer expression (once per
/// expression). TypeError / ValueError for anything else.
csp::Var objective_var(const std::shared_ptr<ModelCore>& core, const py::handle& objective);

}  // namespace fdcsp_py
