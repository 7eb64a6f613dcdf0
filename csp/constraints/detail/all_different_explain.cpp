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

// Why shifted value u left position p.
bool removal(std::span<const Var> vars, std::span<const Value> offsets, const PastDomains& at,
             const std::vector<Window>& w, std::size_t p, std::int64_t u, std::vector<Lit>& reason) {
  for (std::size_t q = 0; q < vars.size(); ++q) {
    if (q == p || vars[q] == vars[p] || !at.fixed(vars[q])) continue;
    if (std::int64_t{at.min(vars[q])} + offsets[q] == u) {
      reason.push_back(Lit::eq(vars[q], at.min(vars[q])));
      return true;
    }
  }
  return hall_interval(vars, offsets, w, p, u, false, 0, reason);
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
  std::size_t p = vars.size();
  for (std::size_t i = 0; i < vars.size(); ++i) {
    if (vars[i] != inferred->var) continue;
    if (p != vars.size()) return false;  // twice in the scope: not here
    p = i;
  }
  if (p == vars.size()) return false;
  return each_removal(at, *inferred, reason,
                      [&](Value v) { return removal(vars, offsets, at, w, p, std::int64_t{v} + offsets[p], reason); });
}

}  // namespace csp::detail
