#!/usr/bin/env bash
# docs/define-your-own.md shows docs/examples/all_interval.cpp unchanged (its first ```cpp block),
# so that the code a reader copies is the code the tests build and run.
# Usage: csp_guide.sh BIN_DIR SOURCE_DIR
set -u
src="$2"
shown=$(awk '/^```cpp$/ { inside = 1; next } inside && /^```$/ { exit } inside' "$src/docs/define-your-own.md")
if [ "$shown" != "$(cat "$src/docs/examples/all_interval.cpp")" ]; then
  echo "FAIL: the guide's code differs from docs/examples/all_interval.cpp:"
  diff <(echo "$shown") "$src/docs/examples/all_interval.cpp"
  exit 1
fi
echo "csp guide: the guide shows the example unchanged"
