// sudoku-serve: the server behind `sudoku serve`. The sudoku command replaces itself with this
// program (exec, same process) when asked to serve, so that solving never loads the HTTP library
// and the OpenSSL it is built with: their relocations and initialisation cost a few milliseconds
// at every start, twice what the rest of the start costs. The server is the rest of this folder
// (the sudoku_web library, which the tests use too); this parses the options, prints where it
// listens (first line: the URL, so that scripts can ask for port 0) and stops cleanly on
// SIGINT/SIGTERM.
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

#include <CLI/CLI.hpp>

#include "apps/common/cli.hpp"
#include "apps/common/errors.hpp"
#include "apps/common/interrupt.hpp"
#include "apps/common/parse_command_line.hpp"
#include "server.hpp"
#include "csp/kernel/log.hpp"

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"Serve a web page to play, solve and explain puzzles, and its JSON API (the first line printed is its URL)",
               "sudoku serve"};
  sudoku_web::ServerConfig config;
  std::string log_level = "off";
  unsigned max_solves = 0;
  app.add_option("--port", config.port, "TCP port (0: any free port)")->check(CLI::Range(0, 65535))->capture_default_str();
  app.add_option("--bind", config.bind, "Address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  app.add_option("--time-limit", config.api.time_limit, "Seconds each search may take at most (fractional; > 0)")
      ->check(apps_common::seconds())
      ->capture_default_str();
  app.add_option("--node-limit", config.api.node_limit, "Search nodes each search may take at most (> 0)")
      ->check(apps_common::whole_number(1, UINT64_MAX))
      ->capture_default_str();
  app.add_option("--max-solves", max_solves, "Searches at once; more wait, then get 503 (default: twice the hardware threads)")
      ->check(apps_common::whole_number(1, 4096));
  app.add_option("--log-level", log_level, "Diagnostics on standard error (info: a line per request)")
      ->check(CLI::IsMember({"off", "error", "warn", "info", "debug", "trace"}))
      ->capture_default_str();
  if (const auto status = apps_common::parse_command_line(app, "sudoku serve", argc, argv)) return *status;
  if (!(config.api.time_limit > 0)) {
    std::fprintf(stderr, "sudoku serve: --time-limit must be more than 0: every search is bounded\n");
    return apps_common::exit_status::usage;
  }
  config.api.max_concurrent = max_solves;
  return apps_common::run_command("sudoku serve", [&]() -> int {
    csp::set_log_level(log_level);
    sudoku_web::Server server(config);
    // The first signal asks the loop below to stop the server; a second one ends the process at once.
    const apps_common::Interrupt interrupt(apps_common::Interrupt::Ignored::catch_anyway);
    try {
      server.start();
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "sudoku serve: %s\n", e.what());
      return apps_common::exit_status::usage;
    }
    std::printf("%s\n", server.url().c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "sudoku serve: listening on %s (Ctrl-C stops)\n", server.url().c_str());
    while (!apps_common::interrupt_flag().load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    server.stop();
    std::fprintf(stderr, "sudoku serve: stopped\n");
    return 0;
  });
}
