#include "csp/search/result.hpp"

namespace csp {

std::string_view to_string(LimitHit l) {
  switch (l) {
    case LimitHit::none: return "none";
    case LimitHit::nodes: return "nodes";
    case LimitHit::failures: return "failures";
    case LimitHit::time: return "time";
    case LimitHit::interrupted: return "interrupted";
    case LimitHit::progress: return "progress";
  }
  return "?";
}

}  // namespace csp
