#include "csp/kernel/propagator.hpp"

#include <boost/container/small_vector.hpp>

namespace csp {

bool Propagator::check(const Domains& d) const {
  boost::container::small_vector<Value, 64> values;
  for (Var v : scope_) {
    if (!d.fixed(v)) return true;
    values.push_back(d.value(v));
  }
  return satisfied({values.data(), values.size()});
}

bool Propagator::explain(const PastDomains&, const Lit*, std::vector<Lit>&) const { return false; }

}  // namespace csp
