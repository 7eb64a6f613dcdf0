// The groups of a problem, indexed once and validated once: the one place that says what an exact
// group is (n cells taking n values, each once) and checks that a list of groups is one. The finders
// read it (csp/rules/techniques/), post_groups() posts every rule from it, the logical solver of a
// problem explains and grades on it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "csp/kernel/domains.hpp"
#include "csp/rules/group_rules.hpp"

namespace csp::techniques {

/// The meaning of one exact group: `values` are pairwise distinct values of the group
/// (`group_values`, bits relative to `base`). For n values out of n, that is all of them.
bool exact_values(std::span<const Value> values, std::uint64_t group_values, Value base);
/// No value fixed twice among the cells whose words (indices into `words`) are listed.
bool fixed_distinct(const std::uint64_t* words, std::span<const std::uint32_t> cell_words);

/// A cell of a Structure: an index 0..cells()-1.
using Cell = std::uint32_t;

/// The groups of a problem, indexed for the finders: cells, the groups of each cell, peers
/// (cells sharing a group), families (sets of pairwise disjoint groups, e.g. rows) and which pairs
/// of families cross (every group of one meets every group of the other in exactly one cell: rows
/// and columns), which is what fish need.
class Structure {
 public:
  struct GroupInfo {
    std::string name;         ///< "row 3", "box 5"
    std::vector<Cell> cells;  ///< in the group's order
    std::vector<std::uint32_t> words;  ///< the cells' words in Domains::words(), in the same order
    std::uint64_t values = 0; ///< the group's values, as bits relative to base()
    int family = 0;           ///< index into families()
  };
  /// Two groups sharing two or more cells (a box and a row): the ground of locked candidates.
  struct Overlap {
    std::uint32_t a, b;
    std::vector<Cell> shared;
  };

  /// Reads the groups against `initial` (the model's initial domains). Every cell must have a
  /// one-word domain, all with one base, and each group must be exact (its cells' domains hold as
  /// many values as it has cells, each cell listed once); throws std::invalid_argument naming the
  /// group otherwise. Cells are numbered in order of first appearance. Families are found greedily: each group, in order, joins the
  /// first family whose groups it does not meet (Sudoku: rows, columns, boxes).
  Structure(const Domains& initial, const std::vector<Group>& groups);

  std::size_t cells() const { return vars_.size(); }
  Var var(Cell c) const { return vars_[c]; }
  /// The cell of a variable, -1 when it is in no group.
  int cell_of(Var v) const;
  /// Index of the cell's word in Domains::words().
  std::uint32_t word(Cell c) const { return word_[c]; }
  Value base() const { return base_; }

  const std::vector<GroupInfo>& groups() const { return groups_; }
  std::span<const std::uint32_t> groups_of(Cell c) const {
    return {groups_of_.data() + groups_of_start_[c], groups_of_start_[c + 1] - groups_of_start_[c]};
  }
  std::span<const Cell> peers(Cell c) const {
    return {peers_.data() + peers_start_[c], peers_start_[c + 1] - peers_start_[c]};
  }
  /// True when a != b and they share a group.
  bool sees(Cell a, Cell b) const { return (sees_[a * stride_ + b / 64] >> (b % 64)) & 1U; }
  /// The words of a set of cells as bits (cell c: bit c % 64 of word c / 64).
  std::size_t cell_words() const { return stride_; }
  /// The peers of c as a set of cells (cell_words() words; c itself is not in it).
  std::span<const std::uint64_t> peer_bits(Cell c) const { return {sees_.data() + c * stride_, stride_}; }
  /// A number no other Structure built in this process has (a copy keeps it): what a cache of
  /// data derived from a structure and a position keys on (almost_locked_set.cpp).
  std::uint64_t id() const { return id_; }

  const std::vector<std::vector<std::uint32_t>>& families() const { return families_; }
  /// The index within family f of the group holding c, -1 when none.
  int member(int family, Cell c) const { return member_[static_cast<std::size_t>(family) * cells() + c]; }
  /// Pairs of families (f < g) that cross: every group of f meets every group of g in one cell.
  const std::vector<std::pair<int, int>>& crossings() const { return crossings_; }
  /// True when the family takes part in a crossing (its groups are "lines").
  bool line_family(int f) const { return line_[static_cast<std::size_t>(f)] != 0; }
  const std::vector<Overlap>& overlaps() const { return overlaps_; }

  // The meaning of the groups, at three levels of knowledge:
  /// A complete assignment (`values` by cell) gives every group its values, each once.
  bool satisfied(std::span<const Value> values) const;
  /// No value is fixed in two cells of a group (the check of inference level none).
  bool fixed_distinct(const Domains& d) const;
  /// Every cell has a candidate and every value of a group a place in it (else no solution).
  bool covered(const Domains& d) const;

 private:
  std::vector<Var> vars_;
  std::vector<int> cell_of_;  // by variable id
  std::vector<std::uint32_t> word_;
  Value base_ = 0;
  std::vector<GroupInfo> groups_;
  std::vector<std::uint32_t> groups_of_, groups_of_start_;
  std::vector<Cell> peers_;
  std::vector<std::uint32_t> peers_start_;
  std::vector<std::uint64_t> sees_;
  std::size_t stride_ = 0;
  std::vector<std::vector<std::uint32_t>> families_;
  std::vector<int> member_;
  std::vector<std::pair<int, int>> crossings_;
  std::vector<char> line_;
  std::vector<Overlap> overlaps_;
  std::uint64_t id_ = 0;
};

}  // namespace csp::techniques
