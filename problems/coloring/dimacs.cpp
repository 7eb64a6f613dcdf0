#include "problems/coloring/dimacs.hpp"

#include <charconv>
#include <string_view>
#include <vector>

namespace problems::coloring {
namespace {

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// A whole token as a non-negative int, or -1 (so "12x", "-3" and "" are all rejected).
long number(std::string_view token) {
  long n = -1;
  auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), n);
  return (ec != std::errc{} || end != token.data() + token.size() || n < 0) ? -1 : n;
}

}  // namespace

DimacsGraph read_dimacs(std::istream& in, const std::string& source, SelfLoops self_loops) {
  // Far above any benchmark graph; stops a typo like "p edge 1000000000 5" from allocating gigabytes.
  constexpr long kMaxVertices = 1'000'000;
  DimacsGraph out;
  int p_line = 0;  // the line of the `p` line, 0 until it is seen
  long vertices = 0;
  int line_no = 0;
  auto fail = [&](const std::string& why) -> void {
    throw InputError(source + ":" + std::to_string(line_no) + ": " + why);
  };
  std::string line;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::vector<std::string_view> t = split(line);
    if (t.empty() || t[0][0] == 'c' || t[0] == "n") continue;
    if (t[0] == "p") {
      if (p_line != 0) fail("second 'p' line (the first is line " + std::to_string(p_line) + ")");
      if (t.size() < 4 || (t[1] != "edge" && t[1] != "col"))
        fail("bad 'p' line: expected 'p edge VERTICES EDGES'");
      vertices = number(t[2]);
      out.stated_edges = static_cast<int>(std::min(number(t[3]), long{INT32_MAX}));
      if (vertices < 1 || vertices > kMaxVertices)
        fail("bad 'p' line: vertex count '" + std::string(t[2]) + "' is not a number from 1 to " +
             std::to_string(kMaxVertices));
      if (number(t[3]) < 0) fail("bad 'p' line: edge count '" + std::string(t[3]) + "' is not a number");
      p_line = line_no;
      out.graph = Graph(static_cast<std::size_t>(vertices));
    } else if (t[0] == "e") {
      if (p_line == 0) fail("edge before the 'p' line");
      if (t.size() != 3) fail("bad edge line: expected 'e U V'");
      const long u = number(t[1]), v = number(t[2]);
      for (std::size_t i : {1, 2}) {
        const long x = number(t[i]);
        if (x < 1 || x > vertices)
          fail("edge " + std::string(t[1]) + " " + std::string(t[2]) + ": vertex '" + std::string(t[i]) +
               "' is not in 1.." + std::to_string(vertices));
      }
      if (u == v) {
        if (self_loops == SelfLoops::refuse) fail("self-loop on vertex " + std::to_string(u) + ": no colouring exists");
        out.self_loops.push_back({line_no, static_cast<int>(u)});
        continue;
      }
      boost::add_edge(static_cast<std::size_t>(u - 1), static_cast<std::size_t>(v - 1), out.graph);
    } else if (t[0] == "s") {
      if (t.size() != 2 || number(t[1]) < 1) fail("bad 's' line: expected 's COLOURS'");
      out.stated_chromatic = static_cast<int>(std::min(number(t[1]), long{INT32_MAX}));
    } else {
      fail("unknown line type '" + std::string(t[0]) + "' (expected c, p, e, n or s)");
    }
  }
  if (in.bad()) fail("read error");
  if (p_line == 0) fail("no 'p' line: expected 'p edge VERTICES EDGES'");
  return out;
}

}  // namespace problems::coloring
