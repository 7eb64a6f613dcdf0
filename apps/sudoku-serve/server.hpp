// `sudoku serve`'s HTTP server: the page (embedded static files) and the JSON API of api.hpp,
// on cpp-httplib. Started on a port (0: any free one), stopped from any thread.
//
// Robustness: request bodies over ServerConfig::max_body get 413; every reply to /api/* is JSON,
// errors included (400, 404, 405, 413, 422, 500, 501, 503); the searches run under the Api's node
// and time limits and bounded concurrency; connections time out (read, write, keep-alive), so a
// slow or idle client cannot hold a worker for long.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "api.hpp"

namespace sudoku_web {

struct ServerConfig {
  std::string bind = "127.0.0.1";
  int port = 8080;                       ///< 0: a free port, chosen by the system
  unsigned threads = 0;                  ///< connection workers; 0: max(16, 4 x hardware threads)
  std::size_t max_body = 64 * 1024;      ///< request bodies larger than this get 413
  ApiConfig api;
};

class Server {
 public:
  explicit Server(ServerConfig config = {});
  ~Server();  ///< stops
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Binds and starts serving on a thread of its own; returns the port bound (useful with port 0).
  /// Throws std::runtime_error when the address cannot be bound.
  int start();
  /// Stops accepting, interrupts the searches under way, and waits for the workers. Idempotent.
  void stop();
  /// The port bound, 0 before start().
  int port() const;
  /// "http://127.0.0.1:PORT/" (an IPv6 address in brackets).
  std::string url() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Content type for a file name's extension ("app.js" -> "text/javascript; charset=utf-8").
std::string content_type_for(const std::string& name);

}  // namespace sudoku_web
