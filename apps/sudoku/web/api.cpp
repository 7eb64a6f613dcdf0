#include "api.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <random>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>

#include "csp/kernel/log.hpp"
#include "apps/common/option_registry.hpp"
#include "csp/options.hpp"
#include "csp/rules/rule_options.hpp"
#include "csp/rules/group_rules.hpp"
#include "csp/rules/techniques/technique.hpp"
#include "problems/sudoku/catalogue.hpp"
#include "problems/sudoku/generate.hpp"
#include "problems/sudoku/logic.hpp"

namespace sudoku_web {
namespace {

namespace sd = problems::sudoku;
namespace tq = csp::techniques;

// Defaults: those of the command line (apps/sudoku/options.hpp, SearchConfig): the library's,
// with Sudoku's order and rules.
csp::SearchSettings default_settings() {
  csp::SearchSettings s;
  s.order = sd::kDefaultOrder;
  s.rules = sd::kDefaultRules;
  return s;
}
constexpr std::string_view kDefaultTechniques = "all";  // as `sudoku explain` and `sudoku grade`

std::int64_t micros(std::chrono::nanoseconds ns) {
  return std::chrono::duration_cast<std::chrono::microseconds>(ns).count();
}

// --- Request fields ----------------------------------------------------------------------------

/// The search settings of one request, checked.
struct Settings {
  sd::Puzzle puzzle;
  std::string puzzle_text;  // as given
  csp::SearchSettings given;   // the search options (csp/options.hpp), limits as applied
  std::uint64_t max = 2;       // count only
  std::string techniques;      // explain and grade only
  csp::RuleSet rule_set;
  csp::SearchOptions search;
};

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

/// `text` cut short and quoted as JSON (invalid UTF-8 replaced), for messages.
std::string shown(std::string_view text) {
  return json(std::string(text.substr(0, 40))).dump(-1, ' ', false, json::error_handler_t::replace);
}

enum class Endpoint { solve, count, explain, grade };

/// Reads and checks every field; the puzzle last, so that a bad option is reported as a bad
/// request (400) even for an invalid puzzle (422).
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

/// The parsed puzzle, or the 422 reply's reason.
struct Parsed {
  bool ok = false;
  std::string reason;
};

Parsed parse_puzzle(Settings& s) {
  // A puzzle is one line: several lines (a pasted grid) are joined; parse_line ignores spaces.
  std::string line = s.puzzle_text;
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::replace(line.begin(), line.end(), '\r', ' ');
  sd::ParsedLine parsed = sd::parse_line(line);
  if (parsed.kind == sd::ParsedLine::Kind::skip) return {false, "no puzzle given"};
  if (parsed.kind == sd::ParsedLine::Kind::invalid) return {false, parsed.reason};
  s.puzzle = std::move(parsed.puzzle);
  return {true, {}};
}

// The explain schema says "result", the others "status".
json invalid_reply(const std::string& reason) {
  return json{{"status", "invalid"}, {"result", "invalid"}, {"error", reason}};
}

json config_json(const Settings& s) {
  json c = json::object();
  for (const csp::OptionSpec& o : apps_common::search_option_table())
    std::visit([&](auto member) { c[o.key] = s.given.*member; }, o.field);
  c["rules"] = csp::to_string(s.rule_set);  // the rules as parsed: "all" spelled out
  if (!s.techniques.empty()) c["techniques"] = s.techniques;
  return c;
}

sd::LogicOptions logic_options(const Settings& s, const std::atomic<bool>* interrupt) {
  sd::LogicOptions o;
  o.techniques = s.techniques;
  o.search_rules = s.rule_set;
  o.search = s.search;
  o.search.limits.interrupt = interrupt;
  return o;
}

json stats_json(json out, const csp::Stats& st, const csp::Model& m) {
  out["nodes"] = st.nodes;
  out["failures"] = st.failures;
  out["propagations"] = st.propagations;
  out["max_depth"] = st.max_depth;
  out["time_us"] = micros(st.elapsed);
  json counters = json::object();
  const auto& names = m.counter_names();
  for (std::size_t i = 0; i < names.size() && i < st.counters.size(); ++i) counters[names[i]] = st.counters[i];
  out["counters"] = std::move(counters);
  return out;
}

/// The reply's fields common to solve and count, and the interrupted case.
json start_reply(const Settings& s) {
  return json{{"puzzle", sd::format_line(s.puzzle.cells, s.puzzle)}, {"size", s.puzzle.side()}, {"config", config_json(s)}};
}

void check_interrupted(const csp::SearchResult& r) {
  if (r.status == csp::SearchStatus::limit && r.limit == csp::LimitHit::interrupted)
    throw ApiError(503, "the server is stopping");
}

}  // namespace

// --- Endpoints ---------------------------------------------------------------------------------

json solve(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt) {
  Settings s = read_settings(request, config, Endpoint::solve);
  if (const Parsed p = parse_puzzle(s); !p.ok) throw ApiError(422, p.reason);
  s.search.limits.interrupt = interrupt;
  s.search.check_solutions = false;  // checked below by the independent validator, as the command does
  sd::SudokuModel model(s.puzzle.box, s.rule_set);
  csp::Solver solver(model.model(), s.search);
  const csp::SearchResult r = solver.solve(model.start(s.puzzle));
  check_interrupted(r);
  json out = start_reply(s);
  if (r.found()) {
    const std::vector<int> values = model.values(r.solution);
    // Never send an answer the independent checker rejects.
    if (!sd::is_valid_solution(s.puzzle, values)) throw ApiError(500, "internal error: the solver produced an invalid solution");
    out["status"] = "solved";
    out["solution"] = sd::format_line(values, s.puzzle);
  } else if (r.status == csp::SearchStatus::limit) {
    out["status"] = "limit";
    out["limit"] = std::string(csp::to_string(r.limit));
  } else {
    out["status"] = "unsolvable";
  }
  return stats_json(std::move(out), r.stats, model.model());
}

json count(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt) {
  Settings s = read_settings(request, config, Endpoint::count);
  if (const Parsed p = parse_puzzle(s); !p.ok) throw ApiError(422, p.reason);
  s.search.limits.interrupt = interrupt;
  sd::SudokuModel model(s.puzzle.box, s.rule_set);
  csp::Solver solver(model.model(), s.search);
  const csp::SearchResult r = solver.count(model.start(s.puzzle), s.max);
  check_interrupted(r);
  json out = start_reply(s);
  out["max"] = s.max;
  out["solutions"] = r.stats.solutions;
  // As `sudoku count`: an exact count, ">=max" when capped, or a limit.
  if (r.status == csp::SearchStatus::limit) {
    out["status"] = "limit";
    out["limit"] = std::string(csp::to_string(r.limit));
    out["exact"] = false;
  } else if (r.status == csp::SearchStatus::stopped_on_request) {
    out["status"] = "capped";
    out["exact"] = false;
  } else {
    out["status"] = "counted";
    out["exact"] = true;
  }
  // Unique when exactly one was counted; not unique once two are seen; otherwise undecided.
  if (out["exact"].get<bool>()) out["unique"] = r.stats.solutions == 1;
  else if (r.stats.solutions >= 2) out["unique"] = false;
  else out["unique"] = nullptr;
  return stats_json(std::move(out), r.stats, model.model());
}

json explain(const json& request, const ApiConfig& config, const std::atomic<bool>* interrupt) {
  Settings s = read_settings(request, config, Endpoint::explain);
  if (const Parsed p = parse_puzzle(s); !p.ok) throw ApiError(422, p.reason);
  const auto started = std::chrono::steady_clock::now();
  // The library's explanation (problems/sudoku/logic.hpp, as `sudoku explain --format json`):
  // technique steps, then search under the request's limits when the techniques get stuck.
  json out;
  try {
    out = sd::explain_json(s.puzzle, logic_options(s, interrupt));
  } catch (const std::invalid_argument& e) {
    throw ApiError(422, e.what());  // a size the techniques do not handle
  }
  if (out.value("limit", "") == "interrupted") throw ApiError(503, "the server is stopping");
  if (out.value("result", "") == "invalid") throw ApiError(422, out.value("reason", "invalid puzzle"));
  const std::size_t total = out["steps"].size();
  if (total > config.max_explain_steps) {
    json& steps = out["steps"];
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(config.max_explain_steps), steps.end());
  }
  out["total_steps"] = total;
  out["truncated"] = total > config.max_explain_steps;
  out["time_us"] = micros(std::chrono::steady_clock::now() - started);
  out["size"] = s.puzzle.side();
  out["config"] = config_json(s);
  return out;
}

json grade(const json& request, const ApiConfig& config) {
  Settings s = read_settings(request, config, Endpoint::grade);
  if (const Parsed p = parse_puzzle(s); !p.ok) throw ApiError(422, p.reason);
  const auto started = std::chrono::steady_clock::now();
  sd::Grade g;
  try {
    g = sd::grade(s.puzzle, logic_options(s, nullptr));  // the techniques only: no search
  } catch (const std::invalid_argument& e) {
    throw ApiError(422, e.what());
  }
  if (g.result == sd::LogicResult::invalid) throw ApiError(422, "invalid puzzle");
  json out{{"puzzle", sd::format_line(s.puzzle.cells, s.puzzle)}, {"size", s.puzzle.side()},
           {"result", std::string(sd::to_string(g.result))}, {"steps", g.steps}};
  // `text` is the line `sudoku grade` prints for the puzzle.
  if (g.result == sd::LogicResult::solved) {
    out["hardest"] = g.hardest;
    out["score"] = g.score;
    out["level"] = std::string(problems::sudoku::level_name(g.level));
    out["text"] = g.hardest + " " + std::to_string(g.score) + " " + std::string(problems::sudoku::level_name(g.level));
  } else {
    out["text"] = std::string(sd::to_string(g.result));
  }
  json uses = json::object();
  for (const auto& [name, n] : g.uses) uses[name] = n;
  out["uses"] = std::move(uses);
  out["time_us"] = micros(std::chrono::steady_clock::now() - started);
  out["config"] = json{{"techniques", s.techniques}};
  return out;
}

json generate(const Query& query) {
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
  bool seed_given = false, size_given = false;
  std::uint64_t seed = number("seed", 0, seed_given);
  if (!seed_given) seed = std::random_device{}() % 1'000'000'000;  // a fresh puzzle; the reply says which seed
  const std::uint64_t size = number("size", 9, size_given);
  if (size != 4 && size != 9 && size != 16) throw ApiError(400, "size must be 4, 9 or 16");
  const int box = size == 4 ? 2 : size == 9 ? 3 : 4;
  const auto started = std::chrono::steady_clock::now();
  sd::Generator g(box, seed);
  const sd::Puzzle p = g.make(0);  // puzzle 0 of the seed: `sudoku generate --seed S` prints it first
  const auto elapsed = std::chrono::steady_clock::now() - started;
  const auto clues = std::count_if(p.cells.begin(), p.cells.end(), [](int c) { return c != 0; });
  return json{{"puzzle", sd::format_line(p.cells, p)}, {"seed", seed}, {"size", size}, {"clues", clues},
              {"time_us", micros(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed))}};
}

json options(const ApiConfig& config) {
  const csp::SearchSettings defaults = default_settings();
  json orders, values, inferences, rules;
  json listed = json::array();  // every option of the table: its field, kind, default, help, names or range
  for (const csp::OptionSpec& o : apps_common::search_option_table()) {
    json entry{{"name", o.key}, {"help", o.help}};
    std::visit([&](auto member) { entry["default"] = defaults.*member; }, o.field);
    switch (o.kind) {
      case csp::OptionKind::choice: entry["kind"] = "choice"; entry["choices"] = o.choices; break;
      case csp::OptionKind::list: entry["kind"] = "list"; entry["choices"] = o.choices; break;
      case csp::OptionKind::whole: entry["kind"] = "whole"; entry["min"] = o.min; entry["max"] = o.max; break;
      case csp::OptionKind::seconds: entry["kind"] = "seconds"; break;
    }
    listed.push_back(std::move(entry));
  }
  for (std::string_view n : csp::order::names()) orders.push_back(std::string(n));
  for (std::string_view n : csp::values::names()) values.push_back(std::string(n));
  for (std::string_view n : csp::inference_names()) inferences.push_back(std::string(n));
  // Every rule --rules accepts, and what each word for a set of them stands for.
  json rule_sets = json::object();
  for (const csp::RuleSet* set : {&csp::all_rules(), &csp::technique_rules()})
    for (csp::Rule r : *set) rules.push_back(std::string(csp::rule_name(r)));
  for (const csp::RuleName& set : csp::rule_names()) {
    if (!set.set) continue;
    json names = json::array();
    for (csp::Rule r : csp::parse_rules(set.name)) names.push_back(std::string(csp::rule_name(r)));
    rule_sets[std::string(set.name)] = std::move(names);
  }
  json techniques = json::array();
  for (const tq::Technique& t : problems::sudoku::catalogue()) techniques.push_back(std::string(t.name));
  return json{
      {"orders", orders},
      {"values", values},
      {"inferences", inferences},
      {"rules", rules},
      {"rule_sets", rule_sets},
      {"techniques", techniques},
      {"options", listed},
      {"sizes", {4, 9, 16}},
      {"defaults",
       {{"order", defaults.order}, {"values", defaults.values}, {"inference", defaults.inference},
        {"rules", defaults.rules}, {"techniques", kDefaultTechniques}}},
      {"limits",
       {{"time_limit", config.time_limit}, {"node_limit", config.node_limit}, {"max_count", config.max_count},
        {"max_explain_steps", config.max_explain_steps}}},
      {"grade", true},
  };
}

// --- Api ---------------------------------------------------------------------------------------

namespace {
unsigned default_slots() {
  const unsigned hw = std::thread::hardware_concurrency();
  return std::max(2u, 2 * (hw == 0 ? 1 : hw));
}
}  // namespace

/// One search slot, held while a search runs; acquire() waits up to queue_wait for one.
class Api::Slot {
 public:
  explicit Slot(Api& api) : api_(api) {
    std::unique_lock<std::mutex> lock(api_.mutex_);
    if (!api_.freed_.wait_for(lock, api_.config_.queue_wait,
                              [&] { return api_.slots_free_ > 0 || api_.stopping_.load(); }) ||
        api_.stopping_.load()) {
      if (api_.stopping_.load()) throw ApiError(503, "the server is stopping");
      throw ApiError(503, "the server is busy: every solve slot is in use, try again");
    }
    --api_.slots_free_;
  }
  ~Slot() {
    {
      std::lock_guard<std::mutex> lock(api_.mutex_);
      ++api_.slots_free_;
    }
    api_.freed_.notify_one();
  }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  Api& api_;
};

Api::Api(ApiConfig config)
    : config_(config),
      slots_total_(config.max_concurrent != 0 ? config.max_concurrent : default_slots()),
      slots_free_(slots_total_) {}

void Api::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  freed_.notify_all();
}

std::string_view Api::method_of(std::string_view path) {
  if (path == "/api/solve" || path == "/api/count" || path == "/api/explain" || path == "/api/grade") return "POST";
  if (path == "/api/generate" || path == "/api/options") return "GET";
  return {};
}

Reply Api::handle(std::string_view method, std::string_view path, const Query& query, std::string_view body) {
  try {
    const std::string_view expected = method_of(path);
    if (expected.empty()) throw ApiError(404, "no such endpoint: " + shown(path));
    if (method != expected && !(expected == "GET" && method == "HEAD"))
      throw ApiError(405, std::string(path) + " takes " + std::string(expected) + ", not " + shown(method));
    if (path == "/api/options") return {200, options(config_)};
    if (stopping_.load()) throw ApiError(503, "the server is stopping");
    if (path == "/api/generate") {
      const Slot slot(*this);
      return {200, generate(query)};
    }
    json request = json::parse(body.begin(), body.end(), nullptr, false);
    if (request.is_discarded()) throw ApiError(400, "the request body is not valid JSON");
    const Slot slot(*this);
    if (path == "/api/solve") return {200, solve(request, config_, &stopping_)};
    if (path == "/api/count") return {200, count(request, config_, &stopping_)};
    if (path == "/api/grade") return {200, grade(request, config_)};
    return {200, explain(request, config_, &stopping_)};
  } catch (const ApiError& e) {
    json body_out{{"error", e.what()}};
    if (e.status == 422) body_out = invalid_reply(e.what());
    return {e.status, std::move(body_out)};
  } catch (const std::bad_alloc&) {
    return {503, json{{"error", "out of memory"}}};
  } catch (const std::exception& e) {
    csp::log().error("{} {}: internal error: {}", method, path, e.what());
    return {500, json{{"error", std::string("internal error: ") + e.what()}}};
  }
}

}  // namespace sudoku_web
