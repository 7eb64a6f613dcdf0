#include "request.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <type_traits>
#include <utility>
#include <variant>

#include "apps/common/option_registry.hpp"
#include "csp/rules/rule_options.hpp"
#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/catalogue.hpp"

namespace sudoku_web {

namespace sd = problems::sudoku;
namespace tq = csp::techniques;

csp::SearchSettings default_settings() {
  csp::SearchSettings s;
  s.order = sd::kDefaultOrder;
  s.rules = sd::kDefaultRules;
  return s;
}

std::string shown(std::string_view text) {
  return json(std::string(text.substr(0, 40))).dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

const json& object_of(const json& request) {
  if (!request.is_object()) throw ApiError(400, "the request body must be a JSON object");
  return request;
}

std::string string_field(const json& r, const char* name, std::string_view fallback) {
  const auto it = r.find(name);
  if (it == r.end() || it->is_null()) return std::string(fallback);
  if (!it->is_string()) throw ApiError(400, std::string("\"") + name + "\" must be a string");
  return it->get<std::string>();
}

std::uint64_t unsigned_field(const json& r, const char* name, std::uint64_t fallback) {
  const auto it = r.find(name);
  if (it == r.end() || it->is_null()) return fallback;
  if (!it->is_number_unsigned()) {
    // 3.0 is a whole number too; -1, 2.5 and "3" are not.
    if (it->is_number_float()) {
      const double d = it->get<double>();
      if (std::isfinite(d) && d >= 0 && d < 1.8e19 && std::floor(d) == d) return static_cast<std::uint64_t>(d);
    } else if (it->is_number_integer() && it->get<std::int64_t>() >= 0) {
      return static_cast<std::uint64_t>(it->get<std::int64_t>());
    }
    throw ApiError(400, std::string("\"") + name + "\" must be a whole number >= 0");
  }
  return it->get<std::uint64_t>();
}

double seconds_field(const json& r, const char* name) {
  const auto it = r.find(name);
  if (it == r.end() || it->is_null()) return 0;
  if (!it->is_number()) throw ApiError(400, std::string("\"") + name + "\" must be a number of seconds");
  const double s = it->get<double>();
  if (!std::isfinite(s) || s < 0) throw ApiError(400, std::string("\"") + name + "\" must be a number of seconds >= 0");
  return s;
}


/// Reads and checks every field but the puzzle, which it only takes as text.
Settings read_settings(const json& request, const ApiConfig& config, Endpoint endpoint) {
  const json& r = object_of(request);
  const bool with_max = endpoint == Endpoint::count;
  const bool with_techniques = endpoint == Endpoint::explain || endpoint == Endpoint::grade;
  const auto& table = apps_common::search_option_table();
  for (const auto& item : r.items()) {
    // (A plain reference, not a structured binding: clang 14 cannot capture those in a lambda.)
    const std::string& key = item.key();
    const bool known = key == "puzzle" ||
                       std::any_of(table.begin(), table.end(), [&](const csp::OptionSpec& o) { return o.key == key; }) ||
                       (with_max && key == "max") || (with_techniques && key == "techniques");
    if (!known) throw ApiError(400, "unknown field " + shown(key));
  }
  Settings s;
  s.given = default_settings();
  // Each field of the table, read by its kind; a name is checked below, where it is built.
  for (const csp::OptionSpec& o : table) {
    const char* key = o.key.c_str();
    std::visit(
        [&](auto member) {
          auto& v = s.given.*member;
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::string>) v = string_field(r, key, v);
          else if constexpr (std::is_same_v<T, std::uint64_t>) v = unsigned_field(r, key, v);
          else v = seconds_field(r, key);
        },
        o.field);
  }
  csp::SearchSettings& g = s.given;
  // Limits: the server's, or lower ones when the request asks (0 or absent: the server's).
  if (g.node_limit == 0 || (config.node_limit != 0 && g.node_limit > config.node_limit)) g.node_limit = config.node_limit;
  if (g.time_limit == 0 || (config.time_limit > 0 && g.time_limit > config.time_limit)) g.time_limit = config.time_limit;
  try {
    s.search = g.search_options();
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
  try {
    s.rule_set = csp::rule_set(g);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, std::string("rules: ") + e.what());
  }
  if (with_techniques) {
    s.techniques = string_field(r, "techniques", kDefaultTechniques);
    try {
      problems::sudoku::parse_techniques(s.techniques);
    } catch (const std::invalid_argument& e) {
      throw ApiError(400, std::string("techniques: ") + e.what());
    }
  }
  if (with_max) {
    s.max = unsigned_field(r, "max", 2);
    if (s.max < 1 || s.max > config.max_count)
      throw ApiError(400, "\"max\" must be from 1 to " + std::to_string(config.max_count));
  }

  const auto it = r.find("puzzle");
  if (it == r.end() || it->is_null()) throw ApiError(400, "\"puzzle\" is missing");
  if (!it->is_string()) throw ApiError(400, "\"puzzle\" must be a string");
  s.puzzle_text = it->get<std::string>();
  if (s.puzzle_text.size() > config.max_puzzle_chars)
    throw ApiError(400, "\"puzzle\" is longer than " + std::to_string(config.max_puzzle_chars) + " characters");
  return s;
}

/// Parses the puzzle text: 422 with the reason when it is not a valid puzzle.
void parse_puzzle(Settings& s) {
  // A puzzle is one line: several lines (a pasted grid) are joined; parse_line ignores spaces.
  std::string line = s.puzzle_text;
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::replace(line.begin(), line.end(), '\r', ' ');
  sd::ParsedLine parsed = sd::parse_line(line);
  if (parsed.kind == sd::ParsedLine::Kind::skip) throw ApiError(422, "no puzzle given");
  if (parsed.kind == sd::ParsedLine::Kind::invalid) throw ApiError(422, parsed.reason);
  s.puzzle = std::move(parsed.puzzle);
}

}  // namespace

Settings read_request(const json& request, const ApiConfig& config, Endpoint endpoint) {
  Settings s = read_settings(request, config, endpoint);
  parse_puzzle(s);
  return s;
}

GenerateRequest read_generate(const Query& query) {
  for (const auto& [key, value] : query)
    if (key != "seed" && key != "size") throw ApiError(400, "unknown parameter " + shown(key));
  auto number = [&](const char* name, std::uint64_t fallback, bool& given) -> std::uint64_t {
    const auto it = query.find(name);
    given = it != query.end();
    if (!given) return fallback;
    const std::string& text = it->second;
    std::uint64_t n = 0;
    const auto [stop, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc{} || stop != text.data() + text.size())
      throw ApiError(400, std::string(name) + " must be a whole number >= 0");
    return n;
  };
  GenerateRequest g;
  bool size_given = false;
  g.seed = number("seed", 0, g.seed_given);
  g.size = number("size", 9, size_given);
  if (g.size != 4 && g.size != 9 && g.size != 16) throw ApiError(400, "size must be 4, 9 or 16");
  return g;
}

}  // namespace sudoku_web
