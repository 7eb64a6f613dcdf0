// Human solving techniques on exact all-different groups: a catalogue of step finders.
//
// A human solver (and HoDoKu, Sudoku Explainer) works one step at a time: find one pattern, apply
// what it proves, look again. Each technique here is such a pattern, written once for any set of
// exact groups (n cells taking n values, each once: Sudoku rows, columns and boxes, Latin-square
// lines, ...), in its own .cpp file under csp/rules/techniques/ whose header comment states the idea.
//
// A finder looks at a Position (the groups and the current candidates) and reports ONE step
// without applying it: the technique, the cells and groups of the pattern, its values, and what it
// proves (placements, removals). A step is only reported when it makes progress: every removal is a
// current candidate, every placement is of an open cell. The logical solver of a problem
// (problems/sudoku/logic.hpp) applies the simplest technique that makes progress, step by step, to
// explain and grade puzzles; the elimination techniques are also propagation rules for search
// (csp::Rule::x_wing and friends, posted by post_groups(), see propagator.cpp).
//
// Soundness: every finder deduces only from the meaning of the groups, never from uniqueness of the
// solution, so on any position each removal is of a value no solution extending it can take (tests:
// tests/test_techniques.cpp, against the true solution of thousands of generated puzzles).
//
// Scores and levels (the grading scheme; docs/techniques.md): each technique has a base score
// (HoDoKu's values) and a level. A puzzle's score is the sum of the base scores of the steps that
// solved it; its level is the hardest level among its techniques, raised while the score exceeds
// that level's ceiling (800 for easy, 1000 for medium, 1600 for hard, scaled by cells/81).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csp/domains.hpp"
#include "csp/rules/group_rules.hpp"

namespace csp::techniques {

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
    std::uint64_t values = 0; ///< the group's values, as bits relative to base()
    int family = 0;           ///< index into families()
  };
  /// Two groups sharing two or more cells (a box and a row): the ground of locked candidates.
  struct Overlap {
    std::uint32_t a, b;
    std::vector<Cell> shared;
  };

  /// Reads the groups against `initial` (the model's initial domains). Every cell must have a
  /// one-word domain, all with one base, and each group must be exact; throws
  /// std::invalid_argument otherwise. Families are found greedily: each group, in order, joins the
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

  const std::vector<std::vector<std::uint32_t>>& families() const { return families_; }
  /// The index within family f of the group holding c, -1 when none.
  int member(int family, Cell c) const { return member_[static_cast<std::size_t>(family) * cells() + c]; }
  /// Pairs of families (f < g) that cross: every group of f meets every group of g in one cell.
  const std::vector<std::pair<int, int>>& crossings() const { return crossings_; }
  /// True when the family takes part in a crossing (its groups are "lines").
  bool line_family(int f) const { return line_[static_cast<std::size_t>(f)] != 0; }
  const std::vector<Overlap>& overlaps() const { return overlaps_; }

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
};

/// What a finder looks at: the structure, the current candidates and which cells are placed.
struct Position {
  const Structure& structure;
  const Domains& domains;
  /// One flag per cell: 1 when the cell's value is placed (and removed from its peers). Empty: a
  /// cell counts as placed when it has one candidate (how propagators see it). Only the single
  /// techniques read it; the others work on candidates alone.
  std::span<const std::uint8_t> placed = {};

  /// The cell's candidates as bits relative to structure.base().
  std::uint64_t cands(Cell c) const { return domains.words()[structure.word(c)]; }
  bool is_placed(Cell c) const {
    if (!placed.empty()) return placed[c] != 0;
    const std::uint64_t w = cands(c);
    return w != 0 && (w & (w - 1)) == 0;
  }
};

/// A candidate: a cell and a value.
struct Candidate {
  Cell cell;
  Value value;
  bool operator==(const Candidate&) const = default;
};

/// One step of a technique. Finders reuse the vectors of the Step they are given (cleared first),
/// so that a loop of finds allocates nothing once the vectors have grown.
struct Step {
  std::string_view technique;          ///< the catalogue name, e.g. "x-wing"
  std::vector<Cell> cells;             ///< the pattern's cells (order documented by each technique)
  std::vector<std::uint32_t> groups;   ///< the groups of the pattern, as indices into groups()
  std::vector<Value> values;           ///< the pattern's values (a pair's two, a fish's one, ...)
  std::vector<Candidate> placements;   ///< cells proven to take a value
  std::vector<Candidate> removals;     ///< candidates proven impossible
  std::vector<std::int32_t> scratch;   ///< working memory of the finders (not part of the step)

  void clear() {
    technique = {};
    cells.clear();
    groups.clear();
    values.clear();
    placements.clear();
    removals.clear();
  }
  /// A copy without the working memory (to keep in a log).
  Step record() const {
    Step s;
    s.technique = technique;
    s.cells = cells;
    s.groups = groups;
    s.values = values;
    s.placements = placements;
    s.removals = removals;
    return s;
  }
};

/// Difficulty levels, easiest first.
enum class Level : std::uint8_t { easy, medium, hard, fiendish };
std::string_view level_name(Level l);
/// The ceiling of a level's score for a grid of `cells` cells (800, 1000, 1600 at 81 cells, scaled
/// in proportion); fiendish has none.
int level_ceiling(Level l, std::size_t cells);
/// The level of a solve: the hardest technique's level, raised while the score exceeds its ceiling.
Level level_of(Level hardest, int score, std::size_t cells);

/// Finds one step; returns false when the technique makes no progress on the position.
using Finder = bool (*)(const Position&, Step&);

/// A catalogue entry.
struct Technique {
  std::string_view name;  ///< "hidden-single"
  std::string_view idea;  ///< one sentence
  int score;              ///< base score per step
  Level level;
  Finder find;
  /// The csp::Rule that posts this technique as a propagator (eliminations only), if any.
  bool has_rule;
  Rule rule;
};

/// Every technique, simplest first (the default order of the logical solver):
/// full-house, naked-single, hidden-single, pointing, claiming, naked-pair, hidden-pair,
/// naked-triple, hidden-triple, naked-quad, x-wing, hidden-quad, swordfish, simple-colouring,
/// jellyfish, xy-wing, xyz-wing, x-chain.
const std::vector<Technique>& catalogue();
/// The entry of that name, nullptr when none.
const Technique* find_technique(std::string_view name);
/// A comma-separated list of technique names in the order to try them. Also accepted: "all"
/// (the catalogue), "singles" (full-house, naked-single, hidden-single) and "locked-candidates"
/// (pointing, claiming). Throws std::invalid_argument naming an unknown name.
std::vector<const Technique*> parse_techniques(std::string_view list);

/// The step in one line, e.g. "hidden-single in box 5: r3c5 = 7",
/// "naked-pair 3,8 in row 2 (r2c1, r2c7): removed 3,8 from r2c3, r2c5",
/// "x-wing 4 in row 2, row 7, column 3, column 5 (r2c3, r2c5, r7c3, r7c5): removed 4 from r5c3".
/// `cell_name` names a cell, `value_name` a value.
std::string describe(const Step& s, const Structure& st, const std::function<std::string(Cell)>& cell_name,
                     const std::function<std::string(Value)>& value_name);

}  // namespace csp::techniques
