// What the one-line text forms of the grid problems (Sudoku, Latin squares) share: a line holds
// one grid, a final '\r' and spaces and tabs are ignored, an empty line or one starting with '#' is
// no grid (skipped), and an invalid line is answered with a reason that shows the offending
// character even when it is not printable. Each problem's ParsedLine (problems/sudoku/sudoku.hpp,
// problems/latin/latin.hpp) is { kind: grid, skip or invalid; the grid; the reason }.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace problems::line_text {

/// Drops a final '\r' from `line`; returns where its content starts (the first character that is
/// not a space or tab), or npos for a blank line or a '#' comment, which are skipped.
std::size_t content_start(std::string_view& line);

/// A character as a message shows it: itself when printable, else \xNN.
std::string show(char c);

/// prefix + k, built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::to_string().
std::string numbered(std::string prefix, long long k);

/// An invalid line of a problem's ParsedLine type, with its reason.
template <class ParsedLine>
ParsedLine invalid(std::string reason) {
  ParsedLine out;
  out.kind = ParsedLine::Kind::invalid;
  out.reason = std::move(reason);
  return out;
}

}  // namespace problems::line_text
