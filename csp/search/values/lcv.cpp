// lcv: least-constraining value first, scored by forward-checking probes.
#include "csp/search/orders.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

class LeastConstraining final : public ValueOrder {
 public:
  explicit LeastConstraining(const Model& m) : engine_(m), scratch_(m.initial_domains()) {
    probe_.counters.resize(m.counter_names().size());
  }
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    scored_.clear();
    d.for_each(v, [&](Value x) {
      scratch_.copy_from(d);
      scratch_.assign(v, x);
      probe_.removals = 0;
      bool ok = engine_.forward_check(v, scratch_, probe_);
      scored_.emplace_back(ok ? probe_.removals : std::numeric_limits<std::uint64_t>::max(), x);
    });
    std::stable_sort(scored_.begin(), scored_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [score, x] : scored_) out.push_back(x);
  }

 private:
  Engine engine_;
  Domains scratch_;
  Stats probe_;  // the probes' own figures: not the search's
  std::vector<std::pair<std::uint64_t, Value>> scored_;
};

}  // namespace

namespace values {
ValueOrderFactory lcv() {
  return [](const Model& m) { return std::make_unique<LeastConstraining>(m); };
}
}  // namespace values

}  // namespace csp
