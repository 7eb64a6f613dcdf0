#!/usr/bin/env bash
# sudoku grade: one line per puzzle line (hardest technique, score, level; or needs search,
# unsolvable, invalid), in order; --techniques; --stats on standard error.
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

EASY=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
# Generated (sudoku generate --seed 1, the 47th): x-wing, xyz-wing, naked triple and x-chain.
XWING=.2...3.1..9.26....7...1..5....9.......1..47.3.......852..1.94....3.....7.5.......
EMPTY=.................................................................................
# r1c9 can hold nothing: 1-8 in row 1, 9 in its box.
UNSOLVABLE=12345678.........9...............................................................

printf '%s\n# comment\n\n%s\n%s\n12345\n%s\n%s\n' "$EASY" "$HARD" "$XWING" "$EMPTY" "$UNSOLVABLE" > "$T/in.txt"
set +e
"$S" grade --threads 2 "$T/in.txt" > "$T/out.txt" 2> "$T/err.txt"
status=$?
set -e
[ "$status" -eq 1 ] || fail "exit status $status (expected 1: some puzzle needs search)"
[ "$(wc -l < "$T/out.txt")" -eq 6 ] || fail "expected 6 answer lines, got $(wc -l < "$T/out.txt")"
line() { sed -n "${1}p" "$T/out.txt"; }
[[ "$(line 1)" =~ ^(naked-single|hidden-single|full-house)\ [0-9]+\ easy$ ]] || fail "easy puzzle: $(line 1)"
[[ "$(line 2)" =~ ^pointing\ [0-9]+\ (medium|hard)$ ]] || fail "hard puzzle: $(line 2)"
# Its hardest step is an x-chain (fiendish); the level is extreme when the steps' scores sum past the
# fiendish ceiling (1800: issue 21's smaller patterns take more, cheaper steps here, 1822 in all).
[[ "$(line 3)" =~ ^x-chain\ ([0-9]+)\ (fiendish|extreme)$ ]] || fail "x-wing puzzle: $(line 3)"
if [ "${BASH_REMATCH[2]}" = extreme ]; then [ "${BASH_REMATCH[1]}" -gt 1800 ] || fail "x-wing puzzle: $(line 3)"; fi
[ "$(line 4)" = "invalid: line has 5 cells, expected 16, 81, 256 or 625 (line 6)" ] || fail "invalid line: $(line 4)"
[ "$(line 5)" = "needs search" ] || fail "empty grid: $(line 5)"
[ "$(line 6)" = "unsolvable" ] || fail "unsolvable puzzle: $(line 6)"
[ ! -s "$T/err.txt" ] || fail "unexpected standard error: $(cat "$T/err.txt")"

# The score is the sum of the steps' base scores: the same as adding up explain's steps.
score=$(line 1 | cut -d' ' -f2)
sum=$("$S" explain --format json "$EASY" | python3 -c '
import json, sys
base = {"full-house": 4, "naked-single": 4, "hidden-single": 14}
print(sum(base[s["technique"]] for s in json.load(sys.stdin)["steps"]))')
[ "$score" = "$sum" ] || fail "score $score is not the sum of the steps ($sum)"

# Fewer techniques: the hard puzzle needs search with singles only.
printf '%s\n%s\n' "$EASY" "$HARD" | "$S" grade --techniques singles > "$T/singles.txt" || true
[ "$(sed -n 2p "$T/singles.txt")" = "needs search" ] || fail "singles only: $(sed -n 2p "$T/singles.txt")"
"$S" grade --techniques singles,bogus < /dev/null 2> "$T/bad.txt" && fail "bad technique accepted"
grep -q "unknown technique 'bogus'" "$T/bad.txt" || fail "bad technique message"

# --stats: the distribution on standard error, after the answers; the same answers on one thread.
"$S" grade --stats --threads 1 "$T/in.txt" > "$T/out1.txt" 2> "$T/stats.txt" || true
cmp -s "$T/out.txt" "$T/out1.txt" || fail "answers differ between 1 and 2 threads"
grep -qx 'puzzles: 6' "$T/stats.txt" || fail "stats: puzzles"
grep -qx 'easy: 1 (16.7%)' "$T/stats.txt" || fail "stats: easy"
grep -qx 'needs search: 1 (16.7%)' "$T/stats.txt" || fail "stats: needs search"
grep -qx 'invalid: 1 (16.7%)' "$T/stats.txt" || fail "stats: invalid"
grep -qx 'hardest technique:' "$T/stats.txt" || fail "stats: hardest technique"
grep -Eqx '  x-chain: 1 \(16\.7%\)' "$T/stats.txt" || fail "stats: x-chain"

# A whole file of easy puzzles: every line graded, exit status 0.
for i in 1 2 3; do echo "$EASY"; done | "$S" grade > "$T/three.txt" || fail "all graded: exit status"
[ "$(sort -u "$T/three.txt" | wc -l)" -eq 1 ] || fail "the same puzzle graded differently"
echo "sudoku grade: all checks passed"
