// The number of ways to place n non-attacking queens on an n x n board, n = 0..12 (OEIS A000170),
// kept once for the tests that count N-queens solutions (search/queens.cpp, problems/queens.cpp,
// search/parallel.cpp, and the command-line tests through queens_count() of tests/cli/lib/common.sh,
// which reads kCounts from here).
#pragma once

#include <cstdint>

namespace queens_counts {

inline constexpr std::uint64_t kCounts[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
inline constexpr int kMaxN = 12;

/// Solutions of n queens, 1 <= n <= kMaxN.
constexpr std::uint64_t of(int n) { return kCounts[n]; }

}  // namespace queens_counts
