// mrv-ddeg: MRV, ties broken by the unfixed neighbours in the constraint graph (Brelaz).
#include "csp/search/orders.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "csp/search/detail/constraint_graph.hpp"

namespace csp {
namespace {

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
  detail::ConstraintGraph graph_;
  std::vector<int> size_;   // per variable, its number of candidates (scratch)
  std::vector<int> whole_;  // per variable, its number of candidates in the initial domains
  std::vector<std::uint32_t> word_;  // per variable, its word, when every domain is one word
  std::vector<std::uint64_t> two_;   // the variables with two candidates (scratch)
};

}  // namespace

namespace order {
VariableOrderFactory mrv_ddeg() { return [](const Model& m) { return std::make_unique<MrvDdeg>(m); }; }
}  // namespace order

}  // namespace csp
