// fdcsp's expressions: Python operators over the C++ modelling layer (csp/modelling/). x + 2*y <= z,
// abs(x - y) == 3, (x > 3) & ~b are csp::IntExpr / csp::BoolExpr trees built by the operators of Var,
// IntExpr and BoolExpr; Model.add posts one through a csp::Modeler, whose flattening makes the
// propagators of csp/constraints/ (there is no second engine), recorded as one step of the model's
// recipe so that the threads of a parallel search build the same model.
//
// Where Python and C++ differ, Python's meaning wins and the library's is one name away: // and %
// round toward minus infinity as on Python ints (fdcsp.div and fdcsp.mod truncate, as the
// library's propagators do). A comparison is a constraint, and asking its truth (bool(), if, and,
// chained comparisons, builtin min/max) is a TypeError, as for numpy's arrays; the one exception is
// == and != of two variables, whose truth is whether they are the same variable, so that a Var is a
// dict key and `x in [x, y]` works. Variables of two models meet in an expression: a ValueError
// there, before anything is posted.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core.hpp"
#include "csp/modelling/modeler.hpp"
#include "csp/modelling/text.hpp"

namespace fdcsp_py {

namespace {

using Core = std::shared_ptr<ModelCore>;

/// An integer expression as Python holds it.
struct PyIntExpr {
  csp::IntExpr e;
  Core core;                          // the model of its variables (null: it has none)
  std::optional<std::int64_t> value;  // set for a constant
  int depth = 0;                      // nested nodes the flattening recurses into (nested())
};

/// A Boolean expression (a constraint) as Python holds it.
struct PyBoolExpr {
  csp::BoolExpr e;
  Core core;
  std::optional<bool> value;     // set for a constant
  std::optional<bool> identity;  // x == y or x != y of two variables: its truth as a comparison of handles
  int depth = 0;
};

/// fdcsp.Array: a list of integer expressions that an expression indexes (element).
struct PyArray {
  py::list items;  // as given
  csp::IntExprs exprs;
  Core core;
  int depth = 0;
};

py::object not_implemented() { return py::reinterpret_borrow<py::object>(Py_NotImplemented); }

/// The depth of a node over children `depth` deep: a ValueError beyond what the flattening's recursion
/// can take on any thread's stack (a loop of c = c & ..., e = abs(e ...)). Sums do not count: they are
/// flattened without recursion, and so are any long sum, conjunction or disjunction built from a list.
int nested(int depth) {
  constexpr int kMaxDepth = 2000;
  if (depth > kMaxDepth)
    throw py::value_error("an expression nested more than " + std::to_string(kMaxDepth) +
                          " operators deep (a loop such as c = c & ... or e = abs(e ...)): build long "
                          "conjunctions, disjunctions and sums from a list with fdcsp.all_of, fdcsp.any_of, "
                          "fdcsp.sum");
  return depth;
}

std::string type_name(py::handle h) { return py::str(py::type::of(h).attr("__name__")).cast<std::string>(); }

[[noreturn]] void zero_division(const char* what) {
  PyErr_SetString(PyExc_ZeroDivisionError, what);
  throw py::error_already_set();
}

const char* const kNoTruth =
    "the truth of a constraint is known only once the model is solved: post it with Model.add(...), combine "
    "constraints with & | ~ (not 'and', 'or', 'not'), write a range as (a <= x) & (x <= b) (not a <= x <= b), "
    "and use fdcsp.min / fdcsp.max / fdcsp.all_of / fdcsp.any_of (not the builtins, which compare values)";

/// A Python integer (anything with __index__: int, bool, numpy's integers), checked to fit 64 bits;
/// nullopt for anything else but a float, which is a TypeError.
std::optional<std::int64_t> python_int(py::handle h) {
  if (PyFloat_Check(h.ptr()) != 0)
    throw py::type_error("expressions are over integers, and " + py::repr(h).cast<std::string>() +
                         " is a float (round it, or scale the model to integers)");
  if (PyIndex_Check(h.ptr()) == 0) return std::nullopt;
  const auto i = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow != 0)
    throw py::value_error("the integer " + py::repr(i).cast<std::string>() +
                          " is beyond the 64-bit range expressions work in");
  if (v == -1 && PyErr_Occurred() != nullptr) throw py::error_already_set();
  return static_cast<std::int64_t>(v);
}

/// h as an integer expression: a Var, an IntExpr, a BoolExpr (0 or 1), an integer; nullopt otherwise.
std::optional<PyIntExpr> as_int(py::handle h) {
  if (py::isinstance<PyVar>(h)) {
    const auto& v = h.cast<const PyVar&>();
    return PyIntExpr{csp::IntExpr(v.var), v.core, std::nullopt};
  }
  if (py::isinstance<PyIntExpr>(h)) return h.cast<PyIntExpr>();
  if (py::isinstance<PyBoolExpr>(h)) {
    const auto& b = h.cast<const PyBoolExpr&>();
    std::optional<std::int64_t> value;
    if (b.value) value = *b.value ? 1 : 0;
    return PyIntExpr{csp::IntExpr(b.e), b.core, value, nested(b.depth + 1)};
  }
  if (const auto c = python_int(h)) return PyIntExpr{csp::IntExpr(*c), nullptr, c};
  return std::nullopt;
}

/// h as a Boolean expression: a BoolExpr, a 0/1 Var, True or False; nullopt for what is no operand.
/// An integer or an integer expression is a TypeError: it has no truth value here.
std::optional<PyBoolExpr> as_bool(py::handle h) {
  if (py::isinstance<PyBoolExpr>(h)) return h.cast<PyBoolExpr>();
  if (py::isinstance<PyVar>(h)) {
    const auto& v = h.cast<const PyVar&>();
    return PyBoolExpr{csp::BoolExpr(v.var), v.core, std::nullopt, std::nullopt};
  }
  if (PyBool_Check(h.ptr()) != 0) {
    const bool value = h.cast<bool>();
    return PyBoolExpr{csp::BoolExpr(value), nullptr, value, std::nullopt};
  }
  if (py::isinstance<PyIntExpr>(h))
    throw py::type_error("an integer expression is no constraint: compare it (e == 3, e >= 1) or use a 0/1 variable");
  if (PyFloat_Check(h.ptr()) != 0 || PyIndex_Check(h.ptr()) != 0)
    throw py::type_error("the number " + py::repr(h).cast<std::string>() +
                         " is no constraint: use True or False, a comparison, or a 0/1 variable");
  return std::nullopt;
}

/// The model of an expression made of parts of models a and b (either may be none).
Core joined(const Core& a, const Core& b) {
  if (a && b && a != b) throw py::value_error("an expression mixes variables of two different models");
  return a ? a : b;
}

// --- Integer operators -------------------------------------------------------------------------

enum class Op : std::uint8_t { add, sub, mul, floordiv, mod, div, rem, pow };

std::int64_t checked(bool overflow, std::int64_t r) {
  if (overflow) throw py::value_error("a constant of the expression overflows 64 bits");
  return r;
}

// Integer arithmetic on two constants, as the operator means it (Python's // and %; truncated div, rem).
std::int64_t fold(Op op, std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  switch (op) {
    case Op::add: return checked(__builtin_add_overflow(a, b, &r), r);
    case Op::sub: return checked(__builtin_sub_overflow(a, b, &r), r);
    case Op::mul: return checked(__builtin_mul_overflow(a, b, &r), r);
    case Op::pow: {
      std::int64_t p = 1;
      for (std::int64_t i = 0; i < b; ++i) p = checked(__builtin_mul_overflow(p, a, &p), p);
      return p;
    }
    default: break;
  }
  checked(a == INT64_MIN && b == -1, 0);
  const std::int64_t q = a / b, m = a % b;
  const bool below = m != 0 && ((m < 0) != (b < 0));  // Python's results lie one step lower
  switch (op) {
    case Op::floordiv: return below ? q - 1 : q;
    case Op::mod: return below ? m + b : m;
    case Op::div: return q;
    default: return m;
  }
}

// r is a % b truncated (the sign of a, or 0): whether Python's floor results lie one step lower,
// as r and b have opposite signs.
csp::BoolExpr below(const csp::IntExpr& r, const PyIntExpr& b) {
  if (b.value) return *b.value > 0 ? r < 0 : r > 0;
  return ((r < 0) & (b.e > 0)) | ((r > 0) & (b.e < 0));
}

PyIntExpr combine(Op op, const PyIntExpr& a, const PyIntExpr& b) {
  const Core core = joined(a.core, b.core);
  const bool division = op == Op::floordiv || op == Op::mod || op == Op::div || op == Op::rem;
  if (division && b.value == 0) zero_division("integer division or modulo by the constant 0");
  if (op == Op::pow) {
    if (!b.value) throw py::type_error("the exponent of ** must be a constant integer (x ** 2), not an expression");
    if (*b.value < 0) throw py::value_error("the exponent of ** must be >= 0 (expressions are over integers)");
    if (*b.value > 64 && !a.value) throw py::value_error("an exponent above 64 overflows any variable but 0, 1 and -1");
  }
  if (a.value && b.value) {
    const std::int64_t v = fold(op, *a.value, *b.value);
    return PyIntExpr{csp::IntExpr(v), core, v};
  }
  switch (op) {
    case Op::add: return {a.e + b.e, core, std::nullopt};
    case Op::sub: return {a.e - b.e, core, std::nullopt};
    case Op::mul: return {a.e * b.e, core, std::nullopt};
    case Op::div: return {a.e / b.e, core, std::nullopt};
    case Op::rem: return {a.e % b.e, core, std::nullopt};
    case Op::floordiv: return {a.e / b.e - csp::IntExpr(below(a.e % b.e, b)), core, std::nullopt};
    case Op::mod: {
      const csp::IntExpr r = a.e % b.e;
      return {r + b.e * csp::IntExpr(below(r, b)), core, std::nullopt};
    }
    case Op::pow: {
      if (*b.value == 0) return {csp::IntExpr(1), core, 1};
      csp::IntExpr p = a.e;
      for (std::int64_t i = 1; i < *b.value; ++i) p = p * a.e;
      return {p, core, std::nullopt};
    }
  }
  return {a.e, core, std::nullopt};
}

py::object arith(Op op, py::handle a, py::handle b) {
  const auto x = as_int(a), y = as_int(b);
  if (!x || !y) return not_implemented();
  PyIntExpr r = combine(op, *x, *y);
  if (x->value && y->value) return py::int_(*r.value);  // fdcsp.div(-7, 2), True + True: a number, as Python's
  // A sum adds no depth; // and % are a few nodes; x ** k, k products.
  const int more = op == Op::add || op == Op::sub ? 0 : op == Op::pow ? static_cast<int>(*y->value) : 3;
  r.depth = nested(std::max(x->depth, y->depth) + more);
  return py::cast(r);
}

PyIntExpr operand(py::handle h, const char* what) {
  if (auto x = as_int(h)) return *x;
  throw py::type_error(std::string(what) + " takes integers, variables and expressions, not " + type_name(h));
}

// --- Comparisons and Boolean operators -----------------------------------------------------------

enum class Cmp { eq, ne, lt, le, gt, ge };  // the six comparisons, as Python names them

py::object compare(Cmp rel, py::handle a, py::handle b) {
  const auto x = as_int(a), y = as_int(b);
  if (!x || !y) return not_implemented();
  PyBoolExpr out{csp::BoolExpr(true), joined(x->core, y->core), std::nullopt, std::nullopt};
  switch (rel) {
    case Cmp::eq: out.e = x->e == y->e; break;
    case Cmp::ne: out.e = x->e != y->e; break;
    case Cmp::lt: out.e = x->e < y->e; break;
    case Cmp::le: out.e = x->e <= y->e; break;
    case Cmp::gt: out.e = x->e > y->e; break;
    case Cmp::ge: out.e = x->e >= y->e; break;
  }
  if ((rel == Cmp::eq || rel == Cmp::ne) && py::isinstance<PyVar>(a) && py::isinstance<PyVar>(b)) {
    const auto &v = a.cast<const PyVar&>(), &w = b.cast<const PyVar&>();
    out.identity = (v.core == w.core && v.var == w.var) == (rel == Cmp::eq);
  }
  out.depth = nested(std::max(x->depth, y->depth) + 1);
  return py::cast(out);
}

enum class Logic : std::uint8_t { conjunction, disjunction, exclusive, implication };

py::object logic(Logic op, py::handle a, py::handle b) {
  const auto x = as_bool(a), y = as_bool(b);
  if (!x || !y) return not_implemented();
  PyBoolExpr out{csp::BoolExpr(true), joined(x->core, y->core), std::nullopt, std::nullopt};
  switch (op) {
    case Logic::conjunction: out.e = x->e & y->e; break;
    case Logic::disjunction: out.e = x->e | y->e; break;
    case Logic::exclusive: out.e = csp::IntExpr(x->e) != csp::IntExpr(y->e); break;
    case Logic::implication: out.e = csp::implies(x->e, y->e); break;
  }
  out.depth = nested(std::max(x->depth, y->depth) + (op == Logic::implication ? 2 : 1));  // implies: ~x | y
  return py::cast(out);
}

PyBoolExpr constraint(py::handle h, const char* what) {
  if (auto b = as_bool(h)) return *b;
  throw py::type_error(std::string(what) + " takes constraints (x < y, a 0/1 variable, True, False), not " +
                       type_name(h));
}

// --- repr ----------------------------------------------------------------------------------------

/// The library's text of an expression, with the model's names and Python's True and False.
csp::ExprSpelling python_spelling(const ModelCore* core) {
  csp::ExprSpelling sp;
  sp.name = [core](csp::Var v) {
    if (core != nullptr && v.id < core->model.var_count()) return core->model.name(v);
    return csp::id_name(v);
  };
  sp.truth = "True";
  sp.falsity = "False";
  return sp;
}

// --- Posting through a Modeler -------------------------------------------------------------------

/// f(modeler) on a Modeler that holds `m` for the call (a Modeler owns its model: it is lent).
template <class F>
auto with_modeler(csp::Model& m, const F& f) {
  csp::Modeler md;
  std::swap(md.model(), m);
  struct Back {
    csp::Modeler& md;
    csp::Model& m;
    ~Back() { std::swap(md.model(), m); }
  } back{md, m};
  return f(md);
}

/// Marks the variables from `first` on as introduced by an expression (not listed).
void mark_internal(ModelCore& core, int first) {
  core.internal.resize(static_cast<std::size_t>(core.model.var_count()), 0);
  for (int i = first; i < core.model.var_count(); ++i) core.internal[static_cast<std::size_t>(i)] = 1;
}

void same_model(const ModelCore& core, const Core& of, const char* what) {
  if (of && of.get() != &core) throw py::value_error(std::string(what) + " has variables of another model");
}

void post(ModelCore& core, const PyBoolExpr& b) {
  same_model(core, b.core, "the constraint");
  const int first = core.model.var_count();
  core.change([e = b.e](csp::Model& m) { with_modeler(m, [&](csp::Modeler& md) { md.post(e); }); });
  mark_internal(core, first);
}

void add(ModelCore& core, py::handle c) {
  if (auto b = as_bool(c)) {
    post(core, *b);
    return;
  }
  if (py::isinstance<py::iterable>(c) && !py::isinstance<py::str>(c)) {
    for (const py::handle item : c) add(core, item);
    return;
  }
  throw py::type_error("Model.add takes a constraint (x + y <= z, x != y, b, (x > 3) | b, True) or an iterable of "
                       "them, not " + type_name(c));
}

csp::Var made_var(ModelCore& core, const PyIntExpr& x) {
  same_model(core, x.core, "the expression");
  const int first = core.model.var_count();
  const csp::Var v = core.add_var(
      [e = x.e](csp::Model& m) { return with_modeler(m, [&](csp::Modeler& md) { return md.var(e).var; }); });
  mark_internal(core, first);
  return v;
}

csp::IntExprs exprs_of(py::handle items, Core& core, int& depth, const char* what) {
  csp::IntExprs out;
  for (const py::handle item : items) {
    PyIntExpr x = operand(item, what);
    core = joined(core, x.core);
    depth = std::max(depth, x.depth);
    out.push_back(std::move(x.e));
  }
  return out;
}

// The items of fdcsp.min(a, b, ...) / fdcsp.min(items): as the builtins take them.
py::object items_of(const py::args& args) {
  if (args.size() == 1 && !as_int(args[0]) && py::isinstance<py::iterable>(args[0])) return py::list(args[0]);
  return py::list(args);
}

py::object extremum(bool least, const py::args& args) {
  const char* what = least ? "fdcsp.min" : "fdcsp.max";
  const py::object items = items_of(args);
  if (py::len(items) == 0) throw py::value_error(std::string(what) + " of an empty list");
  Core core;
  std::optional<std::int64_t> folded;
  bool constants = true;
  for (const py::handle item : items) {
    const PyIntExpr x = operand(item, what);
    if (!x.value) constants = false;
    else folded = folded ? (least ? std::min(*folded, *x.value) : std::max(*folded, *x.value)) : *x.value;
  }
  if (constants) return py::int_(*folded);
  int depth = 0;
  const csp::IntExprs xs = exprs_of(items, core, depth, what);
  return py::cast(PyIntExpr{least ? csp::min(xs) : csp::max(xs), core, std::nullopt, nested(depth + 1)});
}

PyIntExpr element(const PyArray& array, py::handle index) {
  const PyIntExpr i = operand(index, "indexing an array");
  return PyIntExpr{csp::at(array.exprs, i.e), joined(array.core, i.core), std::nullopt,
                   nested(std::max(array.depth, i.depth) + 1)};
}

PyArray array_of(py::handle items) {
  if (py::isinstance<PyArray>(items)) return items.cast<PyArray>();
  if (!py::isinstance<py::iterable>(items)) throw py::type_error("an array is a list of integers, variables or "
                                                                 "expressions, not " + type_name(items));
  PyArray a;
  a.items = py::list(py::reinterpret_borrow<py::object>(items));
  a.exprs = exprs_of(a.items, a.core, a.depth, "an array");
  if (a.exprs.empty()) throw py::value_error("an empty array (there is nothing to index)");
  return a;
}

template <class C>
void def_operators(C& cls) {
  const std::pair<const char*, Op> binary[] = {{"add", Op::add}, {"sub", Op::sub},       {"mul", Op::mul},
                                               {"floordiv", Op::floordiv}, {"mod", Op::mod}, {"pow", Op::pow}};
  for (const auto& [name, op] : binary) {
    const Op o = op;
    cls.def(("__" + std::string(name) + "__").c_str(), [o](py::handle a, py::handle b) { return arith(o, a, b); },
            py::arg("other"));
    cls.def(("__r" + std::string(name) + "__").c_str(), [o](py::handle a, py::handle b) { return arith(o, b, a); },
            py::arg("other"));
  }
  const auto no_true_division = [](py::handle, py::handle) -> py::object {
    throw py::type_error("/ is no integer operator: write // (rounded toward minus infinity, as on Python ints) or "
                         "fdcsp.div(x, y) (rounded toward zero, as the library's propagator)");
  };
  cls.def("__truediv__", no_true_division, py::arg("other"));
  cls.def("__rtruediv__", no_true_division, py::arg("other"));
  cls.def("__neg__", [](py::handle a) { return arith(Op::sub, py::int_(0), a); });
  cls.def("__pos__", [](py::handle a) { return py::cast(operand(a, "+")); });
  cls.def("__abs__", [](py::handle a) {
    const PyIntExpr x = operand(a, "abs");
    if (x.value) return py::cast(PyIntExpr{csp::IntExpr(*x.value < 0 ? -*x.value : *x.value), nullptr,
                                           *x.value < 0 ? -*x.value : *x.value});
    return py::cast(PyIntExpr{csp::abs(x.e), x.core, std::nullopt, nested(x.depth + 1)});
  });
  const std::pair<const char*, Cmp> rels[] = {{"__eq__", Cmp::eq}, {"__ne__", Cmp::ne}, {"__lt__", Cmp::lt},
                                              {"__le__", Cmp::le}, {"__gt__", Cmp::gt}, {"__ge__", Cmp::ge}};
  for (const auto& [name, rel] : rels) {
    const Cmp r = rel;
    cls.def(name, [r](py::handle a, py::handle b) { return compare(r, a, b); }, py::arg("other"));
  }
  const std::pair<const char*, Logic> logics[] = {
      {"and", Logic::conjunction}, {"or", Logic::disjunction}, {"xor", Logic::exclusive}};
  for (const auto& [name, op] : logics) {
    const Logic o = op;
    cls.def(("__" + std::string(name) + "__").c_str(), [o](py::handle a, py::handle b) { return logic(o, a, b); },
            py::arg("other"));
    cls.def(("__r" + std::string(name) + "__").c_str(), [o](py::handle a, py::handle b) { return logic(o, b, a); },
            py::arg("other"));
  }
  cls.def("__invert__", [](py::handle a) {
    const PyBoolExpr b = constraint(a, "~");
    return PyBoolExpr{~b.e, b.core, b.value ? std::optional<bool>(!*b.value) : std::nullopt, std::nullopt,
                      nested(b.depth + 1)};
  });
  cls.def(
      "implies",
      [](py::handle a, py::handle b) {
        constraint(a, "implies");
        constraint(b, "implies");
        return logic(Logic::implication, a, b);
      },
      py::arg("other"),
      "The constraint 'self implies other' (~self | other); both are constraints or 0/1 variables.");
}

}  // namespace

csp::Var objective_var(const std::shared_ptr<ModelCore>& core, const py::handle& objective) {
  if (py::isinstance<PyVar>(objective)) return var_of(*core, objective.cast<const PyVar&>());
  const auto x = as_int(objective);
  if (!x) throw py::type_error("the objective is a Var or an integer expression, not " + type_name(objective));
  const void* key = x->e.shared().get();
  for (const auto& [node, v] : core->objectives)
    if (node.get() == key) return v;
  const csp::Var v = made_var(*core, *x);
  core->objectives.emplace_back(x->e.shared(), v);
  return v;
}

void bind_expressions(py::module_& m) {
  py::class_<PyIntExpr> int_expr(m, "IntExpr", R"doc(
An integer expression over the variables of one model: x + 2*y, abs(x - y), x * y, x // 3, b + c
(a constraint counts 0 or 1), fdcsp.min(xs), arr[i]. Built with Python's operators on Var, integers and
other expressions; it is a value (nothing is posted until a comparison of it goes to Model.add).

    +  -  *  unary -  abs()    as on Python ints
    // and %                   rounded toward minus infinity, as on Python ints (x // 2, x % 3);
                               fdcsp.div and fdcsp.mod round toward zero, as the library's
                               propagators (one each; the same on non-negative values)
    ** k                       for a constant k >= 0 (products)
    / (true division)          TypeError
    == != < <= > >=            a constraint (BoolExpr)

Integers must fit 64 bits, and every value an expression takes 32 (a variable's range); a float is a
TypeError. Operators nest at most 2,000 deep (sums any length: e = e + x in a loop is fine; build long
conjunctions with fdcsp.all_of). Unhashable (== builds a constraint), and with no truth value: bool(e)
is a TypeError.)doc");
  def_operators(int_expr);
  int_expr.attr("__hash__") = py::none();
  int_expr.def("__bool__", [](const PyIntExpr&) -> bool {
    throw py::type_error("an integer expression has no value until the model is solved; " + std::string(kNoTruth));
  });
  int_expr.def("__repr__", [](const PyIntExpr& x) { return "IntExpr(" + csp::to_text(x.e, python_spelling(x.core.get())) + ")"; });
  int_expr.def_property_readonly(
      "model", [](const PyIntExpr& x) -> py::object { return x.core ? py::cast(x.core) : py::none(); },
      "The model of its variables (None when it has none).");

  py::class_<PyBoolExpr> bool_expr(m, "BoolExpr", R"doc(
A constraint: a comparison (x + y <= z, x != 3), a 0/1 variable, True or False, and & | ^ ~ of
constraints, or a.implies(b). Model.add(c) posts it; used as an integer it is 0 or 1 (its
reification: b == (x > 3), fdcsp.sum(x > 0 for x in xs) == 2); Model.bool_var(c) is a 0/1 variable
equal to its truth.

Its truth is known only once the model is solved: bool(c) (if c, and/or/not, a <= x <= b, the builtins
min/max/all/any) is a TypeError, as for numpy's arrays. One exception: x == y and x != y of two
variables tell whether they are the same variable, so that a Var works as a dict key and in lists.
Unhashable.)doc");
  def_operators(bool_expr);
  bool_expr.attr("__hash__") = py::none();
  bool_expr.def("__bool__", [](const PyBoolExpr& b) -> bool {
    if (b.identity) return *b.identity;
    if (b.value) return *b.value;
    throw py::type_error(kNoTruth);
  });
  bool_expr.def("__repr__",
                [](const PyBoolExpr& b) { return "BoolExpr(" + csp::to_text(b.e, python_spelling(b.core.get())) + ")"; });
  bool_expr.def_property_readonly(
      "model", [](const PyBoolExpr& b) -> py::object { return b.core ? py::cast(b.core) : py::none(); },
      "The model of its variables (None when it has none).");

  py::class_<PyVar> var = py::object(m.attr("Var"));
  def_operators(var);

  py::class_<PyArray>(m, "Array", R"doc(
Array(items): a fixed list of integers, variables or expressions that an expression can index.

    costs = fdcsp.Array([4, 1, 7])
    m.add(costs[i] <= 3)            # element: i an expression, 0-based; an index outside 0..len-1 has
                                    # no solution
    costs[0], costs[-1], costs[1:]  # an int or a slice indexes as a list does (4, 7, an Array)

fdcsp.element(items, i) is the same as Array(items)[i] for an expression i (and for a constant i too,
0-based with no solution outside, unlike a list's negative indices).)doc")
      .def(py::init([](py::handle items) { return array_of(items); }), py::arg("items"))
      .def(
          "__getitem__",
          [](const PyArray& a, py::handle key) -> py::object {
            if (PySlice_Check(key.ptr()) != 0) return py::cast(array_of(a.items[key]));
            if (PyBool_Check(key.ptr()) == 0 && PyFloat_Check(key.ptr()) == 0 && PyIndex_Check(key.ptr()) != 0)
              return a.items[key];  // a list's own indexing: negative from the end, IndexError outside
            return py::cast(element(a, key));
          },
          py::arg("index"), "An item (int index), an Array (slice), or element: the item an expression selects.")
      .def("__len__", [](const PyArray& a) { return py::len(a.items); })
      .def("__iter__", [](const PyArray& a) { return a.items.attr("__iter__")(); })
      .def("__repr__", [](const PyArray& a) { return "Array(" + py::repr(a.items).cast<std::string>() + ")"; });

  m.def(
      "min", [](const py::args& args) { return extremum(true, args); },
      "min(a, b, ...) or min(items): the least of integers, variables and expressions, an expression (an int when "
      "all are integers). ValueError for none. (The builtin min compares values, which expressions have only once "
      "solved.)");
  m.def(
      "max", [](const py::args& args) { return extremum(false, args); },
      "max(a, b, ...) or max(items): the greatest, as fdcsp.min.");
  m.def(
      "sum",
      [](py::handle items) -> py::object {
        Core core;
        int depth = 0;
        const csp::IntExprs xs = exprs_of(items, core, depth, "fdcsp.sum");
        if (xs.empty()) throw py::value_error("fdcsp.sum of an empty list (write 0 if that is meant)");
        return py::cast(PyIntExpr{csp::sum(xs), core, std::nullopt, depth});
      },
      py::arg("items"),
      "The sum of integers, variables, expressions and constraints (each 0 or 1), as one flat linear node: "
      "faster than the builtin sum on long lists (which works too). ValueError for an empty list.");
  m.def(
      "element", [](py::handle items, py::handle index) { return element(array_of(items), index); },
      py::arg("array"), py::arg("index"),
      "array[index] for an integer expression index, 0-based: an index outside the array has no solution. array: "
      "integers, variables or expressions (or an Array).");
  m.def(
      "div", [](py::handle a, py::handle b) { return arith(Op::div, a, b); }, py::arg("x"), py::arg("y"),
      "x / y rounded toward zero (C's, the library's propagator; Python's // rounds toward minus infinity). y == 0 "
      "has no solution (a constant 0: ZeroDivisionError).");
  m.def(
      "mod", [](py::handle a, py::handle b) { return arith(Op::rem, a, b); }, py::arg("x"), py::arg("y"),
      "x - y * div(x, y): the sign of x (C's, the library's propagator; Python's % takes the sign of y).");
  const auto all_any = [](bool all) {
    return [all](py::handle items) {
      PyBoolExpr out{csp::BoolExpr(all), nullptr, all, std::nullopt};
      csp::BoolExprs xs;
      for (const py::handle item : items) {
        const PyBoolExpr b = constraint(item, all ? "fdcsp.all_of" : "fdcsp.any_of");
        out.core = joined(out.core, b.core);
        out.depth = std::max(out.depth, b.depth);
        xs.push_back(b.e);
      }
      if (!xs.empty()) {
        out.e = all ? csp::all_of(xs) : csp::any_of(xs);
        out.value.reset();
        out.depth = nested(out.depth + 1);
      }
      return out;
    };
  };
  m.def("all_of", all_any(true), py::arg("constraints"),
        "Every one of the constraints (True for none): one constraint, as c1 & c2 & ... .");
  m.def("any_of", all_any(false), py::arg("constraints"),
        "At least one of the constraints (False for none): one constraint, as c1 | c2 | ... .");

  py::class_<ModelCore, std::shared_ptr<ModelCore>> model = py::object(m.attr("Model"));
  model
      .def(
          "add", [](const Core& c, py::handle constraint) { add(*c, constraint); }, py::arg("constraint"),
          "Posts a constraint: x + 2*y <= z, x != y, abs(x - y) == 3, b == (x > 3), (x < y) | b, a 0/1 variable "
          "(it must be 1), True (nothing) or False (no solution), or an iterable of them. The library's "
          "propagators, with a variable introduced only where one needs it (not listed in vars). A constraint that "
          "fails to post (a ValueError: a value range beyond the variables', a 0/1 use of a wider variable) "
          "leaves the model as it was.")
      .def(
          "var",
          [](const Core& c, py::handle e) {
            if (py::isinstance<PyVar>(e)) return PyVar{c, var_of(*c, e.cast<const PyVar&>())};
            return PyVar{c, made_var(*c, operand(e, "Model.var"))};
          },
          py::arg("expr"),
          "A variable equal to an integer expression (the expression's own when it is one variable): for the "
          "constraint methods, which take variables. Not listed in vars; sol[v] reads it.")
      .def(
          "bool_var",
          [](const Core& c, py::handle e) {
            const PyBoolExpr b = constraint(e, "Model.bool_var");
            same_model(*c, b.core, "the constraint");
            const int first = c->model.var_count();
            const csp::Var v = c->add_var([b = b.e](csp::Model& md) {
              return with_modeler(md, [&](csp::Modeler& mr) { return mr.bool_var(b).var; });
            });
            mark_internal(*c, first);
            return PyVar{c, v};
          },
          py::arg("constraint"),
          "A 0/1 variable equal to a constraint's truth (reification: b == (x > 3) as a variable). Not listed in "
          "vars; sol[b] reads it.")
      .def(
          "add_decisions",
          [](const Core& c, const std::vector<PyVar>& vs) {
            const std::vector<csp::Var> v = vars_of(*c, vs);
            const bool first = !c->explicit_decisions;
            c->change([v, first](csp::Model& md) {
              if (first) md.clear_decisions();
              md.add_decisions(v);
            });
            c->explicit_decisions = true;
          },
          py::arg("vars"),
          "Names the decisions: the default search branches on them first (its order restricted to them), then on "
          "the rest. Every variable made by int_var, int_vars and bool_var is a decision until this is called; "
          "the first call replaces them with these, later calls add to them.")
      .def_property_readonly(
          "decisions",
          [](const Core& c) {
            std::vector<PyVar> out;
            for (const csp::Var v : c->model.decisions()) out.push_back(PyVar{c, v});
            return out;
          },
          "The decisions, in the order they were named.");
}

}  // namespace fdcsp_py
