// --split N and --part LINE, the same on every csp command (docs/scale-out.md): --split prints N
// self-contained command lines, one per part of the command's search (the command as given, plus
// --part '<path>'); --part solves one part and prints its result line (result_line.hpp) for csp
// merge. The paths come from csp::split (csp/search/subproblem.hpp) over the very model, start and search
// options the command solves with, so the parts' union is the command's whole search.
#pragma once

#include <functional>
#include <span>
#include <string>

#include "csp/search/subproblem.hpp"
#include "options.hpp"
#include "result_line.hpp"

namespace csp_app {

/// Keeps the command line as given (main calls it first): the part lines repeat it.
void remember_command_line(int argc, const char* const* argv);

/// One argument as the shell reads it back: bare when it is made of safe characters, else in single quotes.
std::string shell_quoted(const std::string& arg);

/// Prints one part line per part of the search of `model` from `start` with `options` (what the
/// command searches with: the same orders, phases and inference), at least c.split of them when the
/// tree has that many nodes; a start that fails at once gives the one part "-". --stats: the
/// split's own nodes and failures on standard error.
void print_part_lines(const SearchConfig& c, const csp::Model& model, const csp::SearchOptions& options,
                      const csp::Domains& start);

/// Prints one part line per path (an empty list: the one part "-", the whole space).
void print_part_lines(const std::vector<csp::Path>& paths);

/// --part's path for a model of `variables` variables (UsageError naming the bad token and why).
csp::Path part_path(const SearchConfig& c, std::size_t variables);
/// --part's path for a search from `start`: also refuses a value outside a variable's domain there.
csp::Path part_path(const SearchConfig& c, const csp::Domains& start);

/// The result of a search of one part: its path text, status (limit names the limit), counts, time.
PartResult part_result(const SearchConfig& c, const csp::SearchResult& r);

/// Prints a result line on standard output; the exit status for it (1 when a limit stopped the part).
int print_result_line(const PartResult& r);

/// --part for a satisfaction search: narrows `start` by the path, then counts every solution
/// (all) or stops at the first; `check` vets each solution (it throws InternalError on a wrong
/// one), `format` writes the first one for the result line. Prints the line; returns the exit status.
int solve_part(const SearchConfig& c, const csp::Model& model, const csp::SearchOptions& options, csp::Domains start,
               bool all, const std::function<void(std::span<const csp::Value>)>& check,
               const std::function<std::string(std::span<const csp::Value>)>& format);

}  // namespace csp_app
