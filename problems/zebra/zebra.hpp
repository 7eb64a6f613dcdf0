// The zebra puzzle (Life International, 1962): five houses in a row, five nationalities, colours,
// drinks, smokes and pets, fifteen clues. Who drinks water? Who owns the zebra?
//
// Model: one variable per item (the Englishman, the red house, tea, ...) holding its house 1..5;
// the five items of a kind are all different; each clue is one binary or unary constraint.
#pragma once

#include <array>
#include <span>
#include <string>

#include "csp/csp.hpp"

namespace problems::zebra {

enum Kind { nationality, colour, drink, smoke, pet };
inline constexpr int kKinds = 5, kHouses = 5;

/// Item names by kind, e.g. names()[pet][4] == "zebra".
const std::array<std::array<const char*, kHouses>, kKinds>& names();

/// house[kind][item]: the house (1..5) of each item.
using Houses = std::array<std::array<int, kHouses>, kKinds>;

struct ZebraModel {
  csp::Model model;
  std::array<std::array<csp::Var, kHouses>, kKinds> item{};  ///< item[kind][i]
  Houses houses(std::span<const csp::Value> solution) const;
};
ZebraModel make_model(csp::AllDifferentStrength strength);

/// Independent check (no csp): each kind's items occupy houses 1..5 once, and all 15 clues hold.
bool clues_hold(const Houses& h);

/// The item of `kind` in the same house as item `index` of kind `of`, by name.
std::string same_house(const Houses& h, Kind kind, Kind of, int index);
/// The nationality of the zebra's owner, and of the water drinker (the puzzle's two questions).
std::string zebra_owner(const Houses& h);
std::string water_drinker(const Houses& h);

}  // namespace problems::zebra
