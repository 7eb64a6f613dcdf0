// Deductions on exact all-different groups: the one registry of step finders.
//
// A human solver (and HoDoKu, Sudoku Explainer) works one step at a time: find one pattern, apply
// what it proves, look again. Each deduction here is such a pattern, written once for any set of
// exact groups (n cells taking n values, each once: Sudoku rows, columns and boxes, Latin-square
// lines, ...), as ONE finder in its own .cpp file under csp/rules/techniques/ (named after it:
// naked_pair.cpp) whose header comment states the idea.
//
// A finder looks at a Position (the groups and the current candidates) and reports ONE step
// without applying it: the deduction, the cells and groups of the pattern, its values, and what it
// proves (placements, removals). A step is only reported when it makes progress: every removal is a
// current candidate, every placement is of an open cell. The finder is the whole definition of its
// deduction; everything else is built from it:
//   - explanations: the logical solver of a problem (problems/sudoku/logic.hpp) applies the simplest
//     deduction that makes progress, step by step, and grades the result (problems/sudoku/grading.hpp);
//   - search rules: post_groups() posts a rule as its finder applied to a fixpoint (propagator.cpp),
//     unless the deduction has an accelerator: a fast propagator proven (tests/test_rules.cpp,
//     differentially) to reach exactly the closure of its finders — the singles (singles.cpp) for
//     naked-single and hidden-single, locked pairs (detail/locked_pairs.hpp) for pointing and claiming.
//
// Adding a deduction (say "w-wing"), two steps:
//   1. csp/rules/techniques/w_wing.cpp: `bool find_w_wing(const Position&, Step&)`, its header
//      comment stating the idea, declared in csp/rules/detail/finders.hpp beside the others (a
//      function of another file must be declared somewhere; finders.hpp is where the registry's
//      table sees them all). step_helpers.hpp has the small helpers finders share.
//   2. One row in catalogue() (catalogue.cpp), at its place by difficulty:
//        {.name = "w-wing", .idea = "<the idea in one sentence>", .find = find_w_wing},
//      The defaults make it a technique rule posted through its finder: `--rules w-wing`, part of
//      "techniques" and "every", listed after the older rules, counted as "w-wing" and
//      "w-wing.removals" in the statistics; it is an explanation step (`sudoku explain
//      --techniques w-wing`) too. Set .one_group when its pattern lies within one group,
//      .search = Search::none if it must never be a search rule.
//   The build and tests/ pick it up (the soundness and harness tests run every row). Sudoku's grade
//   needs its score too (problems/sudoku/grading.cpp, a problem's own scheme, which also orders
//   Sudoku's catalogue; a test names a row without one). Nothing else lists the deductions.
//
// Soundness: every finder of the catalogue deduces only from the meaning of the groups, never from
// uniqueness of the solution, so on any position each removal is of a value no solution extending
// it can take (tests: tests/test_techniques.cpp, against the true solution of thousands of
// generated puzzles). A problem may add rows of its own, marked needs_unique, sound only on
// positions of a puzzle with exactly one solution (Sudoku's unique rectangles and BUG+1:
// problems/sudoku/catalogue.hpp); find_technique() and parse_techniques() read such a table too.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csp/kernel/domains.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/techniques/structure.hpp"

namespace csp::techniques {

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

/// A link of a chain between two candidates: strong (at least one holds) or weak (at most one).
struct Link {
  Candidate from, to;
  bool strong;
  bool operator==(const Link&) const = default;
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
  std::vector<Link> links;             ///< chains: their links in order (what a page draws); else empty
  /// Chains with grouped nodes: per node in order, how many of `cells` it holds (a grouped node,
  /// a value's places in a box-line intersection: two or more), `cells` then listing every node's
  /// cells in chain order and links joining the nodes' first cells. Empty: one cell per node.
  std::vector<std::uint32_t> node_sizes;
  /// The variant of the technique the step is, named in its text ("cell forcing chain"), or "".
  std::string_view kind;
  std::vector<std::int32_t> scratch;   ///< working memory of the finders (not part of the step)

  void clear() {
    technique = {};
    cells.clear();
    groups.clear();
    values.clear();
    placements.clear();
    removals.clear();
    links.clear();
    node_sizes.clear();
    kind = {};
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
    s.links = links;
    s.node_sizes = node_sizes;
    s.kind = kind;
    return s;
  }
};

/// Finds one step; returns false when the technique makes no progress on the position.
using Finder = bool (*)(const Position&, Step&);

/// What a deduction is as a search rule (--rules): which named rule set takes it.
enum class Search : std::uint8_t {
  none,        ///< explanations only, never a search rule (full-house: the singles cover it)
  all,         ///< a group rule: in "all" (and "every")
  techniques,  ///< a technique rule: in "techniques" (and "every"); what a new deduction is
};

/// A row of the registry: one deduction. The fields after `find` have defaults that suit a new
/// deduction: a technique rule of its own, over all the groups, without an accelerator.
struct Technique {
  std::string_view name;         ///< the canonical name, HoDoKu-style and singular: "naked-pair"
  std::string_view aliases;      ///< older names also accepted, comma-separated ("naked-twins"), or ""
  std::string_view idea;         ///< one sentence
  Finder find = nullptr;         ///< the finder (in csp/rules/techniques/<name>.cpp)
  std::string_view set = "";     ///< the named set it belongs to ("singles", "locked-candidates"), or ""
  Search search = Search::techniques;  ///< which named rule set takes it as a search rule, if any
  /// Its pattern lies within one group (naked and hidden subsets): as a search rule it is posted
  /// on each group separately, woken only by changes to that group.
  bool one_group = false;
  /// As a search rule it is posted and named only with the rest of its set, as one rule named after
  /// the set (pointing and claiming: the rule "locked-candidates").
  bool by_set = false;
  std::string_view accelerator = "";  ///< the fast propagator reaching the same fixpoint as the finder, or ""
  /// Its place among the search rules where they are listed (rule_names(), "all", "techniques",
  /// "every", hence the statistics): the order they had before the registry, kept so that outputs
  /// stay the same. 0, as a new deduction leaves it: after those, in registry order.
  std::uint8_t listed = 0;
  /// Sound only for a puzzle known to have exactly one solution (no row of catalogue(); Sudoku's
  /// unique rectangles and BUG+1): never a search rule (search = Search::none), and the logical
  /// solver tries it only after counting the puzzle's solutions and finding one; its step text ends
  /// with "(uniqueness)".
  bool needs_unique = false;

  /// True when `n` is the name or one of the aliases.
  bool named(std::string_view n) const;
};

/// The items of a comma-separated list, each trimmed of spaces and tabs, empty ones kept ("" gives
/// one empty item): how rule, technique and alias lists are read.
std::vector<std::string_view> comma_list(std::string_view list);

/// The registry: every generic deduction (none needs_unique), simplest first; the rows and their
/// order are those of catalogue.cpp (`sudoku explain --help` and /api/options list them).
const std::vector<Technique>& catalogue();
/// The entry of that name or alias in `table` (by default the catalogue), nullptr when none.
const Technique* find_technique(std::string_view name);
const Technique* find_technique(std::span<const Technique> table, std::string_view name);
/// The rows a search rule posts, in registry order: its deduction, or its set's (pointing and
/// claiming for locked-candidates).
std::vector<const Technique*> rows_of(Rule rule);
/// The finders of a rule in registry order (one, or a set's: pointing and claiming for
/// locked-candidates).
std::vector<Finder> finders_of(Rule rule);
/// True when every deduction of the rule lies within one group (Technique::one_group).
bool one_group(Rule rule);
/// A comma-separated list of deduction names (or aliases) in the order to try them, read against
/// `table` (by default the catalogue; a problem's own table, such as Sudoku's, adds its rows). Also
/// accepted: "all" (the whole table, in its order) and the set names, "singles" (full-house,
/// naked-single, hidden-single) and "locked-candidates" (pointing, claiming). Throws
/// std::invalid_argument naming an unknown name (and listing the table's).
std::vector<const Technique*> parse_techniques(std::string_view list);
std::vector<const Technique*> parse_techniques(std::span<const Technique> table, std::string_view list);

}  // namespace csp::techniques
