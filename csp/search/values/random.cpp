// random: a seeded shuffle (lazy for wide domains: a value drawn between the bounds).
#include "csp/search/orders.hpp"

#include <cstdint>
#include <memory>
#include <random>
#include <utility>

namespace csp {
namespace {

class RandomOrder final : public ValueOrder {
 public:
  explicit RandomOrder(std::uint64_t seed) : rng_(seed) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    d.for_each(v, [&](Value x) { out.push_back(x); });
    // Fisher-Yates with our own index draw: std::shuffle's output differs between libraries.
    for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[rng_() % i]);
  }
  bool lazy(Var v, const Domains& d) const override { return d.size(v) > kListUpTo; }
  // A value drawn between the bounds, moved up to the next candidate: not quite uniform over a
  // domain with holes, but it never lists the domain.
  Decision decide(Var v, const Domains& d) override {
    const std::int64_t lo = d.min(v), hi = d.max(v);
    const auto x = static_cast<Value>(lo + static_cast<std::int64_t>(rng_() % static_cast<std::uint64_t>(hi - lo + 1)));
    return {Decision::Kind::assign, d.contains(v, x) ? x : d.next(v, x)};
  }

 private:
  static constexpr int kListUpTo = 1024;  // a shuffled list costs 4 bytes a candidate per frame
  std::mt19937_64 rng_;
};

}  // namespace

namespace values {
ValueOrderFactory random(std::uint64_t seed) {
  return [seed](const Model&) { return std::make_unique<RandomOrder>(seed); };
}
}  // namespace values

}  // namespace csp
