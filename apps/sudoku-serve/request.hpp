// A request of the JSON API read and checked, apart from what the endpoints do with it: the
// fields of a POST body (the search options of apps_common::search_option_table(), "max", "techniques",
// the puzzle) and the parameters of GET /api/generate. A bad field is ApiError 400; a puzzle that
// is not valid, 422.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "endpoints.hpp"

#include "csp/search/settings.hpp"
#include "csp/search/solver.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sudoku_web {

/// A request's defaults: those of the command line (apps/sudoku/options.hpp, SearchConfig): the
/// library's, with Sudoku's order and rules.
csp::SearchSettings default_settings();
constexpr std::string_view kDefaultTechniques = "all";  // as `sudoku explain` and `sudoku grade`

/// The POST endpoints, for the fields each one takes besides the search options.
enum class Endpoint { solve, count, explain, grade };

/// The search settings of one request, checked.
struct Settings {
  problems::sudoku::Puzzle puzzle;
  std::string puzzle_text;  // as given
  csp::SearchSettings given;   // the search options (csp/search/settings.hpp), limits as applied
  std::uint64_t max = 2;       // count only
  std::string techniques;      // explain and grade only
  csp::RuleSet rule_set;
  csp::SearchOptions search;
};

/// Reads and checks every field of a POST body for `endpoint`, then parses the puzzle: a bad
/// option is reported as a bad request (400) even for an invalid puzzle (422).
Settings read_request(const json& request, const ApiConfig& config, Endpoint endpoint);

/// The parameters of GET /api/generate: seed=S (absent: the endpoint draws one) and size=4, 9 or 16.
struct GenerateRequest {
  bool seed_given = false;
  std::uint64_t seed = 0;
  std::uint64_t size = 9;
};
GenerateRequest read_generate(const Query& query);

/// `text` cut short and quoted as JSON (invalid UTF-8 replaced), for messages.
std::string shown(std::string_view text);

}  // namespace sudoku_web
