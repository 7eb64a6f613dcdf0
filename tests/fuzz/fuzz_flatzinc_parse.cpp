// libFuzzer target: the FlatZinc reader (csp/flatzinc/parser.hpp) on any bytes. A malformed
// model must be a ParseError whose message starts "line L, column C: " with L within the input;
// a model read must hold only well-formed sets (sorted, disjoint, non-adjacent ranges), arrays no
// longer than their declared length where one is declared, and exactly one solve item.
#include <string>
#include <string_view>

#include "csp/flatzinc/parser.hpp"
#include "fuzz_check.hpp"

namespace fz = csp::flatzinc;

namespace {

void check_set(const fz::IntSet& s) {
  for (std::size_t i = 0; i < s.ranges.size(); ++i) {
    FUZZ_CHECK(s.ranges[i].first <= s.ranges[i].second);
    if (i > 0) FUZZ_CHECK(s.ranges[i - 1].second < s.ranges[i].first - 1);
  }
}

void check_expr(const fz::Expr& e) {
  if (e.kind == fz::Expr::Kind::set) check_set(e.set);
  for (const fz::Expr& x : e.elements) check_expr(x);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fz::Ast m;
  try {
    m = fz::parse(text);
  } catch (const fz::ParseError& e) {
    const std::string_view message = e.what();
    FUZZ_CHECK(message.starts_with("line "));
    std::size_t lines = 1;
    for (char c : text) lines += c == '\n';
    FUZZ_CHECK(e.where().line >= 1 && static_cast<std::size_t>(e.where().line) <= lines);
    FUZZ_CHECK(e.where().column >= 1);
    return 0;
  }
  for (const fz::Parameter& p : m.parameters) check_expr(p.value);
  for (const fz::Variable& v : m.variables) {
    if (v.type.domain) check_expr(*v.type.domain);
    if (v.value) check_expr(*v.value);
    for (const fz::Expr& a : v.annotations) check_expr(a);
  }
  for (const fz::Constraint& c : m.constraints)
    for (const fz::Expr& a : c.args) check_expr(a);
  FUZZ_CHECK(m.solve.where.line >= 1);
  FUZZ_CHECK(m.solve.objective.has_value() == (m.solve.goal != fz::Solve::Goal::satisfy));
  return 0;
}
