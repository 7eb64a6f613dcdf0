#include "server.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>

#include "assets.hpp"
#include "csp/kernel/log.hpp"
#include <httplib.h>

namespace sudoku_web {

/// httplib 0.11 listens with a backlog of 5 (compiled into Debian's library): a burst of
/// connections then waits a second or more for SYN retransmits. Listening again on the bound
/// socket raises the backlog (Linux updates it in place). (Not in the anonymous namespace: Server::Impl
/// holds one, and g++'s -Wsubobject-linkage reports a member of internal-linkage type once this file
/// is compiled in a unity batch.)
class HttpServer : public httplib::Server {
 public:
  void raise_backlog(int backlog) {
    const auto sock = svr_sock_.load();
    if (sock != INVALID_SOCKET) ::listen(sock, backlog);
  }
};

namespace {

constexpr const char* kJson = "application/json";

/// A path or method as it may appear in a log line: control characters and non-ASCII replaced,
/// cut short (they come from the network).
std::string printable(const std::string& s) {
  std::string out = s.substr(0, 200);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return out;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

bool is_api(const std::string& path) { return path.rfind("/api/", 0) == 0 || path == "/api"; }

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(dump(body) + "\n", kJson);
}

std::string reason_of(int status, std::size_t max_body) {
  switch (status) {
    case 400: return "bad request";
    case 404: return "not found";
    case 405: return "method not allowed";
    case 413: return "request body larger than " + std::to_string(max_body) + " bytes";
    case 414: return "request line too long";
    case 431: return "request headers too large";
    case 500: return "internal error";
    case 503: return "service unavailable";
    default: return "HTTP status " + std::to_string(status);
  }
}

}  // namespace

std::string content_type_for(const std::string& name) {
  auto ends = [&](std::string_view ext) { return name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0; };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".json")) return "application/json";
  return "application/octet-stream";
}

struct Server::Impl {
  explicit Impl(ServerConfig c) : config(std::move(c)), api(config.api) {}
  ServerConfig config;
  Api api;
  HttpServer http;
  std::thread listener;
  int port = 0;
  bool stopped = false;
  std::mutex stop_mutex;

  void setup();
  bool serve_asset(const httplib::Request& req, httplib::Response& res) const;
};

bool Server::Impl::serve_asset(const httplib::Request& req, httplib::Response& res) const {
  const std::string name = req.path == "/" ? std::string("index.html") : req.path.substr(1);
  for (const Asset& a : assets()) {
    if (a.name != name) continue;
    res.status = 200;
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Content-Type-Options", "nosniff");
    if (name.ends_with(".html")) {
      // Everything the page uses comes from this server; no inline script, no framing.
      res.set_header("Content-Security-Policy",
                     "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
      res.set_header("Referrer-Policy", "no-referrer");
    }
    res.set_content(std::string(a.data), content_type_for(name).c_str());
    return true;
  }
  return false;
}

void Server::Impl::setup() {
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads = config.threads != 0 ? config.threads : std::max(16u, 4 * hw);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(config.max_body);
  http.set_read_timeout(5, 0);
  http.set_write_timeout(5, 0);
  // Browsers keep idle connections open, each holding a worker: let them go soon.
  http.set_keep_alive_timeout(2);
  http.set_keep_alive_max_count(100);
  http.set_tcp_nodelay(true);

  // Everything that needs no body is answered here, before httplib reads one: the static page,
  // GET endpoints, unknown /api paths (404) and wrong methods (405).
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    using R = httplib::Server::HandlerResponse;
    if (is_api(req.path)) {
      const std::string_view method = Api::method_of(req.path);
      const bool body_endpoint = method == "POST" && req.method == "POST";
      if (body_endpoint) return R::Unhandled;  // read the body (capped), then the Post handler
      if (!method.empty() && req.method != method && !(method == "GET" && req.method == "HEAD"))
        res.set_header("Allow", std::string(method));
      const Reply r = api.handle(req.method, req.path, req.params, {});
      send_json(res, r.status, r.body);
      return R::Handled;
    }
    if ((req.method == "GET" || req.method == "HEAD") && serve_asset(req, res)) return R::Handled;
    return R::Unhandled;
  });
  for (const char* path : {"/api/solve", "/api/count", "/api/explain", "/api/grade"}) {
    http.Post(path, [this](const httplib::Request& req, httplib::Response& res) {
      const Reply r = api.handle(req.method, req.path, req.params, req.body);
      send_json(res, r.status, r.body);
    });
  }
  // Errors httplib produces itself (413, 404 of a page, 400 of a bad request line) get a body:
  // JSON under /api/ and for 413, text elsewhere. Replies that already have one are kept.
  http.set_error_handler(httplib::Server::HandlerWithResponse([this](const httplib::Request& req, httplib::Response& res) {
    using R = httplib::Server::HandlerResponse;
    if (!res.body.empty()) return R::Unhandled;
    const std::string reason = reason_of(res.status, config.max_body);
    if (is_api(req.path) || res.status == 413) {
      res.set_header("Cache-Control", "no-store");
      res.set_content(dump(json{{"error", reason}}) + "\n", kJson);
    } else {
      res.set_content(std::to_string(res.status) + " " + reason + "\n", "text/plain; charset=utf-8");
    }
    return R::Handled;
  }));
  http.set_exception_handler([](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown exception";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    csp::log().error("{} {}: {}", printable(req.method), printable(req.path), what);
    send_json(res, 500, json{{"error", "internal error"}});
  });
  http.set_logger([](const httplib::Request& req, const httplib::Response& res) {
    if (!csp::log().should_log(spdlog::level::info)) return;
    csp::log().info("{} {} {} {} {} bytes", req.remote_addr, printable(req.method), printable(req.path), res.status,
                    res.body.size());
  });
}

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) { impl_->setup(); }

Server::~Server() { stop(); }

int Server::start() {
  Impl& s = *impl_;
  if (s.listener.joinable()) throw std::logic_error("server already started");
  const ServerConfig& c = s.config;
  if (c.port < 0 || c.port > 65535) throw std::runtime_error("port must be from 0 to 65535");
  int port = c.port;
  if (port == 0) {
    port = s.http.bind_to_any_port(c.bind);
  } else if (!s.http.bind_to_port(c.bind, port)) {
    port = -1;
  }
  if (port <= 0)
    throw std::runtime_error("cannot listen on " + c.bind + " port " + std::to_string(c.port) +
                             " (port in use, or not an address of this machine)");
  s.http.raise_backlog(SOMAXCONN);
  s.port = port;
  s.listener = std::thread([&http = s.http] { http.listen_after_bind(); });
  // stop() only works once the server runs: wait for it (microseconds).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!s.http.is_running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  csp::log().info("serving on {}", url());
  return port;
}

void Server::stop() {
  Impl& s = *impl_;
  std::lock_guard<std::mutex> lock(s.stop_mutex);
  if (s.stopped) return;
  s.stopped = true;
  s.api.stop();  // searches under way end at their next node
  if (s.listener.joinable()) {
    s.http.stop();
    s.listener.join();
  }
}

int Server::port() const { return impl_->port; }

std::string Server::url() const {
  const std::string& host = impl_->config.bind;
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port) + "/";
}

}  // namespace sudoku_web
