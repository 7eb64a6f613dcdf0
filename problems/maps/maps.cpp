#include "problems/maps/maps.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace problems::maps {
namespace {

// Builds a map from each region's full list of neighbours. Every border is written twice (once
// from each side), and a border listed from one side only is a typo: it is refused here.
Map build(std::string name, const std::vector<std::pair<std::string, std::string>>& neighbours) {
  Map m;
  m.name = std::move(name);
  for (const auto& [region, list] : neighbours) m.regions.push_back(region);
  auto index = [&](const std::string& r) {
    auto it = std::find(m.regions.begin(), m.regions.end(), r);
    if (it == m.regions.end()) throw std::logic_error(m.name + ": unknown region " + r);
    return static_cast<int>(it - m.regions.begin());
  };
  std::vector<std::pair<int, int>> listed;
  for (const auto& [region, list] : neighbours) {
    std::istringstream in(list);
    for (std::string other; in >> other;) listed.emplace_back(index(region), index(other));
  }
  for (const auto& [a, b] : listed) {
    if (std::find(listed.begin(), listed.end(), std::pair{b, a}) == listed.end())
      throw std::logic_error(m.name + ": border " + m.regions[static_cast<std::size_t>(a)] + "-" +
                             m.regions[static_cast<std::size_t>(b)] + " is listed from one side only");
    if (a < b) m.borders.emplace_back(a, b);
  }
  return m;
}

}  // namespace

const Map& australia() {
  static const Map m = build("australia", {{"WA", "NT SA"},
                                           {"NT", "WA SA Q"},
                                           {"SA", "WA NT Q NSW V"},
                                           {"Q", "NT SA NSW"},
                                           {"NSW", "SA Q V"},
                                           {"V", "SA NSW"},
                                           {"T", ""}});
  return m;
}

const Map& usa() {
  static const Map m = build("usa", {
      {"AL", "FL GA MS TN"},          {"AZ", "CA NV UT NM"},          {"AR", "LA MS MO OK TN TX"},
      {"CA", "AZ NV OR"},             {"CO", "KS NE NM OK UT WY"},    {"CT", "MA NY RI"},
      {"DE", "MD NJ PA"},             {"FL", "AL GA"},                {"GA", "AL FL NC SC TN"},
      {"ID", "MT NV OR UT WA WY"},    {"IL", "IN IA KY MO WI"},       {"IN", "IL KY MI OH"},
      {"IA", "IL MN MO NE SD WI"},    {"KS", "CO MO NE OK"},          {"KY", "IL IN MO OH TN VA WV"},
      {"LA", "AR MS TX"},             {"ME", "NH"},                   {"MD", "DE PA VA WV"},
      {"MA", "CT NH NY RI VT"},       {"MI", "IN OH WI"},             {"MN", "IA ND SD WI"},
      {"MS", "AL AR LA TN"},          {"MO", "AR IL IA KS KY NE OK TN"}, {"MT", "ID ND SD WY"},
      {"NE", "CO IA KS MO SD WY"},    {"NV", "AZ CA ID OR UT"},       {"NH", "ME MA VT"},
      {"NJ", "DE NY PA"},             {"NM", "AZ CO OK TX"},          {"NY", "CT MA NJ PA VT"},
      {"NC", "GA SC TN VA"},          {"ND", "MN MT SD"},             {"OH", "IN KY MI PA WV"},
      {"OK", "AR CO KS MO NM TX"},    {"OR", "CA ID NV WA"},          {"PA", "DE MD NJ NY OH WV"},
      {"RI", "CT MA"},                {"SC", "GA NC"},                {"SD", "IA MN MT ND NE WY"},
      {"TN", "AL AR GA KY MS MO NC VA"}, {"TX", "AR LA NM OK"},       {"UT", "AZ CO ID NV WY"},
      {"VT", "MA NH NY"},             {"VA", "KY MD NC TN WV"},       {"WA", "ID OR"},
      {"WV", "KY MD OH PA VA"},       {"WI", "IL IA MI MN"},          {"WY", "CO ID MT NE SD UT"},
  });
  return m;
}

const Map* map_by_name(std::string_view name) {
  if (name == "australia") return &australia();
  if (name == "usa") return &usa();
  return nullptr;
}

coloring::Graph graph_of(const Map& map) {
  coloring::Graph g(map.regions.size());
  for (const auto& [a, b] : map.borders) boost::add_edge(static_cast<std::size_t>(a), static_cast<std::size_t>(b), g);
  return g;
}

std::string colour_name(int colour) {
  static const char* names[] = {"red", "green", "blue", "yellow"};
  if (colour >= 0 && colour < 4) return names[colour];
  std::string name = "colour";  // in two steps: GCC 12 warns falsely on "colour" + std::to_string()
  name += std::to_string(colour + 1);
  return name;
}

}  // namespace problems::maps
