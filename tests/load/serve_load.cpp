// Load test of sudoku serve (issue 9): N concurrent POST /api/solve requests on loopback against a
// server started in this process on an ephemeral port, each from its own client thread and
// connection, all released at once. Every answer is checked with the independent validator;
// latencies (request sent to reply parsed) are printed as p50/p99/max.
//   serve_load [N=200] [PUZZLE_FILE]      exit 0 when every request got a correct answer
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "problems/sudoku/sudoku.hpp"
#include "apps/sudoku-serve/server.hpp"

namespace sd = problems::sudoku;
using sudoku_web::json;

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);
  const int n = argc > 1 ? std::atoi(argv[1]) : 200;
  if (n <= 0 || n > 10000) {
    std::fprintf(stderr, "usage: serve_load [N (1..10000)] [PUZZLE_FILE]\n");
    return 2;
  }
  // The essay's hard puzzle, plus the puzzles of the file when one is given.
  std::vector<sd::Puzzle> puzzles;
  std::vector<std::string> texts{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"};
  if (argc > 2) {
    std::ifstream in(argv[2]);
    for (std::string line; std::getline(in, line);) {
      if (sd::parse_line(line).kind == sd::ParsedLine::Kind::puzzle) texts.push_back(line);
    }
  }
  for (const std::string& t : texts) puzzles.push_back(sd::parse_line(t).puzzle);

  sudoku_web::ServerConfig config;
  config.bind = "127.0.0.1";
  config.port = 0;
  sudoku_web::Server server(config);
  const int port = server.start();

  struct Outcome {
    bool ok = false;
    double ms = 0;
    std::string error;
  };
  std::vector<Outcome> outcomes(static_cast<std::size_t>(n));
  std::latch ready(n + 1);
  std::vector<std::thread> clients;
  clients.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    clients.emplace_back([&, i] {
      const std::size_t k = static_cast<std::size_t>(i) % texts.size();
      const std::string body = json{{"puzzle", texts[k]}}.dump();
      httplib::Client client("127.0.0.1", port);
      client.set_connection_timeout(30, 0);
      client.set_read_timeout(30, 0);
      Outcome& o = outcomes[static_cast<std::size_t>(i)];
      ready.arrive_and_wait();
      const auto started = std::chrono::steady_clock::now();
      auto res = client.Post("/api/solve", body, "application/json");
      if (!res) {
        o.error = "no reply: " + httplib::to_string(res.error());
      } else if (res->status != 200) {
        o.error = "status " + std::to_string(res->status) + ": " + res->body;
      } else {
        const json r = json::parse(res->body, nullptr, false);
        const sd::ParsedLine s = r.is_object() && r.contains("solution") && r["solution"].is_string()
                                     ? sd::parse_line(r["solution"].get<std::string>())
                                     : sd::ParsedLine{};
        o.ok = s.kind == sd::ParsedLine::Kind::puzzle && sd::is_valid_solution(puzzles[k], s.puzzle.cells);
        if (!o.ok) o.error = "wrong answer: " + res->body;
      }
      o.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    });
  }
  const auto started = std::chrono::steady_clock::now();
  ready.arrive_and_wait();
  for (std::thread& t : clients) t.join();
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  server.stop();

  std::vector<double> ms;
  int correct = 0;
  for (const Outcome& o : outcomes) {
    ms.push_back(o.ms);
    if (o.ok) ++correct;
    else std::fprintf(stderr, "FAIL: %s\n", o.error.substr(0, 300).c_str());
  }
  std::sort(ms.begin(), ms.end());
  auto pct = [&](double p) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(p * static_cast<double>(ms.size() - 1) + 0.5))]; };
  std::printf("load: %d concurrent solve requests (%zu distinct puzzles), %d answered correctly in %.3f s\n", n, texts.size(),
              correct, total);
  std::printf("latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", pct(0.50), pct(0.99), ms.back());
  std::printf("%d passed, %d failed\n", correct, n - correct);
  return correct == n ? 0 : 1;
}
