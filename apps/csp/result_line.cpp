#include "result_line.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>

namespace csp_app {
namespace {

std::string quoted(const std::string& s) { return '"' + s + '"'; }

std::uint64_t count_of(std::string_view key, std::string_view text) {
  std::uint64_t n = 0;
  const auto [stop, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc{} || stop != text.data() + text.size())
    throw std::invalid_argument(std::string(key) + "='" + std::string(text) + "' is not a whole number >= 0");
  return n;
}

}  // namespace

std::string_view to_string(PartResult::Status s) {
  switch (s) {
    case PartResult::Status::exhausted: return "exhausted";
    case PartResult::Status::found: return "found";
    case PartResult::Status::limit: return "limit";
  }
  return "?";
}

std::string_view to_string(PartResult::Sense s) { return s == PartResult::Sense::minimize ? "minimize" : "maximize"; }

std::string format_result_line(const PartResult& r) {
  char time[32];
  std::snprintf(time, sizeof time, "%.3f", r.seconds);
  std::string line = "part=" + quoted(r.part) + " status=" + std::string(to_string(r.status)) +
                     " solutions=" + std::to_string(r.solutions) + " nodes=" + std::to_string(r.nodes) +
                     " failures=" + std::to_string(r.failures) + " time=" + time;
  if (!r.limit.empty()) line += " limit=" + r.limit;
  if (r.objective) line += " objective=" + std::to_string(*r.objective) + " sense=" + std::string(to_string(r.sense));
  if (r.solution) line += " solution=" + quoted(*r.solution);
  return line;
}

PartResult parse_result_line(std::string_view line) {
  PartResult r;
  std::set<std::string, std::less<>> seen;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t eq = line.find('=', i);
    const std::size_t space = line.find(' ', i);
    if (eq == std::string_view::npos || (space != std::string_view::npos && space < eq))
      throw std::invalid_argument("'" + std::string(line.substr(i, space == std::string_view::npos ? space : space - i)) +
                                  "' is not a key=value field");
    const std::string key(line.substr(i, eq - i));
    std::string_view value;
    if (eq + 1 < line.size() && line[eq + 1] == '"') {
      const std::size_t close = line.find('"', eq + 2);
      if (close == std::string_view::npos) throw std::invalid_argument(key + ": the quote is not closed");
      value = line.substr(eq + 2, close - eq - 2);
      i = close + 1;
      if (i < line.size() && line[i] != ' ') throw std::invalid_argument(key + ": text after the closing quote");
    } else {
      const std::size_t end = line.find(' ', eq + 1);
      value = line.substr(eq + 1, end == std::string_view::npos ? std::string_view::npos : end - eq - 1);
      i = end == std::string_view::npos ? line.size() : end;
    }
    if (!seen.insert(key).second) throw std::invalid_argument("field '" + key + "' given twice");
    if (key == "part") {
      if (value.empty()) throw std::invalid_argument("part is empty (the whole space is \"-\")");
      r.part = value;
    } else if (key == "status") {
      if (value == "exhausted") r.status = PartResult::Status::exhausted;
      else if (value == "found") r.status = PartResult::Status::found;
      else if (value == "limit") r.status = PartResult::Status::limit;
      else throw std::invalid_argument("status='" + std::string(value) + "': expected exhausted, found or limit");
    } else if (key == "solutions") {
      r.solutions = count_of(key, value);
    } else if (key == "nodes") {
      r.nodes = count_of(key, value);
    } else if (key == "failures") {
      r.failures = count_of(key, value);
    } else if (key == "time") {
      const std::string text(value);
      char* stop = nullptr;
      r.seconds = std::strtod(text.c_str(), &stop);
      if (text.empty() || stop != text.c_str() + text.size() || !(r.seconds >= 0))
        throw std::invalid_argument("time='" + text + "' is not a number of seconds >= 0");
    } else if (key == "limit") {
      r.limit = value;
    } else if (key == "objective") {
      std::int64_t v = 0;
      const auto [stop, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (value.empty() || ec != std::errc{} || stop != value.data() + value.size())
        throw std::invalid_argument("objective='" + std::string(value) + "' is not a whole number");
      r.objective = v;
    } else if (key == "sense") {
      if (value == "minimize") r.sense = PartResult::Sense::minimize;
      else if (value == "maximize") r.sense = PartResult::Sense::maximize;
      else throw std::invalid_argument("sense='" + std::string(value) + "': expected minimize or maximize");
    } else if (key == "solution") {
      r.solution = std::string(value);
    } else {
      throw std::invalid_argument("unknown field '" + key + "'");
    }
  }
  for (const char* required : {"part", "status", "solutions", "nodes", "failures", "time"})
    if (!seen.contains(required)) throw std::invalid_argument(std::string("no ") + required + "= field");
  if (seen.contains("objective") != seen.contains("sense"))
    throw std::invalid_argument("objective= and sense= go together");
  return r;
}

}  // namespace csp_app
