#include "csp/heuristics.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "csp/engine.hpp"

namespace csp {
namespace {

class InputOrder final : public VariableOrder {
 public:
  explicit InputOrder(const Model& m) : n_(m.var_count()) {}
  Var select(const Domains& d) override {
    for (int i = 0; i < n_; ++i)
      if (!d.fixed(Var{i})) return Var{i};
    return Var{};
  }

 private:
  int n_;
};

class Mrv final : public VariableOrder {
 public:
  explicit Mrv(const Model& m) : n_(m.var_count()) {}
  Var select(const Domains& d) override {
    Var best{};
    int best_size = std::numeric_limits<int>::max();
    for (int i = 0; i < n_; ++i) {
      int s = d.size(Var{i});
      if (s > 1 && s < best_size) {
        best = Var{i};
        best_size = s;
        if (s == 2) break;  // no unfixed variable has fewer
      }
    }
    return best;
  }

 private:
  int n_;
};

// Number of constraints on v with another unfixed variable, each weighted (weight 1: degree).
int live_weight(const Model& m, const Domains& d, Var v, const std::vector<std::uint64_t>* weights,
                std::uint64_t* weighted) {
  int degree = 0;
  std::uint64_t sum = 0;
  for (PropagatorId p : m.propagators_of(v)) {
    for (Var w : m.propagator(p).scope()) {
      if (w != v && !d.fixed(w)) {
        ++degree;
        if (weights) sum += (*weights)[static_cast<std::size_t>(p)];
        break;
      }
    }
  }
  if (weighted) *weighted = sum;
  return degree;
}

class MrvDegree final : public VariableOrder {
 public:
  explicit MrvDegree(const Model& m) : m_(m) {}
  Var select(const Domains& d) override {
    Var best{};
    int best_size = std::numeric_limits<int>::max();
    int best_degree = -1;
    for (int i = 0; i < m_.var_count(); ++i) {
      int s = d.size(Var{i});
      if (s <= 1 || s > best_size) continue;
      int degree = live_weight(m_, d, Var{i}, nullptr, nullptr);
      if (s < best_size || degree > best_degree) {
        best = Var{i};
        best_size = s;
        best_degree = degree;
      }
    }
    return best;
  }

 private:
  const Model& m_;
};

class DomWdeg final : public VariableOrder {
 public:
  explicit DomWdeg(const Model& m) : m_(m), weights_(static_cast<std::size_t>(m.propagator_count()), 1) {}
  void start() override { std::fill(weights_.begin(), weights_.end(), 1); }
  void failed(PropagatorId p) override {
    if (p >= 0) ++weights_[static_cast<std::size_t>(p)];
  }
  Var select(const Domains& d) override {
    Var best{};
    double best_ratio = std::numeric_limits<double>::infinity();
    for (int i = 0; i < m_.var_count(); ++i) {
      int s = d.size(Var{i});
      if (s <= 1) continue;
      std::uint64_t w = 0;
      live_weight(m_, d, Var{i}, &weights_, &w);
      double ratio = static_cast<double>(s) / static_cast<double>(std::max<std::uint64_t>(w, 1));
      if (ratio < best_ratio) {
        best = Var{i};
        best_ratio = ratio;
      }
    }
    return best;
  }

 private:
  const Model& m_;
  std::vector<std::uint64_t> weights_;
};

class CustomOrder final : public VariableOrder {
 public:
  CustomOrder(const Model& m, std::function<Var(const Model&, const Domains&)> f) : m_(m), f_(std::move(f)) {}
  Var select(const Domains& d) override { return f_(m_, d); }

 private:
  const Model& m_;
  std::function<Var(const Model&, const Domains&)> f_;
};

class Ascending final : public ValueOrder {
 public:
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    d.for_each(v, [&](Value x) { out.push_back(x); });
  }
};

class Descending final : public ValueOrder {
 public:
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    d.for_each(v, [&](Value x) { out.push_back(x); });
    std::reverse(out.begin(), out.end());
  }
};

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

class RandomOrder final : public ValueOrder {
 public:
  explicit RandomOrder(std::uint64_t seed) : rng_(seed) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    d.for_each(v, [&](Value x) { out.push_back(x); });
    // Fisher-Yates with our own index draw: std::shuffle's output differs between libraries.
    for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[rng_() % i]);
  }

 private:
  std::mt19937_64 rng_;
};

class CustomValues final : public ValueOrder {
 public:
  using Fn = std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)>;
  CustomValues(const Model& m, Fn f) : m_(m), f_(std::move(f)) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override { f_(m_, d, v, out); }

 private:
  const Model& m_;
  Fn f_;
};

template <class T>
std::unique_ptr<VariableOrder> make_order(const Model& m) {
  return std::make_unique<T>(m);
}

}  // namespace

namespace order {
VariableOrderFactory input() { return make_order<InputOrder>; }
VariableOrderFactory mrv() { return make_order<Mrv>; }
VariableOrderFactory mrv_degree() { return make_order<MrvDegree>; }
VariableOrderFactory dom_wdeg() { return make_order<DomWdeg>; }
VariableOrderFactory custom(std::function<Var(const Model&, const Domains&)> choose) {
  return [choose = std::move(choose)](const Model& m) { return std::make_unique<CustomOrder>(m, choose); };
}
const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> n{"input", "mrv", "mrv-degree", "dom-wdeg"};
  return n;
}
VariableOrderFactory by_name(std::string_view name) {
  if (name == "input") return input();
  if (name == "mrv") return mrv();
  if (name == "mrv-degree") return mrv_degree();
  if (name == "dom-wdeg") return dom_wdeg();
  throw std::invalid_argument("unknown variable order '" + std::string(name) +
                              "' (expected input, mrv, mrv-degree or dom-wdeg)");
}
}  // namespace order

namespace values {
ValueOrderFactory ascending() {
  return [](const Model&) { return std::make_unique<Ascending>(); };
}
ValueOrderFactory descending() {
  return [](const Model&) { return std::make_unique<Descending>(); };
}
ValueOrderFactory lcv() {
  return [](const Model& m) { return std::make_unique<LeastConstraining>(m); };
}
ValueOrderFactory random(std::uint64_t seed) {
  return [seed](const Model&) { return std::make_unique<RandomOrder>(seed); };
}
ValueOrderFactory custom(std::function<void(const Model&, const Domains&, Var, std::vector<Value>&)> order) {
  return [order = std::move(order)](const Model& m) { return std::make_unique<CustomValues>(m, order); };
}
const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> n{"min", "max", "lcv", "random"};
  return n;
}
ValueOrderFactory by_name(std::string_view name, std::uint64_t seed) {
  if (name == "min") return ascending();
  if (name == "max") return descending();
  if (name == "lcv") return lcv();
  if (name == "random") return random(seed);
  throw std::invalid_argument("unknown value order '" + std::string(name) + "' (expected min, max, lcv or random)");
}
}  // namespace values

}  // namespace csp
