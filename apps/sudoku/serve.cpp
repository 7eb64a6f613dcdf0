// sudoku serve: a web page to play, solve and step through explanations, and its JSON API.
// The server itself is apps/sudoku/web/ (a library the tests use too); this only parses options,
// prints where it listens, and stops cleanly on SIGINT/SIGTERM.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "batch.hpp"
#include "commands.hpp"
#include "web/server.hpp"

namespace sudoku_app {

CLI::App* add_serve(CLI::App& app, ServeCommand& c) {
  CLI::App* cmd = app.add_subcommand(
      "serve", "Serve a web page to play, solve and explain puzzles, and its JSON API (the first line printed is its URL)");
  cmd->add_option("--port", c.port, "TCP port (0: any free port)")->check(CLI::Range(0, 65535))->capture_default_str();
  cmd->add_option("--bind", c.bind, "Address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  cmd->add_option("--time-limit", c.time_limit, "Seconds each search may take at most (fractional; > 0)")
      ->check(seconds())
      ->capture_default_str();
  cmd->add_option("--node-limit", c.node_limit, "Search nodes each search may take at most (> 0)")
      ->check(whole_number(1, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--max-solves", c.max_solves, "Searches at once; more wait, then get 503 (default: twice the hardware threads)")
      ->check(whole_number(1, 4096));
  return cmd;
}

int run_serve(const ServeCommand& c) {
  if (!(c.time_limit > 0)) throw UsageError("serve: --time-limit must be more than 0: every search is bounded");
  sudoku_web::ServerConfig config;
  config.bind = c.bind;
  config.port = c.port;
  config.api.time_limit = c.time_limit;
  config.api.node_limit = c.node_limit;
  config.api.max_concurrent = c.max_solves;
  sudoku_web::Server server(config);
  // SIGINT/SIGTERM set interrupt_flag(); a second one ends the process at once.
  const Interrupt interrupt;
  try {
    server.start();
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("serve: ") + e.what());
  }
  // The URL first, alone on its line, so that scripts can start the server on port 0.
  std::printf("%s\n", server.url().c_str());
  std::fflush(stdout);
  std::fprintf(stderr, "sudoku serve: listening on %s (Ctrl-C stops)\n", server.url().c_str());
  while (!interrupt_flag().load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server.stop();
  std::fprintf(stderr, "sudoku serve: stopped\n");
  return Exit::ok;
}

}  // namespace sudoku_app
