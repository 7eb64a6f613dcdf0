#include "csp/search/options.hpp"

#include <stdexcept>
#include <string>

#include "csp/search/detail/name_table.hpp"

namespace csp {

// In the order of the enumerations' values.
const std::vector<std::string_view>& inference_names() {
  static const std::vector<std::string_view> n{"none", "fc", "mac", "learn", "portfolio"};
  return n;
}

Inference parse_inference(std::string_view name) {
  return detail::enum_named<Inference>(inference_names(), name, "inference level");
}

std::string_view to_string(Inference i) { return inference_names()[static_cast<std::size_t>(i)]; }

const std::vector<std::string_view>& phase_saving_names() {
  static const std::vector<std::string_view> n{"none", "last", "solution"};
  return n;
}

PhaseSaving parse_phase_saving(std::string_view name) {
  return detail::enum_named<PhaseSaving>(phase_saving_names(), name, "phase saving");
}

std::string_view to_string(PhaseSaving p) { return phase_saving_names()[static_cast<std::size_t>(p)]; }

void validate(const Model& model, const SearchOptions& options) {
  if (!options.order) throw std::invalid_argument("SearchOptions::order is empty (no variable order factory)");
  if (!options.values) throw std::invalid_argument("SearchOptions::values is empty (no value order factory)");
  for (std::size_t p = 0; p < options.phases.size(); ++p) {
    for (Var v : options.phases[p].vars) {
      if (v.id < 0 || v.id >= model.var_count())
        throw std::invalid_argument("SearchOptions::phases[" + std::to_string(p) + "] names variable id " +
                                    std::to_string(v.id) + ", which is not in the model (" +
                                    std::to_string(model.var_count()) + " variables)");
    }
  }
  if (options.limits.time.count() < 0) throw std::invalid_argument("Limits::time is negative");
  const Progress& p = options.progress;
  if (p.every_time.count() < 0) throw std::invalid_argument("Progress::every_time is negative");
  if (p.report && p.every_nodes == 0 && p.every_time.count() == 0)
    throw std::invalid_argument("Progress::report is set, and neither every_nodes nor every_time");
  if (options.restarts.kind != RestartKind::none && options.restarts.base == 0)
    throw std::invalid_argument("Restarts::base is 0: the first run must be allowed at least one failure");
  if (options.restarts.kind == RestartKind::geometric && !(options.restarts.factor > 1.0))
    throw std::invalid_argument("Restarts::factor is " + std::to_string(options.restarts.factor) +
                                ": a geometric schedule's runs must grow (a factor above 1)");
  if (options.restarts.search != RestartSearch::same && options.restarts.kind == RestartKind::none)
    throw std::invalid_argument("Restarts::search changes the orders at restarts, and Restarts::kind is none");
}

}  // namespace csp
