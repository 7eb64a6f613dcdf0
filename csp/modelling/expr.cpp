#include "csp/modelling/expr.hpp"

#include <stdexcept>
#include <utility>

#include "csp/modelling/detail/node.hpp"

namespace csp {

using detail::BoolNode;
using detail::IntNode;
using detail::Rel;

namespace {

std::shared_ptr<IntNode> int_node(IntNode::Kind kind, std::vector<IntExpr> args) {
  auto n = std::make_shared<IntNode>();
  n->kind = kind;
  n->args = std::move(args);
  return n;
}

std::shared_ptr<IntNode> var_node(Var v, const void* model) {
  auto n = std::make_shared<IntNode>();
  n->kind = IntNode::Kind::var;
  n->var = v;
  n->model = model;
  return n;
}

// A sum node of the two terms (1, a) and (k, b): every + and - makes one, and += extends it.
IntExpr plus(const IntExpr& a, std::int64_t k, const IntExpr& b) {
  auto n = std::make_shared<IntNode>();
  n->kind = IntNode::Kind::sum;
  n->terms = {{1, a}, {k, b}};
  return IntExpr(std::move(n));
}

// A list operation refuses an empty list when it is built, where the caller can still see why.
const IntExprs& not_empty(const IntExprs& xs, const char* what) {
  if (xs.empty()) throw std::invalid_argument(std::string(what) + " of an empty list");
  return xs;
}

BoolExpr compare(const IntExpr& a, Rel rel, const IntExpr& b) {
  auto n = std::make_shared<BoolNode>();
  n->kind = BoolNode::Kind::compare;
  n->rel = rel;
  n->lhs = a.shared();
  n->rhs = b.shared();
  return BoolExpr(std::move(n));
}

BoolExpr bool_node(BoolNode::Kind kind, std::vector<BoolExpr> args) {
  auto n = std::make_shared<BoolNode>();
  n->kind = kind;
  n->args = std::move(args);
  return BoolExpr(std::move(n));
}

std::shared_ptr<BoolNode> bool_var_node(Var v, const void* model) {
  auto n = std::make_shared<BoolNode>();
  n->kind = BoolNode::Kind::var;
  n->lhs = var_node(v, model);
  return n;
}

}  // namespace

namespace detail {
namespace {

// The nodes whose last reference is being dropped, taken apart one at a time: each gives its
// children to these lists before it goes, so that no destructor finds a child to recurse into.
struct Pending {
  std::vector<std::shared_ptr<IntNode>> ints;
  std::vector<std::shared_ptr<BoolNode>> bools;

  void take(IntNode& n) {
    for (const auto& term : n.terms) ints.push_back(term.second.shared());
    for (const IntExpr& e : n.args) ints.push_back(e.shared());
    if (n.boolean) bools.push_back(std::move(n.boolean));
    n.terms.clear();
    n.args.clear();
  }
  void take(BoolNode& n) {
    if (n.lhs) ints.push_back(std::move(n.lhs));
    if (n.rhs) ints.push_back(std::move(n.rhs));
    for (const BoolExpr& e : n.args) bools.push_back(e.shared());
    n.args.clear();
  }
  // Drops every pending reference; a node held here alone is taken apart first.
  void run() {
    while (!ints.empty() || !bools.empty()) {
      if (!ints.empty()) {
        std::shared_ptr<IntNode> p = std::move(ints.back());
        ints.pop_back();
        if (p.use_count() == 1) take(*p);
      } else {
        std::shared_ptr<BoolNode> p = std::move(bools.back());
        bools.pop_back();
        if (p.use_count() == 1) take(*p);
      }
    }
  }
};

}  // namespace

IntNode::~IntNode() {
  if (terms.empty() && args.empty() && !boolean) return;
  Pending pending;
  pending.take(*this);
  pending.run();
}

BoolNode::~BoolNode() {
  if (!lhs && !rhs && args.empty()) return;
  Pending pending;
  pending.take(*this);
  pending.run();
}

}  // namespace detail

IntVars::operator std::vector<Var>() const { return {begin(), end()}; }

void IntExpr::throw_out_of_range() { throw std::invalid_argument("IntExpr: a constant outside the 64-bit range"); }

std::shared_ptr<IntNode> IntExpr::constant_node(std::int64_t c) {
  auto n = std::make_shared<IntNode>();
  n->kind = IntNode::Kind::constant;
  n->constant = c;
  return n;
}

IntExpr::IntExpr(Var v) : node_(var_node(v, nullptr)) {}
IntExpr::IntExpr(IntVar v) : node_(var_node(v.var, v.model)) {}
IntExpr::IntExpr(const BoolExpr& b) : node_(std::make_shared<IntNode>()) {
  node_->kind = IntNode::Kind::boolean;
  node_->boolean = b.shared();
}

IntExpr& IntExpr::operator+=(const IntExpr& e) {
  // Appending is safe only when nothing else sees this node: expressions are values.
  if (node_->kind == IntNode::Kind::sum && node_.use_count() == 1) node_->terms.emplace_back(1, e);
  else *this = plus(*this, 1, e);
  return *this;
}

IntExpr& IntExpr::operator-=(const IntExpr& e) {
  if (node_->kind == IntNode::Kind::sum && node_.use_count() == 1) node_->terms.emplace_back(-1, e);
  else *this = plus(*this, -1, e);
  return *this;
}

BoolExpr::BoolExpr(Var v) : node_(bool_var_node(v, nullptr)) {}
BoolExpr::BoolExpr(IntVar v) : node_(bool_var_node(v.var, v.model)) {}

std::shared_ptr<BoolNode> BoolExpr::constant_node(bool value) {
  auto n = std::make_shared<BoolNode>();
  n->kind = BoolNode::Kind::constant;
  n->value = value;
  return n;
}

IntExpr IntExprs::operator[](const IntExpr& index) const { return csp::at(*this, index); }

IntExpr operator+(const IntExpr& a, const IntExpr& b) { return plus(a, 1, b); }
IntExpr operator-(const IntExpr& a, const IntExpr& b) { return plus(a, -1, b); }
IntExpr operator-(const IntExpr& a) { return plus(0, -1, a); }
IntExpr operator*(const IntExpr& a, const IntExpr& b) { return IntExpr(int_node(IntNode::Kind::times, {a, b})); }
IntExpr operator/(const IntExpr& a, const IntExpr& b) { return IntExpr(int_node(IntNode::Kind::div, {a, b})); }
IntExpr operator%(const IntExpr& a, const IntExpr& b) { return IntExpr(int_node(IntNode::Kind::mod, {a, b})); }
IntExpr abs(const IntExpr& a) { return IntExpr(int_node(IntNode::Kind::abs, {a})); }
IntExpr min(const IntExpr& a, const IntExpr& b) { return IntExpr(int_node(IntNode::Kind::min, {a, b})); }
IntExpr max(const IntExpr& a, const IntExpr& b) { return IntExpr(int_node(IntNode::Kind::max, {a, b})); }
IntExpr min(const IntExprs& xs) { return IntExpr(int_node(IntNode::Kind::min, not_empty(xs, "min"))); }
IntExpr max(const IntExprs& xs) { return IntExpr(int_node(IntNode::Kind::max, not_empty(xs, "max"))); }

IntExpr sum(const IntExprs& xs) {
  not_empty(xs, "sum");
  auto n = std::make_shared<IntNode>();
  n->kind = IntNode::Kind::sum;
  for (const IntExpr& x : xs) n->terms.emplace_back(1, x);
  return IntExpr(std::move(n));
}

IntExpr at(const IntExprs& array, const IntExpr& index) {
  not_empty(array, "element (indexing)");
  std::vector<IntExpr> args{index};
  args.insert(args.end(), array.begin(), array.end());
  return IntExpr(int_node(IntNode::Kind::element, std::move(args)));
}

BoolExpr operator==(const IntExpr& a, const IntExpr& b) { return compare(a, Rel::eq, b); }
BoolExpr operator!=(const IntExpr& a, const IntExpr& b) { return compare(a, Rel::ne, b); }
BoolExpr operator<(const IntExpr& a, const IntExpr& b) { return compare(a, Rel::lt, b); }
BoolExpr operator<=(const IntExpr& a, const IntExpr& b) { return compare(a, Rel::le, b); }
BoolExpr operator>(const IntExpr& a, const IntExpr& b) { return compare(a, Rel::gt, b); }
BoolExpr operator>=(const IntExpr& a, const IntExpr& b) { return compare(a, Rel::ge, b); }

BoolExpr operator&(const BoolExpr& a, const BoolExpr& b) { return bool_node(BoolNode::Kind::all, {a, b}); }
BoolExpr operator|(const BoolExpr& a, const BoolExpr& b) { return bool_node(BoolNode::Kind::any, {a, b}); }
BoolExpr operator~(const BoolExpr& a) { return bool_node(BoolNode::Kind::negation, {a}); }
BoolExpr implies(const BoolExpr& a, const BoolExpr& b) { return ~a | b; }
BoolExpr all_of(const BoolExprs& xs) { return bool_node(BoolNode::Kind::all, xs); }
BoolExpr any_of(const BoolExprs& xs) { return bool_node(BoolNode::Kind::any, xs); }

}  // namespace csp
