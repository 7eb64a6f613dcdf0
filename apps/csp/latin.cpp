// csp latin [FILE...]: completes Latin squares given one per line; one answer line per square line.
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "commands.hpp"
#include "parts.hpp"
#include "problems/latin/latin.hpp"

namespace csp_app {

int run_latin(const LatinCommand& c) {
  namespace pl = problems::latin;
  const csp::RuleSet rules = c.search.rule_set();
  csp::SearchOptions options = c.search.search_options();
  options.progress = {};  // many short searches at once, each answer printed as it comes: no progress line
  const std::vector<std::string> files = c.files.empty() ? std::vector<std::string>{"-"} : c.files;
  // Read every file first, so that an unreadable one is reported before any answer.
  std::vector<std::vector<std::string>> contents;
  for (const std::string& f : files) contents.push_back(read_lines(f));

  // One model and solver per side length, built on first use and reused for every square of that size.
  struct Slot {
    std::unique_ptr<pl::LatinModel> model;
    std::unique_ptr<csp::Solver> solver;
  };
  if (c.search.parted()) {
    // The parts of one square's search: the input must hold exactly one.
    std::vector<pl::Square> squares;
    for (const auto& lines : contents)
      for (const std::string& line : lines)
        if (const pl::ParsedLine parsed = pl::parse_line(line); parsed.kind != pl::ParsedLine::Kind::skip) {
          if (parsed.kind == pl::ParsedLine::Kind::invalid) throw InputError("invalid square: " + parsed.reason);
          squares.push_back(parsed.square);
        }
    if (squares.size() != 1)
      throw UsageError("--split and --part take one square, the input has " + std::to_string(squares.size()));
    if (files.size() != 1 || files[0] == "-") throw UsageError("--split and --part need the square in a file");
    const pl::Square& square = squares.front();
    const pl::LatinModel lm(square.side, rules);
    if (c.search.split > 0) {
      print_part_lines(c.search, lm.model(), options, lm.start(square));
      return Exit::ok;
    }
    return solve_part(
        c.search, lm.model(), options, lm.start(square), false,
        [&](std::span<const csp::Value> s) {
          if (!pl::is_completion(square, lm.values(s)))
            throw InternalError("wrong completion");
        },
        [&](std::span<const csp::Value> s) {
          return pl::format_line(lm.values(s), square);
        });
  }
  std::map<int, Slot> slots;
  std::map<std::string, std::uint64_t> outcomes;
  csp::Stats total;
  const auto started = std::chrono::steady_clock::now();
  for (std::size_t f = 0; f < files.size(); ++f) {
    for (std::size_t i = 0; i < contents[f].size(); ++i) {
      const pl::ParsedLine parsed = pl::parse_line(contents[f][i]);
      if (parsed.kind == pl::ParsedLine::Kind::skip) continue;
      std::string where = "line " + std::to_string(i + 1);
      if (files.size() > 1) where += " of " + files[f];
      if (parsed.kind == pl::ParsedLine::Kind::invalid) {
        ++outcomes["invalid"];
        std::printf("invalid: %s (%s)\n", parsed.reason.c_str(), where.c_str());
        continue;
      }
      const pl::Square& square = parsed.square;
      Slot& slot = slots[square.side];
      if (!slot.model) {
        slot.model = std::make_unique<pl::LatinModel>(square.side, rules);
        slot.solver = std::make_unique<csp::Solver>(slot.model->model(), options);
      }
      const csp::SearchResult r = slot.solver->solve(slot.model->start(square));
      total += r.stats;
      if (r.found()) {
        const std::vector<int> cells = slot.model->values(r.solution);
        if (!pl::is_completion(square, cells)) throw InternalError("wrong completion for " + where);
        ++outcomes["solved"];
        std::printf("%s\n", pl::format_line(cells, square).c_str());
      } else if (r.status == csp::SearchStatus::limit) {
        ++outcomes["limit"];
        std::printf("limit: %s\n", std::string(csp::to_string(r.limit)).c_str());
      } else {
        ++outcomes["unsolvable"];
        std::printf("unsolvable\n");
      }
    }
  }
  if (c.search.stats) {
    total.elapsed = std::chrono::steady_clock::now() - started;
    std::vector<std::pair<std::string, std::string>> extras;
    for (const char* k : {"solved", "unsolvable", "invalid", "limit"}) extras.emplace_back(k, std::to_string(outcomes[k]));
    print_stats(total, extras);
  }
  return outcomes["solved"] == outcomes["solved"] + outcomes["unsolvable"] + outcomes["invalid"] + outcomes["limit"]
             ? Exit::ok
             : Exit::failed;
}

}  // namespace csp_app
