#include "csp/constraints/detail/all_different_explain.hpp"

#include <algorithm>
#include <cstdint>

#include "csp/constraints/detail/explain_bounds.hpp"

namespace csp::detail {
namespace {

struct Window {
  std::int64_t lo, hi;  // the position's shifted bounds
  std::size_t pos;
};

// The positions' shifted bounds in `at`, sorted by greatest value.
std::vector<Window> windows(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at) {
  std::vector<Window> w;
  for (std::size_t i = 0; i < vars.size(); ++i)
    w.push_back({std::int64_t{at.min(vars[i])} + offsets[i], std::int64_t{at.max(vars[i])} + offsets[i], i});
  std::sort(w.begin(), w.end(), [](const Window& a, const Window& b) { return a.hi < b.hi; });
  return w;
}

// The bounds facts of position q's window inside [a, b].
void inside(std::span<const Var> vars, std::span<const Value> offsets, std::size_t q, std::int64_t a, std::int64_t b,
            std::vector<Lit>& reason) {
  reason.push_back(Lit::ge(vars[q], static_cast<Value>(a - offsets[q])));
  reason.push_back(Lit::le(vars[q], static_cast<Value>(b - offsets[q])));
}

// An interval [a, b] holding the windows of at least b - a + 1 + extra positions other than
// `skip`, with u inside it (any u when `u_any`). On success adds the facts of b - a + 1 + extra
// of them.
bool hall_interval(std::span<const Var> vars, std::span<const Value> offsets, const std::vector<Window>& w,
                   std::size_t skip, std::int64_t u, bool u_any, std::size_t extra, std::vector<Lit>& reason) {
  for (const Window& from : w) {
    const std::int64_t a = from.lo;
    if (!u_any && a > u) continue;
    std::int64_t count = 0;
    for (const Window& x : w) {  // by greatest value: b grows
      if (x.pos == skip || x.lo < a) continue;
      ++count;
      const std::int64_t b = x.hi;
      if (!u_any && b < u) continue;
      if (count < b - a + 1 + static_cast<std::int64_t>(extra)) continue;
      std::int64_t take = b - a + 1 + static_cast<std::int64_t>(extra);
      for (const Window& y : w) {
        if (take == 0 || y.hi > b) break;
        if (y.pos == skip || y.lo < a) continue;
        inside(vars, offsets, y.pos, a, b, reason);
        --take;
      }
      return true;
    }
  }
  return false;
}

// A maximum matching of positions to shifted values in `at`, for Hall sets with holes: each
// position's candidates (shifted, as offsets from `lo`), who holds each value, and what each holds.
struct Matching {
  std::int64_t lo = 0;
  std::vector<std::vector<int>> values;  // per position: its shifted candidates - lo
  std::vector<int> holder;               // per value - lo: the position matched to it, or -1
  std::vector<int> held;                 // per position: its value - lo, or -1
  bool built = false, usable = false;
};

bool augment(Matching& m, std::size_t q, std::vector<char>& visited) {
  for (int v : m.values[q]) {
    if (visited[static_cast<std::size_t>(v)]) continue;
    visited[static_cast<std::size_t>(v)] = 1;
    const int h = m.holder[static_cast<std::size_t>(v)];
    if (h < 0 || augment(m, static_cast<std::size_t>(h), visited)) {
      m.holder[static_cast<std::size_t>(v)] = static_cast<int>(q);
      m.held[q] = v;
      return true;
    }
  }
  return false;
}

void build(Matching& m, std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at,
           const std::vector<Window>& w) {
  m.built = true;
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const Window& x : w) lo = std::min(lo, x.lo), hi = std::max(hi, x.hi);
  if (w.empty() || hi - lo > 1024) return;  // wide: no matching here
  m.lo = lo;
  m.values.assign(vars.size(), {});
  for (std::size_t q = 0; q < vars.size(); ++q)
    for (Value x = at.min(vars[q]); x <= at.max(vars[q]); ++x)
      if (at.contains(vars[q], x)) m.values[q].push_back(static_cast<int>(std::int64_t{x} + offsets[q] - lo));
  m.holder.assign(static_cast<std::size_t>(hi - lo + 1), -1);
  m.held.assign(vars.size(), -1);
  std::vector<char> visited;
  for (std::size_t q = 0; q < vars.size(); ++q) {
    visited.assign(m.holder.size(), 0);
    augment(m, q, visited);
  }
  m.usable = true;
}

// A Hall set that takes u from position p: the positions reached from u's holder by alternating
// paths (a position's values, each value's holder) use up every value they can take, so u is
// out of reach of p. Adds, for each such position, that its candidates lie within those values.
bool hall_set(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at, Matching& m,
              std::size_t p, std::int64_t u, std::vector<Lit>& reason) {
  if (!m.usable || u < m.lo || u - m.lo >= static_cast<std::int64_t>(m.holder.size())) return false;
  const int first = m.holder[static_cast<std::size_t>(u - m.lo)];
  if (first < 0 || static_cast<std::size_t>(first) == p) return false;
  std::vector<char> in_set(vars.size(), 0), used(m.holder.size(), 0);
  std::vector<std::size_t> set{static_cast<std::size_t>(first)}, todo{static_cast<std::size_t>(first)};
  in_set[static_cast<std::size_t>(first)] = 1;
  while (!todo.empty()) {
    const std::size_t q = todo.back();
    todo.pop_back();
    for (int v : m.values[q]) {
      used[static_cast<std::size_t>(v)] = 1;
      const int h = m.holder[static_cast<std::size_t>(v)];
      if (h < 0 || static_cast<std::size_t>(h) == p) return false;  // a free value, or p's own: u is reachable
      if (in_set[static_cast<std::size_t>(h)]) continue;
      in_set[static_cast<std::size_t>(h)] = 1;
      set.push_back(static_cast<std::size_t>(h));
      todo.push_back(static_cast<std::size_t>(h));
    }
  }
  for (std::size_t q : set) {
    const Var x = vars[q];
    reason.push_back(Lit::ge(x, at.min(x)));
    reason.push_back(Lit::le(x, at.max(x)));
    for (Value a = at.min(x); a <= at.max(x); ++a)
      if (!used[static_cast<std::size_t>(std::int64_t{a} + offsets[q] - m.lo)]) reason.push_back(Lit::ne(x, a));
  }
  return true;
}

// Why shifted value u left position p.
bool removal(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at,
             const std::vector<Window>& w, Matching& m, std::size_t p, std::int64_t u, std::vector<Lit>& reason) {
  for (std::size_t q = 0; q < vars.size(); ++q) {
    if (q == p || vars[q] == vars[p] || !at.fixed(vars[q])) continue;
    if (std::int64_t{at.min(vars[q])} + offsets[q] == u) {
      reason.push_back(Lit::eq(vars[q], at.min(vars[q])));
      return true;
    }
  }
  if (hall_interval(vars, offsets, w, p, u, false, 0, reason)) return true;
  if (!m.built) build(m, vars, offsets, at, w);
  return hall_set(vars, offsets, at, m, p, u, reason);
}

}  // namespace

bool explain_all_different(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at,
                           const Lit* inferred, std::vector<Lit>& reason) {
  if (vars.size() > 256) return false;  // the interval search is quadratic
  const std::vector<Window> w = windows(vars, offsets, at);
  if (inferred == nullptr) {
    for (std::size_t p = 0; p < vars.size(); ++p)
      for (std::size_t q = p + 1; q < vars.size(); ++q)
        if (at.fixed(vars[p]) && at.fixed(vars[q]) &&
            std::int64_t{at.min(vars[p])} + offsets[p] == std::int64_t{at.min(vars[q])} + offsets[q]) {
          reason.push_back(Lit::eq(vars[p], at.min(vars[p])));
          reason.push_back(Lit::eq(vars[q], at.min(vars[q])));
          return true;
        }
    return hall_interval(vars, offsets, w, vars.size(), 0, true, 1, reason);
  }
  const std::size_t p = once(vars, inferred->var);
  if (p == vars.size()) return false;
  Matching m;
  return each_removal(at, *inferred, reason,
                      [&](Value v) { return removal(vars, offsets, at, w, m, p, std::int64_t{v} + offsets[p], reason); });
}

}  // namespace csp::detail
