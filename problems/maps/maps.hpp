// Map colouring: regions that share a border get different colours. Two maps: mainland Australia
// with Tasmania (the AIMA example) and the 48 contiguous US states. Coloured through
// problems/coloring, so the same model, DSATUR order and independent check apply.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "problems/coloring/chromatic.hpp"

namespace problems::maps {

struct Map {
  std::string name;
  std::vector<std::string> regions;            ///< short names, e.g. "WA", "NSW"; "NV", "UT"
  std::vector<std::pair<int, int>> borders;    ///< each once, as indices into regions
};

/// Australia: WA, NT, SA, Q, NSW, V, T (Tasmania borders nobody).
const Map& australia();
/// The 48 contiguous US states by postal code; 105 land borders. States meeting at one point only
/// (the Four Corners: AZ-CO, UT-NM) do not border.
const Map& usa();
/// "australia" or "usa"; nullptr for any other name.
const Map* map_by_name(std::string_view name);

/// The map as a graph: region i is vertex i.
coloring::Graph graph_of(const Map& map);

/// Names for colours 0..3 ("red", "green", "blue", "yellow"), then "colour5", ...
std::string colour_name(int colour);

}  // namespace problems::maps
