// The result line of one part of a split search (csp <command> ... --part LINE prints one; csp merge
// reads them): one line of space-separated key=value fields,
//   part="3=4 5!=2" status=exhausted solutions=12 nodes=340 failures=170 time=0.012
//     [limit=nodes] [objective=4 sense=minimize] [solution="1 5 8 6 3 7 2 4"]
// A value holding a space is in double quotes (no value holds a double quote); the part and the
// solution are always quoted, so that every line reads the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace csp_app {

struct PartResult {
  enum class Status : std::uint8_t {
    exhausted,  ///< the part was searched to the end: `solutions` is its exact count (for an
                ///< optimisation: no better objective than `objective` lies in the part)
    found,      ///< stopped on request (the first solution was asked for and found)
    limit,      ///< a limit stopped it: the part is not finished
  };
  enum class Sense : std::uint8_t { minimize, maximize };

  std::string part = "-";  ///< the part's path text (csp::to_text), "-" for the whole space
  Status status = Status::exhausted;
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  double seconds = 0;
  std::string limit;                  ///< which limit stopped it (status limit): nodes, time, ...
  std::optional<std::int64_t> objective;  ///< the best objective found in the part, when one is
  Sense sense = Sense::minimize;      ///< which objective is better (given with `objective`)
  std::optional<std::string> solution;  ///< the part's first (for an optimisation: best) solution
};

std::string_view to_string(PartResult::Status s);
std::string_view to_string(PartResult::Sense s);

/// The line (no newline) for a result.
std::string format_result_line(const PartResult& r);

/// Reads a line format_result_line() wrote. Throws std::invalid_argument saying what is wrong (an
/// unknown or repeated field, a bad number or status, an unclosed quote, a missing field).
PartResult parse_result_line(std::string_view line);

}  // namespace csp_app
