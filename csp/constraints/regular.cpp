#include "csp/constraints/regular.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "csp/constraints/detail/repeats.hpp"
#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class Regular final : public Propagator {
 public:
  Regular(std::vector<Var> x, int states, int symbols, std::vector<int> transitions, int start, std::vector<int> accepting)
      : Propagator(std::move(x), Trigger::any),
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

  int s_;
  std::vector<int> d_;
  int start_;
  std::size_t row_;                  // words per layer
  std::vector<std::uint64_t> accepting_;
  std::vector<std::uint64_t> reach_;  // scratch: layer i's states at words [i * row_, (i + 1) * row_)
  bool repeats_;  // a variable twice in x: one run may not reach the fixpoint
};

}  // namespace

std::unique_ptr<Propagator> regular(std::vector<Var> x, int states, int symbols, std::vector<int> transitions, int start,
                                    std::vector<int> accepting) {
  return std::make_unique<Regular>(std::move(x), states, symbols, std::move(transitions), start, std::move(accepting));
}

}  // namespace csp
