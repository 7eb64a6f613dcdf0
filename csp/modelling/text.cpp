#include "csp/modelling/text.hpp"

#include <initializer_list>
#include <string>
#include <string_view>

#include "csp/modelling/detail/node.hpp"

namespace csp {

namespace {

using detail::BoolNode;
using detail::IntNode;
using Spelling = ExprSpelling;

std::string describe(const BoolNode& n, const Spelling& sp, int depth);

// The parts one after the other. (Appending into one string: GCC 12's -Wrestrict misreads
// `"literal" + std::string` at -O3 as an overlapping copy.)
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (std::string_view p : parts) s += p;
  return s;
}

std::string magnitude(std::int64_t v) {
  std::string s = std::to_string(v);
  return s[0] == '-' ? s.substr(1) : s;
}

std::string describe(const IntNode& n, const Spelling& sp, int depth) {
  if (depth > sp.max_depth) return "...";
  const auto sub = [&](const IntExpr& e) {
    const IntNode& c = e.node();
    std::string s = describe(c, sp, depth + 1);
    const bool atom = c.kind == IntNode::Kind::constant || c.kind == IntNode::Kind::var ||
                      c.kind == IntNode::Kind::abs || c.kind == IntNode::Kind::min || c.kind == IntNode::Kind::max ||
                      c.kind == IntNode::Kind::element || c.kind == IntNode::Kind::boolean;
    return atom && !(c.kind == IntNode::Kind::constant && c.constant < 0) ? s : cat({"(", s, ")"});
  };
  const auto list = [&](std::size_t from) {
    std::string s;
    for (std::size_t i = from; i < n.args.size(); ++i) {
      if (i > from + 5) return cat({s, ", ..."});
      s += cat({i > from ? ", " : "", describe(n.args[i].node(), sp, depth + 1)});
    }
    return s;
  };
  switch (n.kind) {
    case IntNode::Kind::constant: return std::to_string(n.constant);
    case IntNode::Kind::var: return sp.name(n.var);
    case IntNode::Kind::sum: {
      // Each term with its sign: a constant's folded in, a sum added as it is written (a + b + c).
      std::string s;
      const auto term = [&](std::int64_t k, const IntNode& c, const IntExpr* e) {
        const bool constant = c.kind == IntNode::Kind::constant;
        std::int64_t v = k;
        if (constant && __builtin_mul_overflow(k, c.constant, &v)) v = c.constant;  // (not one a sum holds)
        std::string t;
        if (constant) t = magnitude(v);
        else if ((k == 1 && c.kind == IntNode::Kind::sum) || ((k == 1 || k == -1) && c.kind == IntNode::Kind::times))
          t = describe(c, sp, depth + 1);
        else t = cat({k == 1 || k == -1 ? "" : magnitude(k), k == 1 || k == -1 ? "" : "*", sub(*e)});
        s += s.empty() ? (v < 0 ? cat({"-", t}) : t) : cat({v < 0 ? " - " : " + ", t});
      };
      for (std::size_t i = 0; i < n.terms.size(); ++i) {
        if (i > 12) return cat({s, " + ..."});
        term(n.terms[i].first, n.terms[i].second.node(), &n.terms[i].second);
      }
      if (n.constant != 0) {
        IntNode c;
        c.constant = n.constant;
        term(1, c, nullptr);
      }
      return s;
    }
    case IntNode::Kind::times: return cat({sub(n.args[0]), "*", sub(n.args[1])});
    case IntNode::Kind::div: return cat({"div(", list(0), ")"});
    case IntNode::Kind::mod: return cat({"mod(", list(0), ")"});
    case IntNode::Kind::abs: return cat({"abs(", list(0), ")"});
    case IntNode::Kind::min: return cat({"min(", list(0), ")"});
    case IntNode::Kind::max: return cat({"max(", list(0), ")"});
    case IntNode::Kind::element: return cat({"[", list(1), "][", describe(n.args[0].node(), sp, depth + 1), "]"});
    case IntNode::Kind::boolean: return cat({"(", describe(*n.boolean, sp, depth + 1), ")"});
  }
  return "?";
}

std::string describe(const BoolNode& n, const Spelling& sp, int depth) {
  if (depth > sp.max_depth) return "...";
  static const char* const rels[] = {"==", "!=", "<", "<=", ">", ">="};
  const auto sub = [&](const BoolExpr& e) {
    const BoolNode& c = e.node();
    std::string s = describe(c, sp, depth + 1);
    return c.kind == BoolNode::Kind::var || c.kind == BoolNode::Kind::constant || c.kind == BoolNode::Kind::negation
               ? s
               : cat({"(", s, ")"});
  };
  switch (n.kind) {
    case BoolNode::Kind::constant: return std::string(n.value ? sp.truth : sp.falsity);
    case BoolNode::Kind::var: return describe(*n.lhs, sp, depth + 1);
    case BoolNode::Kind::compare:
      return cat({describe(*n.lhs, sp, depth + 1), " ", rels[static_cast<int>(n.rel)], " ", describe(*n.rhs, sp, depth + 1)});
    case BoolNode::Kind::negation: return cat({"~", sub(n.args[0])});
    case BoolNode::Kind::all:
    case BoolNode::Kind::any: {
      if (n.args.empty()) return std::string(n.kind == BoolNode::Kind::all ? sp.truth : sp.falsity);
      std::string s;
      for (std::size_t i = 0; i < n.args.size(); ++i) {
        if (i > 8) return cat({s, " ..."});
        s += cat({i > 0 ? (n.kind == BoolNode::Kind::all ? " & " : " | ") : "", sub(n.args[i])});
      }
      return s;
    }
  }
  return "?";
}

}  // namespace

std::string id_name(Var v) {
  std::string s = "x";
  s += std::to_string(v.id);
  return s;
}

std::string to_text(const IntExpr& e, const ExprSpelling& spelling) { return describe(e.node(), spelling, 0); }
std::string to_text(const BoolExpr& e, const ExprSpelling& spelling) { return describe(e.node(), spelling, 0); }

}  // namespace csp
