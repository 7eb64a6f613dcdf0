#include "csp/search/settings.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace csp {
namespace {

std::vector<std::string> strings(const std::vector<std::string_view>& names) {
  return {names.begin(), names.end()};
}

}  // namespace

OptionTable core_option_table() {
  OptionTable t;
  t.add({"order", "order", OptionKind::choice, "Variable order", strings(order::names()), 0, UINT64_MAX,
         &SearchSettings::order});
  t.add({"values", "values", OptionKind::choice, "Value order (random uses --seed)", strings(values::names()), 0,
         UINT64_MAX, &SearchSettings::values});
  t.add({"seed", "seed", OptionKind::whole, "Seed of the random value order", {}, 0, UINT64_MAX,
         &SearchSettings::seed});
  t.add({"inference", "inference", OptionKind::choice, "Inference after each decision (portfolio: learn and mac take turns)",
         strings(inference_names()), 0, UINT64_MAX, &SearchSettings::inference});
  t.add({"node-limit", "node_limit", OptionKind::whole, "Give up a search after this many nodes (0: no limit)",
         {}, 0, UINT64_MAX, &SearchSettings::node_limit});
  t.add({"time-limit", "time_limit", OptionKind::seconds,
         "Give up a search after this many seconds (fractional; 0: no limit)", {}, 0, UINT64_MAX,
         &SearchSettings::time_limit});
  t.add({"restart", "restart", OptionKind::choice,
         "Restart from the root on a failure schedule (keeps learned weights and the best bound)",
         strings(restart_kind_names()), 0, UINT64_MAX, &SearchSettings::restart});
  t.add({"restart-base", "restart_base", OptionKind::whole,
         "Failures allowed to the first run of a restart schedule (the scale of every run)", {}, 1, UINT64_MAX,
         &SearchSettings::restart_base});
  t.add({"restart-search", "restart_search", OptionKind::choice,
         "Orders of the runs after a restart: the same, activity from the first restart on, or the two in turn, "
         "each taking the schedule's terms in turn (needs --restart)",
         strings(restart_search_names()), 0, UINT64_MAX, &SearchSettings::restart_search});
  t.add({"phase-saving", "phase_saving", OptionKind::choice,
         "Try first the value a variable last had, or had in the newest solution (none: the value order alone; "
         "with --restart-search activity or alternate, in the runs by activity only)",
         strings(phase_saving_names()), 0, UINT64_MAX, &SearchSettings::phase_saving});
  t.add({"share-learnt", "share_learnt", OptionKind::whole,
         "Under learning with threads: pass the other threads learnt clauses of at most this many literals "
         "(0: none)",
         {}, 0, 1024, &SearchSettings::share_learnt});
  return t;
}

void OptionTable::add(OptionSpec spec, std::string_view after) {
  auto at = entries_.end();
  if (!after.empty()) {
    const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const OptionSpec& o) { return o.name == after; });
    if (it != entries_.end()) at = it + 1;
  }
  entries_.insert(at, std::move(spec));
}

const OptionSpec* OptionTable::find(std::string_view name) const {
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const OptionSpec& o) { return o.name == name; });
  return it == entries_.end() ? nullptr : &*it;
}

std::chrono::nanoseconds time_limit_of(double seconds) {
  // Clamped so that the conversion to nanoseconds cannot overflow (a century is "no limit" anyway).
  const double s = std::min(seconds, 3.0e9);
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(s));
  // A limit below a nanosecond would round to 0, which means "no limit": make it the smallest one.
  return s > 0 && ns.count() == 0 ? std::chrono::nanoseconds{1} : ns;
}

SearchOptions SearchSettings::search_options() const {
  SearchOptions o;
  o.order = order::by_name(order);
  o.values = values::by_name(values, seed);
  o.inference = parse_inference(inference);
  o.limits.nodes = node_limit;
  o.limits.time = time_limit_of(time_limit);
  o.restarts.kind = parse_restart_kind(restart);
  o.restarts.base = restart_base;
  o.restarts.search = parse_restart_search(restart_search);
  if (o.restarts.search != RestartSearch::same && o.restarts.kind == RestartKind::none)
    throw std::invalid_argument("restart search '" + restart_search +
                                "' changes the orders at restarts, and there are none: give a restart schedule "
                                "(luby or geometric) too");
  o.phase_saving = parse_phase_saving(phase_saving);
  o.share_learnt = static_cast<std::uint32_t>(share_learnt);
  return o;
}

std::string option_text(const OptionSpec& spec, const SearchSettings& s) {
  return std::visit(
      [&](auto member) -> std::string {
        const auto& v = s.*member;
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>) return v;
        else return fmt::format("{}", v);
      },
      spec.field);
}

}  // namespace csp
