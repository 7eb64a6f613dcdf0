// Literals: the atomic facts about an integer variable that learning search reasons with,
// [x >= v], [x <= v], [x = v] and [x != v]. A 0/1 variable b is the literal [b = 1] (or [b >= 1]).
//
// A literal is not a stored Boolean: its truth is read off the current domains, so a literal over a
// variable of a million values costs nothing until a clause mentions it (created lazily, in the
// words of lazy clause generation, for every variable and every form, the interval form included).
#pragma once

#include <string>

#include "csp/kernel/domains.hpp"

namespace csp {

/// One literal over one variable.
struct Lit {
  enum class Kind : std::uint8_t {
    ge,  ///< [var >= value]
    le,  ///< [var <= value]
    eq,  ///< [var = value]
    ne,  ///< [var != value]
  };
  Var var;
  Kind kind = Kind::ge;
  Value value = 0;

  static Lit ge(Var v, Value x) { return {v, Kind::ge, x}; }
  static Lit le(Var v, Value x) { return {v, Kind::le, x}; }
  static Lit eq(Var v, Value x) { return {v, Kind::eq, x}; }
  static Lit ne(Var v, Value x) { return {v, Kind::ne, x}; }
  constexpr bool operator==(const Lit&) const = default;
};

/// The literal that holds exactly when `l` does not: [x >= v] <-> [x <= v - 1], [x = v] <-> [x != v].
/// Values stay inside the Value range: the bounds literals' values are at most one step outside
/// [kMinValue, kMaxValue].
inline Lit operator~(Lit l) {
  switch (l.kind) {
    case Lit::Kind::ge: return Lit::le(l.var, l.value - 1);
    case Lit::Kind::le: return Lit::ge(l.var, l.value + 1);
    case Lit::Kind::eq: return Lit::ne(l.var, l.value);
    case Lit::Kind::ne: return Lit::eq(l.var, l.value);
  }
  return l;
}

/// True when every candidate of l's variable in d satisfies l.
inline bool holds(const Domains& d, Lit l) {
  switch (l.kind) {
    case Lit::Kind::ge: return d.min(l.var) >= l.value;
    case Lit::Kind::le: return d.max(l.var) <= l.value;
    case Lit::Kind::eq: return d.fixed(l.var) && d.min(l.var) == l.value;
    case Lit::Kind::ne: return !d.contains(l.var, l.value);
  }
  return false;
}

/// True when no candidate of l's variable in d satisfies l.
inline bool falsified(const Domains& d, Lit l) { return holds(d, ~l); }

/// True when l holds for the value x of its variable.
inline bool satisfied_by(Lit l, Value x) {
  switch (l.kind) {
    case Lit::Kind::ge: return x >= l.value;
    case Lit::Kind::le: return x <= l.value;
    case Lit::Kind::eq: return x == l.value;
    case Lit::Kind::ne: return x != l.value;
  }
  return false;
}

/// Makes l true in `d`, a Domains or a propagator's Context (the same four writes); false when
/// that empties l's variable.
template <class Writable>
bool make_true(Writable& d, Lit l) {
  switch (l.kind) {
    case Lit::Kind::ge: return d.remove_below(l.var, l.value);
    case Lit::Kind::le: return d.remove_above(l.var, l.value);
    case Lit::Kind::eq: return d.assign(l.var, l.value);
    case Lit::Kind::ne: return d.remove(l.var, l.value);
  }
  return false;
}

/// True when literal a implies literal b: every value of the variable that satisfies a satisfies b
/// (false for literals of two variables).
inline bool implies(Lit a, Lit b) {
  if (a.var != b.var) return false;
  if (a == b) return true;
  switch (a.kind) {
    case Lit::Kind::ge:
      return (b.kind == Lit::Kind::ge && a.value >= b.value) || (b.kind == Lit::Kind::ne && b.value < a.value);
    case Lit::Kind::le:
      return (b.kind == Lit::Kind::le && a.value <= b.value) || (b.kind == Lit::Kind::ne && b.value > a.value);
    case Lit::Kind::eq: return satisfied_by(b, a.value);
    case Lit::Kind::ne: return false;
  }
  return false;
}

/// "[x3 >= 5]", with the variable's id (a model's names are the caller's to add).
inline std::string to_string(Lit l) {
  static const char* ops[] = {">=", "<=", "=", "!="};
  return "[x" + std::to_string(l.var.id) + ' ' + ops[static_cast<int>(l.kind)] + ' ' + std::to_string(l.value) + ']';
}

}  // namespace csp
