#!/usr/bin/env bash
# sudoku solve on the shared benchmark files, when the checkout has ../shared/data beside it;
# without them the test is reported as skipped (exit 77, ctest's SKIP_RETURN_CODE), not passed.
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
DATA="$SRC/../shared/data"
fail() { echo "FAIL: $*" >&2; exit 1; }

if [ ! -f "$DATA/norvig_top95.txt" ]; then
  echo "SKIPPED: $DATA/norvig_top95.txt is absent (sudoku solve on the shared data did not run)"
  exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$S" solve --stats "$DATA/norvig_top95.txt" > "$T/top95.out" 2> "$T/top95.err" || fail "top95: not all solved"
puzzles=$(grep -c '[0-9.]' "$DATA/norvig_top95.txt")
[ "$(grep -c '^[1-9]\{81\}$' "$T/top95.out")" -eq "$puzzles" ] || fail "top95: every answer is 81 digits"
[ "$(wc -l < "$T/top95.out")" -eq "$puzzles" ] || fail "top95: one line per puzzle"
# Each answer keeps its puzzle's givens.
paste -d ' ' "$DATA/norvig_top95.txt" "$T/top95.out" | while read -r puzzle answer; do
  puzzle=${puzzle%$'\r'}
  for ((i = 0; i < 81; i++)); do
    c=${puzzle:i:1}
    if [[ "$c" =~ [1-9] ]] && [ "$c" != "${answer:i:1}" ]; then fail "top95: a given changed in $puzzle"; fi
  done
done
grep -q "^solved: $puzzles\$" "$T/top95.err" || fail "top95: --stats"
cat "$T/top95.err"
echo "sudoku solve on shared data: all checks passed"
