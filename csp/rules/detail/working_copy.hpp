// Internal to the rules library (csp/rules/detail/: not part of the public API, not installed).
// Machinery shared by the rule propagators that cover many groups at once (singles.cpp,
// locked_candidates.cpp): a working copy of the cells' words, and a set of parts to revisit.
// (The first hosts the second's rule, locked_pairs.hpp, when both are posted.)
//
// Such a propagator runs on its own copy of its cells' words and writes each narrowed cell back
// once, at the end of the run: reaching a fixpoint narrows a cell several times, and every write
// through the engine wakes the cell's watchers. (With a tracer attached, each narrowing is written
// at once instead, so that every removal is reported with the rule and group that made it.)
//
// What changed since the last run? The copy lives in words of the search state (Model::add_state),
// so that search saves and restores it with the cells: between runs it holds every cell's word as
// the last successful run in this branch of the search left it (a fixpoint of the propagator), and
// the cells that differ from it are exactly those changed since, by a decision or by other
// propagators, whatever backtracking happened in between. A run updates it in place: no copy in,
// no copy out. (A failed run leaves it half done, which is fine: search drops a failed state.)
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/group_rules.hpp"

namespace csp::rules_detail {

/// The cells' words during a run (cells are the propagator's scope indices).
class WorkingCopy {
 public:
  WorkingCopy() = default;
  /// `word[cell]`: where the cell's word lives in Domains::words(); reserves the copy, one word
  /// per cell and one that says whether it was ever taken, in the model's search state.
  WorkingCopy(Model& model, std::vector<std::uint32_t> word)
      : word_(std::move(word)),
        state_(model.add_state(word_.size() + 1)),
        narrowed_((word_.size() + 63) / 64, 0) {
    for (std::size_t cell = 0; cell < word_.size(); ++cell) contiguous_ &= word_[cell] == word_[0] + cell;
  }

  /// Takes the initial domains as the copy, for a propagator that knows them to be its fixpoint:
  /// each search then starts with only the cells its caller narrowed changed.
  void shadow_initial(Model& model) const {
    std::uint64_t* copy = model.initial_state(state_);
    for (std::size_t cell = 0; cell < word_.size(); ++cell) copy[cell] = model.initial_domains().words()[word_[cell]];
    copy[word_.size()] = 1;
  }

  /// Starts a run: binds the copy of this search state and calls `changed(cell, before, now)` for
  /// each cell whose word differs from it, then takes the new word. Returns true when the state
  /// has no copy yet (no run succeeded on it: a new search), in which case every cell is
  /// reported, against an empty word.
  template <class Changed>
  bool load(Context& ctx, Changed&& changed) {
    const std::uint64_t* words = ctx.domains().words().data();
    const std::uint32_t n = static_cast<std::uint32_t>(word_.size());
    std::uint64_t* copy = copy_ = ctx.state(state_);
    if (copy[n] == 0) {  // fresh
      for (std::uint32_t cell = 0; cell < n; ++cell) {
        copy[cell] = words[word_[cell]];
        changed(cell, std::uint64_t{0}, copy[cell]);
      }
      return true;
    }
    auto take = [&](std::uint32_t cell, std::uint64_t now) {
      const std::uint64_t before = copy[cell];
      copy[cell] = now;
      changed(cell, before, now);
    };
    if (!contiguous_) {
      for (std::uint32_t cell = 0; cell < n; ++cell)
        if (const std::uint64_t now = words[word_[cell]]; now != copy[cell]) take(cell, now);
      return false;
    }
    // Most runs find a handful of cells changed: compare four at a time, then look closer.
    const std::uint64_t* now = words + word_[0];
    std::uint32_t cell = 0;
    for (; cell + 4 <= n; cell += 4) {
      if (((now[cell] ^ copy[cell]) | (now[cell + 1] ^ copy[cell + 1]) | (now[cell + 2] ^ copy[cell + 2]) |
           (now[cell + 3] ^ copy[cell + 3])) == 0)
        continue;
      for (std::uint32_t k = cell; k < cell + 4; ++k)
        if (now[k] != copy[k]) take(k, now[k]);
    }
    for (; cell < n; ++cell)
      if (now[cell] != copy[cell]) take(cell, now[cell]);
    return false;
  }

  std::uint64_t operator[](std::uint32_t cell) const { return copy_[cell]; }
  const std::uint64_t* data() const { return copy_; }

  /// Narrows a cell to `keep` (a subset of its word): in the copy, and in the domains either now
  /// (when `now`, for a tracer) or at the end of the run. False when the engine reports a failure.
  bool set(Context& ctx, Var var, std::uint32_t cell, std::uint64_t keep, bool now) {
    copy_[cell] = keep;
    if (now) return ctx.keep_bits(var, keep);
    // A bit set, not a list: whether the cell was narrowed before in this run is hard to predict.
    narrowed_[cell / 64] |= std::uint64_t{1} << (cell % 64);
    return true;
  }

  /// Takes the values `gone` from the cells of `cells` (bit k: cell word * 64 + k), in the copy
  /// only (not with a tracer): many cells at once, recorded narrowed with one write.
  void remove_from(std::uint32_t word, std::uint64_t cells, std::uint64_t gone) {
    narrowed_[word] |= cells;
    for (; cells != 0; cells &= cells - 1)
      copy_[word * 64 + static_cast<std::uint32_t>(std::countr_zero(cells))] &= ~gone;
  }

  /// Ends a run. After success, writes every narrowed cell back to the domains (of `scope`) and
  /// marks the copy taken; after a failure the state is dropped, so nothing is written (search
  /// drops those domains too). Returns the run's outcome.
  bool finish(Context& ctx, std::span<const Var> scope, bool ok) {
    for (std::size_t k = 0; k < narrowed_.size(); ++k) {
      for (std::uint64_t m = narrowed_[k]; ok && m != 0; m &= m - 1) {
        const std::size_t cell = k * 64 + static_cast<std::size_t>(std::countr_zero(m));
        ok = ctx.keep_bits(scope[cell], copy_[cell]);
      }
      narrowed_[k] = 0;
    }
    if (ok) copy_[word_.size()] = 1;  // taken
    return ok;
  }

 private:
  std::vector<std::uint32_t> word_;          // per cell: its word in Domains::words()
  bool contiguous_ = true;                   // the cells' words follow each other in that order
  std::uint32_t state_ = 0;                  // the copy: search-state words, one per cell and a flag
  std::uint64_t* copy_ = nullptr;            // bound by load() to the state being propagated
  std::vector<std::uint64_t> narrowed_;      // the cells narrowed in this run, not yet written
};

/// A set of parts (groups, pairs of groups) waiting for a look, as a bit set, with each cell's
/// parts as a mask so that marking them all is a few word ORs. Parts are taken in turn from a
/// cursor that goes round, an order close to first come, first served (taking the lowest first
/// does measurably more work: a part marked early waits behind parts marked again and again).
class PartSet {
 public:
  PartSet() = default;
  /// `parts_of[cell]`: the parts the cell belongs to.
  PartSet(std::size_t parts, const std::vector<std::vector<std::uint32_t>>& parts_of)
      : parts_(parts), words_((parts + 63) / 64), mask_(parts_of.size() * words_, 0), marked_(words_, 0) {
    for (std::size_t cell = 0; cell < parts_of.size(); ++cell)
      for (std::uint32_t p : parts_of[cell]) mask_[cell * words_ + p / 64] |= std::uint64_t{1} << (p % 64);
  }

  /// Marks every part of the cell.
  void mark_parts_of(std::uint32_t cell) {
    const std::uint64_t* mask = mask_.data() + std::size_t{cell} * words_;
    for (std::size_t k = 0; k < words_; ++k) marked_[k] |= mask[k];
  }
  /// Marks every part of the cell but those in `skip` (a bit set of parts, words() words).
  void mark_parts_of(std::uint32_t cell, const std::uint64_t* skip) {
    const std::uint64_t* mask = mask_.data() + std::size_t{cell} * words_;
    for (std::size_t k = 0; k < words_; ++k) marked_[k] |= mask[k] & ~skip[k];
  }
  /// Takes the cell's parts out of `parts` (a bit set of parts, words() words).
  void remove_parts_of(std::uint32_t cell, std::uint64_t* parts) const {
    const std::uint64_t* mask = mask_.data() + std::size_t{cell} * words_;
    for (std::size_t k = 0; k < words_; ++k) parts[k] &= ~mask[k];
  }
  /// Words in a bit set of parts.
  std::size_t words() const { return words_; }

  /// Takes a marked part off the set: the next one at or after the cursor, going round; false
  /// when none is left.
  bool next(std::uint32_t& part) {
    if (words_ == 0) return false;
    std::size_t k = cursor_ / 64;
    std::uint64_t w = marked_[k] & (~std::uint64_t{0} << (cursor_ % 64));
    for (std::size_t step = 0; w == 0; ++step) {
      if (step == words_) return false;
      k = k + 1 == words_ ? 0 : k + 1;
      w = marked_[k];
    }
    const int bit = std::countr_zero(w);
    marked_[k] &= ~(std::uint64_t{1} << bit);
    part = static_cast<std::uint32_t>(k * 64 + static_cast<std::size_t>(bit));
    cursor_ = part + 1 == parts_ ? 0 : part + 1;
    return true;
  }

  /// Unmarks every part (after a failed run).
  void clear() { std::fill(marked_.begin(), marked_.end(), 0); }

 private:
  std::size_t parts_ = 0, words_ = 0;
  std::vector<std::uint64_t> mask_;    // per cell: its parts, words_ words
  std::vector<std::uint64_t> marked_;  // the parts waiting for a look
  std::size_t cursor_ = 0;             // where next() looks first
};

/// The meaning and the check of some exact groups, for a propagator whose scope covers them all:
/// each group through techniques::exact_values() and techniques::fixed_distinct() (structure.hpp),
/// the one statement of what an exact group means.
class GroupsMeaning {
 public:
  GroupsMeaning() = default;
  /// `index_of`: each variable's index in the propagator's scope (scope_index()).
  void add(const Group& g, const Shape& shape, const std::vector<int>& index_of) {
    Entry e{g.cells, {}, shape};
    for (Var v : g.cells) e.index.push_back(static_cast<std::uint32_t>(index_of[static_cast<std::size_t>(v.id)]));
    entries_.push_back(std::move(e));
  }
  /// Propagator::satisfied: `values` in scope order.
  bool satisfied(std::span<const Value> values) const {
    std::array<Value, kMaxCells> mine;
    for (const Entry& e : entries_) {
      for (std::size_t k = 0; k < e.index.size(); ++k) mine[k] = values[e.index[k]];
      if (!techniques::exact_values(std::span<const Value>(mine.data(), e.index.size()), e.shape.values, e.shape.base))
        return false;
    }
    return true;
  }
  /// The groups' cells (Propagator::relations).
  std::vector<std::vector<Var>> groups() const {
    std::vector<std::vector<Var>> g;
    for (const Entry& e : entries_) g.push_back(e.cells);
    return g;
  }
  /// Propagator::check: no value fixed twice in a group.
  bool check(const Domains& d) const {
    for (const Entry& e : entries_)
      if (!techniques::fixed_distinct(d.words().data(), std::span<const std::uint32_t>(e.shape.word.data(), e.cells.size())))
        return false;
    return true;
  }

 private:
  struct Entry {
    std::vector<Var> cells;
    std::vector<std::uint32_t> index;  // the cells' scope indices
    Shape shape;
  };
  std::vector<Entry> entries_;
};

/// The distinct cells of some groups, in order of first appearance.
std::vector<Var> distinct_cells(const std::vector<Group>& groups);

/// Each variable's index in `scope`, by variable id (-1 for variables not in it).
std::vector<int> scope_index(std::span<const Var> scope);

}  // namespace csp::rules_detail
