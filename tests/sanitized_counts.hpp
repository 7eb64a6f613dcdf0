// The longest brute-force tests draw fewer instances in a sanitizer build (CSP_SANITIZE, where
// tests/CMakeLists.txt defines CSP_TESTS_SANITIZED): ASan+UBSan runs them 5-10x slower, and what
// it looks for (a bad read, an overflow) shows on the first instances as well as on the last. The
// plain Release ctest keeps the full counts, which are what the tests' names and comments promise.
// The propagator harness shares out every spec's instances this way (Spec::sanitized_divisor).
#pragma once

#include <algorithm>

namespace test_counts {

#ifdef CSP_TESTS_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

/// `n` in a plain build; n / divisor (at least 1) in a sanitizer build.
constexpr int sanitized_share(int n, int divisor) { return kSanitized ? std::max(1, n / divisor) : n; }

}  // namespace test_counts
