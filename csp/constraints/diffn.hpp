// Diffn: the rectangles (x[i], y[i], dx[i], dy[i]) do not overlap (FlatZinc's fzn_diffn and
// fzn_diffn_nonstrict). Strict: for every pair i < j, one lies wholly left of, right of, below or
// above the other (x[i] + dx[i] <= x[j], or the other three), whatever the sizes, so a zero-size
// box may still not sit inside another. Nonstrict: a pair with a zero size among its four holds
// anyway. Sizes may be variables of any sign; the reasoning uses their least values.
//
// Strength: pairwise, as Gecode's nooverlap. A pair whose least-size boxes surely overlap in one
// dimension (neither can lie before the other there) must be apart in the other: when one order
// is impossible the other is imposed on both bounds (and on the sizes' maxima), and the
// coordinates where neither order fits (i at c with c + min dx[i] > max x[j] and
// c < min x[j] + min dx[j]) are removed from the domain, a hole. A pair that overlaps in both
// fails. Nonstrict skips a pair while 0 lies within the bounds of one of its sizes. Every violating complete
// assignment fails. Returns subsumed once every pair is surely apart. O(n^2) per run, no
// allocation. The redundant cumulatives that give the reasoning across all boxes are the poster's
// (csp/flatzinc/post_globals.cpp), as in Gecode's FlatZinc front end.
#pragma once

#include <memory>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// Non-overlapping rectangles (x[i], y[i]) of sizes (dx[i], dy[i]); all four the same length.
/// `strict` false: a pair holds when one of its four sizes is 0 (fzn_diffn_nonstrict).
std::unique_ptr<Propagator> diffn(std::vector<Var> x, std::vector<Var> y, std::vector<Var> dx, std::vector<Var> dy,
                                  bool strict = true);

}  // namespace csp
