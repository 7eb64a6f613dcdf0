#include "csp/flatzinc/search_annotations.hpp"

#include <algorithm>
#include <string>

#include "csp/search/orders.hpp"

namespace csp::flatzinc {

namespace {

struct NamePair {
  std::string_view flatzinc, library;
};
// FlatZinc's selections and the library orders that implement them.
constexpr NamePair kOrders[] = {
    {"input_order", "input"},        {"first_fail", "mrv"},          {"anti_first_fail", "anti-first-fail"},
    {"smallest", "smallest"},        {"largest", "largest"},         {"occurrence", "occurrence"},
    {"most_constrained", "most-constrained"}, {"dom_w_deg", "dom-wdeg"}, {"max_regret", "max-regret"},
};
constexpr NamePair kValues[] = {
    {"indomain_min", "min"},       {"indomain", "min"},
    {"indomain_max", "max"},       {"indomain_median", "median"},
    {"indomain_middle", "median"}, {"indomain_split", "split"},
    {"indomain_reverse_split", "reverse-split"}, {"indomain_random", "random"},
};

template <std::size_t N>
std::string_view lookup(const NamePair (&table)[N], std::string_view name) {
  for (const NamePair& p : table)
    if (p.flatzinc == name) return p.library;
  return {};
}

bool known(const std::vector<std::string_view>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string where_text(Location w) { return "line " + std::to_string(w.line) + ": "; }

void read_one(Builder& b, const Expr& a) {
  Program& p = b.program();
  if (a.kind == Expr::Kind::call && a.name == "seq_search") {
    if (a.elements.size() == 1 && a.elements[0].kind == Expr::Kind::array) {
      for (const Expr& inner : a.elements[0].elements) read_one(b, inner);
      return;
    }
  } else if (a.kind == Expr::Kind::call && (a.name == "int_search" || a.name == "bool_search") &&
             a.elements.size() >= 3 && a.elements[1].kind == Expr::Kind::identifier &&
             a.elements[2].kind == Expr::Kind::identifier) {
    p.search.push_back({b.vars(a.elements[0]), a.elements[1].name, a.elements[2].name, a.where});
    return;
  }
  p.notes.push_back(where_text(a.where) + "ignored the solve annotation '" + a.name + "'");
}

}  // namespace

void read_search(Builder& b, const std::vector<Expr>& annotations) {
  for (const Expr& a : annotations) read_one(b, a);
}

std::string_view order_name(std::string_view var_select) { return lookup(kOrders, var_select); }
std::string_view values_name(std::string_view value_select) { return lookup(kValues, value_select); }

std::vector<Phase> phases(const Program& p, std::uint64_t seed, std::vector<std::string>& notes) {
  std::vector<Phase> out;
  for (const SearchAnnotation& s : p.search) {
    std::string_view order = order_name(s.var_select);
    if (order.empty() || !known(order::names(), order)) {
      notes.push_back(where_text(s.where) + "variable selection '" + s.var_select + "' is not supported: input_order used");
      order = "input";
    }
    std::string_view values = values_name(s.value_select);
    if (values.empty() || !known(values::names(), values)) {
      notes.push_back(where_text(s.where) + "value selection '" + s.value_select + "' is not supported: indomain_min used");
      values = "min";
    }
    out.push_back({s.vars, order::by_name(order), values::by_name(values, seed)});
  }
  return out;
}

}  // namespace csp::flatzinc
