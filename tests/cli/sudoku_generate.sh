#!/usr/bin/env bash
# sudoku generate: reproducible for a seed, independent of threads, every puzzle proper.
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

"$S" generate --count 30 --seed 42 --threads 1 > "$T/a.txt"
"$S" generate --count 30 --seed 42 --threads 2 > "$T/b.txt"
"$S" generate --count 30 --seed 43 > "$T/c.txt"
[ "$(wc -l < "$T/a.txt")" -eq 30 ] || fail "30 puzzles expected"
grep -qv '^[1-9.]\{81\}$' "$T/a.txt" && fail "malformed puzzle line"
cmp -s "$T/a.txt" "$T/b.txt" || fail "same seed, different output (threads 1 vs 2)"
cmp -s "$T/a.txt" "$T/c.txt" && fail "different seeds, same output"
[ "$(sort -u "$T/a.txt" | wc -l)" -eq 30 ] || fail "repeated puzzles"
# A longer run starts with the same puzzles.
"$S" generate --count 35 --seed 42 | head -n 30 | cmp -s - "$T/a.txt" || fail "prefix of a longer run differs"
# Every puzzle has exactly one solution.
[ "$("$S" count "$T/a.txt" | sort -u)" = "1" ] || fail "a generated puzzle is not proper"
# Other sizes.
"$S" generate --size 4 --count 5 --seed 1 > "$T/four.txt"
grep -qv '^[1-4.]\{16\}$' "$T/four.txt" && fail "malformed 4x4 puzzle"
[ "$("$S" count "$T/four.txt" | sort -u)" = "1" ] || fail "a generated 4x4 puzzle is not proper"
set +e
"$S" generate --size 7 2> /dev/null
status=$?
set -e
[ "$status" -eq 2 ] || fail "--size 7 is a usage error"
echo "sudoku generate: all checks passed"
