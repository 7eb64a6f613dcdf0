#include "csp/constraints/regular.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/explain_bounds.hpp"
#include "csp/constraints/detail/repeats.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class Regular final : public Propagator {
 public:
  Regular(std::vector<Var> x, int states, int symbols, std::vector<int> transitions, int start, std::vector<int> accepting)
      : Propagator(std::move(x), Trigger::any),
        q_(states),
        s_(symbols),
        d_(std::move(transitions)),
        start_(start),
        row_((static_cast<std::size_t>(states) + 64) / 64),  // states 0..Q: bit q
        accepting_(row_, 0),
        reach_((scope().size() + 1) * row_, 0),
        repeats_(repeats(scope())) {
    if (states < 1 || symbols < 1 || d_.size() != static_cast<std::size_t>(states) * static_cast<std::size_t>(symbols))
      throw std::invalid_argument("regular: the transition table must have Q * S entries, Q and S positive");
    if (start < 1 || start > states) throw std::invalid_argument("regular: the start state is not in 1..Q");
    for (const int t : d_)
      if (t < 0 || t > states) throw std::invalid_argument("regular: a transition leads outside 0..Q");
    for (int f : accepting) {
      if (f < 1 || f > states) throw std::invalid_argument("regular: an accepting state is not in 1..Q");
      set(accepting_.data(), f);
    }
    // What the DFA alone decides, every symbol allowed: the states each layer can be in, and
    // those from which it can still accept (for explain(), which leaves larger graphs alone).
    const std::size_t n = scope().size(), width = static_cast<std::size_t>(q_) + 1;
    if (!explained()) return;
    reachable_.assign((n + 1) * width, false);
    live_.assign((n + 1) * width, false);
    reachable_[static_cast<std::size_t>(start_)] = true;
    for (std::size_t i = 0; i < n; ++i)
      for (int q = 1; q <= q_; ++q)
        for (Value v = 1; reachable_[i * width + static_cast<std::size_t>(q)] && v <= s_; ++v)
          reachable_[(i + 1) * width + static_cast<std::size_t>(next(q, v))] = true;
    for (int q = 1; q <= q_; ++q) live_[n * width + static_cast<std::size_t>(q)] = test(accepting_.data(), q);
    for (std::size_t i = n; i-- > 0;)
      for (int q = 1; q <= q_; ++q)
        for (Value v = 1; v <= s_; ++v)
          if (const int t = next(q, v); t != 0 && live_[(i + 1) * width + static_cast<std::size_t>(t)])
            live_[i * width + static_cast<std::size_t>(q)] = true;
  }
  std::string name() const override { return "regular"; }
  bool satisfied(std::span<const Value> v) const override {
    int q = start_;
    for (Value s : v) {
      if (s < 1 || s > s_) return false;
      q = next(q, s);
      if (q == 0) return false;
    }
    return test(accepting_.data(), q);
  }
  // A symbol s leaves x_k when no accepting path of the layered graph in `at` uses it: every state
  // reached at layer k moves on s to one that cannot accept. The reason names removed symbols
  // only ([x_i != v], or x_i's bound where v lies outside it). On the right of k, those that would
  // lead the states reached after s back to a live state; on the left, those that would let layer k
  // hold a state whose move on s is not shown dead. Each side stops where the DFA alone (every
  // symbol allowed) decides: states it cannot reach, states that cannot accept. A failure is the
  // right side from the start state. Symbols outside 1..S need nothing. Left to the default: a
  // variable twice in x, and graphs of more than 4 million (position, state, symbol) edges.
  bool explain(const PastDomains& at, const Lit* inferred, std::vector<Lit>& reason) const override {
    const std::size_t n = scope().size(), width = static_cast<std::size_t>(q_) + 1, symbols = static_cast<std::size_t>(s_);
    if (!explained()) return false;
    std::vector<char> dom(n * symbols);  // dom[i * S + v - 1]: v a candidate of x_i in `at`
    for (std::size_t i = 0; i < n; ++i)
      for (Value v = 1; v <= s_; ++v) dom[i * symbols + static_cast<std::size_t>(v - 1)] = at.contains(scope()[i], v);
    auto in_dom = [&](std::size_t i, Value v) { return dom[i * symbols + static_cast<std::size_t>(v - 1)] != 0; };
    // alive[i * width + q]: state q at layer i has an accepting path in `at`.
    std::vector<char> alive((n + 1) * width, 0);
    for (int q = 1; q <= q_; ++q) alive[n * width + static_cast<std::size_t>(q)] = test(accepting_.data(), q);
    for (std::size_t i = n; i-- > 0;)
      for (int q = 1; q <= q_; ++q)
        for (Value v = 1; v <= s_ && !alive[i * width + static_cast<std::size_t>(q)]; ++v)
          if (const int t = next(q, v); t != 0 && in_dom(i, v) && alive[(i + 1) * width + static_cast<std::size_t>(t)])
            alive[i * width + static_cast<std::size_t>(q)] = 1;
    std::vector<char> blocked(n * symbols, 0);  // the right side's facts
      // From the states `from` at layer r, none of which can accept in `at`: adds the removed symbols
    // that would lead one of them to a live state, layer by layer, while any can be reached.
    auto right = [&](std::size_t r, std::vector<char> from) {
      std::vector<char> to(width);
      for (std::size_t i = r; i < n; ++i) {
        bool any = false;
        for (int q = 1; q <= q_; ++q) any |= from[static_cast<std::size_t>(q)] && live_[i * width + static_cast<std::size_t>(q)];
        if (!any) return;  // the DFA alone: none of them can accept
        std::fill(to.begin(), to.end(), 0);
        for (Value v = 1; v <= s_; ++v)
          for (int q = 1; q <= q_; ++q) {
            const int t = next(q, v);
            if (!from[static_cast<std::size_t>(q)] || t == 0) continue;
            char& cut = blocked[i * symbols + static_cast<std::size_t>(v - 1)];
            if (in_dom(i, v) || !alive[(i + 1) * width + static_cast<std::size_t>(t)]) {
              to[static_cast<std::size_t>(t)] = 1;  // followed: dead in `at`, shown dead further on
            } else if (!cut) {  // to a live state: v must stay gone
              cut = 1;
              detail::absent(at, scope()[i], v, reason);
            }
          }
        std::swap(from, to);
      }
    };
    if (inferred == nullptr) {
      if (alive[static_cast<std::size_t>(start_)]) return false;
      std::vector<char> from(width, 0);
      from[static_cast<std::size_t>(start_)] = 1;
      right(0, std::move(from));
      return true;
    }
    const std::size_t k = detail::once(scope(), inferred->var);
    if (k == n) return false;
    // reach[i * width + q]: state q at layer i is reached from the start in `at` (i <= k).
    std::vector<char> reach((k + 1) * width, 0);
    reach[static_cast<std::size_t>(start_)] = 1;
    for (std::size_t i = 0; i < k; ++i)
      for (int q = 1; q <= q_; ++q)
        for (Value v = 1; v <= s_ && reach[i * width + static_cast<std::size_t>(q)]; ++v)
          if (in_dom(i, v)) reach[(i + 1) * width + static_cast<std::size_t>(next(q, v))] = 1;
    return detail::each_removal(at, *inferred, reason, [&](Value s) {
      if (s < 1 || s > s_) return true;
      std::vector<char> from(width, 0);
      for (int q = 1; q <= q_; ++q) {
        const int t = next(q, s);
        if (!reach[k * width + static_cast<std::size_t>(q)] || t == 0) continue;
        if (alive[(k + 1) * width + static_cast<std::size_t>(t)]) return false;  // s is used: not this way
        from[static_cast<std::size_t>(t)] = 1;
      }
      std::fill(blocked.begin(), blocked.end(), 0);
      right(k + 1, std::move(from));
      // The states of layer k + 1 that cannot accept once the right side's symbols are gone.
      std::vector<char> ok(width, 0), below(width, 0);  // live under those facts
      for (int q = 1; q <= q_; ++q) ok[static_cast<std::size_t>(q)] = test(accepting_.data(), q);
      for (std::size_t i = n; i-- > k + 1;) {
        std::fill(below.begin(), below.end(), 0);
        for (int q = 1; q <= q_; ++q)
          for (Value v = 1; v <= s_ && !below[static_cast<std::size_t>(q)]; ++v)
            if (const int t = next(q, v); t != 0 && ok[static_cast<std::size_t>(t)] && !blocked[i * symbols + static_cast<std::size_t>(v - 1)])
              below[static_cast<std::size_t>(q)] = 1;
        std::swap(ok, below);
      }
      // safe: the states at layer i that the left side must confine x's path to, from layer k
      // (those that move on s to a dead state) down, while the DFA alone could leave them.
      std::vector<char> safe(width, 0), earlier(width, 0);
      for (int q = 1; q <= q_; ++q) {
        const int t = next(q, s);
        safe[static_cast<std::size_t>(q)] = t == 0 || !ok[static_cast<std::size_t>(t)];
      }
      for (int q = 1; q <= q_; ++q)
        if (reach[k * width + static_cast<std::size_t>(q)] && !safe[static_cast<std::size_t>(q)]) return false;
      for (std::size_t i = k; i-- > 0;) {
        bool covers = true;  // every state the DFA can reach at layer i + 1 is safe
        for (int q = 1; q <= q_ && covers; ++q)
          covers = !reachable_[(i + 1) * width + static_cast<std::size_t>(q)] || safe[static_cast<std::size_t>(q)];
        if (covers) break;
        for (int q = 1; q <= q_; ++q) {
          bool stays = true;
          for (Value v = 1; v <= s_ && stays; ++v)
            if (const int t = next(q, v); t != 0 && in_dom(i, v)) stays = safe[static_cast<std::size_t>(t)];
          earlier[static_cast<std::size_t>(q)] = stays;
        }
        for (Value v = 1; v <= s_; ++v) {
          if (in_dom(i, v)) continue;
          for (int q = 1; q <= q_; ++q)
            if (const int t = next(q, v); earlier[static_cast<std::size_t>(q)] && t != 0 && !safe[static_cast<std::size_t>(t)]) {
              detail::absent(at, scope()[i], v, reason);
              break;
            }
        }
        std::swap(safe, earlier);
      }
      return true;
    });
  }

  PropStatus propagate(Context& ctx) override {
    const Domains& d = ctx.domains();
    const std::size_t n = scope().size();
    for (Var v : scope())
      if (!ctx.remove_below(v, 1) || !ctx.remove_above(v, s_)) return PropStatus::failed;
    // Forward: layer i + 1 holds the states reached from layer i over x[i]'s candidates.
    std::fill(reach_.begin(), reach_.end(), 0);
    set(layer(0), start_);
    for (std::size_t i = 0; i < n; ++i) {
      std::uint64_t* to = layer(i + 1);
      for_each_state(layer(i), [&](int q) {
        d.for_each(scope()[i], [&](Value s) {
          if (const int t = next(q, s); t != 0) set(to, t);
        });
      });
    }
    // Backward: keep at layer n the accepting states, then at layer i those with a kept successor.
    bool alive = false;
    for (std::size_t w = 0; w < row_; ++w) alive |= (layer(n)[w] &= accepting_[w]) != 0;
    if (!alive) return PropStatus::failed;
    for (std::size_t i = n; i-- > 0;) {
      std::uint64_t* from = layer(i);
      const std::uint64_t* to = layer(i + 1);
      for_each_state(from, [&](int q) {
        bool keep = false;
        d.for_each(scope()[i], [&](Value s) {
          if (const int t = next(q, s); t != 0 && test(to, t)) keep = true;
        });
        if (!keep) from[static_cast<std::size_t>(q) / 64] &= ~(std::uint64_t{1} << (q % 64));
      });
    }
    // x[i] keeps s when a kept state of layer i moves on s to a kept one of layer i + 1.
    for (std::size_t i = 0; i < n; ++i) {
      const Var xi = scope()[i];
      auto used = [&](Value s) {
        bool on_path = false;
        for_each_state(layer(i), [&](int q) {
          if (const int t = next(q, s); t != 0 && test(layer(i + 1), t)) on_path = true;
        });
        return on_path;
      };
      if (d.interval(xi)) {  // no holes: each bound moves past the symbols no path uses
        Value lo = d.min(xi), hi = d.max(xi);
        while (lo <= hi && !used(lo)) ++lo;
        while (hi >= lo && !used(hi)) --hi;
        if (lo > hi || !ctx.remove_below(xi, lo) || !ctx.remove_above(xi, hi)) return PropStatus::failed;
        continue;
      }
      bool ok = true;
      d.for_each(xi, [&](Value s) {
        if (ok && !used(s)) ok = ctx.remove(xi, s);
      });
      if (!ok) return PropStatus::failed;
    }
    return repeats_ ? PropStatus::not_fixpoint : PropStatus::fixpoint;
  }

 private:
  // Small enough for explain(): at most 4 million (position, state, symbol) edges.
  bool explained() const {
    return (scope().size() + 1) * (static_cast<std::size_t>(q_) + 1) * static_cast<std::size_t>(s_) <= 4'000'000;
  }
  int next(int q, Value s) const {
    return d_[static_cast<std::size_t>(q - 1) * static_cast<std::size_t>(s_) + static_cast<std::size_t>(s - 1)];
  }
  std::uint64_t* layer(std::size_t i) { return reach_.data() + i * row_; }
  static void set(std::uint64_t* bits, int q) { bits[static_cast<std::size_t>(q) / 64] |= std::uint64_t{1} << (q % 64); }
  static bool test(const std::uint64_t* bits, int q) { return (bits[static_cast<std::size_t>(q) / 64] >> (q % 64)) & 1U; }
  template <class F>
  void for_each_state(const std::uint64_t* bits, F&& f) const {
    for (std::size_t w = 0; w < row_; ++w)
      for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) f(static_cast<int>(w * 64) + std::countr_zero(b));
  }

  int q_;  // states 1..Q
  int s_;
  std::vector<int> d_;
  int start_;
  std::size_t row_;                  // words per layer
  std::vector<std::uint64_t> accepting_;
  std::vector<std::uint64_t> reach_;  // scratch: layer i's states at words [i * row_, (i + 1) * row_)
  bool repeats_;  // a variable twice in x: one run may not reach the fixpoint
  // Per layer i and state q ([i * (Q + 1) + q]), every symbol allowed: reachable from the start;
  // able to reach an accepting state (for explain()).
  std::vector<bool> reachable_, live_;
};

}  // namespace

std::unique_ptr<Propagator> regular(std::vector<Var> x, int states, int symbols, std::vector<int> transitions, int start,
                                    std::vector<int> accepting) {
  return std::make_unique<Regular>(std::move(x), states, symbols, std::move(transitions), start, std::move(accepting));
}

}  // namespace csp
