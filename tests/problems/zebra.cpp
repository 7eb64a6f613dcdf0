// The zebra puzzle: one solution, the Japanese owns the zebra and the Norwegian drinks water.
#include <catch2/catch.hpp>

#include "problems/zebra/zebra.hpp"

namespace pz = problems::zebra;

TEST_CASE("the zebra puzzle has one solution: the Japanese owns the zebra, the Norwegian drinks water",
          "[problems][zebra]") {
  // The published answer, house by house, written out here rather than taken from the library.
  const std::array<std::array<const char*, 5>, 5> expected{{
      {"Norwegian", "yellow", "water", "Kools", "fox"},
      {"Ukrainian", "blue", "tea", "Chesterfields", "horse"},
      {"Englishman", "red", "milk", "Old Gold", "snails"},
      {"Spaniard", "ivory", "orange juice", "Lucky Strike", "dog"},
      {"Japanese", "green", "coffee", "Parliaments", "zebra"},
  }};
  for (auto strength : {csp::AllDifferentStrength::pairwise, csp::AllDifferentStrength::value, csp::AllDifferentStrength::domain}) {
    for (const char* order : {"input", "mrv", "dom-wdeg"}) {
      for (auto inference : {csp::Inference::none, csp::Inference::forward, csp::Inference::mac}) {
        CAPTURE(static_cast<int>(strength), order, static_cast<int>(inference));
        const pz::ZebraModel z = pz::make_model(strength);
        csp::SearchOptions o;
        o.order = csp::order::by_name(order);
        o.inference = inference;
        csp::Solver solver(z.model, o);
        std::vector<pz::Houses> found;
        const csp::SearchResult r = solver.for_each_solution(z.model.initial_domains(), [&](std::span<const csp::Value> s) {
          found.push_back(z.houses(s));
          return true;
        });
        REQUIRE(r.status == csp::SearchStatus::exhausted);
        REQUIRE(found.size() == 1);
        const pz::Houses& h = found[0];
        REQUIRE(pz::clues_hold(h));
        for (std::size_t kind = 0; kind < 5; ++kind)
          for (std::size_t i = 0; i < 5; ++i)
            REQUIRE(std::string(expected[static_cast<std::size_t>(h[kind][i] - 1)][kind]) == pz::names()[kind][i]);
        REQUIRE(pz::zebra_owner(h) == "Japanese");
        REQUIRE(pz::water_drinker(h) == "Norwegian");
      }
    }
  }
}

TEST_CASE("the zebra check rejects an assignment that breaks a clue", "[problems][zebra]") {
  pz::Houses h{};
  for (auto& kind : h)
    for (int i = 0; i < 5; ++i) kind[static_cast<std::size_t>(i)] = i + 1;
  REQUIRE_FALSE(pz::clues_hold(h));
  h[0][0] = 2;  // two nationalities in house 2
  REQUIRE_FALSE(pz::clues_hold(h));
}
