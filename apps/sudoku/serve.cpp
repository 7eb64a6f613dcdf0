// sudoku serve: a web page to play, solve and step through explanations, and its JSON API. The
// server is a program of its own, sudoku-serve (apps/sudoku-serve/), installed beside this one:
// `sudoku serve ARGS` replaces this process with it (same process id, so signals and exit status
// are the server's), and every argument after `serve`, --help included, goes to it (add_serve in
// command_line.cpp leaves them unparsed). Keeping the HTTP library and OpenSSL out of this program
// saves their start-up cost on every solve.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "commands.hpp"

namespace sudoku_app {

int run_serve(const ServeCommand& c) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::filesystem::path server = (ec ? std::filesystem::path(".") : self.parent_path()) / "sudoku-serve";
  std::vector<std::string> args{"sudoku serve"};
  if (c.log_level != "off") {
    args.emplace_back("--log-level");
    args.push_back(c.log_level);
  }
  args.insert(args.end(), c.args.begin(), c.args.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);
  execv(server.c_str(), argv.data());
  throw UsageError("serve: cannot run " + server.string() + ": " + std::strerror(errno));
}

}  // namespace sudoku_app
