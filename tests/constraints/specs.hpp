// The spec builders of tests/constraints/ that another file of the folder uses too: the interval
// form of every constraint (interval_form.cpp), the harness's own test (harness.cpp), the domain
// strength of all-different (all_different_domain.cpp). Each is defined in the file of its
// constraint family, in the namespace <family>_specs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "csp/constraints/all_different.hpp"
#include "propagator_harness.hpp"

namespace binary_specs {
harness::Spec equal_spec(std::uint64_t seed);
harness::Spec less_spec(std::uint64_t seed);
harness::Spec relation_spec(std::uint64_t seed);
harness::Spec table_spec(std::uint64_t seed);  // table(x, y, pairs): binary.hpp's
}  // namespace binary_specs

namespace predicate_specs {
harness::Spec predicate_spec(std::uint64_t seed);
}  // namespace predicate_specs

namespace all_different_specs {
// How a spec posts all-different: all_different(vars, ...) rescans the scope at every run;
// all_different(model, vars, ...) keeps search state (pairwise, value), which the harness's walks
// carry down, restore on their steps back and narrow between runs.
enum class Posting : std::uint8_t { stateless, with_state };
// Plain all-different, or the form with an offset per variable (x_i + c_i pairwise distinct).
enum class Offsets : std::uint8_t { none, drawn };
harness::Spec all_different_spec(std::uint64_t seed, csp::AllDifferentStrength strength,
                                 Posting posting = Posting::stateless, Offsets offsets = Offsets::none);
// The meaning: no value twice.
bool distinct(const harness::Tuple& t);
// Each position's values moved by its offset (sign -1: back).
harness::Doms shifted(harness::Doms d, const std::vector<csp::Value>& offsets, int sign);
}  // namespace all_different_specs

namespace table_specs {
harness::Spec table_spec(std::uint64_t seed, bool boolean);  // table(model, vars, rows): table.hpp's
}  // namespace table_specs

namespace count_specs {
harness::Spec count_eq_spec();
harness::Spec among_spec();
harness::Spec cardinality_spec(std::uint64_t seed, std::size_t m, bool vars, bool closed);
}  // namespace count_specs

namespace inverse_specs {
harness::Spec inverse_spec();
}  // namespace inverse_specs

namespace circuit_specs {
harness::Spec circuit_spec(csp::Value base, bool far = false);
}  // namespace circuit_specs

namespace lex_specs {
harness::Spec lex_spec(bool strict);
}  // namespace lex_specs

namespace regular_specs {
harness::Spec regular_spec(bool longer = false);
}  // namespace regular_specs

namespace cumulative_specs {
harness::Spec cumulative_spec();
}  // namespace cumulative_specs

namespace disjunctive_specs {
harness::Spec disjunctive_spec();
}  // namespace disjunctive_specs

namespace diffn_specs {
harness::Spec diffn_spec(bool strict);
}  // namespace diffn_specs
