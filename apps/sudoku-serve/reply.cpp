#include "reply.hpp"

#include <utility>
#include <variant>

#include "apps/common/option_registry.hpp"

namespace sudoku_web {

namespace sd = problems::sudoku;

json config_json(const Settings& s) {
  json c = json::object();
  for (const csp::OptionSpec& o : apps_common::search_option_table())
    std::visit([&](auto member) { c[o.key] = s.given.*member; }, o.field);
  c["rules"] = csp::to_string(s.rule_set);  // the rules as parsed: "all" spelled out
  if (!s.techniques.empty()) c["techniques"] = s.techniques;
  return c;
}

json start_reply(const Settings& s) {
  return json{{"puzzle", sd::format_line(s.puzzle.cells, s.puzzle)}, {"size", s.puzzle.side()}, {"config", config_json(s)}};
}

json stats_json(json out, const csp::Stats& st, const csp::Model& m) {
  out["nodes"] = st.nodes;
  out["failures"] = st.failures;
  out["propagations"] = st.propagations;
  out["max_depth"] = st.max_depth;
  out["time_us"] = micros(st.elapsed);
  json counters = json::object();
  const auto& names = m.counter_names();
  for (std::size_t i = 0; i < names.size() && i < st.counters.size(); ++i) counters[names[i]] = st.counters[i];
  out["counters"] = std::move(counters);
  return out;
}

}  // namespace sudoku_web
