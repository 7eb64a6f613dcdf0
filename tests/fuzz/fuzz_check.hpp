// Shared by the libFuzzer targets of this folder: a check that stays on in every build type and
// ends the run the way libFuzzer records as a crash (abort), with the failed condition on stderr.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(condition)                                                                  \
  do {                                                                                         \
    if (!(condition)) {                                                                        \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #condition, __FILE__, __LINE__); \
      std::abort();                                                                            \
    }                                                                                          \
  } while (false)

namespace fuzz {

/// The solve targets read "LINE" or "LINE\nC": the line to parse, and an optional byte C after the
/// first newline choosing the search configuration (absent: the command's defaults). Seeds are
/// then plain lines from the tests, and the fuzzer still explores configurations.
struct Input {
  std::string_view line;
  std::uint8_t config = 0;
  bool has_config = false;
};

inline Input split(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  Input in;
  const std::size_t nl = all.find('\n');
  in.line = all.substr(0, nl);
  if (nl != std::string_view::npos && nl + 1 < all.size()) {
    in.config = static_cast<std::uint8_t>(all[nl + 1]);
    in.has_config = true;
  }
  return in;
}

}  // namespace fuzz
