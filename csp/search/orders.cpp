#include "csp/search/orders.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "csp/kernel/engine.hpp"

namespace csp {
namespace {

// An order over a list of variables: every variable of the model, or a phase's (restrict()).
class ScopedOrder : public VariableOrder {
 public:
  explicit ScopedOrder(const Model& m) {
    for (int i = 0; i < m.var_count(); ++i) vars_.push_back(Var{i});
  }
  void restrict(std::span<const Var> vars) override { vars_.assign(vars.begin(), vars.end()); }

 protected:
  std::vector<Var> vars_;  // the variables it chooses among, ties to the earlier
};

class InputOrder final : public ScopedOrder {
 public:
  using ScopedOrder::ScopedOrder;
  Var select(const Domains& d) override {
    for (Var v : vars_)
      if (!d.fixed(v)) return v;
    return Var{};
  }
};

class Mrv final : public ScopedOrder {
 public:
  using ScopedOrder::ScopedOrder;
  Var select(const Domains& d) override {
    Var best{};
    int best_size = std::numeric_limits<int>::max();
    for (Var v : vars_) {
      int s = d.size(v);
      // best.id < 0: an unbounded variable's size is INT_MAX itself (2^31 - 1 values), which the
      // sentinel alone would never take, leaving it undecided as if fixed (MiniZinc's bug212)
      if (s > 1 && (s < best_size || best.id < 0)) {
        best = v;
        best_size = s;
        if (s == 2) break;  // no unfixed variable has fewer
      }
    }
    return best;
  }
};

// The unfixed variable of the highest score (Score(model, domains, var) -> std::int64_t), the
// first on ties: the orders that compare one number per variable.
template <class Score>
class HighestScore final : public ScopedOrder {
 public:
  explicit HighestScore(const Model& m) : ScopedOrder(m), m_(m) {}
  Var select(const Domains& d) override {
    Var best{};
    std::int64_t best_score = std::numeric_limits<std::int64_t>::min();
    for (Var v : vars_) {
      if (d.fixed(v)) continue;
      const std::int64_t s = Score{}(m_, d, v);
      if (best.id < 0 || s > best_score) {
        best = v;
        best_score = s;
      }
    }
    return best;
  }

 private:
  const Model& m_;
};

// Scores, higher chosen first (sizes saturate on interval domains: still the larger).
struct LargestDomain {
  std::int64_t operator()(const Model&, const Domains& d, Var v) const { return d.size(v); }
};
struct SmallestMin {
  std::int64_t operator()(const Model&, const Domains& d, Var v) const { return -std::int64_t{d.min(v)}; }
};
struct LargestMax {
  std::int64_t operator()(const Model&, const Domains& d, Var v) const { return d.max(v); }
};
struct MostPropagators {
  std::int64_t operator()(const Model& m, const Domains&, Var v) const {
    return static_cast<std::int64_t>(m.propagators_of(v).size());
  }
};
struct LargestRegret {  // the gap between the two smallest candidates (v is unfixed: both exist)
  std::int64_t operator()(const Model&, const Domains& d, Var v) const {
    const Value lo = d.min(v);
    return std::int64_t{d.next(v, lo)} - lo;
  }
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

class MrvDegree final : public ScopedOrder {
 public:
  explicit MrvDegree(const Model& m) : ScopedOrder(m), m_(m) {}
  Var select(const Domains& d) override {
    Var best{};
    int best_size = std::numeric_limits<int>::max();
    int best_degree = -1;
    for (Var v : vars_) {
      int s = d.size(v);
      if (s <= 1 || s > best_size) continue;
      int degree = live_weight(m_, d, v, nullptr, nullptr);
      if (s < best_size || degree > best_degree) {
        best = v;
        best_size = s;
        best_degree = degree;
      }
    }
    return best;
  }

 private:
  const Model& m_;
};

// The constraint graph: two variables are neighbours when some relation of a propagator holds
// both (Propagator::relations). Small models keep each variable's neighbours as a bit set, so that
// counting the unfixed ones is a few ANDs and popcounts; large ones as a list.
class ConstraintGraph {
 public:
  explicit ConstraintGraph(const Model& m) : words_((static_cast<std::size_t>(m.var_count()) + 63) / 64) {
    const auto n = static_cast<std::size_t>(m.var_count());
    bitsets_ = n <= kBitsetUpTo;
    std::vector<std::vector<std::uint32_t>> lists(bitsets_ ? 0 : n);
    if (bitsets_) rows_.assign(n * words_, 0);
    for (PropagatorId p = 0; p < m.propagator_count(); ++p) {
      for (const std::vector<Var>& rel : m.propagator(p).relations()) {
        for (Var a : rel) {
          for (Var b : rel) {
            if (a == b) continue;
            const auto ia = static_cast<std::size_t>(a.id), ib = static_cast<std::size_t>(b.id);
            if (bitsets_) rows_[ia * words_ + ib / 64] |= std::uint64_t{1} << (ib % 64);
            else lists[ia].push_back(static_cast<std::uint32_t>(ib));
          }
        }
      }
    }
    if (!bitsets_) {
      start_.push_back(0);
      for (auto& l : lists) {
        std::sort(l.begin(), l.end());
        l.erase(std::unique(l.begin(), l.end()), l.end());
        flat_.insert(flat_.end(), l.begin(), l.end());
        start_.push_back(static_cast<std::uint32_t>(flat_.size()));
      }
    }
    open_.assign(words_, 0);
  }

  /// The unfixed variables, as a bit set (variable i is bit i % 64 of word i / 64), for the caller
  /// to fill before counting.
  std::uint64_t* open() { return open_.data(); }
  /// Number of v's neighbours marked unfixed.
  int open_neighbours(int v) const {
    int n = 0;
    if (bitsets_) {
      const std::uint64_t* row = rows_.data() + static_cast<std::size_t>(v) * words_;
      for (std::size_t k = 0; k < words_; ++k) n += std::popcount(row[k] & open_[k]);
    } else {
      for (std::uint32_t k = start_[static_cast<std::size_t>(v)]; k < start_[static_cast<std::size_t>(v) + 1]; ++k)
        n += static_cast<int>(open_[flat_[k] / 64] >> (flat_[k] % 64) & 1);
    }
    return n;
  }

 private:
  static constexpr std::size_t kBitsetUpTo = 2048;  // n^2 bits: 512 KB at most
  std::size_t words_;
  bool bitsets_ = true;
  std::vector<std::uint64_t> rows_;             // bit sets: n rows of words_ words
  std::vector<std::uint32_t> start_, flat_;     // lists: per variable, its neighbours
  std::vector<std::uint64_t> open_;             // the unfixed variables
};

// MRV, ties broken by the number of unfixed neighbours (Brelaz's colouring heuristic, "dom+deg"
// with the degree taken dynamically): of the variables with fewest candidates, the one whose
// choice constrains most others, so that a wrong value fails soonest. Only a domain that
// propagation has narrowed takes part in the tie-break: without pruning (inference none, or
// constraints that only check) every domain stays whole, the most-neighbours variable is then the
// one farthest from every decision, and the order stays plain MRV's.
class MrvDdeg final : public VariableOrder {
 public:
  explicit MrvDdeg(const Model& m)
      : n_(m.var_count()), graph_(m), size_(static_cast<std::size_t>(n_)), whole_(static_cast<std::size_t>(n_)) {
    bool single_words = true;
    for (int i = 0; i < n_; ++i) {
      whole_[static_cast<std::size_t>(i)] = m.initial_domains().size(Var{i});
      single_words &= m.initial_domains().single_word(Var{i});
      word_.push_back(m.initial_domains().layout(Var{i}).first_word);
    }
    if (!single_words) word_.clear();
    two_.assign((static_cast<std::size_t>(n_) + 63) / 64, 0);
  }
  Var select(const Domains& d) override {
    // First pass: every size, the unfixed variables, the fewest candidates (without branches: this
    // runs at every node, over every variable).
    const int n = n_;
    int* size = size_.data();
    std::uint64_t* open = graph_.open();
    const std::uint32_t* word = word_.empty() ? nullptr : word_.data();
    const std::uint64_t* words = d.words().data();
    std::uint64_t* two = two_.data();
    int fewest = std::numeric_limits<int>::max();
    for (int first = 0; first < n; first += 64) {
      std::uint64_t bits = 0, twos = 0;
      for (int i = first; i < std::min(n, first + 64); ++i) {
        const int s = word != nullptr ? std::popcount(words[word[i]]) : d.size(Var{i});
        size[i] = s;
        bits |= std::uint64_t{s > 1} << (i - first);
        twos |= std::uint64_t{s == 2} << (i - first);
        fewest = std::min(fewest, s > 1 ? s : std::numeric_limits<int>::max());
      }
      open[first / 64] = bits;
      two[first / 64] = twos;
    }
    // Second pass: of the variables with that many, the first narrowed one with the most unfixed
    // neighbours, or the first one when none is narrowed. Two candidates is the common case: its
    // variables are then read off their bit set.
    Var best{};
    int best_degree = -2;
    auto consider = [&](int i) {
      const int degree = fewest < whole_[static_cast<std::size_t>(i)] ? graph_.open_neighbours(i) : -1;
      if (degree > best_degree) {
        best = Var{i};
        best_degree = degree;
      }
    };
    if (!subset_.empty()) {  // a phase: the same, among its variables only
      fewest = std::numeric_limits<int>::max();
      for (int i : subset_)
        if (size[i] > 1) fewest = std::min(fewest, size[i]);
      for (int i : subset_)
        if (size[i] == fewest) consider(i);
    } else if (fewest == 2) {
      for (std::size_t k = 0; k < two_.size(); ++k)
        for (std::uint64_t m = two[k]; m != 0; m &= m - 1) consider(static_cast<int>(k * 64) + std::countr_zero(m));
    } else {
      for (int i = 0; i < n; ++i)
        if (size[i] == fewest) consider(i);
    }
    return best;
  }
  void restrict(std::span<const Var> vars) override {
    subset_.clear();
    for (Var v : vars) subset_.push_back(v.id);
  }

 private:
  int n_;
  std::vector<int> subset_;  // the variables it chooses among (empty: all of them)
  ConstraintGraph graph_;
  std::vector<int> size_;   // per variable, its number of candidates (scratch)
  std::vector<int> whole_;  // per variable, its number of candidates in the initial domains
  std::vector<std::uint32_t> word_;  // per variable, its word, when every domain is one word
  std::vector<std::uint64_t> two_;   // the variables with two candidates (scratch)
};

class DomWdeg final : public ScopedOrder {
 public:
  explicit DomWdeg(const Model& m)
      : ScopedOrder(m), m_(m), weights_(static_cast<std::size_t>(m.propagator_count()), 1) {}
  void start() override { std::fill(weights_.begin(), weights_.end(), 1); }
  void failed(PropagatorId p) override {
    if (p >= 0) ++weights_[static_cast<std::size_t>(p)];
  }
  Var select(const Domains& d) override {
    Var best{};
    double best_ratio = std::numeric_limits<double>::infinity();
    for (Var v : vars_) {
      int s = d.size(v);
      if (s <= 1) continue;
      std::uint64_t w = 0;
      live_weight(m_, d, v, &weights_, &w);
      double ratio = static_cast<double>(s) / static_cast<double>(std::max<std::uint64_t>(w, 1));
      if (ratio < best_ratio) {
        best = v;
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

// The lower middle of v's domain, read from its bounds when it has no holes (always so for an
// interval domain, whose size saturates), else counted out.
Value lower_middle(Var v, const Domains& d) {
  const Value lo = d.min(v), hi = d.max(v);
  const std::int64_t width = std::int64_t{hi} - lo + 1;
  const int size = d.size(v);
  if (size == width || size == std::numeric_limits<int>::max()) return static_cast<Value>(lo + (width - 1) / 2);
  int skip = (size - 1) / 2;
  Value x = lo;
  while (skip-- > 0) x = d.next(v, x);
  return x;
}

// The middle of v's bounds, rounded down, in 64 bits (min + max may overflow an int).
Value mid_bound(Var v, const Domains& d) {
  const std::int64_t lo = d.min(v), hi = d.max(v);
  return static_cast<Value>(lo + (hi - lo) / 2);
}

// A lazy value order (decide()). Its list form, for an order that wraps it (colouring's), is the
// candidates in the order its decisions reach them: ascending, or descending.
class LazyOrder : public ValueOrder {
 public:
  explicit LazyOrder(bool descending) : descending_(descending) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    d.for_each(v, [&](Value x) { out.push_back(x); });
    if (descending_) std::reverse(out.begin(), out.end());
  }
  bool lazy(Var, const Domains&) const override { return true; }

 private:
  bool descending_;
};

class Ascending final : public LazyOrder {
 public:
  Ascending() : LazyOrder(false) {}
  Decision decide(Var v, const Domains& d) override { return {Decision::Kind::assign, d.min(v)}; }
};

class Descending final : public LazyOrder {
 public:
  Descending() : LazyOrder(true) {}
  Decision decide(Var v, const Domains& d) override { return {Decision::Kind::assign, d.max(v)}; }
};

class Median final : public LazyOrder {
 public:
  Median() : LazyOrder(false) {}
  void order(Var v, const Domains& d, std::vector<Value>& out) override {
    // The order decide() takes on a domain that can hold holes: each time the middle of what is left.
    std::vector<Value> left = d.values(v);
    while (!left.empty()) {
      const auto mid = left.begin() + static_cast<std::ptrdiff_t>((left.size() - 1) / 2);
      out.push_back(*mid);
      left.erase(mid);
    }
  }
  Decision decide(Var v, const Domains& d) override { return {Decision::Kind::assign, lower_middle(v, d)}; }
};

class Split final : public LazyOrder {
 public:
  Split() : LazyOrder(false) {}
  Decision decide(Var v, const Domains& d) override {
    if (d.fixed(v)) return {Decision::Kind::assign, d.min(v)};
    return {Decision::Kind::at_most, mid_bound(v, d)};
  }
};

class ReverseSplit final : public LazyOrder {
 public:
  ReverseSplit() : LazyOrder(true) {}
  Decision decide(Var v, const Domains& d) override {
    if (d.fixed(v)) return {Decision::Kind::assign, d.min(v)};
    return {Decision::Kind::at_least, mid_bound(v, d) + 1};  // mid < max: no overflow
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

// The names of a table's rows, in order.
template <class Row, std::size_t N>
std::vector<std::string_view> names_of(const Row (&rows)[N]) {
  std::vector<std::string_view> out;
  for (const Row& r : rows) out.push_back(r.name);
  return out;
}

// "a, b, c or d", for error messages.
std::string one_of(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace

void VariableOrder::restrict(std::span<const Var>) {
  throw std::invalid_argument("this variable order cannot be restricted to a phase's variables");
}

namespace order {
VariableOrderFactory input() { return make_order<InputOrder>; }
VariableOrderFactory mrv() { return make_order<Mrv>; }
VariableOrderFactory mrv_degree() { return make_order<MrvDegree>; }
VariableOrderFactory mrv_ddeg() { return make_order<MrvDdeg>; }
VariableOrderFactory dom_wdeg() { return make_order<DomWdeg>; }
VariableOrderFactory anti_first_fail() { return make_order<HighestScore<LargestDomain>>; }
VariableOrderFactory smallest() { return make_order<HighestScore<SmallestMin>>; }
VariableOrderFactory largest() { return make_order<HighestScore<LargestMax>>; }
VariableOrderFactory occurrence() { return make_order<HighestScore<MostPropagators>>; }
VariableOrderFactory max_regret() { return make_order<HighestScore<LargestRegret>>; }
VariableOrderFactory custom(std::function<Var(const Model&, const Domains&)> choose) {
  return [choose = std::move(choose)](const Model& m) { return std::make_unique<CustomOrder>(m, choose); };
}
// The orders by name: one row each, from which names() and by_name() are read. A new order is its
// class above, its factory, and one row here.
struct NamedOrder {
  std::string_view name;
  VariableOrderFactory (*make)();
};
constexpr NamedOrder kOrders[] = {
    {"input", input},
    {"mrv", mrv},
    {"mrv-degree", mrv_degree},
    {"mrv-ddeg", mrv_ddeg},
    {"dom-wdeg", dom_wdeg},
    {"anti-first-fail", anti_first_fail},
    {"smallest", smallest},
    {"largest", largest},
    {"occurrence", occurrence},
    {"most-constrained", mrv_degree},  // FlatZinc's most_constrained: fewest candidates, ties by degree
    {"max-regret", max_regret},
};
const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> n = names_of(kOrders);
  return n;
}
VariableOrderFactory by_name(std::string_view name) {
  for (const NamedOrder& o : kOrders)
    if (o.name == name) return o.make();
  throw std::invalid_argument("unknown variable order '" + std::string(name) + "' (expected " + one_of(names()) + ")");
}
}  // namespace order

namespace values {
ValueOrderFactory ascending() {
  return [](const Model&) { return std::make_unique<Ascending>(); };
}
ValueOrderFactory descending() {
  return [](const Model&) { return std::make_unique<Descending>(); };
}
ValueOrderFactory median() {
  return [](const Model&) { return std::make_unique<Median>(); };
}
ValueOrderFactory split() {
  return [](const Model&) { return std::make_unique<Split>(); };
}
ValueOrderFactory reverse_split() {
  return [](const Model&) { return std::make_unique<ReverseSplit>(); };
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
// The value orders by name, as for the variable orders: a new one is its class, its factory and
// one row here (the seed goes to the orders that draw at random).
struct NamedValues {
  std::string_view name;
  ValueOrderFactory (*make)(std::uint64_t seed);
};
constexpr NamedValues kValues[] = {
    {"min", [](std::uint64_t) { return ascending(); }},
    {"max", [](std::uint64_t) { return descending(); }},
    {"lcv", [](std::uint64_t) { return lcv(); }},
    {"random", random},
    {"median", [](std::uint64_t) { return median(); }},
    {"split", [](std::uint64_t) { return split(); }},
    {"reverse-split", [](std::uint64_t) { return reverse_split(); }},
};
const std::vector<std::string_view>& names() {
  static const std::vector<std::string_view> n = names_of(kValues);
  return n;
}
ValueOrderFactory by_name(std::string_view name, std::uint64_t seed) {
  for (const NamedValues& o : kValues)
    if (o.name == name) return o.make(seed);
  throw std::invalid_argument("unknown value order '" + std::string(name) + "' (expected " + one_of(names()) + ")");
}
}  // namespace values

}  // namespace csp
