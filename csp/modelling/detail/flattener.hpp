// Internal to csp/modelling/: the flattening of expression trees into a Modeler's propagators
// (flatten.cpp says how). One Flattener per call of the Modeler; it keeps nothing between calls.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "csp/modelling/detail/node.hpp"
#include "csp/modelling/modeler.hpp"

namespace csp::detail {

class Flattener {
 public:
  /// sum(coefs[i] * vars[i]) + constant, one term per variable, no zero coefficient (once merged).
  struct Linear {
    std::vector<std::int64_t> coefs;
    std::vector<Var> vars;
    std::int64_t constant = 0;
  };

  explicit Flattener(Modeler& m);

  /// e as a linear form, its non-linear parts each one introduced variable.
  Linear linear(const IntNode& e);
  /// A variable equal to f (f's own, a constant's, or one introduced; `what` names it in errors).
  Var var(const Linear& f, const char* what);
  /// Posts b (truth true) or its negation (false).
  void post(const BoolNode& b, bool truth);
  /// A 0/1 variable r with r <-> (b == truth).
  Var reify(const BoolNode& b, bool truth);

 private:
  Value lo(Var v) const;
  Value hi(Var v) const;
  Var checked(Var v, const void* model) const;
  Var introduce(std::int64_t low, std::int64_t high, const char* what);
  void fail();
  void fix(Var v, bool value);
  static void append(Linear& f, std::int64_t k, const Linear& g);
  static void merge(Linear& f);
  std::pair<std::int64_t, std::int64_t> bounds(const Linear& f) const;
  static Linear single(Var v);
  static Linear constant(std::int64_t c);
  Linear nonlinear(const IntNode& n);
  Var product(Var x, Var y);
  Var quotient(Var x, Var y);
  Var remainder(Var x, Var y);
  Var absolute_value(Var x);
  Linear extremum(bool least, const std::vector<Linear>& args);
  Linear element(const IntNode& n);
  Var boolean(const BoolNode& b);
  Linear difference(const BoolNode& b);
  void post_clause(const std::vector<BoolExpr>& args, bool truth);
  void post_linear(const Linear& diff, Rel rel);
  void reify_into(const BoolNode& b, bool truth, Var r);

  Modeler& m_;
  Model& model_;
};

}  // namespace csp::detail
