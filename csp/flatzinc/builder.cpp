#include "csp/flatzinc/builder.hpp"

#include <algorithm>
#include <stdexcept>

#include "csp/constraints/reified.hpp"
#include "csp/flatzinc/detail/implied.hpp"
#include "csp/flatzinc/registry.hpp"
#include "csp/flatzinc/search_annotations.hpp"

namespace csp::flatzinc {

namespace {

std::string range_text() { return std::to_string(kMinValue) + ".." + std::to_string(kMaxValue); }

bool in_range(std::int64_t v) { return v >= kMinValue && v <= kMaxValue; }

// A domain wider than this many values with holes is declared by its bounds plus a membership
// constraint, not value by value.
constexpr std::int64_t kListedValues = 4096;

Ranges ranges_of(const IntSet& s) {
  Ranges out;
  for (const auto& [lo, hi] : s.ranges) {
    const std::int64_t l = std::max<std::int64_t>(lo, kMinValue), h = std::min<std::int64_t>(hi, kMaxValue);
    if (l <= h) out.emplace_back(static_cast<Value>(l), static_cast<Value>(h));
  }
  return out;
}

const char* kind_name(Expr::Kind k) {
  switch (k) {
    case Expr::Kind::boolean: return "a bool";
    case Expr::Kind::integer: return "an integer";
    case Expr::Kind::floating: return "a float";
    case Expr::Kind::float_range: return "a float range";
    case Expr::Kind::set: return "a set";
    case Expr::Kind::array: return "an array";
    case Expr::Kind::identifier: return "an identifier";
    case Expr::Kind::access: return "an array element";
    case Expr::Kind::string: return "a string";
    case Expr::Kind::call: return "a call";
  }
  return "an expression";
}

}  // namespace

BuildError::BuildError(Location where, const std::string& message)
    : std::runtime_error("line " + std::to_string(where.line) + ", column " + std::to_string(where.column) + ": " +
                         message),
      where_(where) {}

void Builder::fail(Location where, const std::string& message) { throw BuildError(where, message); }

Builder::Builder(const Ast& ast, Program& out) : out_(out) {
  for (const Parameter& p : ast.parameters) {
    if (!names_.emplace(p.name, Named{&p.value, {}, p.type.is_array}).second)
      fail(p.where, "'" + p.name + "' is declared twice");
  }
  for (const Variable& v : ast.variables) {
    try {
      declare(v);
    } catch (const std::invalid_argument& e) {
      // The model's own check of a domain (its size, say) names no line: add it.
      fail(v.where, "'" + v.name + "': " + e.what());
    }
  }
}

const Builder::Named& Builder::lookup(const Expr& e) const {
  const auto it = names_.find(e.name);
  if (it == names_.end()) fail(e.where, "unknown identifier '" + e.name + "'");
  return it->second;
}

// A parameter's literal value: follows identifiers and accesses into parameter arrays.
const Expr& Builder::par_value(const Expr& e) const {
  if (e.kind == Expr::Kind::identifier) {
    const Named& n = lookup(e);
    if (!n.par) fail(e.where, "expected a parameter, got the variable '" + e.name + "'");
    return par_value(*n.par);
  }
  if (e.kind == Expr::Kind::access) {
    const Named& n = lookup(e);
    if (!n.par) fail(e.where, "expected a parameter, got an element of the variable array '" + e.name + "'");
    const Expr& array = par_value(*n.par);
    if (array.kind != Expr::Kind::array) fail(e.where, "'" + e.name + "' is not an array");
    if (e.integer < 1 || e.integer > static_cast<std::int64_t>(array.elements.size()))
      fail(e.where, "index " + std::to_string(e.integer) + " is outside " + e.name + "'s 1.." +
                        std::to_string(array.elements.size()));
    return par_value(array.elements[static_cast<std::size_t>(e.integer - 1)]);
  }
  return e;
}

bool Builder::is_par(const Expr& e) const {
  if (e.kind == Expr::Kind::identifier || e.kind == Expr::Kind::access) return lookup(e).par != nullptr;
  if (e.kind == Expr::Kind::array) {
    for (const Expr& x : e.elements)
      if (!is_par(x)) return false;
  }
  return true;
}

std::int64_t Builder::integer(const Expr& e) const {
  const Expr& v = par_value(e);
  if (v.kind != Expr::Kind::integer) fail(e.where, std::string("expected an integer, got ") + kind_name(v.kind));
  return v.integer;
}

Value Builder::value(const Expr& e) const {
  const std::int64_t v = integer(e);
  if (!in_range(v)) fail(e.where, "the integer " + std::to_string(v) + " is outside the supported range " + range_text());
  return static_cast<Value>(v);
}

bool Builder::boolean(const Expr& e) const {
  const Expr& v = par_value(e);
  if (v.kind != Expr::Kind::boolean) fail(e.where, std::string("expected a bool, got ") + kind_name(v.kind));
  return v.flag;
}

Value Builder::number(const Expr& e) const {
  const Expr& v = par_value(e);
  if (v.kind == Expr::Kind::boolean) return v.flag ? 1 : 0;
  return value(e);
}

IntSet Builder::set(const Expr& e) const {
  const Expr& v = par_value(e);
  if (v.kind != Expr::Kind::set) fail(e.where, std::string("expected a set of int, got ") + kind_name(v.kind));
  return v.set;
}

namespace {
// The elements of an array parameter or literal, through the given accessor.
template <class T, class Get>
std::vector<T> each_of(const Expr& array, Location where, Get get) {
  if (array.kind != Expr::Kind::array) Builder::fail(where, std::string("expected an array, got ") + kind_name(array.kind));
  std::vector<T> out;
  out.reserve(array.elements.size());
  for (const Expr& x : array.elements) out.push_back(get(x));
  return out;
}
}  // namespace

std::vector<std::int64_t> Builder::integers(const Expr& e) const {
  return each_of<std::int64_t>(par_value(e), e.where, [this](const Expr& x) { return integer(x); });
}
std::vector<Value> Builder::values(const Expr& e) const {
  return each_of<Value>(par_value(e), e.where, [this](const Expr& x) { return value(x); });
}
std::vector<bool> Builder::booleans(const Expr& e) const {
  return each_of<bool>(par_value(e), e.where, [this](const Expr& x) { return boolean(x); });
}
Ranges Builder::ranges(const Expr& e) const { return ranges_of(set(e)); }

std::vector<IntSet> Builder::sets(const Expr& e) const {
  return each_of<IntSet>(par_value(e), e.where, [this](const Expr& x) { return set(x); });
}

Var Builder::var(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::integer: return constant(value(e));
    case Expr::Kind::boolean: return constant(e.flag ? 1 : 0);
    case Expr::Kind::identifier: {
      const Named& n = lookup(e);
      if (n.par) return var(par_value(e));
      if (n.array) fail(e.where, "expected a variable, got the array '" + e.name + "'");
      return n.vars.front();
    }
    case Expr::Kind::access: {
      const Named& n = lookup(e);
      if (n.par) return var(par_value(e));
      if (!n.array) fail(e.where, "'" + e.name + "' is not an array");
      if (e.integer < 1 || e.integer > static_cast<std::int64_t>(n.vars.size()))
        fail(e.where, "index " + std::to_string(e.integer) + " is outside " + e.name + "'s 1.." +
                          std::to_string(n.vars.size()));
      return n.vars[static_cast<std::size_t>(e.integer - 1)];
    }
    default: fail(e.where, std::string("expected an int or bool variable, got ") + kind_name(e.kind));
  }
}

std::vector<Var> Builder::vars(const Expr& e) {
  if (e.kind == Expr::Kind::identifier) {
    const Named& n = lookup(e);
    if (n.par) return vars(par_value(e));
    if (!n.array) fail(e.where, "expected an array of variables, got the variable '" + e.name + "'");
    return n.vars;
  }
  return each_of<Var>(e, e.where, [this](const Expr& x) { return var(x); });
}

Var Builder::constant(Value v) {
  const auto it = constants_.find(v);
  if (it != constants_.end()) return it->second;
  const Var x = out_.model.add_var(v, v);
  constants_.emplace(v, x);
  return x;
}

Var Builder::new_var(Value lo, Value hi) { return out_.model.add_var(lo, hi); }

void Builder::post(std::unique_ptr<Propagator> p) { out_.model.post(std::move(p)); }

bool Builder::annotated(std::string_view name) const {
  if (!current_) return false;
  for (const Expr& a : current_->annotations)
    if ((a.kind == Expr::Kind::identifier || a.kind == Expr::Kind::call) && a.name == name) return true;
  return false;
}

// A new variable over a declared int domain (a set literal, or a set parameter's name).
Var Builder::ranged(const Expr& domain, const std::string& name, Location where) {
  const IntSet s = set(domain);
  if (s.empty()) {
    // An empty domain: the model has no solution; a variable that membership of {} wipes out.
    const Var x = out_.model.add_var(0, 0, name);
    post(member(x, {}));
    return x;
  }
  if (!in_range(s.min()) || !in_range(s.max()))
    fail(where, "the domain of '" + name + "' (" + std::to_string(s.min()) + ".." + std::to_string(s.max()) +
                    ") is outside the supported range " + range_text());
  const auto lo = static_cast<Value>(s.min());
  const auto hi = static_cast<Value>(s.max());
  if (s.ranges.size() == 1) return out_.model.add_var(lo, hi, name);
  if (s.size() <= kListedValues) {
    std::vector<Value> listed;
    for (const auto& [a, b] : s.ranges)
      for (std::int64_t v = a; v <= b; ++v) listed.push_back(static_cast<Value>(v));
    return out_.model.add_var(listed, name);
  }
  const Var x = out_.model.add_var(lo, hi, name);
  post(member(x, ranges_of(s)));
  return x;
}

// Narrows x (an alias, a constant or an array element) to v's declared domain (bools: {0, 1}),
// posting a membership constraint only when x's initial domain is not inside it already.
void Builder::narrow(Var x, const Variable& v) {
  IntSet allowed;
  if (v.type.domain) {
    allowed = set(*v.type.domain);
  } else if (v.type.base == Type::Base::boolean) {
    allowed.add(0, 1);
  } else {
    return;
  }
  const Domains& d = out_.model.initial_domains();
  bool inside = true;
  if (allowed.ranges.size() == 1) {
    inside = allowed.min() <= d.min(x) && d.max(x) <= allowed.max();
  } else if (d.size(x) <= kListedValues) {
    d.for_each(x, [&](Value a) { inside = inside && allowed.contains(a); });
  } else {
    inside = false;
  }
  if (!inside) post(member(x, ranges_of(allowed)));
}

Var Builder::scalar(const Variable& v) {
  if (v.value) {
    // An alias or a fixed value: the same Var, narrowed to this declaration's domain if it has one.
    const Var x = var(*v.value);
    narrow(x, v);
    return x;
  }
  if (v.type.base == Type::Base::boolean) return out_.model.add_var(0, 1, v.name);
  if (v.type.domain) return ranged(*v.type.domain, v.name, v.where);
  return out_.model.add_var(kMinValue, kMaxValue, v.name);
}

void Builder::declare(const Variable& v) {
  if (v.type.base == Type::Base::floating) fail(v.where, "float variables are not supported ('" + v.name + "')");
  // An array of no set variables holds nothing to support (MiniZinc keeps `array [1..0] of var set
  // of int: x = [];` for its output even when nosets.mzn has turned every set into Booleans).
  if (v.type.base == Type::Base::int_set && !(v.type.is_array && v.type.length == 0))
    fail(v.where, "set variables are not supported ('" + v.name + "')");
  Named n;
  n.array = v.type.is_array;
  if (!v.type.is_array) {
    n.vars.push_back(scalar(v));
    if (!v.value) {
      auto has = [&](std::string_view atom) {
        return std::any_of(v.annotations.begin(), v.annotations.end(),
                           [&](const Expr& a) { return a.kind == Expr::Kind::identifier && a.name == atom; });
      };
      if (!has("var_is_introduced")) out_.declared.push_back(n.vars.back());
      else if (!has("is_defined_var")) out_.introduced.push_back(n.vars.back());
    }
  } else if (v.value) {
    n.vars = vars(*v.value);
    for (const Var x : n.vars) narrow(x, v);
  } else {
    Variable element = v;
    element.type.is_array = false;
    for (std::int64_t i = 0; i < v.type.length; ++i) {
      element.name = v.name + "[" + std::to_string(i + 1) + "]";
      n.vars.push_back(scalar(element));
      out_.declared.push_back(n.vars.back());
    }
  }
  for (const Expr& a : v.annotations) {
    if (a.kind == Expr::Kind::identifier && a.name == "output_var") {
      out_.outputs.push_back({v.name, v.type.base == Type::Base::boolean, false, {}, n.vars});
    } else if (a.kind == Expr::Kind::call && a.name == "output_array") {
      Output o{v.name, v.type.base == Type::Base::boolean, true, {}, n.vars};
      if (a.elements.size() != 1 || a.elements[0].kind != Expr::Kind::array)
        fail(a.where, "output_array expects one array of index sets");
      for (const Expr& d : a.elements[0].elements) {
        const IntSet s = set(d);
        if (s.empty()) {
          o.dims.emplace_back(1, 0);
        } else {
          o.dims.emplace_back(s.min(), s.max());
        }
      }
      out_.outputs.push_back(std::move(o));
    }
  }
  if (!names_.emplace(v.name, std::move(n)).second) fail(v.where, "'" + v.name + "' is declared twice");
}

void Builder::post_constraints(const Ast& ast, const Registry& registry) {
  for (const Constraint& c : ast.constraints) {
    const PosterEntry* entry = registry.find(c.name, static_cast<int>(c.args.size()));
    if (!entry && registry.knows(c.name))
      fail(c.where, "'" + c.name + "' with " + std::to_string(c.args.size()) + " arguments is not supported");
    if (!entry) fail(c.where, "the constraint '" + c.name + "' is not supported (no poster for it)");
    current_ = &c;
    try {
      entry->post(*this, c.args);
    } catch (const std::invalid_argument& e) {
      // A propagator's own check (an overflow of linear's sums, say) names no line: add it.
      fail(c.where, c.name + ": " + e.what());
    }
    current_ = nullptr;
  }
}

Program build(const Ast& ast, const Registry& registry) {
  Program p;
  Builder b(ast, p);
  b.post_constraints(ast, registry);
  p.implied = post_implied(b, ast);
  p.goal = ast.solve.goal;
  if (ast.solve.goal != Solve::Goal::satisfy) {
    if (!ast.solve.objective) Builder::fail(ast.solve.where, "minimize/maximize without an objective");
    p.objective = b.var(*ast.solve.objective);
  }
  read_search(b, ast.solve.annotations);
  return p;
}

Program build(const Ast& ast) { return build(ast, registry()); }

}  // namespace csp::flatzinc
