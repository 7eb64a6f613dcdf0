#include "csp/search/subproblem.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <queue>
#include <memory>
#include <stdexcept>
#include <utility>

#include "csp/search/detail/branching.hpp"
#include "csp/kernel/engine.hpp"
#include "csp/search/orders.hpp"

namespace csp {

namespace {

using Op = PathDecision::Op;

// Narrows d by one decision; false when it empties the variable. The bounds are computed in 64
// bits: "x > kMaxValue" and "x <= kMinValue - 1" are legal text and simply empty.
bool narrow(Domains& d, const PathDecision& c) {
  const std::int64_t value = c.value;
  switch (c.op) {
    case Op::eq: return d.assign(c.var, c.value);
    case Op::ne: return d.remove(c.var, c.value);
    case Op::le: return value >= d.min(c.var) && d.remove_above(c.var, c.value);
    case Op::gt: return value < d.max(c.var) && d.remove_below(c.var, static_cast<Value>(value + 1));
  }
  return false;
}

// The tree as depth-first search sees it (csp/search/detail/dfs.cpp): the same orders, phases and inference.
class Splitter {
 public:
  Splitter(const Model& model, const SearchOptions& options)
      : model_(model), options_(options), engine_(model), branching_(model, options) {
    stats_.counters.assign(model.counter_names().size(), 0);
    branching_.start();
  }

  // Expands the open node with the largest space (the product of its domain sizes) first, until
  // there are enough open nodes: parts of about equal size, where expanding in depth-first order
  // until there were enough left the last nodes shallow (queens 13 in 128 parts: the last part,
  // "0 is none of 0..6", held 45% of the nodes, and one thread searched it alone).
  std::vector<Path> run(const Domains& start, std::size_t parts) {
    Open root{{}, {}, start, false, Var{}, nullptr};
    bool alive = true;
    for (int i = 0; i < model_.var_count() && alive; ++i) alive = !root.d.empty(Var{i});
    if (!alive || !infer_at_root(root.d)) {
      ++stats_.failures;
      return {};
    }
    std::vector<Open> nodes;  // every node made; an expanded one is left moved-from (`expanded`)
    std::vector<bool> expanded;
    // The open nodes to expand, largest space first (ties: the one made first).
    std::priority_queue<std::pair<double, std::ptrdiff_t>> largest;
    const auto keep = [&](Open&& o) {
      if (!o.leaf) largest.emplace(log2_space(o.d), -static_cast<std::ptrdiff_t>(nodes.size()));
      nodes.push_back(std::move(o));
      expanded.push_back(false);
    };
    keep(std::move(root));
    std::size_t open = 1;
    std::vector<Open> children;
    while (open < parts && !largest.empty()) {
      const auto at = static_cast<std::size_t>(-largest.top().second);
      largest.pop();
      children.clear();
      expand(nodes[at], children);
      if (nodes[at].leaf) continue;  // every variable is fixed: a part as it is
      expanded[at] = true;
      nodes[at] = Open{};
      --open;
      std::uint32_t rank = 0;
      for (Open& c : children) {
        c.order.push_back(rank++);
        keep(std::move(c));
        ++open;
      }
    }
    // Depth-first order: a node's order is its parent's plus its rank among the siblings.
    std::vector<std::size_t> live;
    live.reserve(open);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (!expanded[i]) live.push_back(i);
    std::sort(live.begin(), live.end(), [&](std::size_t a, std::size_t b) { return nodes[a].order < nodes[b].order; });
    std::vector<Path> paths;
    paths.reserve(live.size());
    for (std::size_t i : live) paths.push_back(std::move(nodes[i].path));
    return paths;
  }

  const Stats& stats() const { return stats_; }

 private:
  // An open node: its path, its domains after inference, and, when a refutation of a lazy
  // frame made it, the variable and value order that go on deciding there (DFS's frame).
  struct Open {
    Path path;
    std::vector<std::uint32_t> order;  // its place in depth-first order: the siblings' ranks from the root
    Domains d;
    bool leaf = false;  // every variable is fixed: nothing left to branch on
    Var var;            // the frame's variable (id -1: the order selects afresh)
    ValueOrder* values = nullptr;
  };

  // What follows a child's decision: a decision opens a fresh node (inference after it); a
  // refutation narrows its frame's node (propagated only under MAC, as DFS does).
  enum class Kind : std::uint8_t { decision, refutation };

  // Puts the children of `node` in `out`, in the order depth-first search visits them; a node with
  // nothing left to branch on is marked a leaf instead.
  void expand(Open& node, std::vector<Open>& out) {
    ValueOrder* values = node.values;
    Var v = node.var;
    if (v.id < 0 || node.d.fixed(v)) v = branching_.select(node.d, values);
    if (v.id < 0) {  // stays open, as a part of its own
      node.leaf = true;
      return;
    }
    if (!values->lazy(v, node.d)) {
      candidates_.clear();
      values->order(v, node.d, candidates_);
      branching_.check_listed(v, node.d, candidates_);
      for (Value a : candidates_) {
        if (!node.d.contains(v, a)) continue;
        child(node, {v, Op::eq, a}, Kind::decision, Var{}, nullptr, out);
        // Two-way branching: after x = a is refuted the order chooses again (dfs.cpp's reselect),
        // so the rest of the node is one part of its own, x != a.
        if (options_.reselect) return refute_value(node, v, a, Var{}, nullptr, out);
      }
      return;
    }
    const Decision c = values->decide(v, node.d);
    branching_.check_decided(v, node.d, c);
    const Var go_on = options_.reselect ? Var{} : v;  // who decides in the refuted node
    ValueOrder* go_on_values = options_.reselect ? nullptr : values;
    const std::int64_t m = c.value;
    switch (c.kind) {
      case Decision::Kind::assign:
        child(node, {v, Op::eq, c.value}, Kind::decision, Var{}, nullptr, out);
        return refute_value(node, v, c.value, v, values, out);
      case Decision::Kind::at_most:
        child(node, {v, Op::le, c.value}, Kind::decision, Var{}, nullptr, out);
        return child(node, {v, Op::gt, c.value}, Kind::refutation, go_on, go_on_values, out);
      case Decision::Kind::at_least:
        if (m - 1 < kMinValue) break;
        child(node, {v, Op::gt, static_cast<Value>(m - 1)}, Kind::decision, Var{}, nullptr, out);
        return child(node, {v, Op::le, static_cast<Value>(m - 1)}, Kind::refutation, go_on, go_on_values, out);
      case Decision::Kind::below:
        if (m - 1 < kMinValue) break;
        child(node, {v, Op::le, static_cast<Value>(m - 1)}, Kind::decision, Var{}, nullptr, out);
        return child(node, {v, Op::gt, static_cast<Value>(m - 1)}, Kind::refutation, go_on, go_on_values, out);
    }
    throw std::logic_error("split: a value order decided on a bound outside the value range");
  }

  // The rest of `node` once x = a is refuted. An interval-form domain cannot drop an inner value:
  // the rest is then x <= a - 1 (decided next, as DFS's hole) and x > a; at a bound it is one
  // bound. `v`/`values`: the frame that goes on deciding (a lazy order's, without reselect).
  void refute_value(Open& node, Var x, Value a, Var v, ValueOrder* values, std::vector<Open>& out) {
    if (options_.reselect) v = Var{}, values = nullptr;
    if (!node.d.interval(x)) return child(node, {x, Op::ne, a}, Kind::refutation, v, values, out);
    if (a > node.d.min(x)) {
      const Kind kind = a < node.d.max(x) ? Kind::decision : Kind::refutation;
      child(node, {x, Op::le, a - 1}, kind, kind == Kind::decision ? Var{} : v, values, out);
    }
    if (a < node.d.max(x)) child(node, {x, Op::gt, a}, Kind::refutation, v, values, out);
  }

  // One child of `node`: its domains narrowed by `c` and inferred; dropped when that fails.
  void child(const Open& node, PathDecision c, Kind kind, Var v, ValueOrder* values, std::vector<Open>& out) {
    ++stats_.nodes;
    Open o{node.path, node.order, node.d, false, v, values};
    o.path.push_back(c);
    const bool posted = narrow(o.d, c);
    bool alive = posted;
    if (alive && kind == Kind::decision) alive = infer_after_decision(c.var, o.d);
    else if (alive && options_.inference >= Inference::mac) alive = engine_.propagate_from(c.var, o.d, stats_);
    if (!alive) {
      ++stats_.failures;
      const PropagatorId by = posted ? engine_.last_failure() : kNoPropagator;
      branching_.failed(by);
      return;
    }
    out.push_back(std::move(o));
  }

  // log2 of the number of assignments of `d` (the product of its domain sizes): how much a node holds.
  double log2_space(const Domains& d) {
    double sum = 0;
    for (int i = 0; i < d.var_count(); ++i) {
      const auto size = static_cast<std::size_t>(d.size(Var{i}));
      if (size >= log2_of_.size()) {
        sum += std::log2(static_cast<double>(size));
        continue;
      }
      if (log2_of_[size] < 0) log2_of_[size] = std::log2(static_cast<double>(size));
      sum += log2_of_[size];
    }
    return sum;
  }

  bool infer_at_root(Domains& d) {
    switch (options_.inference) {
      case Inference::none: return engine_.check_all(d, stats_);
      case Inference::forward: return engine_.forward_check_all(d, stats_);
      case Inference::mac:
      case Inference::learn:
      case Inference::portfolio: return engine_.propagate_all(d, stats_);
    }
    return false;
  }

  bool infer_after_decision(Var v, Domains& d) {
    switch (options_.inference) {
      case Inference::none: return engine_.check_from(v, d, stats_);
      case Inference::forward: return engine_.forward_check(v, d, stats_);
      case Inference::mac:
      case Inference::learn:
      case Inference::portfolio: return engine_.propagate_from(v, d, stats_);
    }
    return false;
  }

  const Model& model_;
  const SearchOptions& options_;
  Engine engine_;
  Branching branching_;
  std::vector<Value> candidates_;
  std::vector<double> log2_of_ = std::vector<double>(256, -1.0);  // log2 of small sizes, as computed
  Stats stats_;
};

[[noreturn]] void bad_token(std::string_view token, std::string_view why) {
  throw std::invalid_argument("bad decision '" + std::string(token) + "' in a part's path: " + std::string(why));
}

}  // namespace

std::vector<Path> split(const Model& model, const SearchOptions& options, const Domains& start, std::size_t parts,
                        Stats* stats) {
  validate(model, options);
  if (!start.compatible(model.initial_domains()))
    throw std::invalid_argument("split: the start domains are not of the model");
  Splitter splitter(model, options);
  std::vector<Path> paths = splitter.run(start, parts);
  if (stats != nullptr) *stats += splitter.stats();
  return paths;
}

bool apply(const Path& path, Domains& d) {
  for (const PathDecision& c : path) {
    if (c.var.id < 0 || c.var.id >= d.var_count())
      throw std::out_of_range("a part's path names variable " + std::to_string(c.var.id) + " of " +
                              std::to_string(d.var_count()));
    if (!narrow(d, c)) return false;
  }
  return true;
}

std::string to_text(const Path& path) {
  if (path.empty()) return "-";
  std::string text;
  for (const PathDecision& c : path) {
    if (!text.empty()) text += ' ';
    text += std::to_string(c.var.id);
    switch (c.op) {
      case Op::eq: text += "="; break;
      case Op::ne: text += "!="; break;
      case Op::le: text += "<="; break;
      case Op::gt: text += ">"; break;
    }
    text += std::to_string(c.value);
  }
  return text;
}

Path parse_path(std::string_view text, std::size_t variables) {
  const auto space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  std::size_t begin = 0, end = text.size();
  while (begin < end && space(text[begin])) ++begin;
  while (end > begin && space(text[end - 1])) --end;
  text = text.substr(begin, end - begin);
  if (text.empty()) throw std::invalid_argument("empty path of a part (the whole space is '-')");
  Path path;
  if (text == "-") return path;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t stop = at;
    while (stop < text.size() && !space(text[stop])) ++stop;
    const std::string_view token = text.substr(at, stop - at);
    at = stop;
    // One space between decisions, as to_text writes: anything else is a path mangled on its way
    // (a lost token, a tab from an editor), better refused than searched as some other part.
    if (at < text.size() && (text[at] != ' ' || (at + 1 < text.size() && space(text[at + 1]))))
      bad_token(token, "followed by more than one space (decisions are separated by one space)");
    if (at < text.size()) ++at;

    const char* p = token.data();
    const char* const last = token.data() + token.size();
    if (p == last || *p < '0' || *p > '9') bad_token(token, "expected a variable id (a whole number >= 0) first");
    std::uint64_t id = 0;
    auto [after_id, id_error] = std::from_chars(p, last, id);
    if (id_error != std::errc{} || id >= variables)
      bad_token(token, "variable id out of range (the model has " + std::to_string(variables) + " variables)");
    p = after_id;
    Op op;
    if (last - p >= 2 && p[0] == '!' && p[1] == '=') op = Op::ne, p += 2;
    else if (last - p >= 2 && p[0] == '<' && p[1] == '=') op = Op::le, p += 2;
    else if (p != last && *p == '=') op = Op::eq, ++p;
    else if (p != last && *p == '>') op = Op::gt, ++p;
    else bad_token(token, "expected one of =, !=, <=, > after the variable id");
    if (p == last) bad_token(token, "no value after the comparison");
    Value value = 0;
    auto [after_value, value_error] = std::from_chars(p, last, value);
    if (value_error == std::errc::result_out_of_range) bad_token(token, "value out of range");
    if (value_error != std::errc{} || after_value != last) bad_token(token, "the value is not a whole number");
    path.push_back(PathDecision{Var{static_cast<int>(id)}, op, value});
  }
  return path;
}

void check_path(const Path& path, const Domains& start) {
  for (const PathDecision& c : path) {
    const std::string token = to_text(Path{c});
    if (c.var.id < 0 || c.var.id >= start.var_count())
      bad_token(token, "variable id out of range (the model has " + std::to_string(start.var_count()) + " variables)");
    const bool inside = c.op == Op::eq || c.op == Op::ne ? start.contains(c.var, c.value)
                                                          : c.value >= start.min(c.var) && c.value <= start.max(c.var);
    if (!inside)
      bad_token(token, "value outside the variable's domain (" + std::to_string(start.size(c.var)) + " values in " +
                           std::to_string(start.min(c.var)) + ".." + std::to_string(start.max(c.var)) + ")");
  }
}

Path parse_path(std::string_view text, const Domains& start) {
  Path path = parse_path(text, static_cast<std::size_t>(start.var_count()));
  check_path(path, start);
  return path;
}

}  // namespace csp
