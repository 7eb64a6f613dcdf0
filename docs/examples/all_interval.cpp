// All-interval series (CSPLib 007): order 0..n-1 so that the n-1 gaps between neighbours all differ.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "csp/csp.hpp"

// gap = |x - y|: a constraint the library lacks, so a class with its own propagator.
struct AbsDiff : csp::Propagator {
  AbsDiff(csp::Var x, csp::Var y, csp::Var gap) : Propagator({x, y, gap}, csp::Trigger::any) {}
  std::string name() const override { return "abs-diff"; }
  bool satisfied(std::span<const csp::Value> v) const override { return v[2] == std::abs(v[0] - v[1]); }

  // Removes every candidate that no candidates of the other two variables support.
  csp::PropStatus propagate(csp::Context& ctx) override {
    const csp::Var x = scope()[0], y = scope()[1], gap = scope()[2];
    auto some = [&](csp::Var v, auto test) { return std::ranges::any_of(ctx.domains().values(v), test); };
    auto keep = [&](csp::Var v, auto test) {  // false when v loses its last candidate
      return std::ranges::all_of(ctx.domains().values(v), [&](csp::Value w) { return test(w) || ctx.remove(v, w); });
    };
    // True when v still has a + g or a - g: a value at distance g from a.
    auto fits = [&](csp::Var v, auto a, auto g) { return ctx.contains(v, a + g) || ctx.contains(v, a - g); };
    const bool alive = keep(x, [&](csp::Value a) { return some(gap, [&](csp::Value g) { return fits(y, a, g); }); }) &&
                       keep(y, [&](csp::Value b) { return some(gap, [&](csp::Value g) { return fits(x, b, g); }); }) &&
                       keep(gap, [&](csp::Value g) { return some(x, [&](csp::Value a) { return fits(y, a, g); }); });
    return alive ? csp::PropStatus::not_fixpoint : csp::PropStatus::failed;  // not_fixpoint: run me again if I pruned
  }
};

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  csp::Model m;
  std::vector<csp::Var> x = m.add_vars(n, 0, n - 1, "x");          // the series: variables 0..n-1
  std::vector<csp::Var> gap = m.add_vars(n - 1, 1, n - 1, "gap");  // gap[i] = |x[i+1] - x[i]|
  m.post(csp::all_different(x));
  m.post(csp::all_different(gap));
  for (int i = 0; i + 1 < n; ++i) m.post(std::make_unique<AbsDiff>(x[i], x[i + 1], gap[i]));

  csp::SearchOptions options;  // the defaults: MAC, smallest value first
  // A custom variable order: the unfixed variable with the fewest candidates; on ties the series before
  // the gaps, and the series from its ends inward. Var{} once every variable is fixed: a solution.
  options.order = csp::order::custom([n](const csp::Model& model, const csp::Domains& d) {
    auto rank = [&](csp::Var v) { return (d.fixed(v) ? n + 1 : d.size(v)) * 2 * n + (v.id < n ? std::min(v.id, n - 1 - v.id) : n); };
    const csp::Var best = std::ranges::min(model.vars(), {}, rank);
    return d.fixed(best) ? csp::Var{} : best;
  });
  const csp::SearchResult r = csp::Solver(m, options).count(m.initial_domains());  // all solutions; keeps the last
  for (csp::Var v : x) std::printf("%d ", r.solution.empty() ? -1 : r.solution[v.id]);
  std::printf("\nsolutions: %llu\n", static_cast<unsigned long long>(r.stats.solutions));
}
