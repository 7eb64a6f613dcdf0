// Inverse: two arrays that are each other's inverse permutation (FlatZinc's fzn_inverse), with
// the index offsets MiniZinc's arrays carry: f[i] = j + g_base <-> g[j] = i + f_base, for the
// 0-based positions i of f and j of g; every f[i] names a position of g and vice versa.
//
// Strength: arc consistency on every pair (f[i], g[j]) of the channelling, with the variables
// distinct: f[i] keeps j + g_base iff g[j] has i + f_base, and once g[j] is fixed to i + f_base,
// f[i] is fixed to j + g_base (and symmetrically). Not the all-different matching of the whole
// (the FlatZinc poster adds all_different(domain) on each side). inverse(p, p), a self-inverse
// p, is sound too.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// f[i] = j + g_base <-> g[j] = i + f_base (i, j 0-based positions).
std::unique_ptr<Propagator> inverse(std::vector<Var> f, std::vector<Var> g, Value f_base = 1, Value g_base = 1);

}  // namespace csp
