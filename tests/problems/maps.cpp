// Map colouring: the maps' data, and colourings checked against the border lists directly.
#include <catch2/catch.hpp>

#include <set>

#include "problems/maps/maps.hpp"

namespace pm = problems::maps;
namespace pc = problems::coloring;

namespace {

bool borders_differ(const pm::Map& map, const std::vector<int>& colour) {
  for (const auto& [a, b] : map.borders)
    if (colour.at(static_cast<std::size_t>(a)) == colour.at(static_cast<std::size_t>(b))) return false;
  return true;
}

}  // namespace

TEST_CASE("the maps: 7 Australian regions with 9 borders, 48 states with 105", "[problems][maps]") {
  REQUIRE(pm::australia().regions.size() == 7);
  REQUIRE(pm::australia().borders.size() == 9);
  REQUIRE(pm::usa().regions.size() == 48);
  REQUIRE(pm::usa().borders.size() == 105);
  REQUIRE(std::set<std::string>(pm::usa().regions.begin(), pm::usa().regions.end()).size() == 48);
  REQUIRE(pm::map_by_name("usa") == &pm::usa());
  REQUIRE(pm::map_by_name("europe") == nullptr);
}

TEST_CASE("the US map is coloured with 4 colours and not with 3", "[problems][maps]") {
  const pm::Map& usa = pm::usa();
  const pc::Graph g = pm::graph_of(usa);
  for (const char* order : {"dsatur", "mrv", "dom-wdeg"}) {
    CAPTURE(order);
    pc::ColoringSettings s;
    s.dsatur = std::string(order) == "dsatur";
    if (!s.dsatur) s.search.order = csp::order::by_name(order);
    const pc::KColoring four = pc::color_with(g, 4, {}, s);
    REQUIRE(four.status == pc::KColoring::Status::feasible);
    REQUIRE(borders_differ(usa, four.colour));
    for (int c : four.colour) REQUIRE((c >= 0 && c < 4));
    // Nevada and its five neighbours form an odd wheel: 3 colours cannot do.
    REQUIRE(pc::color_with(g, 3, {}, s).status == pc::KColoring::Status::infeasible);
  }
  // The same answer from the plain model, without the colour symmetry breaking.
  pc::ColoringModel m = pc::make_coloring_model(g, 3);
  csp::Solver plain(m.model);
  REQUIRE(plain.solve().unsatisfiable());
}

TEST_CASE("Australia is coloured with 3 colours and not with 2", "[problems][maps]") {
  const pm::Map& au = pm::australia();
  const pc::Graph g = pm::graph_of(au);
  const pc::KColoring three = pc::color_with(g, 3, {}, {});
  REQUIRE(three.status == pc::KColoring::Status::feasible);
  REQUIRE(borders_differ(au, three.colour));
  REQUIRE(pc::color_with(g, 2, {}, {}).status == pc::KColoring::Status::infeasible);
  pc::ColoringModel m = pc::make_coloring_model(g, 2);
  csp::Solver plain(m.model);
  REQUIRE(plain.solve().unsatisfiable());
}
