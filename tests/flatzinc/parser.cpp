// The FlatZinc reader (csp/flatzinc/parser.hpp): every item kind and expression form MiniZinc 2.6
// writes, read back field by field, and malformed input rejected with the line and column.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>

#include "csp/flatzinc/parser.hpp"

namespace fz = csp::flatzinc;

namespace {

// What MiniZinc 2.6 writes for a small optimisation model (`minizinc -c -G std`), shortened, with
// every form the reader must know: a predicate, parameters of each kind, domains, an output
// array, annotations with calls and strings, element access and the solve annotations.
constexpr const char* kModel = R"(predicate my_global(array [int] of var int: x, var int: y);
array [1..2] of int: X_INTRODUCED_7_ = [1,-1];
set of int: s = {1,3,5};
bool: flag = true;
float: half = 0.5;
var 1..6: X_INTRODUCED_0_;
var 1..6: X_INTRODUCED_1_;
var {2,4,7}: y :: output_var;
var bool: b;
var 0..6: cost:: output_var;
var -10..0x10: h :: var_is_introduced :: is_defined_var;
array [1..2] of var int: q:: output_array([1..2]) = [X_INTRODUCED_0_,X_INTRODUCED_1_];
% a comment line
constraint int_lin_ne(X_INTRODUCED_7_,[X_INTRODUCED_0_,X_INTRODUCED_1_],0);   % trailing comment
constraint int_mod(h,7,cost) :: defines_var(cost);
constraint array_int_element(q[2],[3,-4,5],h);
constraint bool_clause([b],[]);
constraint set_in(y,1..5);
solve :: seq_search([int_search(q,first_fail,indomain_min,complete),bool_search([b],input_order,indomain_max,complete)]) :: mzn_note("a \"quoted\" note") minimize cost;
)";

std::string message_of(const std::string& text) {
  try {
    fz::parse(text);
  } catch (const fz::ParseError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("flatzinc: every item and expression form of a MiniZinc 2.6 model", "[flatzinc]") {
  const fz::Ast m = fz::parse(kModel);
  REQUIRE(m.predicates.size() == 1);
  CHECK(m.predicates[0].name == "my_global");

  REQUIRE(m.parameters.size() == 4);
  const fz::Parameter& coeffs = m.parameters[0];
  CHECK(coeffs.name == "X_INTRODUCED_7_");
  CHECK(coeffs.type.is_array);
  CHECK(coeffs.type.length == 2);
  CHECK_FALSE(coeffs.type.is_var);
  REQUIRE(coeffs.value.kind == fz::Expr::Kind::array);
  REQUIRE(coeffs.value.elements.size() == 2);
  CHECK(coeffs.value.elements[1].integer == -1);
  CHECK(m.parameters[1].type.base == fz::Type::Base::int_set);
  CHECK(m.parameters[1].value.set.ranges == std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 1}, {3, 3}, {5, 5}});
  CHECK(m.parameters[2].value.kind == fz::Expr::Kind::boolean);
  CHECK(m.parameters[2].value.flag);
  CHECK(m.parameters[3].value.floating == 0.5);

  REQUIRE(m.variables.size() == 7);
  const fz::Variable& x0 = m.variables[0];
  CHECK(x0.type.is_var);
  CHECK(x0.type.base == fz::Type::Base::integer);
  REQUIRE(x0.type.domain);
  CHECK(x0.type.domain->set.min() == 1);
  CHECK(x0.type.domain->set.max() == 6);
  CHECK(x0.where.line == 6);
  const fz::Variable& y = m.variables[2];
  CHECK(y.type.domain->set.size() == 3);
  CHECK_FALSE(y.type.domain->set.contains(3));
  REQUIRE(y.annotations.size() == 1);
  CHECK(y.annotations[0].kind == fz::Expr::Kind::identifier);
  CHECK(y.annotations[0].name == "output_var");
  CHECK(m.variables[3].type.base == fz::Type::Base::boolean);
  CHECK_FALSE(m.variables[3].type.domain);
  CHECK(m.variables[5].type.domain->set.max() == 16);  // 0x10
  CHECK(m.variables[5].type.domain->set.min() == -10);
  CHECK(m.variables[5].annotations.size() == 2);
  const fz::Variable& q = m.variables[6];
  CHECK(q.type.is_array);
  REQUIRE(q.annotations.size() == 1);
  CHECK(q.annotations[0].kind == fz::Expr::Kind::call);
  CHECK(q.annotations[0].name == "output_array");
  REQUIRE(q.value);
  CHECK(q.value->elements.size() == 2);
  CHECK(q.value->elements[1].name == "X_INTRODUCED_1_");

  REQUIRE(m.constraints.size() == 5);
  CHECK(m.constraints[0].name == "int_lin_ne");
  CHECK(m.constraints[0].args.size() == 3);
  CHECK(m.constraints[0].where.line == 14);
  CHECK(m.constraints[1].annotations.at(0).name == "defines_var");
  const fz::Expr& access = m.constraints[2].args[0];
  CHECK(access.kind == fz::Expr::Kind::access);
  CHECK(access.name == "q");
  CHECK(access.integer == 2);
  CHECK(m.constraints[3].args[1].elements.empty());
  CHECK(m.constraints[4].args[1].kind == fz::Expr::Kind::set);

  CHECK(m.solve.goal == fz::Solve::Goal::minimize);
  REQUIRE(m.solve.objective);
  CHECK(m.solve.objective->name == "cost");
  REQUIRE(m.solve.annotations.size() == 2);
  const fz::Expr& seq = m.solve.annotations[0];
  CHECK(seq.name == "seq_search");
  REQUIRE(seq.elements.size() == 1);
  REQUIRE(seq.elements[0].elements.size() == 2);
  CHECK(seq.elements[0].elements[1].name == "bool_search");
  CHECK(m.solve.annotations[1].elements.at(0).kind == fz::Expr::Kind::string);
  CHECK(m.solve.annotations[1].elements.at(0).name == "a \"quoted\" note");
}

TEST_CASE("flatzinc: integer limits, float domains and empty arrays", "[flatzinc]") {
  const fz::Ast m = fz::parse(
      "int: lo = -9223372036854775808;\nint: hi = 9223372036854775807;\narray [1..0] of int: none = [];\n"
      "var 0.5..2.5e1: f;\nvar float: g;\nvar set of 1..3: s;\nsolve satisfy;\n");
  CHECK(m.parameters[0].value.integer == std::numeric_limits<std::int64_t>::min());
  CHECK(m.parameters[1].value.integer == std::numeric_limits<std::int64_t>::max());
  CHECK(m.parameters[2].type.length == 0);
  CHECK(m.parameters[2].value.elements.empty());
  CHECK(m.variables[0].type.base == fz::Type::Base::floating);
  CHECK(m.variables[0].type.domain->floating_hi == 25.0);
  CHECK(m.variables[1].type.base == fz::Type::Base::floating);
  CHECK(m.variables[2].type.base == fz::Type::Base::int_set);
  CHECK(m.variables[2].type.domain->set.max() == 3);
  CHECK(m.solve.goal == fz::Solve::Goal::satisfy);
}

TEST_CASE("flatzinc: integer sets merge overlapping and adjacent ranges", "[flatzinc]") {
  fz::IntSet s;
  s.add(5, 7);
  s.add(1, 2);
  s.add(3, 3);  // adjacent to 1..2: joins it
  s.add(10, 9); // empty: nothing
  CHECK(s.ranges == std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 3}, {5, 7}});
  s.add(4, 4);
  CHECK(s.ranges == std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 7}});
  CHECK(s.size() == 7);
  fz::IntSet wide;
  wide.add(std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
  CHECK(wide.size() == std::numeric_limits<std::int64_t>::max());  // saturated
}

TEST_CASE("flatzinc: malformed models name the line, the column and the problem", "[flatzinc]") {
  CHECK(message_of("var 1..3: x\nsolve satisfy;\n") ==
        "line 2, column 1: expected ';' after the declaration of 'x', found 'solve'");
  CHECK(message_of("var 1..3: x;\n") == "line 2, column 1: the model has no solve item");
  CHECK(message_of("solve satisfy;\nvar 1..3: x;\n") ==
        "line 2, column 1: nothing may follow the solve item, found 'var'");
  CHECK(message_of("int: n = 99999999999999999999;\nsolve satisfy;\n") ==
        "line 1, column 10: integer '99999999999999999999' is out of 64-bit range");
  CHECK(message_of("constraint foo(x, \"abc);\nsolve satisfy;") == "line 1, column 19: unterminated string");
  CHECK(message_of("constraint foo(\"abc\");\nsolve satisfy;") ==
        "line 1, column 16: a string is allowed in annotations only");
  CHECK(message_of("constraint foo(bar(1));\nsolve satisfy;") ==
        "line 1, column 19: a call 'bar(...)' is allowed in annotations only");
  CHECK(message_of("var 1..3: x;\nconstraint int_eq(x, 1) $;\nsolve satisfy;") ==
        "line 2, column 25: unexpected character '$'");
  CHECK(message_of("array [0..3] of int: a = [1,2,3,4];\nsolve satisfy;") ==
        "line 1, column 8: array indices must start at 1");
  CHECK(message_of("int: n;\nsolve satisfy;") ==
        "line 1, column 7: expected '=' after the name of parameter 'n' (a parameter needs a value), found ';'");
  CHECK(message_of("var 1..3: x;\nsolve minimise x;") ==
        "line 2, column 7: expected 'satisfy', 'minimize' or 'maximize', found 'minimise'");
  CHECK(message_of("int: n = 12ab;\nsolve satisfy;") == "line 1, column 10: malformed number '12ab'");
}

TEST_CASE("flatzinc: nesting is bounded, so no input can exhaust the stack", "[flatzinc]") {
  std::string deep = "constraint c(";
  for (int i = 0; i < 100000; ++i) deep += '[';
  const std::string message = message_of(deep);
  CHECK(message.find("nested deeper than 64 levels") != std::string::npos);
  std::string shallow = "constraint c(";
  for (int i = 0; i < fz::kMaxDepth; ++i) shallow += '[';
  for (int i = 0; i < fz::kMaxDepth; ++i) shallow += ']';
  shallow += ");\nsolve satisfy;\n";
  CHECK(fz::parse(shallow).constraints.size() == 1);
}
