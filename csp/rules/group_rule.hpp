// Internals shared by the rule modules of csp/rules/ (not part of the public API: include
// csp/rules/group_rules.hpp and call post_groups()).
//
// A rule reads the group's domains as one 64-bit word per cell (bit i = value base + i), copies
// them into a fixed array on the stack, works on that copy with bitwise operations and writes back
// only the words it narrows, through Context::keep_bits. Nothing is allocated while propagating.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "csp/engine.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/techniques/technique.hpp"

namespace csp::rules_detail {

/// A group holds at most one word of values, so at most 64 cells.
inline constexpr std::size_t kMaxCells = 64;

/// Scratch space for one group's domain words.
using Words = std::array<std::uint64_t, kMaxCells>;

/// What post_groups() learned about a group from the model's initial domains.
struct Shape {
  std::uint64_t values = 0;  ///< the group's n values, as bits relative to `base`
  Value base = 0;            ///< the base shared by every cell of the group
  /// Where each cell's word lives in Domains::words(), in group order: reading the words straight
  /// from there skips the layout look-up of Domains::bits() on the hot path.
  std::array<std::uint32_t, kMaxCells> word{};
};

/// The two counters of one rule: its firings and the candidates it removed.
struct Counters {
  CounterId fired = 0;
  CounterId removed = 0;
};

/// True when the word holds exactly one candidate.
constexpr bool single(std::uint64_t w) { return w != 0 && (w & (w - 1)) == 0; }

/// True when `values` are pairwise distinct values of the group (bits of `shape.values`).
/// For an exact group this is the whole meaning: n distinct values out of n.
bool distinct_in(std::span<const Value> values, const Shape& shape);

/// Inference level none: false when two fixed cells among `cells` hold the same value.
bool fixed_cells_distinct(const Domains& d, std::span<const Var> cells);

/// Base of the single-group rules: the meaning (an exact all-different), the check used without
/// propagation, the name ("hidden-single in box 5") and the counters.
class GroupRule : public Propagator {
 public:
  GroupRule(Rule rule, const Group& group, const Shape& shape, Counters counters, Trigger trigger)
      : Propagator(group.cells, trigger),
        name_(std::string(rule_name(rule)) + " in " + group.name),
        shape_(shape),
        counters_(counters),
        n_(group.cells.size()) {}

  std::string name() const override { return name_; }
  bool satisfied(std::span<const Value> values) const override { return distinct_in(values, shape_); }
  bool check(const Domains& d) const override { return fixed_cells_distinct(d, scope()); }

 protected:
  /// Copies the cells' words into w; returns the union of the candidates.
  std::uint64_t load(const Context& ctx, Words& w) const {
    const std::uint64_t* words = ctx.domains().words().data();
    std::uint64_t all = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      w[i] = words[shape_.word[i]];
      all |= w[i];
    }
    return all;
  }
  /// Number of cells (= number of values).
  std::size_t size() const { return n_; }
  /// Adds to the rule's counters (skipped when nothing happened, the common case).
  void tally(Context& ctx, std::uint64_t fired, std::uint64_t removed) const {
    if (fired != 0) ctx.count(counters_.fired, fired);
    if (removed != 0) ctx.count(counters_.removed, removed);
  }
  std::uint64_t values() const { return shape_.values; }

  /// Removes `gone` from every cell of the group but `owners` (the cells that take those values
  /// between them), in w and through the engine. Adds the removed candidates to `removed` and sets
  /// `changed` when there were any; false when a cell is emptied.
  bool remove_from_others(Context& ctx, Words& w, std::uint64_t gone, std::initializer_list<std::size_t> owners,
                          std::uint64_t& removed, bool& changed) const {
    for (std::size_t i = 0; i < n_; ++i) {
      const std::uint64_t hit = w[i] & gone;
      if (hit == 0 || std::find(owners.begin(), owners.end(), i) != owners.end()) continue;
      removed += static_cast<std::uint64_t>(std::popcount(hit));
      w[i] &= ~gone;
      changed = true;
      if (!ctx.keep_bits(scope()[i], w[i])) return false;
    }
    return true;
  }

 private:
  std::string name_;
  Shape shape_;
  Counters counters_;
  std::size_t n_;
};

// One factory per rule; each lives in the rule's own .cpp file.
/// Naked and/or hidden singles on every group at once (one propagator; see singles.cpp), hosting
/// locked candidates on `locked_pairs` when there are any (indices into `groups`, each pair sharing
/// two or more cells).
std::unique_ptr<Propagator> make_singles(Model& model, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
                                         bool naked, bool hidden, Counters naked_counters, Counters hidden_counters,
                                         const std::vector<std::pair<std::size_t, std::size_t>>& locked_pairs,
                                         Counters locked_counters);
std::unique_ptr<Propagator> make_naked_twins(const Group& g, const Shape& s, Counters c);
std::unique_ptr<Propagator> make_hidden_pairs(const Group& g, const Shape& s, Counters c);
std::unique_ptr<Propagator> make_naked_triples(const Group& g, const Shape& s, Counters c);
/// Locked candidates on every listed pair of groups (indices into `groups`), each pair sharing at
/// least two cells and so the same base, without the singles (one propagator; see
/// locked_candidates.cpp).
std::unique_ptr<Propagator> make_locked_candidates(Model& model, const std::vector<Group>& groups,
                                                   const std::vector<Shape>& shapes,
                                                   const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                                   Counters c);
/// A technique of csp/rules/techniques/ as a propagator over every group (see propagator.cpp).
std::unique_ptr<Propagator> make_technique_rule(Rule rule, std::shared_ptr<const techniques::Structure> structure,
                                                Counters c);

}  // namespace csp::rules_detail
