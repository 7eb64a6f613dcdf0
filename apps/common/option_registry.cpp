// The composition of the option table (option_registry.hpp).
#include "apps/common/option_registry.hpp"

#include "csp/rules/rule_options.hpp"

namespace apps_common {

const csp::OptionTable& option_registry() {
  static const csp::OptionTable table = [] {
    csp::OptionTable t = csp::core_option_table();
    csp::add_rule_options(t);
    return t;
  }();
  return table;
}

}  // namespace apps_common
