#include "csp/search/restarts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "csp/search/detail/name_table.hpp"

namespace csp {

// In the order of the enumerations' values.
const std::vector<std::string_view>& restart_kind_names() {
  static const std::vector<std::string_view> names{"none", "luby", "geometric"};
  return names;
}

RestartKind parse_restart_kind(std::string_view name) {
  return detail::enum_named<RestartKind>(restart_kind_names(), name, "restart schedule");
}

std::string_view to_string(RestartKind k) { return restart_kind_names()[static_cast<std::size_t>(k)]; }

const std::vector<std::string_view>& restart_search_names() {
  static const std::vector<std::string_view> names{"same", "activity", "alternate"};
  return names;
}

RestartSearch parse_restart_search(std::string_view name) {
  return detail::enum_named<RestartSearch>(restart_search_names(), name, "search after restarts");
}

std::string_view to_string(RestartSearch s) { return restart_search_names()[static_cast<std::size_t>(s)]; }

std::uint64_t luby(std::uint64_t i) {
  // Find the k with 2^(k-1) <= i <= 2^k - 1; at the end of that block the term is 2^(k-1),
  // elsewhere the block repeats the sequence from its start.
  for (;;) {
    int k = 1;
    while (k < 64 && (std::uint64_t{1} << k) - 1 < i) ++k;
    if (i == (std::uint64_t{1} << k) - 1 || k == 64) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

std::uint64_t restart_allowance(const Restarts& r, std::uint64_t run) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t base = std::max<std::uint64_t>(r.base, 1);
  // Alternating orders take the schedule's terms in pairs, one each (Chuffed's toggle does the same):
  // in the plain sequence every longest run (at 2^k - 1) would fall to the odd runs' order.
  if (r.search == RestartSearch::alternate) run = (run + 1) / 2;
  if (r.kind == RestartKind::luby) {
    const std::uint64_t term = luby(run);
    return term > kMax / base ? kMax : base * term;
  }
  // Geometric: base * factor^(run-1), in floating point, clamped. Solver refuses a factor at or
  // below 1 (and a base of 0); called directly with one, the schedule still grows: 1.5 (and 1).
  const double factor = r.factor > 1 ? r.factor : 1.5;
  const double a = static_cast<double>(base) * std::pow(factor, static_cast<double>(run - 1));
  return a >= 1.8e19 ? kMax : std::max<std::uint64_t>(static_cast<std::uint64_t>(a), 1);
}

}  // namespace csp
