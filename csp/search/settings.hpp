// The search options, described once: the commands' flags (--order, ...), their help, the web API's
// fields and its /api/options listing, and the docs' table (docs/options.md) are all generated from
// an OptionTable. The table is composed: the search core's options (core_option_table(), here,
// knowing nothing of the modules above it), then each module adds its own (the rules library's
// --rules: csp/rules/rule_options.hpp); a front end offers the composition (apps/common/
// option_registry.hpp). Adding an option is one entry in its module's table and one field in
// SearchSettings.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "csp/search/solver.hpp"

namespace csp {

/// The search options as names and numbers, before they are built into SearchOptions. The
/// defaults are the library's (a problem may prefer others: Sudoku's order and rules).
struct SearchSettings {
  std::string order = "mrv";       ///< a name of order::names()
  std::string values = "min";      ///< a name of values::names()
  std::uint64_t seed = 1;          ///< the seed of the random value order
  std::string inference = "mac";   ///< a name of inference_names()
  std::string rules = "none";      ///< a rule list: the rules module's option (csp/rules/rule_options.hpp)
  std::uint64_t node_limit = 0;    ///< nodes per search, 0: none
  double time_limit = 0;           ///< seconds per search, 0: none
  std::string restart = "none";    ///< a name of restart_kind_names()
  std::uint64_t restart_base = 100;  ///< failures allowed to the first run (Restarts::base)
  std::string restart_search = "same";  ///< a name of restart_search_names()
  std::string phase_saving = "none";    ///< a name of phase_saving_names()
  std::uint64_t share_learnt = 0;       ///< learnt clauses of at most this many literals shared by threads

  /// The options for a Solver (no tracer, no interrupt); throws std::invalid_argument naming a
  /// bad order, value order or inference. The rules are not part of it: see csp::rule_set()
  /// (csp/rules/rule_options.hpp).
  SearchOptions search_options() const;
};

/// Seconds (>= 0, fractional) as a time limit: clamped to a century, and never rounded down to 0,
/// which means "no limit".
std::chrono::nanoseconds time_limit_of(double seconds);

/// How an option's text is read and checked.
enum class OptionKind : std::uint8_t {
  choice,   ///< one of `choices`
  list,     ///< comma-separated names of `choices` (checked by the option's own parser)
  whole,    ///< a whole number in [min, max]
  seconds,  ///< a finite number of seconds >= 0 (fractional)
};

/// One search option.
struct OptionSpec {
  std::string name;                  ///< "node-limit": the command-line flag, without "--"
  std::string key;                   ///< "node_limit": the web API's field
  OptionKind kind = OptionKind::choice;
  std::string help;                  ///< one line for --help and the docs
  std::vector<std::string> choices;  ///< choice and list: the accepted names
  std::uint64_t min = 0, max = UINT64_MAX;  ///< whole: the accepted range
  /// Where the value lives in SearchSettings.
  std::variant<std::string SearchSettings::*, std::uint64_t SearchSettings::*, double SearchSettings::*> field;
};

/// A table of options, in the order the commands list them, composed by its modules.
class OptionTable {
 public:
  /// Adds `spec` at the end, or right after the entry named `after` (at the end when none is).
  void add(OptionSpec spec, std::string_view after = {});
  std::span<const OptionSpec> entries() const { return entries_; }
  /// The entry named `name` ("node-limit"); nullptr when there is none.
  const OptionSpec* find(std::string_view name) const;

 private:
  std::vector<OptionSpec> entries_;
};

/// The search core's options, in the order the commands list them: order, values, seed, inference,
/// node-limit, time-limit, restart, restart-base, restart-search, phase-saving (a module's may go between: the rules' after
/// inference). Built from the library's own name lists.
OptionTable core_option_table();
/// The value of `spec` in `s` as text: a name as is, a number in decimal ("0", "2.5").
std::string option_text(const OptionSpec& spec, const SearchSettings& s);


}  // namespace csp
