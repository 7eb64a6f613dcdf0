#!/usr/bin/env bash
# sudoku count: 1 for a proper puzzle, >=N for an under-constrained one, 0 for an unsolvable one.
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

EMPTY=$(printf '.%.0s' $(seq 81))
UNSOLVABLE="12345678.........9$(printf '.%.0s' $(seq 63))"
# The easy puzzle less three givens: no longer unique.
LOOSE=000000000900305001001806400008102900700000008006708200002609500800203009005010300

[ "$(echo "$EASY" | "$S" count)" = "1" ] || fail "proper puzzle should count 1"
[ "$(echo "$LOOSE" | "$S" count)" = ">=2" ] || fail "under-constrained puzzle should count >=2"
[ "$(echo "$EMPTY" | "$S" count --max 5)" = ">=5" ] || fail "--max 5 on the empty grid"
[ "$(echo "0000000000000000" | "$S" count --max 1000)" = "288" ] || fail "4x4 grids: 288"
set +e
out=$(printf '%s\n12345\n%s\n' "$EASY" "$UNSOLVABLE" | "$S" count)
status=$?
set -e
[ "$status" -eq 1 ] || fail "invalid line: exit status $status"
[ "$(echo "$out" | sed -n 1p)" = "1" ] || fail "first line"
[[ "$(echo "$out" | sed -n 2p)" =~ ^invalid:\ .*\(line\ 2\)$ ]] || fail "invalid line: $(echo "$out" | sed -n 2p)"
[ "$(echo "$out" | sed -n 3p)" = "0" ] || fail "unsolvable counts 0"
set +e
"$S" count --max 0 < /dev/null 2> /dev/null
status=$?
set -e
[ "$status" -eq 2 ] || fail "--max 0 is a usage error"

# --summary: one line on standard error adding up the batch, as solve's (it used to print nothing);
# standard output is the same as without it.
printf '%s\n12345\n%s\n%s\n# a comment\n%s\n' "$EASY" "$LOOSE" "$UNSOLVABLE" "$EASY" \
  | "$S" count --summary --threads 1 > "$T/summary.out" 2> "$T/summary.err" || true
[ "$(wc -l < "$T/summary.err")" -eq 1 ] || fail "--summary: not one line: $(cat "$T/summary.err")"
grep -qE '^5 puzzles: 3 counted, 1 capped, 1 invalid, 0 limit; [0-9]+\.[0-9]{3} s, [0-9]+ puzzles/s, [0-9]+\.[0-9]{2} mean nodes$' \
  "$T/summary.err" || fail "--summary: $(cat "$T/summary.err")"
printf '%s\n12345\n%s\n%s\n# a comment\n%s\n' "$EASY" "$LOOSE" "$UNSOLVABLE" "$EASY" | "$S" count --threads 1 > "$T/plain.out" || true
cmp -s "$T/summary.out" "$T/plain.out" || fail "--summary changed standard output"
set +e
out=$(echo "$EMPTY" | "$S" count --max 3 --node-limit 2 --summary 2>&1 > /dev/null)
set -e
[[ "$out" == "1 puzzles: 0 counted, 0 capped, 0 invalid, 1 limit; "* ]] || fail "--summary with a limit: $out"
echo "sudoku count: all checks passed"
