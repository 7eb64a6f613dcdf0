// What the command-line parsing of every command (sudoku, csp, fzn-csp, sudoku-serve) shares:
// checks of option values that say what was expected and what was given (parse_command_line.hpp
// reports a failed parse). They need CLI11's full types: only the files that build options include
// this header (CLI11 costs seconds of compile time in each).
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <CLI/CLI.hpp>

namespace apps_common {

/// Checks an option's text is a whole decimal number in [min, max]: no sign, no fraction, no
/// exponent; the message says what was expected and what was given. CLI11's own number checks
/// print their range as doubles (0.000000 to 1.79e308) and let "-5" through to an unsigned option,
/// which wraps: a plain check of the digits says what is wrong.
inline CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  const std::string range = max == UINT64_MAX ? ">= " + std::to_string(min)
                                              : "from " + std::to_string(min) + " to " + std::to_string(max);
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        std::uint64_t n = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, n);
        if (text.empty() || ec != std::errc{} || stop != end || n < min || n > max)
          return "expected a whole number " + range + ", got '" + text + "'";
        return {};
      },
      "INT " + range);
}

/// Checks an option's text is a finite number of seconds >= 0 (not "nan", "inf" or "-1").
inline CLI::Validator seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        char* stop = nullptr;
        const double s = std::strtod(text.c_str(), &stop);
        if (text.empty() || stop != text.c_str() + text.size() || !std::isfinite(s) || s < 0)
          return "expected a number of seconds >= 0, got '" + text + "'";
        return {};
      },
      "SECONDS >= 0");
}

}  // namespace apps_common
