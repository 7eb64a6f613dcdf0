#!/usr/bin/env bash
# sudoku explain: a readable log of rule steps (and guesses when needed) ending with the solution.
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
EASY_SOL=483921657967345821251876493548132976729564138136798245372689514814253769695417382
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
HARD_SOL=417369825632158947958724316825437169791586432346912758289643571573291684164875293

"$S" explain "$EASY" > "$T/easy.txt"
[ "$(tail -n 1 "$T/easy.txt")" = "$EASY_SOL" ] || fail "explain should end with the solution"
grep -Eq '^(naked|hidden)-single in (row|column|box) [1-9]: ' "$T/easy.txt" || fail "no rule step"
grep -Eq ': r[1-9]c[1-9] = [1-9]' "$T/easy.txt" || fail "no placed cell"
grep -q '^guess:' "$T/easy.txt" && fail "the easy puzzle needs no guess"

# From standard input (the first puzzle line), with few rules so that search must guess.
printf '# comment\n\n%s\n%s\n' "$HARD" "$EASY" | "$S" explain --rules naked-single > "$T/hard.txt"
[ "$(tail -n 1 "$T/hard.txt")" = "$HARD_SOL" ] || fail "explain from stdin should solve the first puzzle"
grep -Eq '^guess: r[1-9]c[1-9] = [1-9] \(depth 1\)$' "$T/hard.txt" || fail "no guess line"
grep -Eq '^backtrack: r[1-9]c[1-9] != [1-9]$' "$T/hard.txt" || fail "no backtrack line"

# All rules: the pairs rules show up on the hard puzzle.
"$S" explain "$HARD" > "$T/all.txt"
[ "$(tail -n 1 "$T/all.txt")" = "$HARD_SOL" ] || fail "explain with all rules"

set +e
"$S" explain 12345 > "$T/bad.txt"
status=$?
set -e
[ "$status" -eq 1 ] || fail "invalid puzzle: exit status $status"
grep -q '^invalid: ' "$T/bad.txt" || fail "invalid puzzle message"
echo "sudoku explain: all checks passed"
