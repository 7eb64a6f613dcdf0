// fdcsp.Model and fdcsp.Var: variables and every constraint family of csp/constraints/, each a
// method that posts the library's propagator (no second engine). Integers are accepted wherever a
// variable is (a fixed variable stands for each). The operators of the expression layer and
// Model.add are expr.cpp's.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "apps/common/option_registry.hpp"
#include "core.hpp"
#include "csp/rules/group_rules.hpp"

namespace fdcsp_py {

// --- ModelCore, PyFunction, BusyGuard --------------------------------------------------------

PyFunction::PyFunction(py::object fn)
    : fn_(new py::object(std::move(fn)), [](py::object* p) {
        if (Py_IsInitialized() != 0) {
          py::gil_scoped_acquire gil;
          delete p;
        } else {
          p->release();  // the interpreter is gone: nothing left to decrement
          delete p;
        }
      }) {}

void ModelCore::check_idle() const {
  if (busy.load()) throw std::runtime_error("the model cannot change while a search runs on it (close the open "
                                            "solutions() generator first)");
}

void ModelCore::change(std::function<void(csp::Model&)> step) {
  check_idle();
  ++version;  // even when the step fails: the model below may be another object then
  try {
    step(model);
  } catch (...) {
    model = rebuild();  // part of the step may be in the model (an expression half posted)
    throw;
  }
  recipe.push_back(std::move(step));
}

csp::Var ModelCore::add_var(std::function<csp::Var(csp::Model&)> make) {
  csp::Var v;
  change([&v, &make](csp::Model& m) { v = make(m); });
  recipe.back() = [make = std::move(make)](csp::Model& m) { make(m); };
  return v;
}

csp::Var ModelCore::user_var(std::function<csp::Var(csp::Model&)> make) {
  if (explicit_decisions) return add_var(std::move(make));
  return add_var([make = std::move(make)](csp::Model& m) {
    const csp::Var v[] = {make(m)};
    m.add_decisions(v);
    return v[0];
  });
}

bool ModelCore::listed(csp::Var v) const {
  const auto i = static_cast<std::size_t>(v.id);
  if (i < internal.size() && internal[i] != 0) return false;
  return std::none_of(constants.begin(), constants.end(), [v](const auto& k) { return k.second == v; });
}

csp::Var ModelCore::constant(csp::Value c) {
  if (auto it = constants.find(c); it != constants.end()) return it->second;
  const std::string name = "const(" + std::to_string(c) + ")";
  const csp::Var v = add_var([c, name](csp::Model& m) { return m.add_var(c, c, name); });
  constants.emplace(c, v);
  return v;
}

csp::Model ModelCore::rebuild() const {
  csp::Model m;
  for (const auto& step : recipe) step(m);
  return m;
}

void ModelCore::fail_search() {
  {
    std::lock_guard<std::mutex> hold(error_lock);
    if (!error) error = std::current_exception();
  }
  if (std::atomic<bool>* s = stop.load()) s->store(true);
}

void ModelCore::rethrow_search_error() {
  std::exception_ptr e;
  {
    std::lock_guard<std::mutex> hold(error_lock);
    std::swap(e, error);
  }
  if (e) std::rethrow_exception(e);
}

BusyGuard::BusyGuard(const std::shared_ptr<ModelCore>& core) {
  bool expected = false;
  if (!core->busy.compare_exchange_strong(expected, true))
    throw std::runtime_error("the model is being solved already (by another thread, or by a solutions() generator "
                             "not yet finished: close() it or let it run out); one search at a time per model");
  core_ = core;
}

BusyGuard& BusyGuard::operator=(BusyGuard&& other) noexcept {
  release();
  core_ = std::move(other.core_);
  return *this;
}

void BusyGuard::release() {
  if (core_) core_->busy.store(false);
  core_.reset();
}

csp::Var var_of(const ModelCore& core, const PyVar& v) {
  if (v.core.get() != &core)
    throw py::value_error("variable '" + v.name() + "' belongs to another model");
  return v.var;
}

std::vector<csp::Var> vars_of(const ModelCore& core, const std::vector<PyVar>& vs) {
  std::vector<csp::Var> out;
  out.reserve(vs.size());
  for (const PyVar& v : vs) out.push_back(var_of(core, v));
  return out;
}

namespace {

using Core = std::shared_ptr<ModelCore>;
/// A variable, or an integer standing for a fixed one.
using VarLike = std::variant<PyVar, long long>;

csp::Value value_of(long long c) {
  if (c < csp::kMinValue || c > csp::kMaxValue)
    throw py::value_error("value " + std::to_string(c) + " lies outside the supported range +-(2^30 - 1)");
  return static_cast<csp::Value>(c);
}

csp::Var resolve(ModelCore& core, const VarLike& x) {
  if (const PyVar* v = std::get_if<PyVar>(&x)) return var_of(core, *v);
  return core.constant(value_of(std::get<long long>(x)));
}

std::vector<csp::Var> resolve_all(ModelCore& core, const std::vector<VarLike>& xs) {
  std::vector<csp::Var> out;
  out.reserve(xs.size());
  for (const VarLike& x : xs) out.push_back(resolve(core, x));
  return out;
}

std::vector<csp::Value> values_of(const std::vector<long long>& cs) {
  std::vector<csp::Value> out;
  out.reserve(cs.size());
  for (long long c : cs) out.push_back(value_of(c));
  return out;
}

PyVar wrap(const Core& core, csp::Var v) { return PyVar{core, v}; }

void post(ModelCore& core, std::function<std::unique_ptr<csp::Propagator>(csp::Model&)> make) {
  core.change([make = std::move(make)](csp::Model& m) { m.post(make(m)); });
}

void same_length(std::size_t a, std::size_t b, const char* what) {
  if (a != b)
    throw py::value_error(std::string(what) + " must have the same length (" + std::to_string(a) + " and " +
                          std::to_string(b) + ")");
}

// The relations written as Python writes them.
enum class Rel : std::uint8_t { eq, ne, lt, le, gt, ge };

Rel parse_rel(const std::string& r) {
  if (r == "==" || r == "=") return Rel::eq;
  if (r == "!=") return Rel::ne;
  if (r == "<") return Rel::lt;
  if (r == "<=") return Rel::le;
  if (r == ">") return Rel::gt;
  if (r == ">=") return Rel::ge;
  throw py::value_error("relation '" + r + "': allowed: ==, !=, <, <=, >, >=");
}

csp::AllDifferentStrength strength_of(const std::string& s) {
  try {
    return csp::parse_all_different_strength(s);
  } catch (const std::invalid_argument&) {
    std::string allowed;
    for (auto n : csp::all_different_strength_names()) allowed += (allowed.empty() ? "" : ", ") + std::string(n);
    throw py::value_error("strength '" + s + "': allowed: " + allowed);
  }
}

csp::Reify mode_of(bool implies) { return implies ? csp::Reify::implies : csp::Reify::equivalent; }

// sum(c_i * x_i) REL rhs, the integers among the terms moved to the right-hand side.
void post_linear(ModelCore& core, const std::vector<long long>& coefficients, const std::vector<VarLike>& terms,
                 const std::string& relation, long long rhs, const std::string& consistency) {
  same_length(coefficients.size(), terms.size(), "coefficients and variables");
  std::vector<std::int64_t> cs;
  std::vector<csp::Var> vs;
  std::int64_t right = rhs;
  bool overflow = false;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (coefficients[i] == 0) continue;
    if (const long long* c = std::get_if<long long>(&terms[i])) {
      std::int64_t term = 0;
      overflow = overflow || __builtin_mul_overflow(coefficients[i], *c, &term) ||
                 __builtin_sub_overflow(right, term, &right);
    } else {
      cs.push_back(coefficients[i]);
      vs.push_back(var_of(core, std::get<PyVar>(terms[i])));
    }
  }
  if (overflow || right > INT64_MAX / 2 || right < INT64_MIN / 2)
    throw py::value_error("linear: the right-hand side (the constants moved there) is out of range");
  const std::int64_t rhs64 = right;
  const Rel rel = parse_rel(relation);
  if (consistency != "bounds" && consistency != "domain")
    throw py::value_error("consistency '" + consistency + "': allowed: bounds, domain");
  if (consistency == "domain" && rel != Rel::eq) throw py::value_error("consistency 'domain' is for '==' only");
  if (vs.empty()) {  // no variable left: a constant truth
    const bool holds = rel == Rel::eq ? rhs64 == 0 : rel == Rel::ne ? rhs64 != 0 : rel == Rel::lt ? 0 < rhs64
                     : rel == Rel::le ? 0 <= rhs64 : rel == Rel::gt ? 0 > rhs64 : 0 >= rhs64;
    if (!holds) {
      const csp::Var zero = core.constant(0);
      post(core, [zero](csp::Model&) { return csp::member(zero, {}); });
    }
    return;
  }
  post(core, [cs, vs, rel, rhs64, domain = consistency == "domain"](csp::Model&) -> std::unique_ptr<csp::Propagator> {
    switch (rel) {
      case Rel::eq:
        return domain ? csp::linear_domain(cs, vs, rhs64) : csp::linear(cs, vs, csp::LinearRelation::equal, rhs64);
      case Rel::ne: return csp::linear_not_equal(cs, vs, rhs64);
      case Rel::le: return csp::linear(cs, vs, csp::LinearRelation::less_equal, rhs64);
      case Rel::lt: return csp::linear(cs, vs, csp::LinearRelation::less_equal, rhs64 - 1);
      case Rel::ge: return csp::linear(cs, vs, csp::LinearRelation::greater_equal, rhs64);
      case Rel::gt: return csp::linear(cs, vs, csp::LinearRelation::greater_equal, rhs64 + 1);
    }
    return nullptr;
  });
}

// x REL y + offset, as the binary propagators of binary.hpp.
void post_compare(ModelCore& core, const VarLike& x_, const std::string& relation, const VarLike& y_, long long off) {
  const csp::Var x = resolve(core, x_), y = resolve(core, y_);
  const csp::Value o = value_of(off);
  const Rel rel = parse_rel(relation);
  post(core, [x, y, o, rel](csp::Model&) -> std::unique_ptr<csp::Propagator> {
    switch (rel) {
      case Rel::eq: return csp::equal(x, y, o);
      case Rel::ne: return csp::not_equal(x, y, o);
      case Rel::lt: return csp::less(x, y, o);
      case Rel::le: return csp::less_equal(x, y, o);
      case Rel::gt: return csp::less(y, x, -o);        // x > y + o  <=>  y < x - o
      case Rel::ge: return csp::less_equal(y, x, -o);  // x >= y + o <=>  y <= x - o
    }
    return nullptr;
  });
}

// b <-> (x REL y + offset) (or b -> it): compare_reified, > and >= by swapping the sides.
void post_reify(ModelCore& core, const VarLike& b_, const VarLike& x_, const std::string& relation, const VarLike& y_,
                long long off, bool implies) {
  const csp::Var b = resolve(core, b_);
  const Rel rel = parse_rel(relation);
  const csp::Reify mode = mode_of(implies);
  const csp::Value o = value_of(off);
  if (const long long* c = std::get_if<long long>(&y_)) {  // x REL c
    const csp::Var x = resolve(core, x_);
    const csp::Value k = value_of(*c + off);
    post(core, [x, b, rel, k, mode](csp::Model&) -> std::unique_ptr<csp::Propagator> {
      switch (rel) {
        case Rel::eq: return csp::compare_reified(x, csp::Comparison::equal, k, b, mode);
        case Rel::ne: return csp::compare_reified(x, csp::Comparison::not_equal, k, b, mode);
        case Rel::lt: return csp::compare_reified(x, csp::Comparison::less, k, b, mode);
        case Rel::le: return csp::compare_reified(x, csp::Comparison::less_equal, k, b, mode);
        case Rel::gt: return csp::member_reified(x, {{k + 1, csp::kMaxValue}}, b, mode);
        case Rel::ge: return csp::member_reified(x, {{k, csp::kMaxValue}}, b, mode);
      }
      return nullptr;
    });
    return;
  }
  const csp::Var x = resolve(core, x_), y = resolve(core, y_);
  post(core, [x, y, b, rel, o, mode](csp::Model&) -> std::unique_ptr<csp::Propagator> {
    switch (rel) {
      case Rel::eq: return csp::compare_reified(x, csp::Comparison::equal, y, o, b, mode);
      case Rel::ne: return csp::compare_reified(x, csp::Comparison::not_equal, y, o, b, mode);
      case Rel::lt: return csp::compare_reified(x, csp::Comparison::less, y, o, b, mode);
      case Rel::le: return csp::compare_reified(x, csp::Comparison::less_equal, y, o, b, mode);
      case Rel::gt: return csp::compare_reified(y, csp::Comparison::less, x, -o, b, mode);
      case Rel::ge: return csp::compare_reified(y, csp::Comparison::less_equal, x, -o, b, mode);
    }
    return nullptr;
  });
}

// A 0-based (or base-b) index as the 1-based one element() reads: index + 1 - b, a new variable
// when b != 1.
csp::Var one_based(ModelCore& core, csp::Var index, long long base) {
  if (base == 1) return index;
  const csp::Value shift = value_of(1 - base);
  const csp::Domains& d = core.model.initial_domains();
  const long long lo = static_cast<long long>(d.min(index)) + shift, hi = static_cast<long long>(d.max(index)) + shift;
  const csp::Var i1 = core.add_var([lo = value_of(lo), hi = value_of(hi)](csp::Model& m) { return m.add_var(lo, hi); });
  post(core, [i1, index, shift](csp::Model&) { return csp::equal(i1, index, shift); });
  return i1;
}

csp::Ranges ranges_of(const std::optional<std::vector<long long>>& values,
                      const std::optional<std::vector<std::pair<long long, long long>>>& ranges) {
  if (values.has_value() == ranges.has_value()) throw py::value_error("give either values or ranges");
  csp::Ranges out;
  if (values)
    for (long long v : *values) out.emplace_back(value_of(v), value_of(v));
  else
    for (auto [lo, hi] : *ranges) out.emplace_back(value_of(lo), value_of(hi));
  return out;
}

// A Python predicate over values, called with the GIL (slow: for teaching and prototypes). An
// exception it raises stops the search and is raised again by the search's caller.
std::unique_ptr<csp::Propagator> python_predicate(ModelCore* core, std::vector<csp::Var> vars, const PyFunction& fn,
                                                  std::string name) {
  return csp::predicate(
      std::move(vars),
      [core, fn](std::span<const csp::Value> values) {
        {
          std::lock_guard<std::mutex> hold(core->error_lock);
          if (core->error) return false;
        }
        py::gil_scoped_acquire gil;
        try {
          py::tuple args(values.size());
          for (std::size_t i = 0; i < values.size(); ++i) args[i] = py::int_(values[i]);
          return fn.get()(*args).cast<bool>();
        } catch (...) {
          core->fail_search();
          return false;
        }
      },
      std::move(name));
}

}  // namespace

void bind_model(py::module_& m) {
  py::class_<PyVar>(m, "Var",
                    "An integer variable of a Model (a handle: the model holds its domain). Its operators build "
                    "expressions (x + 2*y <= z: IntExpr, BoolExpr) for Model.add. Hashed by identity: x == y of two "
                    "variables is a constraint whose bool() tells whether they are the same variable, so a Var is a "
                    "dict key.")
      .def_property_readonly("name", &PyVar::name, "The variable's name ('x17' when none was given).")
      .def_property_readonly("id", [](const PyVar& v) { return v.var.id; }, "Its index in the model (creation order).")
      .def_property_readonly("model", [](const PyVar& v) { return v.core; }, "The model it belongs to.")
      .def_property_readonly(
          "domain", [](const PyVar& v) { return v.core->model.initial_domains().values(v.var); },
          "Its initial domain (before any search), as a sorted list.")
      .def("__hash__", [](const PyVar& v) { return std::hash<const void*>{}(v.core.get()) ^ static_cast<std::size_t>(v.var.id); })
      .def("__repr__", [](const PyVar& v) { return "Var(" + v.name() + ")"; });

  py::class_<ModelCore, std::shared_ptr<ModelCore>> model(m, "Model", R"doc(
A constraint satisfaction problem: integer variables and the constraints posted on them.

    m = fdcsp.Model()
    q = m.int_vars(8, 0, 7, "q")            # q[c] = row of the queen in column c
    m.all_different(q)
    m.all_different(q, offsets=range(8))    # the diagonals, as q[c] + c
    m.all_different(q, offsets=[-c for c in range(8)])
    fdcsp.Solver(m).count().count           # 92

Integers are accepted wherever a variable is. Relations are strings: "==", "!=", "<", "<=", ">", ">=".
Indices are 0-based unless a `base` says otherwise. A model may be solved many times, by one search at a
time; it cannot change while a search runs on it.)doc");
  model.def(py::init([] { return std::make_shared<ModelCore>(); }))
      .def(
          "int_var",
          [](const Core& c, long long lo, long long hi, const std::string& name) {
            if (lo > hi) throw py::value_error("empty domain [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
            return wrap(c, c->user_var([lo = value_of(lo), hi = value_of(hi), name](csp::Model& md) {
              return md.add_var(lo, hi, name);
            }));
          },
          py::arg("lo"), py::arg("hi"), py::arg("name") = "", "A variable with domain lo..hi (both included).")
      .def(
          "int_var",
          [](const Core& c, const std::vector<long long>& values, const std::string& name) {
            if (values.empty()) throw py::value_error("empty domain for variable '" + name + "'");
            return wrap(c, c->user_var([vs = values_of(values), name](csp::Model& md) { return md.add_var(vs, name); }));
          },
          py::arg("values"), py::arg("name") = "", "A variable whose domain is the listed values.")
      .def(
          "int_vars",
          [](const Core& c, int n, long long lo, long long hi, const std::string& prefix) {
            if (n < 0) throw py::value_error("a negative number of variables");
            if (lo > hi) throw py::value_error("empty domain [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
            std::vector<PyVar> out;
            for (int i = 0; i < n; ++i) {
              std::string name = prefix.empty() ? std::string() : prefix + std::to_string(i);
              out.push_back(wrap(c, c->user_var([lo = value_of(lo), hi = value_of(hi), name](csp::Model& md) {
                return md.add_var(lo, hi, name);
              })));
            }
            return out;
          },
          py::arg("n"), py::arg("lo"), py::arg("hi"), py::arg("prefix") = "",
          "n variables with domain lo..hi, named prefix0, prefix1, ... when a prefix is given.")
      .def(
          "bool_var", [](const Core& c, const std::string& name) {
            return wrap(c, c->user_var([name](csp::Model& md) { return md.add_var(0, 1, name); }));
          },
          py::arg("name") = "", "A 0/1 variable.")
      .def(
          "constant", [](const Core& c, long long v) { return wrap(c, c->constant(value_of(v))); }, py::arg("value"),
          "The fixed variable standing for an integer (one per value; not listed in vars).")
      .def_property_readonly(
          "vars",
          [](const Core& c) {
            std::vector<PyVar> out;
            for (csp::Var v : c->model.vars())
              if (c->listed(v)) out.push_back(wrap(c, v));
            return out;
          },
          "The variables, in creation order (without the fixed ones standing for integers, nor those the "
          "expressions introduced).")
      .def(
          "find",
          [](const Core& c, const std::string& name) -> std::optional<PyVar> {
            if (auto v = c->model.find(name)) return wrap(c, *v);
            return std::nullopt;
          },
          py::arg("name"), "The variable of that name, or None.")
      .def_property_readonly("var_count", [](const Core& c) { return c->model.var_count(); },
                             "Variables, the fixed ones standing for integers and helpers included.")
      .def_property_readonly("propagator_count", [](const Core& c) { return c->model.propagator_count(); },
                             "Propagators posted.")
      .def("__repr__", [](const Core& c) {
        return "<fdcsp.Model: " + std::to_string(c->model.var_count()) + " variables, " +
               std::to_string(c->model.propagator_count()) + " propagators>";
      });

  // --- constraints ---
  model
      .def(
          "all_different",
          [](const Core& c, const std::vector<VarLike>& xs, std::optional<std::vector<long long>> offsets,
             const std::string& strength) {
            std::vector<csp::Var> vs = resolve_all(*c, xs);
            std::vector<csp::Value> offs = offsets ? values_of(*offsets) : std::vector<csp::Value>(vs.size(), 0);
            same_length(vs.size(), offs.size(), "variables and offsets");
            const auto s = strength_of(strength);
            post(*c, [vs, offs, s](csp::Model& md) { return csp::all_different(md, vs, offs, s); });
          },
          py::arg("vars"), py::arg("offsets") = py::none(), py::arg("strength") = "domain",
          "The vars[i] + offsets[i] are pairwise distinct. strength: check, pairwise, value or domain (Regin's "
          "matching, the default).")
      .def(
          "linear",
          [](const Core& c, const std::vector<long long>& cs, const std::vector<VarLike>& xs, const std::string& rel,
             long long rhs, const std::string& consistency) { post_linear(*c, cs, xs, rel, rhs, consistency); },
          py::arg("coefficients"), py::arg("vars"), py::arg("relation"), py::arg("rhs"),
          py::arg("consistency") = "bounds",
          "sum(coefficients[i] * vars[i]) REL rhs, REL one of ==, !=, <, <=, >, >= (bounds consistent; "
          "consistency='domain' for == enumerates, when small enough).")
      .def(
          "sum",
          [](const Core& c, const std::vector<VarLike>& xs, const std::string& rel, long long rhs) {
            post_linear(*c, std::vector<long long>(xs.size(), 1), xs, rel, rhs, "bounds");
          },
          py::arg("vars"), py::arg("relation"), py::arg("rhs"), "sum(vars) REL rhs.")
      .def(
          "compare",
          [](const Core& c, const VarLike& x, const std::string& rel, const VarLike& y, long long offset) {
            post_compare(*c, x, rel, y, offset);
          },
          py::arg("x"), py::arg("relation"), py::arg("y"), py::arg("offset") = 0,
          "x REL y + offset (arc consistent), REL one of ==, !=, <, <=, >, >=.")
      .def(
          "relation",
          [](const Core& c, const PyVar& x_, const PyVar& y_, const py::function& allowed) {
            const csp::Var x = var_of(*c, x_), y = var_of(*c, y_);
            const csp::Domains& d = c->model.initial_domains();
            if (static_cast<double>(d.size(x)) * d.size(y) > 1 << 20)
              throw py::value_error("relation: more than 2^20 pairs to ask the function about; use predicate()");
            std::vector<std::pair<csp::Value, csp::Value>> pairs;
            for (csp::Value a : d.values(x))
              for (csp::Value b : d.values(y))
                if (allowed(a, b).cast<bool>()) pairs.emplace_back(a, b);
            post(*c, [x, y, pairs](csp::Model&) { return csp::table(x, y, pairs); });
          },
          py::arg("x"), py::arg("y"), py::arg("allowed"),
          "allowed(a, b) must hold: the function is asked once per pair of initial values, here, and the "
          "pairs it accepts become a table (arc consistent; no Python during search).")
      .def(
          "predicate",
          [](const Core& c, const std::vector<VarLike>& xs, const py::function& fn, const std::string& name) {
            std::vector<csp::Var> vs = resolve_all(*c, xs);
            PyFunction f(fn);
            ModelCore* core = c.get();
            post(*c, [core, vs, f, name](csp::Model&) { return python_predicate(core, vs, f, name); });
          },
          py::arg("vars"), py::arg("allowed"), py::arg("name") = "predicate",
          "allowed(*values) must hold, checked once every variable is fixed (and pruning the last unfixed one). "
          "Calls Python during search, with the GIL: slow, for teaching and prototypes.")
      .def(
          "table",
          [](const Core& c, const std::vector<VarLike>& xs, const std::vector<std::vector<long long>>& rows) {
            std::vector<csp::Var> vs = resolve_all(*c, xs);
            std::vector<csp::Value> flat;
            for (const auto& row : rows) {
              same_length(row.size(), vs.size(), "each row and the variables");
              for (long long v : row) flat.push_back(value_of(v));
            }
            post(*c, [vs, flat](csp::Model& md) { return csp::table(md, vs, flat); });
          },
          py::arg("vars"), py::arg("rows"), "The tuple of vars is one of the rows (domain consistent).")
      .def(
          "element",
          [](const Core& c, const PyVar& index_, const std::vector<VarLike>& array, const VarLike& result,
             long long base) {
            const csp::Var index = var_of(*c, index_);
            const csp::Var z = resolve(*c, result);
            const bool constant = std::all_of(array.begin(), array.end(),
                                              [](const VarLike& a) { return std::holds_alternative<long long>(a); });
            const csp::Var i1 = one_based(*c, index, base);
            if (constant) {
              std::vector<csp::Value> vals;
              for (const VarLike& a : array) vals.push_back(value_of(std::get<long long>(a)));
              post(*c, [i1, vals, z](csp::Model&) { return csp::element(i1, vals, z); });
            } else {
              std::vector<csp::Var> vs = resolve_all(*c, array);
              post(*c, [i1, vs, z](csp::Model&) { return csp::element(i1, vs, z); });
            }
          },
          py::arg("index"), py::arg("array"), py::arg("result"), py::arg("base") = 0,
          "result == array[index - base] (0-based by default); an index outside the array has no solution.")
      .def(
          "cumulative",
          [](const Core& c, const std::vector<VarLike>& s, const std::vector<VarLike>& d, const std::vector<VarLike>& r,
             const VarLike& cap) {
            same_length(s.size(), d.size(), "starts and durations");
            same_length(s.size(), r.size(), "starts and uses");
            auto ss = resolve_all(*c, s), ds = resolve_all(*c, d), rs = resolve_all(*c, r);
            const csp::Var b = resolve(*c, cap);
            post(*c, [ss, ds, rs, b](csp::Model&) { return csp::cumulative(ss, ds, rs, b); });
          },
          py::arg("starts"), py::arg("durations"), py::arg("uses"), py::arg("capacity"),
          "Tasks (starts[i], durations[i], uses[i]) never use more than capacity at once (time-tabling, edge "
          "finding).")
      .def(
          "disjunctive",
          [](const Core& c, const std::vector<VarLike>& s, const std::vector<VarLike>& d) {
            same_length(s.size(), d.size(), "starts and durations");
            auto ss = resolve_all(*c, s), ds = resolve_all(*c, d);
            post(*c, [ss, ds](csp::Model&) { return csp::disjunctive(ss, ds); });
          },
          py::arg("starts"), py::arg("durations"), "Tasks (starts[i], durations[i]) run one at a time.")
      .def(
          "circuit",
          [](const Core& c, const std::vector<PyVar>& succ, long long base) {
            auto vs = vars_of(*c, succ);
            post(*c, [vs, b = value_of(base)](csp::Model&) { return csp::circuit(vs, b); });
          },
          py::arg("successors"), py::arg("base") = 0,
          "successors[i] == j + base when node j follows node i, and the successors form one cycle through every "
          "node.")
      .def(
          "regular",
          [](const Core& c, const std::vector<VarLike>& xs, int states, int symbols,
             const std::vector<std::vector<int>>& transitions, int start, const std::vector<int>& accepting) {
            auto vs = resolve_all(*c, xs);
            if (static_cast<int>(transitions.size()) != states)
              throw py::value_error("transitions must have one row per state (" + std::to_string(states) + ")");
            std::vector<int> flat;
            for (const auto& row : transitions) {
              if (static_cast<int>(row.size()) != symbols)
                throw py::value_error("each row of transitions must have one entry per symbol (" +
                                      std::to_string(symbols) + ")");
              flat.insert(flat.end(), row.begin(), row.end());
            }
            post(*c, [vs, states, symbols, flat, start, accepting](csp::Model&) {
              return csp::regular(vs, states, symbols, flat, start, accepting);
            });
          },
          py::arg("vars"), py::arg("states"), py::arg("symbols"), py::arg("transitions"), py::arg("start"),
          py::arg("accepting"),
          "vars spell a word of the DFA, as MiniZinc's regular: states 1..Q, symbols 1..S, transitions[q-1][s-1] "
          "the next state (0: fail), start state, accepting states.")
      .def(
          "count_eq",
          [](const Core& c, const std::vector<VarLike>& xs, const VarLike& value, const VarLike& n) {
            auto vs = resolve_all(*c, xs);
            const csp::Var y = resolve(*c, value), k = resolve(*c, n);
            post(*c, [vs, y, k](csp::Model&) { return csp::count_eq(vs, y, k); });
          },
          py::arg("vars"), py::arg("value"), py::arg("count"), "count == the number of vars equal to value.")
      .def(
          "among",
          [](const Core& c, const VarLike& n, const std::vector<VarLike>& xs, const std::vector<long long>& set) {
            const csp::Var k = resolve(*c, n);
            auto vs = resolve_all(*c, xs);
            post(*c, [k, vs, s = values_of(set)](csp::Model&) { return csp::among(k, vs, s); });
          },
          py::arg("count"), py::arg("vars"), py::arg("values"), "count == the number of vars taking one of values.")
      .def(
          "global_cardinality",
          [](const Core& c, const std::vector<VarLike>& xs, const std::vector<long long>& cover,
             std::optional<std::vector<VarLike>> counts, std::optional<std::vector<long long>> low,
             std::optional<std::vector<long long>> up, bool closed) {
            auto vs = resolve_all(*c, xs);
            auto cv = values_of(cover);
            if (counts) {
              if (low || up) throw py::value_error("give either counts or low and up");
              same_length(cover.size(), counts->size(), "cover and counts");
              auto ks = resolve_all(*c, *counts);
              post(*c, [vs, cv, ks, closed](csp::Model&) { return csp::global_cardinality(vs, cv, ks, closed); });
            } else {
              if (!low || !up) throw py::value_error("give either counts or low and up");
              same_length(cover.size(), low->size(), "cover and low");
              same_length(cover.size(), up->size(), "cover and up");
              post(*c, [vs, cv, lo = values_of(*low), hi = values_of(*up), closed](csp::Model&) {
                return csp::global_cardinality(vs, cv, lo, hi, closed);
              });
            }
          },
          py::arg("vars"), py::arg("cover"), py::arg("counts") = py::none(), py::arg("low") = py::none(),
          py::arg("up") = py::none(), py::arg("closed") = false,
          "counts[j] == the number of vars equal to cover[j] (or low[j] <= that number <= up[j]); closed: every "
          "var takes a value of cover.")
      .def(
          "inverse",
          [](const Core& c, const std::vector<PyVar>& f, const std::vector<PyVar>& g, long long fb, long long gb) {
            auto fs = vars_of(*c, f), gs = vars_of(*c, g);
            post(*c, [fs, gs, fb = value_of(fb), gb = value_of(gb)](csp::Model&) { return csp::inverse(fs, gs, fb, gb); });
          },
          py::arg("f"), py::arg("g"), py::arg("f_base") = 0, py::arg("g_base") = 0,
          "f[i] == j + g_base exactly when g[j] == i + f_base (inverse permutations, 0-based by default).")
      .def(
          "lex_lesseq",
          [](const Core& c, const std::vector<VarLike>& x, const std::vector<VarLike>& y, bool strict) {
            auto xs = resolve_all(*c, x), ys = resolve_all(*c, y);
            post(*c, [xs, ys, strict](csp::Model&) { return csp::lex_lesseq(xs, ys, strict); });
          },
          py::arg("x"), py::arg("y"), py::arg("strict") = false,
          "x <= y lexicographically (x < y when strict).")
      .def(
          "diffn",
          [](const Core& c, const std::vector<VarLike>& x, const std::vector<VarLike>& y, const std::vector<VarLike>& dx,
             const std::vector<VarLike>& dy, bool strict) {
            same_length(x.size(), y.size(), "x and y");
            same_length(x.size(), dx.size(), "x and dx");
            same_length(x.size(), dy.size(), "x and dy");
            auto xs = resolve_all(*c, x), ys = resolve_all(*c, y), dxs = resolve_all(*c, dx), dys = resolve_all(*c, dy);
            post(*c, [xs, ys, dxs, dys, strict](csp::Model&) { return csp::diffn(xs, ys, dxs, dys, strict); });
          },
          py::arg("x"), py::arg("y"), py::arg("dx"), py::arg("dy"), py::arg("strict") = true,
          "Rectangles (x[i], y[i]) of sizes (dx[i], dy[i]) do not overlap (strict=False: a rectangle of size 0 "
          "may be anywhere).")
      .def(
          "clause",
          [](const Core& c, const std::vector<VarLike>& pos, const std::vector<VarLike>& neg) {
            auto ps = resolve_all(*c, pos), ns = resolve_all(*c, neg);
            post(*c, [ps, ns](csp::Model&) { return csp::clause(ps, ns); });
          },
          py::arg("positive"), py::arg("negative") = std::vector<VarLike>{},
          "Some positive is 1 or some negative is 0 (0/1 variables).")
      .def(
          "and_all",
          [](const Core& c, const std::vector<VarLike>& xs, const VarLike& b) {
            auto vs = resolve_all(*c, xs);
            const csp::Var bv = resolve(*c, b);
            post(*c, [vs, bv](csp::Model&) { return csp::and_all(vs, bv); });
          },
          py::arg("vars"), py::arg("b"), "b == (vars[0] and vars[1] and ...), over 0/1 variables.")
      .def(
          "or_all",
          [](const Core& c, const std::vector<VarLike>& xs, const VarLike& b) {
            auto vs = resolve_all(*c, xs);
            const csp::Var bv = resolve(*c, b);
            post(*c, [vs, bv](csp::Model&) { return csp::or_all(vs, bv); });
          },
          py::arg("vars"), py::arg("b"), "b == (vars[0] or vars[1] or ...), over 0/1 variables.")
      .def(
          "parity",
          [](const Core& c, const std::vector<VarLike>& xs, bool odd) {
            auto vs = resolve_all(*c, xs);
            post(*c, [vs, odd](csp::Model&) { return csp::parity(vs, odd); });
          },
          py::arg("vars"), py::arg("odd") = true, "An odd (or even) number of the 0/1 vars are 1 (xor).")
      .def(
          "reify",
          [](const Core& c, const VarLike& b, const VarLike& x, const std::string& rel, const VarLike& y,
             long long offset, bool implies) { post_reify(*c, b, x, rel, y, offset, implies); },
          py::arg("b"), py::arg("x"), py::arg("relation"), py::arg("y"), py::arg("offset") = 0,
          py::arg("implies") = false,
          "b == (x REL y + offset) for a 0/1 variable b (b implies it when implies=True).")
      .def(
          "linear_reify",
          [](const Core& c, const VarLike& b_, const std::vector<long long>& cs, const std::vector<PyVar>& xs,
             const std::string& relation, long long rhs, bool implies) {
            same_length(cs.size(), xs.size(), "coefficients and variables");
            const csp::Var b = resolve(*c, b_);
            auto vs = vars_of(*c, xs);
            std::vector<std::int64_t> co(cs.begin(), cs.end());
            csp::Comparison cmp = csp::Comparison::equal;
            std::int64_t r = rhs;
            switch (parse_rel(relation)) {
              case Rel::eq: cmp = csp::Comparison::equal; break;
              case Rel::ne: cmp = csp::Comparison::not_equal; break;
              case Rel::le: cmp = csp::Comparison::less_equal; break;
              case Rel::lt: cmp = csp::Comparison::less; break;
              case Rel::ge:  // sum >= r  <=>  -sum <= -r
              case Rel::gt:
                for (auto& k : co) k = -k;
                r = -r;
                cmp = parse_rel(relation) == Rel::ge ? csp::Comparison::less_equal : csp::Comparison::less;
                break;
            }
            post(*c, [co, vs, cmp, r, b, mode = mode_of(implies)](csp::Model&) {
              return csp::linear_reified(co, vs, cmp, r, b, mode);
            });
          },
          py::arg("b"), py::arg("coefficients"), py::arg("vars"), py::arg("relation"), py::arg("rhs"),
          py::arg("implies") = false, "b == (sum(coefficients[i] * vars[i]) REL rhs) (b implies it when implies=True).")
      .def(
          "member",
          [](const Core& c, const PyVar& x_, std::optional<std::vector<long long>> values,
             std::optional<std::vector<std::pair<long long, long long>>> ranges, std::optional<VarLike> b,
             bool implies) {
            const csp::Var x = var_of(*c, x_);
            csp::Ranges rs = ranges_of(values, ranges);
            if (b) {
              const csp::Var bv = resolve(*c, *b);
              post(*c, [x, rs, bv, mode = mode_of(implies)](csp::Model&) { return csp::member_reified(x, rs, bv, mode); });
            } else {
              post(*c, [x, rs](csp::Model&) { return csp::member(x, rs); });
            }
          },
          py::arg("x"), py::arg("values") = py::none(), py::kw_only(), py::arg("ranges") = py::none(),
          py::arg("b") = py::none(), py::arg("implies") = false,
          "x takes one of values (or lies in one of the (lo, hi) ranges); with b: b == that (b implies it when "
          "implies=True).");

  // Arithmetic: z = f(x, y) (domain consistent on small domains, bounds beyond).
  using Arith = std::unique_ptr<csp::Propagator> (*)(csp::Var, csp::Var, csp::Var, std::int64_t);
  const std::pair<const char*, Arith> binary_ops[] = {{"times", csp::times},     {"divide", csp::divide},
                                                      {"modulo", csp::modulo},   {"power", csp::power},
                                                      {"minimum", csp::minimum}, {"maximum", csp::maximum}};
  const char* const binary_docs[] = {"z == x * y.",
                                     "z == x / y, rounded toward zero (y != 0).",
                                     "z == x mod y, with the sign of x (y != 0).",
                                     "z == x ** y.",
                                     "z == min(x, y).",
                                     "z == max(x, y)."};
  for (std::size_t i = 0; i < std::size(binary_ops); ++i) {
    const Arith f = binary_ops[i].second;
    model.def(
        binary_ops[i].first,
        [f](const Core& c, const VarLike& x, const VarLike& y, const VarLike& z) {
          const csp::Var xv = resolve(*c, x), yv = resolve(*c, y), zv = resolve(*c, z);
          post(*c, [f, xv, yv, zv](csp::Model&) { return f(xv, yv, zv, csp::kArithmeticPairs); });
        },
        py::arg("x"), py::arg("y"), py::arg("z"), binary_docs[i]);
  }
  using Extremum = std::unique_ptr<csp::Propagator> (*)(std::vector<csp::Var>, csp::Var);
  for (const auto& [name, f, doc] : {std::tuple<const char*, Extremum, const char*>{"array_min", csp::array_min,
                                                                                    "z == min(vars) (bounds)."},
                                     {"array_max", csp::array_max, "z == max(vars) (bounds)."}}) {
    model.def(
        name,
        [f, name](const Core& c, const std::vector<VarLike>& xs, const VarLike& z) {
          if (xs.empty()) throw py::value_error(std::string(name) + " of no variables");
          auto vs = resolve_all(*c, xs);
          const csp::Var zv = resolve(*c, z);
          post(*c, [f, vs, zv](csp::Model&) { return f(vs, zv); });
        },
        py::arg("vars"), py::arg("z"), doc);
  }
  model
      .def(
          "absolute",
          [](const Core& c, const VarLike& x, const VarLike& z) {
            const csp::Var xv = resolve(*c, x), zv = resolve(*c, z);
            post(*c, [xv, zv](csp::Model&) { return csp::absolute(xv, zv); });
          },
          py::arg("x"), py::arg("z"), "z == abs(x).")
      .def(
          "exact_groups",
          [](const Core& c, const std::vector<std::vector<PyVar>>& groups, const std::string& rules,
             std::optional<std::vector<std::string>> names) {
            if (names) same_length(groups.size(), names->size(), "groups and names");
            std::vector<csp::Group> gs;
            for (std::size_t i = 0; i < groups.size(); ++i)
              gs.push_back({names ? (*names)[i] : "group " + std::to_string(i + 1), vars_of(*c, groups[i])});
            csp::RuleSet rs;
            try {
              rs = csp::parse_rules(rules);
            } catch (const std::invalid_argument& e) {
              const csp::OptionSpec* spec = apps_common::find_search_option("rules");
              std::string allowed;
              for (const auto& n : spec->choices) allowed += (allowed.empty() ? "" : ", ") + n;
              throw py::value_error(std::string("option 'rules': ") + e.what() + "; allowed: " + allowed);
            }
            c->change([gs, rs](csp::Model& md) { csp::post_groups(md, gs, rs); });
          },
          py::arg("groups"), py::arg("rules") = "singles", py::arg("names") = py::none(),
          "Exact groups (n cells taking n values, each once: a Sudoku row, a Latin square's line) with the "
          "search rules of the option 'rules' (naked-single, hidden-single, x-wing, ...; 'none' posts a "
          "checking all-different on each).");
}

}  // namespace fdcsp_py
