// The grading scheme: HoDoKu's base scores and the levels, by deduction.
#include "problems/sudoku/grading.hpp"

#include <utility>

namespace problems::sudoku {

namespace {

// Every deduction of Sudoku's catalogue (catalogue.hpp, which these scores order; a test checks
// that none is missing).
constexpr std::pair<std::string_view, Scoring> kScores[] = {
    {"full-house", {4, Level::easy}},       {"naked-single", {4, Level::easy}},
    {"hidden-single", {14, Level::easy}},   {"pointing", {50, Level::medium}},
    {"claiming", {50, Level::medium}},      {"naked-pair", {60, Level::medium}},
    {"hidden-pair", {70, Level::medium}},   {"naked-triple", {80, Level::medium}},
    {"hidden-triple", {100, Level::medium}}, {"naked-quad", {120, Level::hard}},
    {"x-wing", {140, Level::hard}},         {"hidden-quad", {150, Level::hard}},
    {"swordfish", {150, Level::hard}},      {"simple-colouring", {150, Level::hard}},
    {"jellyfish", {160, Level::hard}},      {"xy-wing", {160, Level::hard}},
    {"xyz-wing", {180, Level::hard}},       {"x-chain", {260, Level::fiendish}},
    // Added for issue 21; HoDoKu's scores and levels (its Options.java; "unfair" is our fiendish).
    {"finned-x-wing", {130, Level::hard}},  {"sashimi-x-wing", {150, Level::hard}},
    {"finned-swordfish", {200, Level::hard}}, {"sashimi-swordfish", {240, Level::hard}},
    {"finned-jellyfish", {250, Level::hard}}, {"sashimi-jellyfish", {260, Level::hard}},
    {"turbot-fish", {120, Level::hard}},    {"empty-rectangle", {120, Level::hard}},
    {"skyscraper", {130, Level::hard}},     {"two-string-kite", {150, Level::hard}},
    {"w-wing", {150, Level::hard}},
    {"sue-de-coq", {250, Level::fiendish}},  // HoDoKu: 250, unfair
    {"unique-rectangle-1", {100, Level::hard}}, {"bug-plus-1", {100, Level::hard}},
    {"unique-rectangle-2", {100, Level::hard}}, {"unique-rectangle-3", {100, Level::hard}},
    {"unique-rectangle-4", {100, Level::hard}},
    // Not in HoDoKu (which finds these sets as ALS-XZ, 300): after its XYZ-wing, 180.
    {"wxyz-wing", {190, Level::hard}},
    // Chains and forcing (issue 21).
    {"xy-chain", {260, Level::fiendish}},   {"3d-medusa", {270, Level::fiendish}},
    {"aic", {280, Level::fiendish}},
    {"grouped-aic", {300, Level::fiendish}},
    // Almost locked sets (issue 21; HoDoKu's ALS-XZ 300 and ALS-XY-Wing 320, "unfair").
    {"als-xz", {300, Level::fiendish}},     {"als-xy-wing", {320, Level::fiendish}},
    {"forcing-chain", {500, Level::extreme}}, {"forcing-net", {700, Level::extreme}},
    {"nested-forcing-net", {1200, Level::extreme}},
};

// The ceilings at 81 cells (HoDoKu's; extreme has none).
constexpr int kCeiling[] = {800, 1000, 1600, 1800};
constexpr long long kCells = 81;

}  // namespace

std::string_view level_name(Level l) {
  switch (l) {
    case Level::easy: return "easy";
    case Level::medium: return "medium";
    case Level::hard: return "hard";
    case Level::fiendish: return "fiendish";
    case Level::extreme: return "extreme";
  }
  return "?";
}

int level_ceiling(Level l, std::size_t cells) {
  if (l == Level::extreme) return -1;
  const long long base = kCeiling[static_cast<int>(l)];
  return static_cast<int>(base * static_cast<long long>(cells) / kCells);
}

Level level_of(Level hardest, int score, std::size_t cells) {
  Level l = hardest;
  while (l != Level::extreme && score > level_ceiling(l, cells)) l = static_cast<Level>(static_cast<int>(l) + 1);
  return l;
}

const Scoring* scoring_of(std::string_view technique) {
  for (const auto& [name, scoring] : kScores)
    if (name == technique) return &scoring;
  return nullptr;
}

}  // namespace problems::sudoku
