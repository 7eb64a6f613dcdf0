// Sudoku's catalogue (catalogue.hpp): the generic rows, the uniqueness rows, Sudoku's score order.
#include "problems/sudoku/catalogue.hpp"

#include <algorithm>
#include <climits>

#include "problems/sudoku/grading.hpp"
#include "problems/sudoku/uniqueness/uniqueness.hpp"

namespace problems::sudoku {

namespace tq = csp::techniques;

// The rows name only the fields they set (designated initializers; the others keep Technique's
// defaults). GCC before 14 takes an omitted field for a forgotten one (its bug 96868): not here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
const std::vector<tq::Technique>& uniqueness_rows() {
  using namespace uniqueness;
  // Never search rules (.search = none): the logical solver tries them only on a puzzle it has
  // counted one solution for, and their step text ends with "(uniqueness)".
  constexpr tq::Search kNone = tq::Search::none;
  static const std::vector<tq::Technique> rows = {
      {.name = "unique-rectangle-1", .aliases = "ur-1",
       .idea = "three corners of a rectangle in two boxes hold only a,b: the fourth loses a,b (uniqueness)",
       .find = find_unique_rectangle_1, .search = kNone, .needs_unique = true},
      {.name = "unique-rectangle-2", .aliases = "ur-2",
       .idea = "a rectangle's floor holds only a,b and its roof a,b,c: c leaves the cells seeing both roof cells "
               "(uniqueness)",
       .find = find_unique_rectangle_2, .search = kNone, .needs_unique = true},
      {.name = "unique-rectangle-3", .aliases = "ur-3",
       .idea = "a rectangle's roof holds a,b and more: its other values form a naked subset with cells of a group it "
               "shares (uniqueness)",
       .find = find_unique_rectangle_3, .search = kNone, .needs_unique = true},
      {.name = "unique-rectangle-4", .aliases = "ur-4",
       .idea = "a rectangle's floor holds only a,b and a group of its roof has a only there: b leaves the roof "
               "(uniqueness)",
       .find = find_unique_rectangle_4, .search = kNone, .needs_unique = true},
      {.name = "bug-plus-1", .aliases = "bug+1",
       .idea = "all open cells bivalue but one: it takes the value with three places in its groups (uniqueness)",
       .find = find_bug_plus_1, .search = kNone, .needs_unique = true},
  };
  return rows;
}
#pragma GCC diagnostic pop

const std::vector<tq::Technique>& catalogue() {
  static const std::vector<tq::Technique> rows = [] {
    std::vector<tq::Technique> out = tq::catalogue();
    const std::vector<tq::Technique>& own = uniqueness_rows();
    out.insert(out.end(), own.begin(), own.end());
    auto score = [](const tq::Technique& t) {
      const Scoring* s = scoring_of(t.name);
      return s != nullptr ? s->score : INT_MAX;
    };
    std::stable_sort(out.begin(), out.end(),
                     [&](const tq::Technique& a, const tq::Technique& b) { return score(a) < score(b); });
    return out;
  }();
  return rows;
}

const tq::Technique* find_technique(std::string_view name) { return tq::find_technique(catalogue(), name); }

std::vector<const tq::Technique*> parse_techniques(std::string_view list) {
  return tq::parse_techniques(catalogue(), list);
}

}  // namespace problems::sudoku
