#include "parts.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <vector>

namespace csp_app {
namespace {

std::vector<std::string>& command_line() {
  static std::vector<std::string> args;
  return args;
}

// The command line without --split and its value (either form: "--split N", "--split=N").
std::string command_without_split() {
  const std::vector<std::string>& args = command_line();
  std::string line;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--split") {
      ++i;
      continue;
    }
    if (args[i].starts_with("--split=")) continue;
    if (!line.empty()) line += ' ';
    line += shell_quoted(args[i]);
  }
  return line;
}

}  // namespace

void remember_command_line(int argc, const char* const* argv) {
  command_line().assign(argv, argv + argc);
}

std::string shell_quoted(const std::string& arg) {
  bool safe = !arg.empty();
  for (const char ch : arg)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || std::string_view("_@%+=:,./-").find(ch) != std::string_view::npos))
      safe = false;
  if (safe) return arg;
  std::string out = "'";
  for (const char ch : arg) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

void print_part_lines(const SearchConfig& c, const csp::Model& model, const csp::SearchOptions& options,
                      const csp::Domains& start) {
  csp::Stats stats;
  const std::vector<csp::Path> paths = csp::split(model, options, start, c.split, &stats);
  print_part_lines(paths);
  if (c.stats) print_stats(stats, {{"parts", std::to_string(std::max<std::size_t>(paths.size(), 1))}});
}

void print_part_lines(const std::vector<csp::Path>& paths) {
  const std::string head = command_without_split();
  std::string out;
  for (const csp::Path& p : paths) out += head + " --part '" + csp::to_text(p) + "'\n";
  if (paths.empty()) out = head + " --part '-'\n";  // the root fails: one part, which finds that out again
  std::fputs(out.c_str(), stdout);
}

csp::Path part_path(const SearchConfig& c, std::size_t variables) {
  try {
    return csp::parse_path(c.part, variables);
  } catch (const std::invalid_argument& e) {
    throw UsageError("--part '" + c.part + "': " + e.what());
  }
}

csp::Path part_path(const SearchConfig& c, const csp::Domains& start) {
  try {
    return csp::parse_path(c.part, start);
  } catch (const std::invalid_argument& e) {
    throw UsageError("--part '" + c.part + "': " + e.what());
  }
}

PartResult part_result(const SearchConfig& c, const csp::SearchResult& r) {
  PartResult p;
  p.part = c.part;
  p.status = r.status == csp::SearchStatus::limit              ? PartResult::Status::limit
             : r.status == csp::SearchStatus::stopped_on_request ? PartResult::Status::found
                                                                 : PartResult::Status::exhausted;
  if (r.status == csp::SearchStatus::limit) p.limit = csp::to_string(r.limit);
  p.solutions = r.stats.solutions;
  p.nodes = r.stats.nodes;
  p.failures = r.stats.failures;
  p.seconds = r.stats.seconds();
  return p;
}

int print_result_line(const PartResult& r) {
  std::printf("%s\n", format_result_line(r).c_str());
  return r.status == PartResult::Status::limit ? Exit::failed : Exit::ok;
}

int solve_part(const SearchConfig& c, const csp::Model& model, const csp::SearchOptions& options, csp::Domains start,
               bool all, const std::function<void(std::span<const csp::Value>)>& check,
               const std::function<std::string(std::span<const csp::Value>)>& format) {
  const csp::Path path = part_path(c, start);
  if (!csp::apply(path, start)) {  // a decision empties a variable: the part holds nothing
    PartResult empty;
    empty.part = c.part;
    return print_result_line(empty);
  }
  csp::Solver solver(model, options);
  std::optional<std::string> first;
  const csp::SearchResult r = solver.for_each_solution(start, [&](std::span<const csp::Value> s) {
    check(s);
    if (!first) first = format(s);
    return all;
  });
  apps_common::clear_search_progress();
  PartResult p = part_result(c, r);
  p.solution = first;
  return print_result_line(p);
}

}  // namespace csp_app
