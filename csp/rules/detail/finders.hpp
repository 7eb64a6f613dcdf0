// Internal to the rules library (csp/rules/detail/, not installed): the declarations of the
// generic finders (one technique per .cpp file under csp/rules/techniques/) and of the searches
// their families share, so that the catalogue (catalogue.cpp) sees them all. The helpers for
// writing a finder are public: csp/rules/techniques/step_helpers.hpp.
#pragma once

#include <cstdint>
#include <string_view>

#include "csp/rules/techniques/step_helpers.hpp"
#include "csp/rules/techniques/technique.hpp"

namespace csp::techniques::detail {

// The searches shared by deductions of one family (each in its own file, used by the deductions'
// files): k cells holding k values (naked_subset.cpp), k values with k places
// (hidden_subset.cpp), a fish of size n (fish_pattern.cpp), a value locked in the intersection of
// two groups, as claiming or as pointing (locked_intersection.cpp).
bool find_naked_subset(const Position& p, Step& s, int k, std::string_view name);
bool find_hidden_subset(const Position& p, Step& s, int k, std::string_view name);
bool find_fish(const Position& p, Step& s, int n, std::string_view name);
bool find_finned_fish(const Position& p, Step& s, int n, bool sashimi, std::string_view name);
bool find_locked(const Position& p, Step& s, bool claiming);
/// The kinds of three-link chains strong - weak - strong on one value (three_link_chain.cpp).
enum class ThreeLinkKind : std::uint8_t { skyscraper, two_string_kite, turbot_fish };
bool find_three_link_chain(const Position& p, Step& s, ThreeLinkKind kind, std::string_view name);
/// Forcing chains or nets, by the reach of the implications (implications.hpp, forcing_search.cpp);
/// a budget other than 0 bounds the assumptions propagated (then it may give up: false).
enum class Spread : std::uint8_t;
bool find_forcing(const Position& p, Step& s, Spread spread, std::string_view name, std::uint64_t budget = 0);

// The finders, one per deduction and file (csp/rules/techniques/<name>.cpp).
bool find_full_house(const Position& p, Step& s);
bool find_naked_single(const Position& p, Step& s);
bool find_hidden_single(const Position& p, Step& s);
bool find_pointing(const Position& p, Step& s);
bool find_claiming(const Position& p, Step& s);
bool find_naked_pair(const Position& p, Step& s);
bool find_naked_triple(const Position& p, Step& s);
bool find_naked_quad(const Position& p, Step& s);
bool find_hidden_pair(const Position& p, Step& s);
bool find_hidden_triple(const Position& p, Step& s);
bool find_hidden_quad(const Position& p, Step& s);
bool find_x_wing(const Position& p, Step& s);
bool find_swordfish(const Position& p, Step& s);
bool find_jellyfish(const Position& p, Step& s);
bool find_xy_wing(const Position& p, Step& s);
bool find_xyz_wing(const Position& p, Step& s);
bool find_wxyz_wing(const Position& p, Step& s);
bool find_simple_colouring(const Position& p, Step& s);
bool find_x_chain(const Position& p, Step& s);
bool find_finned_x_wing(const Position& p, Step& s);
bool find_sashimi_x_wing(const Position& p, Step& s);
bool find_finned_swordfish(const Position& p, Step& s);
bool find_sashimi_swordfish(const Position& p, Step& s);
bool find_finned_jellyfish(const Position& p, Step& s);
bool find_sashimi_jellyfish(const Position& p, Step& s);
bool find_skyscraper(const Position& p, Step& s);
bool find_two_string_kite(const Position& p, Step& s);
bool find_turbot_fish(const Position& p, Step& s);
bool find_empty_rectangle(const Position& p, Step& s);
bool find_w_wing(const Position& p, Step& s);
bool find_sue_de_coq(const Position& p, Step& s);
bool find_xy_chain(const Position& p, Step& s);
bool find_medusa_3d(const Position& p, Step& s);
bool find_aic(const Position& p, Step& s);
bool find_als_xz(const Position& p, Step& s);
bool find_als_xy_wing(const Position& p, Step& s);
bool find_grouped_aic(const Position& p, Step& s);
bool find_forcing_chain(const Position& p, Step& s);
bool find_forcing_net(const Position& p, Step& s);
bool find_nested_forcing_net(const Position& p, Step& s);

}  // namespace csp::techniques::detail
