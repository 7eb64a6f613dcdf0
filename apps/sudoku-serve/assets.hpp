// The page's static files (apps/sudoku-serve/static/), embedded in the binary at build time by
// embed.cmake, so that `sudoku serve` works from any directory.
#pragma once

#include <span>
#include <string_view>

namespace sudoku_web {

struct Asset {
  std::string_view name;  ///< file name, e.g. "index.html"
  std::string_view data;  ///< its bytes
};

/// Every embedded file.
std::span<const Asset> assets();

}  // namespace sudoku_web
