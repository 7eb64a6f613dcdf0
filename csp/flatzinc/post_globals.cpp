// The posters of the global constraints of the solver library (mznlib/fzn_*.mzn): each row maps
// the csp_* predicate an fzn_*.mzn redefinition emits onto a native propagator.
//
// all_different: `:: domain` (and `:: bounds`, which we have no weaker exact form of) gives
// domain consistency, `:: value` the value strength; without an annotation, domain consistency,
// the library's own default: MiniZinc models post all_different mostly over puzzle-sized
// arrays, where the matching pays for itself in nodes.
#include <algorithm>
#include <string>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/circuit.hpp"
#include "csp/constraints/count.hpp"
#include "csp/constraints/cumulative.hpp"
#include "csp/constraints/diffn.hpp"
#include "csp/constraints/disjunctive.hpp"
#include "csp/constraints/inverse.hpp"
#include "csp/constraints/lex.hpp"
#include "csp/constraints/regular.hpp"
#include "csp/constraints/table.hpp"
#include "csp/flatzinc/registry.hpp"

namespace csp::flatzinc {

namespace {

using Args = std::vector<Expr>;

void all_different_poster(Builder& b, const Args& a) {
  const AllDifferentStrength strength = b.annotated("value") && !b.annotated("domain") && !b.annotated("bounds")
                                            ? AllDifferentStrength::value
                                            : AllDifferentStrength::domain;
  b.post(all_different(b.model(), b.vars(a[0]), strength));
}

void table_int(Builder& b, const Args& a) { b.post(table(b.model(), b.vars(a[0]), b.values(a[1]))); }

void table_bool(Builder& b, const Args& a) {
  std::vector<Value> rows;
  for (const bool x : b.booleans(a[1])) rows.push_back(x ? 1 : 0);
  b.post(table(b.model(), b.vars(a[0]), std::move(rows)));
}

void count_eq_poster(Builder& b, const Args& a) { b.post(count_eq(b.vars(a[0]), b.var(a[1]), b.var(a[2]))); }

// The members of `set` that some variable of `x` can take (a set may be far wider than the
// variables, 0..1000000 say; only the part within their hull matters).
std::vector<Value> members_within(Builder& b, const IntSet& set, const std::vector<Var>& x) {
  const Domains& d = b.model().initial_domains();
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const Var v : x) lo = std::min<std::int64_t>(lo, d.min(v)), hi = std::max<std::int64_t>(hi, d.max(v));
  std::vector<Value> out;
  for (const auto& [from, to] : set.ranges)
    for (std::int64_t v = std::max(from, lo); v <= std::min(to, hi); ++v) out.push_back(static_cast<Value>(v));
  return out;
}

void among_poster(Builder& b, const Args& a) {
  std::vector<Var> x = b.vars(a[1]);
  std::vector<Value> set = members_within(b, b.set(a[2]), x);
  b.post(among(b.var(a[0]), std::move(x), std::move(set)));
}

template <bool Closed>
void cardinality_vars(Builder& b, const Args& a) {
  b.post(global_cardinality(b.vars(a[0]), b.values(a[1]), b.vars(a[2]), Closed));
}

template <bool Closed>
void cardinality_bounds(Builder& b, const Args& a) {
  b.post(global_cardinality(b.vars(a[0]), b.values(a[1]), b.values(a[2]), b.values(a[3]), Closed));
}

void inverse_poster(Builder& b, const Args& a) {
  std::vector<Var> f = b.vars(a[0]), g = b.vars(a[1]);
  b.post(all_different(f, AllDifferentStrength::domain));  // each is injective: the matching prunes
  b.post(all_different(g, AllDifferentStrength::domain));  // what pairwise channelling cannot
  b.post(inverse(std::move(f), std::move(g), b.value(a[2]), b.value(a[3])));
}

void circuit_poster(Builder& b, const Args& a) {
  std::vector<Var> x = b.vars(a[0]);
  b.post(all_different(x, AllDifferentStrength::domain));  // the successors are a permutation
  b.post(circuit(std::move(x), b.value(a[1])));
}

template <bool Strict>
void lex_poster(Builder& b, const Args& a) {
  b.post(lex_lesseq(b.vars(a[0]), b.vars(a[1]), Strict));
}

void regular_poster(Builder& b, const Args& a) {
  const Value states = b.value(a[1]);
  std::vector<int> accepting;
  for (const auto& [from, to] : b.set(a[5]).ranges)
    for (std::int64_t q = std::max<std::int64_t>(from, 1); q <= std::min<std::int64_t>(to, states); ++q)
      accepting.push_back(static_cast<int>(q));
  const std::vector<Value> d = b.values(a[3]);
  b.post(regular(b.vars(a[0]), states, b.value(a[2]), std::vector<int>(d.begin(), d.end()), b.value(a[4]),
                 std::move(accepting)));
}

// Tasks of a cumulative no two of which fit side by side (their least uses sum past the greatest
// capacity) are a unary resource: they also get the disjunctive propagator, whose edge finding
// and not-first/not-last time-tabling lacks. Taken by decreasing least use, a task joins while it
// cannot run beside the least-using one taken so far: the largest such set. When it holds every
// task and the capacity and uses are fixed (each use within the capacity), the disjunctive says
// all the cumulative says, and replaces it. Every cumulative the front end posts (fzn_cumulative's
// and diffn's redundant ones) comes through here.
void post_cumulative(Builder& b, std::vector<Var> s, std::vector<Var> d, std::vector<Var> r, Var cap) {
  const Domains& dom = b.model().initial_domains();
  if (s.size() == d.size() && s.size() == r.size()) {
    const long most = dom.max(cap);
    std::vector<std::size_t> by_use;
    for (std::size_t i = 0; i < s.size(); ++i)
      if (dom.min(r[i]) > 0) by_use.push_back(i);
    std::stable_sort(by_use.begin(), by_use.end(),
                     [&](std::size_t x, std::size_t y) { return dom.min(r[x]) > dom.min(r[y]); });
    std::size_t k = 1;
    while (k < by_use.size() && static_cast<long>(dom.min(r[by_use[k]])) + dom.min(r[by_use[k - 1]]) > most) ++k;
    if (k >= 2 && k <= by_use.size()) {
      std::vector<Var> unary_s, unary_d;
      for (std::size_t j = 0; j < k; ++j) unary_s.push_back(s[by_use[j]]), unary_d.push_back(d[by_use[j]]);
      b.post(disjunctive(std::move(unary_s), std::move(unary_d)));
      const bool fixed = dom.min(cap) == most &&
                         std::all_of(r.begin(), r.end(), [&](Var x) { return dom.min(x) == dom.max(x); });
      if (fixed && k == s.size() && dom.min(r[by_use[0]]) <= most) return;
    }
  }
  b.post(cumulative(std::move(s), std::move(d), std::move(r), cap));
}

void cumulative_poster(Builder& b, const Args& a) {
  post_cumulative(b, b.vars(a[0]), b.vars(a[1]), b.vars(a[2]), b.var(a[3]));
}

// diffn, and as Gecode's front end does, the redundant cumulative of each axis: the boxes over
// one x are apart in y, so their heights fit in the y extent (and the other way round). That
// needs sizes >= 0 (cumulative removes negative ones); it is what prunes across all boxes at once.
template <bool Strict>
void diffn_poster(Builder& b, const Args& a) {
  const std::vector<Var> x = b.vars(a[0]), y = b.vars(a[1]), dx = b.vars(a[2]), dy = b.vars(a[3]);
  b.post(diffn(x, y, dx, dy, Strict));
  const Domains& d = b.model().initial_domains();
  // The extent along one axis: from the least start to the greatest start + size.
  auto extent = [&](const std::vector<Var>& s, const std::vector<Var>& size) -> std::int64_t {
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (d.min(size[i]) < 0) return -1;
      lo = std::min<std::int64_t>(lo, d.min(s[i]));
      hi = std::max<std::int64_t>(hi, std::int64_t{d.max(s[i])} + d.max(size[i]));
    }
    return hi - lo <= kMaxValue ? hi - lo : -1;
  };
  if (x.size() < 2) return;
  const std::int64_t height = extent(y, dy), width = extent(x, dx);
  if (height < 0 || width < 0) return;
  post_cumulative(b, x, dx, dy, b.constant(static_cast<Value>(height)));
  post_cumulative(b, y, dy, dx, b.constant(static_cast<Value>(width)));
}

void disjunctive_poster(Builder& b, const Args& a) { b.post(disjunctive(b.vars(a[0]), b.vars(a[1]))); }

}  // namespace

void add_global_posters(Registry& r) {
  r.add("csp_all_different", 1, all_different_poster,
        "native: all_different(), domain consistent (value strength under :: value)");
  r.add("csp_table_int", 2, table_int, "native: table(), domain consistent");
  r.add("csp_table_bool", 2, table_bool, "native: table() over 0/1, domain consistent");
  r.add("csp_count_eq", 3, count_eq_poster, "native: count_eq(), domain consistent");
  r.add("csp_among", 3, among_poster, "native: among(), domain consistent");
  r.add("csp_global_cardinality", 3, cardinality_vars<false>, "native: global_cardinality(), per-value counts");
  r.add("csp_global_cardinality_closed", 3, cardinality_vars<true>,
        "native: global_cardinality(closed), per-value counts");
  r.add("csp_global_cardinality_low_up", 4, cardinality_bounds<false>,
        "native: global_cardinality() with bounds, per-value counts");
  r.add("csp_global_cardinality_low_up_closed", 4, cardinality_bounds<true>,
        "native: global_cardinality(closed) with bounds, per-value counts");
  r.add("csp_inverse", 4, inverse_poster, "native: inverse() (pairwise channelling) and all_different(domain) on each side");
  r.add("csp_circuit", 2, circuit_poster, "native: circuit() (subtours) and all_different(domain)");
  r.add("csp_lex_lesseq_int", 2, lex_poster<false>, "native: lex_lesseq(), domain consistent");
  r.add("csp_lex_lesseq_bool", 2, lex_poster<false>, "native: lex_lesseq() over 0/1, domain consistent");
  r.add("csp_lex_less_int", 2, lex_poster<true>, "native: lex_lesseq(strict), domain consistent");
  r.add("csp_lex_less_bool", 2, lex_poster<true>, "native: lex_lesseq(strict) over 0/1, domain consistent");
  r.add("csp_regular", 6, regular_poster, "native: regular(), domain consistent (layered graph)");
  r.add("csp_cumulative", 4, cumulative_poster,
        "native: cumulative(), time-tabling (uses limited where a task surely runs), then edge finding; "
        "disjunctive() on the tasks no two of which fit side by side");
  r.add("csp_disjunctive", 2, disjunctive_poster,
        "native: disjunctive(), edge finding, detectable precedences, not-first/not-last");
  r.add("csp_diffn", 4, diffn_poster<true>, "native: diffn() (pairwise, Gecode's nooverlap, with holes) and a redundant cumulative() per axis "
        "when the sizes are non-negative");
  r.add("csp_diffn_nonstrict", 4, diffn_poster<false>,
        "native: diffn(nonstrict) (pairwise, with holes) and a redundant cumulative() per axis when the sizes "
        "are non-negative");
}

}  // namespace csp::flatzinc
