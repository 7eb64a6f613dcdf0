// Lexicographic order of two arrays (FlatZinc's fzn_lex_lesseq_int / _bool, and the strict
// fzn_lex_less_*): x <=lex y when at the first position where they differ x is smaller, or they
// never differ (then the strict order fails); arrays of different lengths compare as MiniZinc
// does, a proper prefix being smaller.
//
// Strength: domain consistency when the variables are distinct. Only bounds ever need to move:
// at the first position i where the prefix can still be all equal and cannot be smaller yet,
// x[i] loses the values above max(y[i]) (and max(y[i]) itself when the rest cannot follow equal),
// y[i] those below min(x[i]) likewise. Booleans are 0/1 variables. A variable repeated (in x
// and y, say) keeps it sound, reasoned about as independent copies.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// x <=lex y, or x <lex y when `strict`.
std::unique_ptr<Propagator> lex_lesseq(std::vector<Var> x, std::vector<Var> y, bool strict = false);

}  // namespace csp
