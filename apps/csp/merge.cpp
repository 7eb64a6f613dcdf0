// csp merge [FILE...]: combines the result lines of the parts of a split search (docs/scale-out.md)
// into the answer of the whole search: counts summed, the best objective kept, the first solution in
// part order; "incomplete" when a part is missing or hit a limit.
#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"
#include "result_line.hpp"

namespace csp_app {
namespace {

std::string source_name(const std::string& file) { return file == "-" ? std::string("<stdin>") : file; }

// The path text of a part line (what --split prints): the argument of its final --part '...'.
std::string part_of_line(const std::string& line) {
  const std::string key = " --part '";
  const std::size_t at = line.rfind(key);
  if (at == std::string::npos || line.size() < at + key.size() + 1 || line.back() != '\'')
    throw std::invalid_argument("not a part line (it should end with --part '<path>', as --split prints)");
  return line.substr(at + key.size(), line.size() - at - key.size() - 1);
}

struct Located {
  PartResult result;
  std::string where;  // file:line
};

}  // namespace

int run_merge(const MergeCommand& c) {
  const std::vector<std::string> files = c.files.empty() ? std::vector<std::string>{"-"} : c.files;
  std::vector<Located> results;
  for (const std::string& file : files) {
    const std::vector<std::string> lines = read_lines(file);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].find_first_not_of(" \t\r") == std::string::npos) continue;
      const std::string where = source_name(file) + ":" + std::to_string(i + 1);
      try {
        results.push_back({parse_result_line(lines[i]), where});
      } catch (const std::invalid_argument& e) {
        throw InputError(where + ": " + e.what());
      }
    }
  }
  // Each part once, in part order: the --parts file's, else the order read.
  std::map<std::string, const Located*> by_part;
  for (const Located& l : results) {
    const auto [it, fresh] = by_part.emplace(l.result.part, &l);
    if (!fresh) throw InputError(l.where + ": part '" + l.result.part + "' has a result already, at " + it->second->where);
  }
  std::vector<std::string> order;
  if (!c.parts.empty()) {
    const std::vector<std::string> lines = read_lines(c.parts);
    std::map<std::string, std::string> listed;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].find_first_not_of(" \t\r") == std::string::npos) continue;
      const std::string where = source_name(c.parts) + ":" + std::to_string(i + 1);
      try {
        order.push_back(part_of_line(lines[i]));
      } catch (const std::invalid_argument& e) {
        throw InputError(where + ": " + e.what());
      }
      if (const auto [it, fresh] = listed.emplace(order.back(), where); !fresh)
        throw InputError(where + ": part '" + order.back() + "' is listed already, at " + it->second);
    }
    for (const Located& l : results)
      if (!listed.contains(l.result.part))
        throw InputError(l.where + ": part '" + l.result.part + "' is not among the parts of " + source_name(c.parts));
  } else {
    for (const Located& l : results) order.push_back(l.result.part);
  }

  std::uint64_t solutions = 0, nodes = 0, failures = 0;
  double seconds = 0;
  std::map<std::string, std::uint64_t> statuses;
  std::vector<std::string> incomplete;
  const PartResult* best = nullptr;       // the first part with the best objective
  const PartResult* first = nullptr;      // the first part with a solution
  const Located* sense_from = nullptr;
  for (const std::string& part : order) {
    const auto it = by_part.find(part);
    if (it == by_part.end()) {
      ++statuses["missing"];
      incomplete.push_back("part '" + part + "' missing");
      continue;
    }
    const PartResult& r = it->second->result;
    ++statuses[std::string(to_string(r.status))];
    solutions += r.solutions;
    nodes += r.nodes;
    failures += r.failures;
    seconds += r.seconds;
    if (r.status == PartResult::Status::limit)
      incomplete.push_back("part '" + part + "' hit a limit" + (r.limit.empty() ? "" : " (" + r.limit + ")"));
    if (r.objective) {
      if (sense_from && sense_from->result.sense != r.sense)
        throw InputError(it->second->where + ": sense=" + std::string(to_string(r.sense)) + " but " + sense_from->where +
                         " has sense=" + std::string(to_string(sense_from->result.sense)));
      if (!sense_from) sense_from = it->second;
      const bool better = !best || (r.sense == PartResult::Sense::minimize ? *r.objective < *best->objective
                                                                           : *r.objective > *best->objective);
      if (better && r.solution) best = &r;
    }
    if (!first && r.solution) first = &r;
  }

  const bool complete = incomplete.empty();
  const PartResult* shown = best ? best : first;
  if (shown) std::printf("solution: %s\n", shown->solution->c_str());
  if (best)
    std::printf("objective: %lld %s %s\n", static_cast<long long>(*best->objective), std::string(to_string(best->sense)).c_str(),
                complete ? "optimal" : "best found");
  // The count is exact when every part was searched to its end.
  const bool exact = complete && statuses["found"] == 0;
  std::printf("solutions: %s%llu\n", exact ? "" : "at least ", static_cast<unsigned long long>(solutions));
  std::string counts;
  for (const char* s : {"exhausted", "found", "limit", "missing"})
    if (statuses[s] > 0) counts += (counts.empty() ? "" : ", ") + std::to_string(statuses[s]) + " " + s;
  std::printf("parts: %zu (%s)\n", order.size(), counts.c_str());
  std::printf("nodes: %llu\nfailures: %llu\ntime: %.3f (sum over parts)\n", static_cast<unsigned long long>(nodes),
              static_cast<unsigned long long>(failures), seconds);
  for (const std::string& why : incomplete) std::printf("incomplete: %s\n", why.c_str());
  if (c.parts.empty() && complete)
    std::fprintf(stderr, "csp: note: without --parts, a part with no result line cannot be noticed\n");
  return complete ? Exit::ok : Exit::failed;
}

}  // namespace csp_app
