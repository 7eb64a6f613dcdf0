#include "csp/search/options.hpp"

#include "csp/search/detail/name_table.hpp"

namespace csp {

// In the order of the enumerations' values.
const std::vector<std::string_view>& inference_names() {
  static const std::vector<std::string_view> n{"none", "fc", "mac", "learn"};
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

}  // namespace csp
