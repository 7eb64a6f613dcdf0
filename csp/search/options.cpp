#include "csp/search/options.hpp"

#include <stdexcept>
#include <string>

namespace csp {

Inference parse_inference(std::string_view name) {
  if (name == "none") return Inference::none;
  if (name == "fc") return Inference::forward;
  if (name == "mac") return Inference::mac;
  if (name == "learn") return Inference::learn;
  throw std::invalid_argument("unknown inference level '" + std::string(name) + "' (expected none, fc, mac or learn)");
}

const std::vector<std::string_view>& inference_names() {
  static const std::vector<std::string_view> n{"none", "fc", "mac", "learn"};
  return n;
}

std::string_view to_string(Inference i) {
  switch (i) {
    case Inference::none: return "none";
    case Inference::forward: return "fc";
    case Inference::mac: return "mac";
    case Inference::learn: return "learn";
  }
  return "?";
}

PhaseSaving parse_phase_saving(std::string_view name) {
  if (name == "none") return PhaseSaving::none;
  if (name == "last") return PhaseSaving::last;
  if (name == "solution") return PhaseSaving::solution;
  throw std::invalid_argument("unknown phase saving '" + std::string(name) + "' (expected none, last or solution)");
}

const std::vector<std::string_view>& phase_saving_names() {
  static const std::vector<std::string_view> n{"none", "last", "solution"};
  return n;
}

std::string_view to_string(PhaseSaving p) {
  switch (p) {
    case PhaseSaving::none: return "none";
    case PhaseSaving::last: return "last";
    case PhaseSaving::solution: return "solution";
  }
  return "?";
}

}  // namespace csp
