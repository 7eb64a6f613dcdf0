// sudoku serve (issue 9): the JSON API as plain functions, then through HTTP against a server
// started on an ephemeral loopback port, hostile requests included.
#include <catch2/catch.hpp>

#include <httplib.h>

#include <csignal>
#include <future>
#include <set>
#include <string>
#include <thread>

#include "problems/sudoku/sudoku.hpp"
#include "apps/sudoku-serve/api.hpp"
#include "apps/sudoku-serve/assets.hpp"
#include "apps/sudoku-serve/server.hpp"

namespace sd = problems::sudoku;
using sudoku_web::json;

namespace {

const std::string kHardText = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kHardSolutionText = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const std::string kEasyText = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
// Row 9 holds 1..8 and column 9 a 9, so r9c9 has no value: unsolvable, but a search that only
// checks (inference none, input order, no rules) finds out only at the last cell, and takes long.
const std::string kSlowUnsolvable =
    "........9"
    "........."
    "........."
    "........."
    "........."
    "........."
    "........."
    "........."
    "12345678.";

/// The independent validator of problems/sudoku on a puzzle and a solution line.
bool valid_answer(const std::string& puzzle, const std::string& solution) {
  const sd::ParsedLine p = sd::parse_line(puzzle);
  const sd::ParsedLine s = sd::parse_line(solution);
  if (p.kind != sd::ParsedLine::Kind::puzzle || s.kind != sd::ParsedLine::Kind::puzzle) return false;
  return sd::is_valid_solution(p.puzzle, s.puzzle.cells);
}

sudoku_web::ServerConfig loopback(sudoku_web::ServerConfig c) {
  c.bind = "127.0.0.1";
  c.port = 0;
  return c;
}

/// A server on 127.0.0.1, any free port, and a client for it.
struct Running {
  explicit Running(const sudoku_web::ServerConfig& c = {}) : server(loopback(c)) {
    std::signal(SIGPIPE, SIG_IGN);  // a peer closing early must show as an error, not end the tests
    port = server.start();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(30, 0);
    return c;
  }
  /// POSTs `body` and parses the JSON reply (which every /api/ reply must be).
  std::pair<int, json> post(const std::string& path, const std::string& body) const {
    httplib::Client c = client();
    auto res = c.Post(path.c_str(), body, "application/json");
    REQUIRE(res);
    INFO(res->body);
    REQUIRE(res->get_header_value("Content-Type") == "application/json");
    return {res->status, json::parse(res->body)};
  }
  std::pair<int, json> post(const std::string& path, const json& body) const { return post(path, body.dump()); }
  std::pair<int, json> get(const std::string& path) const {
    httplib::Client c = client();
    auto res = c.Get(path.c_str());
    REQUIRE(res);
    INFO(res->body);
    REQUIRE(res->get_header_value("Content-Type") == "application/json");
    return {res->status, json::parse(res->body)};
  }
  sudoku_web::Server server;
  int port = 0;
};

}  // namespace

// --- The API as functions -----------------------------------------------------------------------

TEST_CASE("serve api: solve and explain agree with the independent validator", "[serve]") {
  const sudoku_web::ApiConfig config;
  // With Norvig's two rules the hard puzzle needs search; the default rules (with locked
  // candidates) solve it without a guess.
  const json r = sudoku_web::solve(json{{"puzzle", kHardText}, {"rules", "naked-single,hidden-single"}}, config);
  CHECK(r["status"] == "solved");
  CHECK(r["solution"] == kHardSolutionText);
  CHECK(valid_answer(kHardText, r["solution"]));
  CHECK(r["nodes"].get<std::uint64_t>() > 0);
  CHECK(r["config"]["rules"] == "naked-single,hidden-single");
  const json d = sudoku_web::solve(json{{"puzzle", kHardText}}, config);
  CHECK(d["solution"] == kHardSolutionText);
  CHECK(d["config"]["rules"] == problems::sudoku::kDefaultRules);

  const json e = sudoku_web::explain(json{{"puzzle", kEasyText}}, config);
  CHECK(e["result"] == "solved");
  CHECK(e["guesses"] == 0);
  CHECK(valid_answer(kEasyText, e["solution"]));
  REQUIRE(!e["steps"].empty());
  // Replaying the placements of the steps on the givens gives the solution.
  std::string grid = kEasyText;
  for (const json& step : e["steps"]) {
    for (const json& p : step["placements"]) {
      const std::string cell = p["cell"];
      const int r = std::stoi(cell.substr(1, cell.find('c') - 1)) - 1;
      const int c = std::stoi(cell.substr(cell.find('c') + 1)) - 1;
      grid[static_cast<std::size_t>(r * 9 + c)] = static_cast<char>('0' + p["value"].get<int>());
    }
  }
  CHECK(grid == e["solution"]);
}

TEST_CASE("serve api: a search stopped by its limit says which", "[serve]") {
  sudoku_web::ApiConfig config;
  json r = sudoku_web::solve(json{{"puzzle", kHardText}, {"rules", "none"}, {"inference", "none"}, {"order", "input"}, {"node_limit", 10}},
                             config);
  CHECK(r["status"] == "limit");
  CHECK(r["limit"] == "nodes");
  CHECK(r["config"]["node_limit"] == 10);
  // A request cannot raise the server's limits.
  config.node_limit = 5;
  r = sudoku_web::solve(json{{"puzzle", kHardText}, {"rules", "none"}, {"inference", "none"}, {"node_limit", 1000000}}, config);
  CHECK(r["status"] == "limit");
  CHECK(r["config"]["node_limit"] == 5);
  config.node_limit = 0;
  config.time_limit = 0.05;
  const auto started = std::chrono::steady_clock::now();
  r = sudoku_web::solve(json{{"puzzle", kSlowUnsolvable}, {"rules", "none"}, {"inference", "none"}, {"order", "input"}}, config);
  CHECK(r["status"] == "limit");
  CHECK(r["limit"] == "time");
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
}

TEST_CASE("serve api: stop interrupts a running search and busy slots answer 503", "[serve]") {
  sudoku_web::ApiConfig config;
  config.max_concurrent = 1;
  config.queue_wait = std::chrono::milliseconds(50);
  config.time_limit = 30;
  config.node_limit = 0;
  sudoku_web::Api api(config);
  const std::string slow = json{{"puzzle", kSlowUnsolvable}, {"rules", "none"}, {"inference", "none"}, {"order", "input"}}.dump();
  auto running = std::async(std::launch::async, [&] { return api.handle("POST", "/api/solve", {}, slow); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const sudoku_web::Reply busy = api.handle("POST", "/api/solve", {}, json{{"puzzle", kEasyText}}.dump());
  CHECK(busy.status == 503);
  CHECK(busy.body["error"].get<std::string>().find("busy") != std::string::npos);
  const auto stopped_at = std::chrono::steady_clock::now();
  api.stop();
  REQUIRE(running.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  CHECK(std::chrono::steady_clock::now() - stopped_at < std::chrono::seconds(5));
  const sudoku_web::Reply interrupted = running.get();
  CHECK(interrupted.status == 503);
  CHECK(api.handle("POST", "/api/solve", {}, json{{"puzzle", kEasyText}}.dump()).status == 503);
}

// --- Through HTTP -------------------------------------------------------------------------------

TEST_CASE("serve: the page and its files are served", "[serve]") {
  const Running s;
  httplib::Client c = s.client();
  auto page = c.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(page->body.find("<html") != std::string::npos);
  CHECK(page->get_header_value("Content-Security-Policy").find("default-src 'self'") != std::string::npos);
  for (const sudoku_web::Asset& a : sudoku_web::assets()) {
    CAPTURE(a.name);
    std::string path = "/";
    path += a.name;  // (not "/" + name: GCC 12 warns a false -Wrestrict on that)
    auto r = c.Get(path.c_str());
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->body == a.data);
    CHECK(r->get_header_value("Content-Type") == sudoku_web::content_type_for(std::string(a.name)));
  }
  auto missing = c.Get("/nothing-here.html");
  REQUIRE(missing);
  CHECK(missing->status == 404);
  auto traversal = c.Get("/../CMakeLists.txt");
  REQUIRE(traversal);
  CHECK(traversal->status >= 400);
}

TEST_CASE("serve: solve answers the essay's hard puzzle with a valid solution", "[serve]") {
  const Running s;
  const auto [status, r] = s.post("/api/solve", json{{"puzzle", kHardText}});
  CHECK(status == 200);
  CHECK(r["status"] == "solved");
  CHECK(r["size"] == 9);
  CHECK(valid_answer(kHardText, r["solution"]));
  CHECK(r["solution"] == kHardSolutionText);
  for (const char* field : {"nodes", "failures", "propagations", "time_us", "counters"}) CHECK(r.contains(field));
}

TEST_CASE("serve: solve takes every order value order inference and rule set the options list", "[serve]") {
  const Running s;
  const auto [status, o] = s.get("/api/options");
  REQUIRE(status == 200);
  REQUIRE(o["orders"].size() >= 4);
  REQUIRE(o["rules"].size() >= 6);
  std::vector<json> requests;
  for (const json& order : o["orders"]) requests.push_back({{"puzzle", kHardText}, {"order", order}});
  for (const json& values : o["values"]) requests.push_back({{"puzzle", kHardText}, {"values", values}, {"seed", 7}});
  for (const json& inference : o["inferences"])
    requests.push_back({{"puzzle", kEasyText}, {"inference", inference}, {"rules", "none"}});
  // Each rule beside naked-single (some alone are too weak for the hard puzzle within the limits).
  for (const json& rule : o["rules"])
    requests.push_back({{"puzzle", kHardText}, {"rules", "naked-single," + rule.get<std::string>()}});
  requests.push_back({{"puzzle", kHardText}, {"rules", "all"}});
  for (const json& q : requests) {
    CAPTURE(q.dump());
    const auto [st, r] = s.post("/api/solve", q);
    CHECK(st == 200);
    CHECK(r["status"] == "solved");
    CHECK(valid_answer(q["puzzle"], r["solution"]));
  }
  // 4x4 and 16x16 boards too.
  const auto [st4, r4] = s.post("/api/solve", json{{"puzzle", "1..............'"}});
  CHECK(st4 == 422);  // a quote is not a cell
  const auto [st4b, r4b] = s.post("/api/solve", json{{"puzzle", "1..............."}});
  CHECK(st4b == 200);
  CHECK(valid_answer("1...............", r4b["solution"]));
}

TEST_CASE("serve: count tells unique from not unique", "[serve]") {
  const Running s;
  auto [st, r] = s.post("/api/count", json{{"puzzle", kHardText}});
  CHECK(st == 200);
  CHECK(r["solutions"] == 1);
  CHECK(r["unique"] == true);
  CHECK(r["status"] == "counted");
  std::tie(st, r) = s.post("/api/count", json{{"puzzle", "." + kHardText.substr(1)}, {"max", 2}});
  CHECK(st == 200);
  CHECK(r["status"] == "capped");
  CHECK(r["solutions"] == 2);
  CHECK(r["unique"] == false);
  std::tie(st, r) = s.post("/api/count", json{{"puzzle", std::string(81, '.')}, {"max", 1}});
  CHECK(r["status"] == "capped");
  CHECK(r["unique"].is_null());
  std::tie(st, r) = s.post("/api/count", json{{"puzzle", kHardText}, {"max", 0}});
  CHECK(st == 400);
  std::tie(st, r) = s.post("/api/count", json{{"puzzle", kHardText}, {"max", 1000000000}});
  CHECK(st == 400);
}

TEST_CASE("serve: generate gives a proper puzzle for a seed", "[serve]") {
  const Running s;
  auto [st, g] = s.get("/api/generate?seed=7");
  REQUIRE(st == 200);
  const std::string puzzle = g["puzzle"];
  CHECK(puzzle.size() == 81);
  CHECK(g["seed"] == 7);
  auto [st2, again] = s.get("/api/generate?seed=7&size=9");
  CHECK(again["puzzle"] == puzzle);  // reproducible
  auto [stc, c] = s.post("/api/count", json{{"puzzle", puzzle}});
  CHECK(stc == 200);
  CHECK(c["solutions"] == 1);
  auto [st4, g4] = s.get("/api/generate?seed=3&size=4");
  CHECK(st4 == 200);
  CHECK(g4["puzzle"].get<std::string>().size() == 16);
  auto [stn, none] = s.get("/api/generate");
  CHECK(stn == 200);
  CHECK(none.contains("seed"));
  for (const char* bad : {"/api/generate?seed=-1", "/api/generate?seed=abc", "/api/generate?size=25",
                          "/api/generate?seed=99999999999999999999999", "/api/generate?colour=blue"}) {
    CAPTURE(bad);
    CHECK(s.get(bad).first == 400);
  }
}

TEST_CASE("serve: explain answers the explain schema", "[serve]") {
  const Running s;
  auto [st, e] = s.post("/api/explain", json{{"puzzle", kHardText}});
  REQUIRE(st == 200);
  CHECK(e["puzzle"] == kHardText);
  CHECK(e["result"] == "solved");  // every rule (the default) solves it without a guess
  CHECK(e["solution"] == kHardSolutionText);
  REQUIRE(e["steps"].size() > 2);
  std::set<std::string> techniques;
  for (const json& step : e["steps"]) {
    for (const char* field : {"technique", "text", "groups", "cells", "placements", "removals"}) REQUIRE(step.contains(field));
    techniques.insert(step["technique"].get<std::string>());
  }
  CHECK(techniques.count("hidden-single") == 1);
  // With the singles only, the techniques get stuck and search finishes: the reply says so.
  std::tie(st, e) = s.post("/api/explain",
                           json{{"puzzle", kHardText}, {"techniques", "singles"}, {"rules", "naked-single,hidden-single"}});
  REQUIRE(st == 200);
  CHECK(e["result"] == "needs search");
  CHECK(e["guesses"].get<int>() > 0);
  CHECK(valid_answer(kHardText, e["solution"]));
  for (const json& step : e["steps"]) {
    const std::string t = step["technique"];
    CHECK((t == "full-house" || t == "naked-single" || t == "hidden-single"));
  }
  // Search after the techniques stays under the limits.
  std::tie(st, e) = s.post("/api/explain", json{{"puzzle", kSlowUnsolvable}, {"techniques", "full-house"}, {"rules", "none"},
                                                {"inference", "none"}, {"order", "input"}, {"time_limit", 0.02}});
  CHECK(st == 200);
  CHECK((e["result"] == "unsolvable" || e.value("limit", "") == "time"));
  // Invalid puzzles: 422 with the explain schema's result.
  std::tie(st, e) = s.post("/api/explain", json{{"puzzle", "11" + std::string(79, '.')}});
  CHECK(st == 422);
  CHECK(e["result"] == "invalid");
  CHECK(e["error"].get<std::string>().find("row 1") != std::string::npos);
}

TEST_CASE("serve: grade answers as sudoku grade does", "[serve]") {
  const Running s;
  auto [st, g] = s.post("/api/grade", json{{"puzzle", kHardText}});
  REQUIRE(st == 200);
  CHECK(g["result"] == "solved");
  CHECK(g["text"] == g["hardest"].get<std::string>() + " " + std::to_string(g["score"].get<int>()) + " " +
                         g["level"].get<std::string>());
  CHECK(g["steps"].get<int>() > 0);
  std::tie(st, g) = s.post("/api/grade", json{{"puzzle", kHardText}, {"techniques", "singles"}});
  CHECK(st == 200);
  CHECK(g["result"] == "needs search");
  CHECK(g["text"] == "needs search");
  std::tie(st, g) = s.post("/api/grade", json{{"puzzle", kHardText}, {"techniques", "telepathy"}});
  CHECK(st == 400);
  std::tie(st, g) = s.post("/api/grade", json{{"puzzle", "garbage"}});
  CHECK(st == 422);
  std::tie(st, g) = s.post("/api/grade", json{{"puzzle", std::string(256, '.')}});
  CHECK(st == 200);
}

TEST_CASE("serve: malformed requests get a 400 with a JSON error", "[serve]") {
  const Running s;
  for (const std::string& body : std::vector<std::string>{"", "{", "not json", "[1,2]", "\"puzzle\"", "null", "{\"puzzle\": 5}", "{\"puzzle\": null}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"rules\": \"naked-single,telepathy\"}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"order\": \"random\"}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"inference\": 3}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"node_limit\": -1}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"time_limit\": \"1s\"}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"rulez\": \"all\"}",
                                 "{\"puzzle\": \"" + kHardText + "\", \"techniques\": \"telepathy\"}"}) {
    CAPTURE(body);
    for (const char* path : {"/api/solve", "/api/count", "/api/explain"}) {
      const auto [st, r] = s.post(path, body);
      CHECK(st == 400);
      CHECK(r["error"].is_string());
    }
  }
  const auto [st, r] = s.post("/api/solve", json{{"puzzle", kHardText}, {"rules", "telepathy"}});
  CHECK(st == 400);
  CHECK(r["error"].get<std::string>().find("telepathy") != std::string::npos);
}

TEST_CASE("serve: an oversize body is a 413 with a JSON error", "[serve]") {
  const Running s;
  const std::string big = "{\"puzzle\": \"" + std::string(100 * 1024, '.') + "\"}";
  httplib::Client c = s.client();
  auto res = c.Post("/api/solve", big, "application/json");
  REQUIRE(res);
  CHECK(res->status == 413);
  CHECK(json::parse(res->body)["error"].is_string());
  // Still serving.
  CHECK(s.post("/api/solve", json{{"puzzle", kEasyText}}).first == 200);
}

TEST_CASE("serve: hostile puzzles are answered without a crash and the server keeps serving", "[serve]") {
  const Running s;
  // All blanks: a valid puzzle with many solutions.
  auto [st, r] = s.post("/api/solve", json{{"puzzle", std::string(81, '.')}});
  CHECK(st == 200);
  CHECK(valid_answer(std::string(81, '.'), r["solution"]));
  std::tie(st, r) = s.post("/api/solve", json{{"puzzle", std::string(256, '.')}});
  CHECK(st == 200);
  std::tie(st, r) = s.post("/api/explain", json{{"puzzle", std::string(256, '.')}, {"rules", "none"}});
  CHECK(st == 200);
  CHECK(r["steps"].size() <= 5000);
  // Garbage, wrong lengths, bytes that are not UTF-8, a comment, nothing.
  for (const std::string& bad : {std::string("garbage"), std::string(80, '.'), std::string(82, '1'), std::string("# comment"),
                                std::string(""), std::string("\xff\xfe") + std::string(79, '.'), std::string(81, '\0'),
                                std::string(625, 'Z')}) {
    CAPTURE(bad);
    std::tie(st, r) = s.post("/api/solve", json(json{{"puzzle", bad}}).dump(-1, ' ', false, json::error_handler_t::replace));
    CHECK(st == 422);
    CHECK(r["status"] == "invalid");
    CHECK(r["error"].is_string());
  }
  // Not UTF-8 at all (the JSON parser refuses it).
  std::tie(st, r) = s.post("/api/solve", std::string("{\"puzzle\": \"\xff\"}"));
  CHECK(st == 400);
  // 10k characters: refused before parsing.
  std::tie(st, r) = s.post("/api/solve", json{{"puzzle", std::string(10000, '1')}});
  CHECK(st == 400);
  // Deeply nested JSON within the size cap.
  std::tie(st, r) = s.post("/api/solve", std::string(30000, '[') + std::string(30000, ']'));
  CHECK(st == 400);
  // A weak configuration on a slow unsolvable puzzle stops at the time limit.
  std::tie(st, r) = s.post("/api/solve", json{{"puzzle", kSlowUnsolvable}, {"rules", "none"}, {"inference", "none"},
                                              {"order", "input"}, {"time_limit", 0.02}});
  CHECK(st == 200);
  CHECK(r["status"] == "limit");
  CHECK(r["limit"] == "time");
  // And it still answers.
  std::tie(st, r) = s.post("/api/solve", json{{"puzzle", kHardText}});
  CHECK(st == 200);
  CHECK(r["solution"] == kHardSolutionText);
}

TEST_CASE("serve: wrong methods get 405 and unknown endpoints 404 both in JSON", "[serve]") {
  const Running s;
  CHECK(s.get("/api/solve").first == 405);
  CHECK(s.get("/api/nothing").first == 404);
  CHECK(s.get("/api").first == 404);
  CHECK(s.post("/api/generate", std::string("{}")).first == 405);
  CHECK(s.post("/api/nothing", std::string("{}")).first == 404);
  httplib::Client c = s.client();
  auto del = c.Delete("/api/solve");
  REQUIRE(del);
  CHECK(del->status == 405);
  CHECK(del->get_header_value("Allow") == "POST");
  CHECK(json::parse(del->body)["error"].is_string());
}

TEST_CASE("serve: concurrent solves are all answered correctly", "[serve]") {
  sudoku_web::ServerConfig config;
  config.api.max_concurrent = 2;
  const Running s(config);
  std::vector<std::future<bool>> done;
  for (int i = 0; i < 16; ++i) {
    done.push_back(std::async(std::launch::async, [&s, i] {
      const std::string puzzle = i % 2 == 0 ? kHardText : kEasyText;
      httplib::Client c = s.client();
      auto res = c.Post("/api/solve", json{{"puzzle", puzzle}}.dump(), "application/json");
      return res && res->status == 200 && valid_answer(puzzle, json::parse(res->body)["solution"]);
    }));
  }
  for (auto& f : done) CHECK(f.get());
}

TEST_CASE("serve: a server stops while a search runs", "[serve]") {
  sudoku_web::ServerConfig config;
  config.api.time_limit = 60;
  config.api.node_limit = 0;
  Running s(config);
  auto slow = std::async(std::launch::async, [&s] {
    httplib::Client c = s.client();
    return c.Post("/api/solve", json{{"puzzle", kSlowUnsolvable}, {"rules", "none"}, {"inference", "none"}, {"order", "input"}}.dump(),
                  "application/json");
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto started = std::chrono::steady_clock::now();
  s.server.stop();
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
  auto res = slow.get();
  if (res) CHECK(res->status == 503);
  s.server.stop();  // idempotent
}
