#!/usr/bin/env bash
# docs/options.md is what the commands print with --options-markdown (from the library's table of
# search options), after its introduction: so the docs' table cannot go stale.
set -euo pipefail
BIN=$1
SRC=$2
source "$(dirname "$0")/lib/common.sh"  # $T, fail
sed -n '/^## /,$p' "$SRC/docs/options.md" > "$T/documented.md"
{ "$BIN/sudoku" --options-markdown; echo; "$BIN/csp" --options-markdown; } > "$T/printed.md"
diff -u "$T/documented.md" "$T/printed.md" > "$T/diff" ||
  fail "docs/options.md differs from what the commands print (regenerate it, see its introduction):
$(cat "$T/diff")"
# Every option documented is one that --help lists.
grep -o '^| `--[a-z-]*`' "$T/documented.md" | sed 's/^| `//; s/`$//' | sort -u > "$T/names"
[ -s "$T/names" ] || fail "no option found in docs/options.md"
"$BIN/sudoku" solve --help > "$T/help"
"$BIN/csp" queens --help >> "$T/help"
while read -r name; do
  grep -q -- "^  $name " "$T/help" || fail "$name is documented but not in --help"
done < "$T/names"
echo "ok: docs/options.md matches the commands ($(wc -l < "$T/names") options)"
