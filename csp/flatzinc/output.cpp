#include "csp/flatzinc/output.hpp"

#include <cstdio>

namespace csp::flatzinc {

namespace {
void append_value(std::string& s, const Output& o, Value v) {
  if (o.boolean) {
    s += v != 0 ? "true" : "false";
  } else {
    s += std::to_string(v);
  }
}
}  // namespace

std::string solution_text(const Program& p, std::span<const Value> solution) {
  std::string s;
  for (const Output& o : p.outputs) {
    s += o.name;
    s += " = ";
    if (o.array) {
      s += "array" + std::to_string(o.dims.size()) + "d(";
      for (const auto& [lo, hi] : o.dims) s += std::to_string(lo) + ".." + std::to_string(hi) + ", ";
      s += "[";
      for (std::size_t i = 0; i < o.vars.size(); ++i) {
        if (i) s += ", ";
        append_value(s, o, solution[static_cast<std::size_t>(o.vars[i].id)]);
      }
      s += "])";
    } else {
      append_value(s, o, solution[static_cast<std::size_t>(o.vars.front().id)]);
    }
    s += ";\n";
  }
  return s;
}

std::string statistics_text(const Program& p, const SearchResult& r, double init_seconds) {
  std::string s;
  const auto line = [&s](const char* name, const std::string& value) {
    s += "%%%mzn-stat: ";
    s += name;
    s += "=" + value + "\n";
  };
  const auto seconds = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", x);
    return std::string(buf);
  };
  line("nodes", std::to_string(r.stats.nodes));
  line("failures", std::to_string(r.stats.failures));
  line("propagations", std::to_string(r.stats.propagations));
  line("solutions", std::to_string(r.stats.solutions));
  line("peakDepth", std::to_string(r.stats.max_depth));
  if (r.stats.restarts != 0) line("restarts", std::to_string(r.stats.restarts));
  if (r.stats.turns != 0) line("portfolioTurns", std::to_string(r.stats.turns));  // learning's and MAC's
  if (r.stats.learnt != 0) {  // learning search (--inference learn): its conflicts are the failures
    const auto mean = [](double x) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.2f", x);
      return std::string(buf);
    };
    line("learntClauses", std::to_string(r.stats.learnt));
    line("learntMeanLength", mean(r.stats.mean_learnt_length()));
    line("backjumpMeanLevels", mean(r.stats.mean_backjump()));
    line("clausesDeleted", std::to_string(r.stats.clauses_deleted));
  }
  line("variables", std::to_string(p.model.var_count()));
  line("propagators", std::to_string(p.model.propagator_count()));
  line("initTime", seconds(init_seconds));
  line("solveTime", seconds(r.stats.seconds()));
  if (p.objective && r.found()) line("objective", std::to_string(r.solution[static_cast<std::size_t>(p.objective->id)]));
  s += "%%%mzn-stat-end\n";
  return s;
}

}  // namespace csp::flatzinc
