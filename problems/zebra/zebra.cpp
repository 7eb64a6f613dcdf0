#include "problems/zebra/zebra.hpp"

#include <cstdlib>

namespace problems::zebra {
namespace {

// Item indices, in the order of names().
enum { English, Spaniard, Ukrainian, Norwegian, Japanese };
enum { red, green, ivory, yellow, blue };
enum { coffee, tea, milk, orange_juice, water };
enum { old_gold, kools, chesterfields, lucky_strike, parliaments };
enum { dog, snails, fox, horse, zebra };

// The fifteen clues as data, so that the model and the independent check read the same list.
struct Clue {
  enum Type { same, right_of, next_to, at } type;
  Kind kind_a;
  int a;
  Kind kind_b;  // unused for `at`
  int b;        // the house for `at`
};
constexpr Clue kClues[] = {
    {Clue::same, nationality, English, colour, red},             //  2. The Englishman lives in the red house.
    {Clue::same, nationality, Spaniard, pet, dog},               //  3. The Spaniard owns the dog.
    {Clue::same, drink, coffee, colour, green},                  //  4. Coffee is drunk in the green house.
    {Clue::same, nationality, Ukrainian, drink, tea},            //  5. The Ukrainian drinks tea.
    {Clue::right_of, colour, green, colour, ivory},              //  6. Green is just right of ivory.
    {Clue::same, smoke, old_gold, pet, snails},                  //  7. The Old Gold smoker owns snails.
    {Clue::same, smoke, kools, colour, yellow},                  //  8. Kools are smoked in the yellow house.
    {Clue::at, drink, milk, drink, 3},                           //  9. Milk is drunk in the middle house.
    {Clue::at, nationality, Norwegian, nationality, 1},          // 10. The Norwegian lives in the first house.
    {Clue::next_to, smoke, chesterfields, pet, fox},             // 11. Chesterfields next to the fox.
    {Clue::next_to, smoke, kools, pet, horse},                   // 12. Kools next to the horse.
    {Clue::same, smoke, lucky_strike, drink, orange_juice},      // 13. Lucky Strike with orange juice.
    {Clue::same, nationality, Japanese, smoke, parliaments},     // 14. The Japanese smokes Parliaments.
    {Clue::next_to, nationality, Norwegian, colour, blue},       // 15. The Norwegian next to the blue house.
};

}  // namespace

const std::array<std::array<const char*, kHouses>, kKinds>& names() {
  static const std::array<std::array<const char*, kHouses>, kKinds> n{{
      {"Englishman", "Spaniard", "Ukrainian", "Norwegian", "Japanese"},
      {"red", "green", "ivory", "yellow", "blue"},
      {"coffee", "tea", "milk", "orange juice", "water"},
      {"Old Gold", "Kools", "Chesterfields", "Lucky Strike", "Parliaments"},
      {"dog", "snails", "fox", "horse", "zebra"},
  }};
  return n;
}

ZebraModel make_model(csp::AllDifferentStrength strength) {
  ZebraModel z;
  for (int k = 0; k < kKinds; ++k) {
    for (int i = 0; i < kHouses; ++i) z.item[k][i] = z.model.add_var(1, kHouses, names()[k][i]);
    z.model.post(csp::all_different({z.item[k].begin(), z.item[k].end()}, strength));  // 1. five houses
  }
  for (const Clue& c : kClues) {
    const csp::Var a = z.item[c.kind_a][c.a], b = z.item[c.kind_b][c.b];
    switch (c.type) {
      case Clue::same: z.model.post(csp::equal(a, b)); break;
      case Clue::right_of: z.model.post(csp::equal(a, b, 1)); break;
      case Clue::next_to:
        z.model.post(csp::relation(a, b, [](csp::Value x, csp::Value y) { return std::abs(x - y) == 1; }, "next-to"));
        break;
      case Clue::at: z.model.post(csp::linear({1}, {a}, csp::LinearRelation::equal, c.b)); break;
    }
  }
  return z;
}

Houses ZebraModel::houses(std::span<const csp::Value> solution) const {
  Houses h{};
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < kHouses; ++i) h[k][i] = solution[static_cast<std::size_t>(item[k][i].id)];
  return h;
}

bool clues_hold(const Houses& h) {
  for (const auto& kind : h) {
    std::array<bool, kHouses + 1> taken{};
    for (int house : kind) {
      if (house < 1 || house > kHouses || taken[static_cast<std::size_t>(house)]) return false;
      taken[static_cast<std::size_t>(house)] = true;
    }
  }
  for (const Clue& c : kClues) {
    const int a = h[c.kind_a][c.a], b = h[c.kind_b][c.b];
    const bool ok = c.type == Clue::same       ? a == b
                    : c.type == Clue::right_of ? a == b + 1
                    : c.type == Clue::next_to  ? (a == b + 1 || b == a + 1)
                                               : a == c.b;
    if (!ok) return false;
  }
  return true;
}

std::string same_house(const Houses& h, Kind kind, Kind of, int index) {
  for (int i = 0; i < kHouses; ++i)
    if (h[kind][i] == h[of][index]) return names()[kind][i];
  return "nobody";
}

std::string zebra_owner(const Houses& h) { return same_house(h, nationality, pet, zebra); }
std::string water_drinker(const Houses& h) { return same_house(h, nationality, drink, water); }

}  // namespace problems::zebra
