#!/usr/bin/env bash
# docs/define-your-own.md shows each program of docs/examples/ unchanged (as one of its ```cpp
# blocks), so that the code a reader copies is the code the tests build and run.
# Usage: csp_guide.sh BIN_DIR SOURCE_DIR
set -u
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each ```cpp block of the page in a file of its own: block1, block2, ...
awk -v dir="$work" '/^```cpp$/ { n++; inside = 1; printf "" > (dir "/block" n); next }
                    inside && /^```$/ { inside = 0; next }
                    inside { print > (dir "/block" n) }' "$src/docs/define-your-own.md"
status=0
for example in "$src"/docs/examples/*.cpp; do
  found=0
  for block in "$work"/block*; do
    [ -f "$block" ] && cmp -s "$block" "$example" && found=1
  done
  if [ "$found" -eq 0 ]; then
    echo "FAIL: the guide shows no block equal to docs/examples/$(basename "$example"); the nearest differences:"
    for block in "$work"/block*; do diff "$block" "$example" | head -n 20; done
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "csp guide: the guide shows every example unchanged"
exit "$status"
